import { redirect } from "react-router";
import { getServices } from "~/context.server";
import { isCurrency } from "~/domain/rates/currencies";
import { settledPort } from "~/domain/freight/freight";
import { listFreightPorts, portChoicesOf } from "~/domain/freight/freight.server";
import { withoutLanguageParam } from "~/i18n/alternates";
import { isLanguage } from "~/i18n/languages";
import { clearCookie, COOKIES, secureCookies, setCookie } from "~/utils/cookies";
import { safeRedirectPath } from "~/utils/safe-redirect";
import type { Route } from "./+types/preferences";

/** Remembers the visitor's language, currency, port, country and list layout for a year, then goes back to the page they were on. */
export async function action({ request, context }: Route.ActionArgs) {
  const secure = secureCookies(getServices(context));
  const form = await request.formData();
  const back = withoutLanguageParam(safeRedirectPath(form.get("redirectTo"), "/"));
  const headers = new Headers();
  const lang = form.get("lang");
  if (isLanguage(lang)) headers.append("Set-Cookie", setCookie(COOKIES.language, lang, secure));
  // A list's layout, as the list's own toggle sets it once the page's scripts run.
  const view = form.get("view");
  if (view === "grid" || view === "list") headers.append("Set-Cookie", setCookie(COOKIES.view, view, secure));
  // A currency, or "" to follow the buyer's country again.
  const currency = form.get("currency");
  if (isCurrency(currency)) headers.append("Set-Cookie", setCookie(COOKIES.currency, currency, secure));
  if (currency === "") headers.append("Set-Cookie", clearCookie(COOKIES.currency, secure));
  const country = form.get("importCountry");
  // A port id (checked when a page reads it), or "" to stop showing totals; one left as it was follows a new country.
  const sent = form.get("port");
  const port =
    typeof sent === "string" && typeof country === "string" && form.has("portWas")
      ? settledPort({
          country,
          countryWas: String(form.get("countryWas") ?? ""),
          port: sent,
          portWas: String(form.get("portWas")),
          ports: portChoicesOf(await listFreightPorts(getServices(context).db)),
        })
      : sent;
  if (typeof port === "string" && /^\d{0,9}$/.test(port)) {
    headers.append(
      "Set-Cookie",
      port === "" ? clearCookie(COOKIES.port, secure) : setCookie(COOKIES.port, port, secure),
    );
  }
  // The country imported into ("" to follow the port's): a name as the rules and ports write it.
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
