import { redirect } from "react-router";
import { CURRENCY_COOKIE, isCurrency } from "~/domain/rates/currencies";
import { PORT_COOKIE } from "~/domain/freight/freight";
import { withoutLanguageParam } from "~/i18n/alternates";
import { isLanguage, languageCookie } from "~/i18n/languages";
import { safeRedirectPath } from "~/utils/safe-redirect";
import type { Route } from "./+types/preferences";

const YEAR = 365 * 24 * 3600;

/** Remembers the visitor's language, currency and port for a year, then goes back to the page they were on. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const back = withoutLanguageParam(safeRedirectPath(form.get("redirectTo"), "/"));
  const headers = new Headers();
  const lang = form.get("lang");
  if (isLanguage(lang)) headers.append("Set-Cookie", languageCookie(lang));
  const currency = form.get("currency");
  if (isCurrency(currency)) {
    headers.append("Set-Cookie", `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${YEAR}; SameSite=Lax`);
  }
  // A port id (checked when a page reads it), or "" to stop showing totals.
  const port = form.get("port");
  if (typeof port === "string" && /^\d{0,9}$/.test(port)) {
    headers.append(
      "Set-Cookie",
      port === ""
        ? `${PORT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
        : `${PORT_COOKIE}=${port}; Path=/; Max-Age=${YEAR}; SameSite=Lax`,
    );
  }
  return redirect(back, { headers });
}

export function loader() {
  return redirect("/");
}
