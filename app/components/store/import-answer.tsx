import { Form } from "react-router";
import {
  type ImportFacts,
  type ImportRule,
  type ImportVerdict,
  importVerdict,
  monthOf,
  type MonthNumber,
  partAdmitted,
  yearOf,
} from "~/domain/imports/import-rules";
import { listSearch, type Sort, VEHICLE_FILTER_KEYS, type VehicleFilters } from "~/domain/search/filters";
import { useFormat, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import { PreferenceForm } from "./preference-form";

/*
 * Whether a vehicle can go to the buyer's country (issue 22), on cards, on
 * the vehicle's page, on part pages and above the list. The answer is worked
 * out here from the vehicle's facts and the country's rule the root sends,
 * at the months the server counted (so the page and its script agree).
 */

/** The verdict for a vehicle under the buyer's country, or null when no country is chosen. */
export function useImportVerdict(v: ImportFacts | null): ImportVerdict | null {
  const importing = useRootData()?.importing ?? null;
  if (!importing?.country || !v) return null;
  return importVerdict(v, importing.country, importing.rule, importing.months);
}

/** "Mar 2027" in the page's language. */
export function useMonthText() {
  const format = useFormat();
  return (m: MonthNumber) =>
    format.date(new Date(Date.UTC(yearOf(m), monthOf(m) - 1, 1)), { month: "short", year: "numeric", timeZone: "UTC" });
}

const TONE = {
  yes: "text-emerald-800",
  no: "text-red-800",
  ask: "text-slate-700",
} as const;

function toneOf(verdict: ImportVerdict): keyof typeof TONE {
  if (verdict.kind === "importable") return "yes";
  if (verdict.kind === "no_rule" || verdict.kind === "steering_unknown" || verdict.kind === "no_country") return "ask";
  return "no";
}

function Mark({ tone }: { tone: keyof typeof TONE }) {
  // A tick, a cross or a question mark: the words beside it say the same, for screen readers too.
  const path =
    tone === "yes"
      ? "M4 10.5 8 14l8-9"
      : tone === "no"
        ? "M5 5l10 10M15 5 5 15"
        : "M7.5 7.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .8-1 1.5V12M10 15h.01";
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-4 w-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

/** A card's one line: "Can go to Kenya · ship by Feb 2027", "Too old for India"... Nothing before a country is chosen. */
export function ImportBadge({ item }: { item: ImportFacts | null }) {
  const verdict = useImportVerdict(item);
  const { t } = useT("stock");
  const month = useMonthText();
  if (!verdict || verdict.kind === "no_country") return null;
  const tone = toneOf(verdict);
  const country = "rule" in verdict ? verdict.rule.country : verdict.country;
  const text = (() => {
    switch (verdict.kind) {
      case "importable":
        return verdict.shipBy === null
          ? t("imports.card.importable", { country })
          : t("imports.card.importableBy", { country, month: month(verdict.shipBy) });
      case "too_old":
        return t("imports.card.tooOld", { country });
      case "wrong_steering":
        return t(`imports.card.onlySide.${verdict.required}`, { country });
      case "steering_unknown":
        return t("imports.card.askSteering", { country });
      case "not_admitted":
        return t("imports.card.notAdmitted", { country });
      case "no_rule":
        return t("imports.card.noRule", { country });
    }
  })();
  return (
    <span
      className={`flex items-center gap-1 text-xs font-medium ${TONE[tone]}`}
      data-testid="import-badge"
      data-verdict={verdict.kind}
    >
      <Mark tone={tone} />
      <span className="min-w-0">{text}</span>
    </span>
  );
}

/** The vehicle page's sentence for a verdict. */
function useHeadline() {
  const { t } = useT("stock");
  const month = useMonthText();
  return (verdict: ImportVerdict): string => {
    const country = "rule" in verdict ? verdict.rule.country : verdict.kind === "no_rule" ? verdict.country : "";
    switch (verdict.kind) {
      case "importable":
        return verdict.shipBy === null
          ? t("imports.detail.importable", { country })
          : t("imports.detail.importableBy", { country, month: month(verdict.shipBy) });
      case "too_old":
        return t("imports.detail.tooOld", { country, month: month(verdict.lastShip) });
      case "wrong_steering":
        return t(`imports.detail.onlySide.${verdict.required}`, { country });
      case "steering_unknown":
        return t("imports.detail.askSteering", { country });
      case "not_admitted":
        return t("imports.detail.notAdmitted", { country });
      case "no_rule":
        return t("imports.detail.noRule", { country });
      default:
        return "";
    }
  };
}

/** The rule in words: its age limit and steering, each a sentence. */
function useRuleLines() {
  const { t } = useT("stock");
  return (rule: ImportRule): string[] => {
    if (!rule.usedVehicles) return [t("imports.rule.noUsed", { country: rule.country })];
    const lines: string[] = [];
    if (rule.maxAgeYears === null) lines.push(t("imports.rule.noAgeLimit"));
    else
      lines.push(
        t(`imports.rule.age.${rule.ageCount}`, {
          years: rule.maxAgeYears,
          from: t(`imports.rule.from.${rule.ageFrom}`),
          until: t(`imports.rule.until.${rule.ageUntil}`),
        }),
      );
    if (rule.steering) lines.push(t(`imports.rule.steering.${rule.steering}`));
    return lines;
  };
}

/** Choose the country imported into (when it is not the port's); remembered for a year. */
export function CountryPicker({ compact = false }: { compact?: boolean }) {
  const importing = useRootData()?.importing ?? null;
  const { t } = useT("stock");
  if (!importing || importing.countries.length === 0) return null;
  const chosen = importing.country ?? "";
  return (
    <PreferenceForm
      name="importCountry"
      value={chosen}
      label={<span className={compact ? "whitespace-nowrap" : "font-medium"}>{t("imports.importInto")}</span>}
      testId="country-form"
      className="flex items-center gap-2 text-sm text-slate-700"
      selectClassName={`h-10 ${compact ? "max-w-[12rem]" : "max-w-[18rem]"} rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-accent-600 focus:ring-2 focus:ring-accent-200 focus:outline-none`}
    >
      <option value="">{t("imports.chooseCountry")}</option>
      {[...new Set([...(chosen ? [chosen] : []), ...importing.countries])].map((country) => (
        <option key={country} value={country}>
          {country}
        </option>
      ))}
    </PreferenceForm>
  );
}

/** When the rule was checked, where it comes from, and the advice to confirm. */
function RuleSource({ rule }: { rule: ImportRule }) {
  const { t } = useT("stock");
  const format = useFormat();
  return (
    <p className="mt-2 text-xs text-slate-600" data-testid="import-source">
      {t("imports.checked", {
        date: format.date(`${rule.checkedOn}T00:00:00Z`, {
          day: "numeric",
          month: "short",
          year: "numeric",
          timeZone: "UTC",
        }),
      })}{" "}
      <a
        href={rule.sourceUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-accent-700 underline"
      >
        {t("imports.source")}
      </a>
      {rule.confirmed ? null : <> · {t("imports.unconfirmed")}</>}
      {" · "}
      {t("imports.confirm")}
    </p>
  );
}

/** The vehicle page's answer, with the country picker, the rule in words and its source. */
export function ImportAnswer({ vehicle }: { vehicle: ImportFacts }) {
  const verdict = useImportVerdict(vehicle);
  const { t } = useT("stock");
  const ruleLines = useRuleLines();
  const headline = useHeadline();
  const body = (() => {
    if (!verdict) return <p className="text-sm text-slate-600">{t("imports.pickPrompt")}</p>;
    const tone = toneOf(verdict);
    const rule = "rule" in verdict ? verdict.rule : null;
    const text = headline(verdict);
    return (
      <>
        <p
          className={`flex items-start gap-1.5 text-sm font-semibold ${TONE[tone]}`}
          data-testid="import-verdict"
          data-verdict={verdict.kind}
        >
          <span className="mt-0.5">
            <Mark tone={tone} />
          </span>
          <span>{text}</span>
        </p>
        {rule ? (
          <>
            <ul className="mt-2 space-y-0.5 text-sm text-slate-700">
              {ruleLines(rule).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {rule.note ? <p className="mt-1 text-sm text-slate-600">{rule.note}</p> : null}
            <RuleSource rule={rule} />
          </>
        ) : null}
      </>
    );
  })();
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4" data-testid="import-answer">
      <CountryPicker />
      <div>{body}</div>
    </div>
  );
}

/** A part page's word on the buyer's country: said only when the country refuses used parts. */
export function PartImportNote({ condition }: { condition: string | null }) {
  const importing = useRootData()?.importing ?? null;
  const { t } = useT("stock");
  if (!importing?.country || !importing.rule) return null;
  if (partAdmitted(condition, importing.rule) !== false) return null;
  return (
    <div className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2" data-testid="part-import-note">
      <p className="flex items-start gap-1.5 text-sm font-semibold text-red-800">
        <span className="mt-0.5">
          <Mark tone="no" />
        </span>
        <span>{t("imports.part.refused", { country: importing.rule.country })}</span>
      </p>
      <RuleSource rule={importing.rule} />
    </div>
  );
}

/**
 * Above the vehicle list: "Only what I can import into Kenya", a checkbox
 * that applies itself (Apply without JavaScript), keeping the list's other
 * filters, sort and page size.
 */
export function ImportOnlyToggle({ query }: { query: { filters: VehicleFilters; sort: Sort; perPage: number } }) {
  const importing = useRootData()?.importing ?? null;
  const { t } = useT("stock");
  const { filters } = query;
  const country = filters.ImportTo ?? importing?.country ?? null;
  if (!country) return null;
  const others = new URLSearchParams(
    listSearch(VEHICLE_FILTER_KEYS, { ...query, filters: { ...filters, ImportTo: undefined }, page: 1 }),
  );
  return (
    <Form method="get" action="/vehicles" data-testid="import-only" className="flex items-center gap-2">
      {[...others].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50">
        <input
          type="checkbox"
          name="ImportTo"
          value={country}
          defaultChecked={Boolean(filters.ImportTo)}
          key={filters.ImportTo ?? ""}
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
          className="h-4 w-4 rounded border-slate-400 accent-accent-700"
        />
        {t("imports.onlyImportable", { country })}
      </label>
      <noscript>
        <button type="submit" className="h-10 rounded-lg bg-accent-700 px-3 text-sm font-semibold text-white">
          {t("toolbar.apply")}
        </button>
      </noscript>
    </Form>
  );
}

/** Above the quote form: the same answer as the page's, when the buyer's country refuses the vehicle. */
export function ImportWarning({ vehicle }: { vehicle: ImportFacts }) {
  const verdict = useImportVerdict(vehicle);
  const headline = useHeadline();
  const { t } = useT("stock");
  if (!verdict || verdict.kind === "importable" || verdict.kind === "no_country" || verdict.kind === "no_rule")
    return null;
  return (
    <p
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
      role="note"
      data-testid="quote-import-warning"
    >
      <span className="font-semibold">{headline(verdict)}</span> {t("imports.confirm")}
    </p>
  );
}
