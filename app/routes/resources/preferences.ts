import { redirect } from "react-router";
import { getServices } from "~/context.server";
import { isCurrency } from "~/domain/rates/currencies";
import { withoutLanguageParam } from "~/i18n/alternates";
import { isLanguage } from "~/i18n/languages";
import { clearCookie, COOKIES, secureCookies, setCookie } from "~/utils/cookies";
import { safeRedirectPath } from "~/utils/safe-redirect";
import type { Route } from "./+types/preferences";

/** Remembers the visitor's language, currency, port and country for a year, then goes back to the page they were on. */
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
  // The country imported into ("" to follow the port's): a name as the rules and ports write it.
  const country = form.get("importCountry");
  if (typeof country === "string" && country.length <= 60 && !/[\u0000-\u001f;,]/.test(country)) {
    const name = country.trim().replace(/\s+/g, " ");
    headers.append(
      "Set-Cookie",
      name === "" ? clearCookie(COOKIES.importCountry, secure) : setCookie(COOKIES.importCountry, name, secure),
    );
  }
  return redirect(back, { headers });
}

export function loader() {
  return redirect("/");
}
