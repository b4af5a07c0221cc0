import { Form, useLocation } from "react-router";
import { Choice } from "~/components/ui/choice";
import { CURRENCIES } from "~/domain/rates/currencies";
import { useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import { PortOptions } from "./price";

/**
 * Where the buyer imports to, asked in one place (issue 44.1): the country
 * (which sets every import answer), the port (which sets the totals) and the
 * currency. Shown as a chip at the top of lists and car pages that opens the
 * form; open by itself until a country is known. A plain form with its own
 * button: it works before the page's scripts arrive.
 */
export function PlaceChoice() {
  const root = useRootData();
  const location = useLocation();
  const { t } = useT("stock");
  if (!root) return null;
  const importing = root.importing;
  const countries = importing?.countries ?? [];
  const ports = root.ports;
  if (countries.length === 0 && ports.length === 0) return null;
  const country = importing?.country ?? "";
  const names = importing?.names ?? {};
  const port = root.destination?.id ?? "";
  const chosen = [names[country] ?? country, root.destination?.port, root.currency].filter(Boolean).join(" · ");
  return (
    // Closed again once the answer changes (a new key), open by itself until there is a country.
    <details
      key={`${country}|${port}|${root.currency}`}
      open={!country}
      id="place"
      className="group min-w-0"
      data-testid="place-choice"
    >
      <summary className="inline-flex min-h-10 max-w-full cursor-pointer list-none items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:border-accent-600 [&::-webkit-details-marker]:hidden">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 fill-accent-700">
          <path d="M10 1.5a6 6 0 0 0-6 6c0 4.3 6 11 6 11s6-6.7 6-11a6 6 0 0 0-6-6Zm0 8.2a2.2 2.2 0 1 1 0-4.4 2.2 2.2 0 0 1 0 4.4Z" />
        </svg>
        {country ? (
          <>
            <span className="sr-only">{t("place.chosen")} </span>
            <span className="min-w-0 truncate font-semibold" data-testid="place-chip">
              {chosen}
            </span>
            <span className="shrink-0 font-semibold text-accent-700 underline group-open:hidden">
              {t("place.change")}
            </span>
          </>
        ) : (
          <span className="font-semibold">{t("place.ask")}</span>
        )}
      </summary>
      <Form
        method="post"
        action="/preferences"
        className="mt-2 grid grid-cols-2 items-end gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-[repeat(3,minmax(0,14rem))_auto]"
        data-testid="place-form"
      >
        <p className="col-span-full text-sm text-slate-600 max-sm:hidden">{t("place.why")}</p>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {/* The port the form was drawn with: a port left as it was follows a newly chosen country. */}
        <input type="hidden" name="portWas" value={String(port)} />
        <input type="hidden" name="countryWas" value={country} />
        <label className="field-label">
          {t("imports.importInto")}
          <select name="importCountry" defaultValue={country} className="field-sm">
            <option value="">{t("imports.chooseCountry")}</option>
            {[...new Set([...(country ? [country] : []), ...countries])].map((c) => (
              // The value stays the shop's name, which the rules are matched by; the label is in the page's language.
              <Choice key={c} value={c} label={names[c] ?? c} />
            ))}
          </select>
        </label>
        <label className="field-label">
          {t("freight.shipTo")}
          <select name="port" defaultValue={String(port)} className="field-sm">
            <option value="">{t("freight.noPort")}</option>
            <PortOptions ports={ports} names={names} />
          </select>
        </label>
        <label className="field-label">
          {t("toolbar.currency")}
          <select name="currency" defaultValue={root.currencyChosen ? root.currency : ""} className="field-sm">
            <option value="">{t("place.currencyAuto")}</option>
            {CURRENCIES.map((c) => (
              <Choice key={c} value={c} label={c} />
            ))}
          </select>
        </label>
        <button type="submit" className="h-10 btn-accent px-4 text-sm">
          {t("place.save")}
        </button>
      </Form>
    </details>
  );
}
