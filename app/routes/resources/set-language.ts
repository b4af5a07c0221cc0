import { redirect } from "react-router";
import { isLanguage, LANGUAGE_COOKIE } from "~/i18n/languages";
import { safeRedirectPath } from "~/utils/safe-redirect";
import type { Route } from "./+types/set-language";

/** Remembers the visitor's language for a year and goes back to the page they were on. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = form.get("lang");
  const back = safeRedirectPath(form.get("redirectTo"), "/");
  if (!isLanguage(lang)) return redirect(back);
  return redirect(back, {
    headers: {
      "Set-Cookie": `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`,
    },
  });
}

export function loader() {
  return redirect("/");
}
