import { Form, useLocation, useNavigation } from "react-router";
import { Choice } from "~/components/ui/choice";
import { CURRENCIES, convertYen } from "~/domain/rates/currencies";
import { landedPrice, type PortChoice, type PortShown } from "~/domain/freight/freight";
import type { SizeClass } from "~/domain/inventory/size-class";
import { TextWith, useFormat, useT } from "~/i18n/i18n";
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
  const format = useFormat();
  if (!found) return null;
  const { destination, landed } = found;
  if (!landed)
    return (
      <span className="block text-sm text-slate-600" data-testid="delivered-price">
        <PortText text={destination.words.ask} />
      </span>
    );
  return (
    <span className="block text-sm text-slate-700" data-testid="delivered-price">
      <span className="font-medium">
        <PortText text={destination.words.total} />
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

const EN = { en: <span lang="en" /> };

/** A sentence with a port in it: the owner's English name marked as English (`portInText`). */
export const PortText = ({ text }: { text: string }) => <TextWith text={text} components={EN} />;

/** The ports of the freight table as options, grouped by country (the port picker and the quote form). */
export function PortOptions({ ports }: { ports: readonly (PortChoice & PortShown & { countryName: string })[] }) {
  // By the country's name in the page's language, which the server wrote with each port.
  return [...new Set(ports.map((p) => p.countryName))].map((country) => (
    <optgroup key={country} label={country}>
      {ports
        .filter((p) => p.countryName === country)
        .map((p) => (
          <option key={p.id} value={p.id} lang={p.lang}>
            {p.name}
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
/**
 * The answer the place form was sent from, while its navigation lasts: once it is over, the chip drawn
 * for a new answer takes focus back, and it is cleared whatever came of the save (unchanged, refused,
 * failed), so that an answer changed later another way (another form to /preferences) takes no focus.
 */
let savedFrom: string | null = null;

export function PlaceChoice() {
  const root = useRootData();
  const location = useLocation();
  const navigation = useNavigation();
  const { t } = useT("stock");
  if (!root) return null;
  const importing = root.importing;
  const country = importing?.country ?? "";
  const port = root.destination?.id ?? "";
  const answer = `${country}|${port}|${root.currency}`;
  const names = importing?.names ?? {};
  return (
    // Closed again once the answer changes (a new key). Open by itself on the first page the buyer opens
    // (the history's first entry) until there is a country: closed, it does not come back on every page.
    <details
      key={answer}
      open={!country && location.key === "default"}
      id="place"
      className="group min-w-0"
      data-testid="place-choice"
    >
      <summary
        className="place-chip"
        // Saved with scripts on, the chip is drawn afresh for the new answer: focus goes back to it, not to the top.
        // The ref is called again on each drawing, so it follows the navigation to its end.
        ref={(chip) => {
          // The place form's own navigation (no other form sends "portWas"), until its new answer is drawn.
          if (navigation.formData?.has("portWas")) savedFrom = answer;
          else if (savedFrom) {
            if (savedFrom !== answer) chip?.focus({ preventScroll: true });
            savedFrom = null;
          }
        }}
      >
        {country ? (
          <>
            <span className="sr-only">{t("place.chosen")} </span>
            <span className="min-w-0 truncate font-semibold" data-testid="place-chip">
              <PortText text={root.placeChip ?? ""} />
            </span>
            <span className="shrink-0 font-semibold text-accent-700 underline group-open:hidden">
              {t("place.change")}
            </span>
          </>
        ) : (
          <span className="font-semibold">{t("place.ask")}</span>
        )}
      </summary>
      <Form method="post" action="/preferences" preventScrollReset className="place-form" data-testid="place-form">
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
            <PortOptions ports={root.ports} />
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
