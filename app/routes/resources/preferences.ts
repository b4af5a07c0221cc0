import { redirect } from "react-router";
import { getServices } from "~/context.server";
import { isCurrency } from "~/domain/rates/currencies";
import { withoutLanguageParam } from "~/i18n/alternates";
import { isLanguage } from "~/i18n/languages";
import { clearCookie, COOKIES, secureCookies, setCookie } from "~/utils/cookies";
import { safeRedirectPath } from "~/utils/safe-redirect";
import type { Route } from "./+types/preferences";

/** Remembers the visitor's language, currency and port for a year, then goes back to the page they were on. */
export async function action({ request, context }: Route.ActionArgs) {
  const secure = secureCookies(getServices(context));
  const form = await request.formData();
  const back = withoutLanguageParam(safeRedirectPath(form.get("redirectTo"), "/"));
  const headers = new Headers();
  const lang = form.get("lang");
  if (isLanguage(lang)) headers.append("Set-Cookie", setCookie(COOKIES.language, lang, secure));
  const currency = form.get("currency");
  if (isCurrency(currency)) headers.append("Set-Cookie", setCookie(COOKIES.currency, currency, secure));
  // A port id (checked when a page reads it), or "" to stop showing totals.
  const port = form.get("port");
  if (typeof port === "string" && /^\d{0,9}$/.test(port)) {
    headers.append(
      "Set-Cookie",
      port === "" ? clearCookie(COOKIES.port, secure) : setCookie(COOKIES.port, port, secure),
    );
  }
  return redirect(back, { headers });
}

export function loader() {
  return redirect("/");
}
