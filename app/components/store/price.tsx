import { Form, useLocation } from "react-router";
import { Choice } from "~/components/ui/choice";
import { CURRENCIES, convertYen } from "~/domain/rates/currencies";
import { landedPrice, type PortChoice } from "~/domain/freight/freight";
import type { SizeClass } from "~/domain/inventory/size-class";
import { useFormat, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";

/**
 * A yen price, with the buyer's chosen currency beside it when it is not yen.
 * The yen figure is the price; the other is a guide at the stored rate.
 */
export function Price({ yen, size = "md", label = "FOB" }: { yen: number; size?: "md" | "lg"; label?: string }) {
  const rate = useRootData()?.rate ?? null;
  const format = useFormat();
  return (
    <span className="inline-flex flex-col" data-testid="price">
      <span className={`price ${size === "lg" ? "text-3xl" : "text-xl"}`}>
        {format.yen(yen)}
        {label ? <span className="price-terms">{label}</span> : null}
      </span>
      {rate ? (
        <span className={`text-slate-600 ${size === "lg" ? "text-base" : "text-sm"}`} data-testid="converted-price">
          ≈ {format.money(convertYen(yen, rate.rate), rate.code, rate.pattern)}
        </span>
      ) : null}
    </span>
  );
}

/** Says, in a buyer's words, that another currency is a guide: from which day's rate, paid in yen. */
export function RateNote() {
  const rate = useRootData()?.rate ?? null;
  const { t } = useT();
  const format = useFormat();
  if (!rate) return null;
  const day = format.date(rate.asOf, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return (
    <p className="text-xs text-slate-500" data-testid="rate-note">
      {/* The rates that come with the shop, before any is fetched or set: samples, and said so. */}
      {rate.source === "snapshot"
        ? t("price.rateNoteSample", { currency: rate.code, date: day })
        : t("price.rateNote", { currency: rate.code, date: day })}
    </p>
  );
}

/** The chosen port's total for one vehicle, or null when no port is chosen. */
export function useLanded(yen: number, sizeClass: SizeClass | null | undefined) {
  const destination = useRootData()?.destination ?? null;
  if (!destination || !sizeClass) return null;
  return { destination, landed: landedPrice(yen, sizeClass, destination) };
}

/**
 * One line under a card's FOB price: "CIF Colombo ¥1,452,000 (≈ US$9,800)",
 * or "Colombo: ask for a quote" when the port has no freight for this size.
 */
export function DeliveredPrice({ yen, sizeClass }: { yen: number; sizeClass: SizeClass | null | undefined }) {
  const found = useLanded(yen, sizeClass);
  const rate = useRootData()?.rate ?? null;
  const { t } = useT("stock");
  const format = useFormat();
  if (!found) return null;
  const { destination, landed } = found;
  if (!landed)
    return (
      <span className="block text-sm text-slate-600" data-testid="delivered-price">
        {t("freight.askForQuote", { port: destination.port })}
      </span>
    );
  return (
    <span className="block text-sm text-slate-700" data-testid="delivered-price">
      <span className="font-medium">
        {t(landed.inspection > 0 ? "freight.totalToInspected" : "freight.totalTo", {
          terms: landed.terms,
          port: destination.port,
        })}
      </span>{" "}
      <span className="font-semibold text-slate-900" data-testid="delivered-yen">
        {format.yen(landed.total)}
      </span>
      {rate ? (
        <span className="text-slate-600">
          {" "}
          (≈ {format.money(convertYen(landed.total, rate.rate), rate.code, rate.pattern)})
        </span>
      ) : null}
    </span>
  );
}

/** The ports of the freight table as options, grouped by country (the port picker and the quote form). */
export function PortOptions({
  ports,
  names = {},
}: {
  ports: readonly PortChoice[];
  /** Countries' names in the page's language, by the shop's name. */
  names?: Readonly<Record<string, string>>;
}) {
  return [...new Set(ports.map((p) => p.country))].map((country) => (
    <optgroup key={country} label={names[country] ?? country}>
      {ports
        .filter((p) => p.country === country)
        .map((p) => (
          <option key={p.id} value={p.id}>
            {p.port}
          </option>
        ))}
    </optgroup>
  ));
}

/**
 * Where the buyer imports to, asked in one place (issue 44.1): the country
 * (which sets every import answer), the port (which sets the totals) and the
 * currency. Shown as a chip at the top of lists and car pages that opens the
 * form; open by itself on the first page until a country is known. A plain form with its own
 * button: it works before the page's scripts arrive.
 */
export function PlaceChoice() {
  const root = useRootData();
  const location = useLocation();
  const { t } = useT("stock");
  if (!root) return null;
  const importing = root.importing;
  const ports = root.ports;
  const country = importing?.country ?? "";
  const names = importing?.names ?? {};
  const port = root.destination?.id ?? "";
  const chosen = [names[country] ?? country, root.destination?.port, root.currency].filter(Boolean).join(" · ");
  return (
    // Closed again once the answer changes (a new key). Open by itself on the first page the buyer opens
    // (the history's first entry) until there is a country: closed, it does not come back on every page.
    <details
      key={`${country}|${port}|${root.currency}`}
      open={!country && location.key === "default"}
      id="place"
      className="group min-w-0"
      data-testid="place-choice"
    >
      <summary className="place-chip">
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
      <Form method="post" action="/preferences" className="place-form" data-testid="place-form">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {/* The port the form was drawn with: a port left as it was follows a newly chosen country. */}
        <input type="hidden" name="portWas" value={String(port)} />
        <input type="hidden" name="countryWas" value={country} />
        <label className="field-label">
          {t("imports.importInto")}
          <select name="importCountry" defaultValue={country} className="field-sm">
            <option value="">{t("imports.chooseCountry")}</option>
            {/* The shop's countries, and the buyer's when the shop does not list it: sent again, it stays. */}
            {[...new Set([country, ...(importing?.countries ?? [])])].filter(Boolean).map((c) => (
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
