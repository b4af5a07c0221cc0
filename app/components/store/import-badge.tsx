import {
  type ImportingAnswer,
  type ImportFacts,
  type ImportRule,
  type ImportVerdict,
  importVerdict,
  partAdmitted,
  type PartFacts,
} from "~/domain/imports/import-rules";
import { monthOf, type MonthNumber, yearOf } from "~/domain/inventory/months";
import { createContext, useContext } from "react";
import { useFormat, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";

/*
 * Whether a vehicle can go to the buyer's country (issue 22), on cards, on
 * the vehicle's page, on part pages and above the list. The answer is worked
 * out here from the vehicle's facts and the country's rule the root sends,
 * at the months the server counted (so the page and its script agree).
 */

/**
 * The country a page's answers are for when it is not the buyer's own: a list
 * filtered to "Only what I can import into Kenya" answers for Kenya.
 */
export const ImportingFor = createContext<ImportingAnswer | null>(null);

/** The country the page answers for, its rule and months: the page's own (ImportingFor), else the buyer's. */
export function useImporting(): ImportingAnswer | null {
  const page = useContext(ImportingFor);
  const root = useRootData();
  return page ?? root?.importing ?? null;
}

/** A country as the shop writes it, in the page's language: the root wrote the names on the server. */
export function useCountryName(): (country: string) => string {
  const names = useRootData()?.importing?.names;
  return (country) => names?.[country] ?? country;
}

/** The day a rule was checked, in the page's language ("24 Nov 2026"). */
export function useCheckedDay() {
  const format = useFormat();
  return (rule: Pick<ImportRule, "checkedOn">) =>
    format.date(`${rule.checkedOn}T00:00:00Z`, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** A rule's source, opened in a new tab. */
export function SourceLink({ rule }: { rule: Pick<ImportRule, "sourceUrl"> }) {
  const { t } = useT("stock");
  return (
    <a
      href={rule.sourceUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-accent-700 underline"
    >
      {t("imports.source")}
    </a>
  );
}

/** The verdict for a vehicle under the buyer's country (or the page's), or null when no country is chosen. */
export function useImportVerdict(v: ImportFacts | null): ImportVerdict | null {
  const importing = useImporting();
  if (!importing?.country || !v) return null;
  return importVerdict(v, importing.country, importing.rule, importing.months);
}

/** "Mar 2027" in the page's language. */
export function useMonthText() {
  const format = useFormat();
  return (m: MonthNumber) =>
    format.date(new Date(Date.UTC(yearOf(m), monthOf(m) - 1, 1)), { month: "short", year: "numeric", timeZone: "UTC" });
}

export const TONE = {
  yes: "text-emerald-800",
  no: "text-red-800",
  ask: "text-slate-700",
} as const;

export function toneOf(verdict: ImportVerdict): keyof typeof TONE {
  if (verdict.kind === "importable") return "yes";
  if (verdict.kind === "no_rule" || verdict.kind === "steering_unknown" || verdict.kind === "no_country") return "ask";
  return "no";
}

export function Mark({ tone }: { tone: keyof typeof TONE }) {
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

/**
 * A verdict in words, as a card says it (short) or the vehicle page (a sentence): the same cases, each
 * worded under imports.card or imports.detail.
 */
export function useVerdictText(where: "card" | "detail") {
  const { t } = useT("stock");
  const month = useMonthText();
  const named = useCountryName();
  return (verdict: ImportVerdict): string => {
    const country = named("rule" in verdict ? verdict.rule.country : verdict.kind === "no_rule" ? verdict.country : "");
    switch (verdict.kind) {
      case "importable":
        return verdict.shipBy === null
          ? t(`imports.${where}.importable`, { country })
          : t(`imports.${where}.importableBy`, { country, month: month(verdict.shipBy) });
      case "too_old":
        return t(`imports.${where}.tooOld`, { country, month: month(verdict.lastShip) });
      case "wrong_steering":
        return t(`imports.${where}.onlySide.${verdict.required}`, { country });
      case "steering_unknown":
        return t(`imports.${where}.askSteering`, { country });
      case "not_admitted":
        return t(`imports.${where}.notAdmitted`, { country });
      case "no_rule":
        return t(`imports.${where}.noRule`, { country });
      default:
        return "";
    }
  };
}

/** A used part's card, when the buyer's country refuses it (by its category or all used parts); else nothing. */
export function PartImportBadge({ part }: { part: PartFacts }) {
  const importing = useImporting();
  const { t } = useT("stock");
  const named = useCountryName();
  if (!importing?.country || partAdmitted(part, importing.rule) !== false) return null;
  return (
    <span className={`flex items-center gap-1 text-xs font-medium ${TONE.no}`} data-testid="part-import-badge">
      <Mark tone="no" />
      <span className="min-w-0">{t("imports.card.partRefused", { country: named(importing.rule!.country) })}</span>
    </span>
  );
}

/** A card's one line: "Can go to Kenya · ship by Feb 2027", "Too old for India"... Nothing before a country is chosen. */
export function ImportBadge({ item }: { item: ImportFacts | null }) {
  const verdict = useImportVerdict(item);
  const verdictText = useVerdictText("card");
  if (!verdict || verdict.kind === "no_country") return null;
  const tone = toneOf(verdict);
  const text = verdictText(verdict);
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
