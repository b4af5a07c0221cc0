import {
  type ImportFacts,
  type ImportRule,
  type OtherKind,
  partAdmitted,
  type PartFacts,
  ruleDue,
} from "~/domain/imports/import-rules";
import { optionLabel } from "./option-label";
import { useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import { CountryPicker } from "./country-picker";
import {
  Mark,
  SourceLink,
  TONE,
  toneOf,
  useCheckedDay,
  useImporting,
  useImportVerdict,
  useVerdictText,
} from "./import-badge";

/*
 * The vehicle page's answer to "can this car go to my country?", the word
 * above its quote form and the part page's (issue 22); the cards' one line
 * is import-badge.tsx.
 */

/** The vehicle page's sentence for a verdict. */
export const useHeadline = () => useVerdictText("detail");

/** The rule in words: its age limit and steering, each a sentence. */
export function useRuleLines() {
  const { t } = useT("stock");
  return (rule: ImportRule): string[] => {
    if (!rule.usedVehicles) return [t("imports.rule.noUsed", { country: rule.country })];
    const lines = [
      rule.maxAgeYears === null
        ? t("imports.rule.noAgeLimit")
        : t(`imports.rule.age.${rule.ageCount}`, {
            years: rule.maxAgeYears,
            from: t(`imports.rule.from.${rule.ageFrom}`),
            until: t(`imports.rule.until.${rule.ageUntil}`),
          }),
    ];
    // In the order the server reads them (pickups, goods vehicles, buses).
    for (const [kind, years] of Object.entries(rule.ageByKind))
      lines.push(t(`imports.rule.kindAge.${kind as OtherKind}`, { years }));
    if (rule.steering) lines.push(t(`imports.rule.steering.${rule.steering}`));
    return lines;
  };
}

/** When the rule was checked, where it comes from, and the advice to confirm. */
export function RuleSource({ rule }: { rule: ImportRule }) {
  const { t } = useT("stock");
  const checkedDay = useCheckedDay();
  const today = useImporting()?.today;
  // Past its check-by day the rule may have changed: said plainly, not in small print.
  const due = today && ruleDue(rule, today);
  return (
    <p
      className={due ? "mt-2 text-sm font-semibold text-amber-900" : "mt-2 text-xs text-slate-600"}
      data-testid="import-source"
      data-due={due || undefined}
    >
      {t(due ? "imports.checkDue" : "imports.checked", { date: checkedDay(rule) })} <SourceLink rule={rule} />
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
export function PartImportNote({ part }: { part: PartFacts }) {
  const importing = useRootData()?.importing ?? null;
  const { t } = useT("stock");
  if (!importing?.country || !importing.rule) return null;
  if (partAdmitted(part, importing.rule) !== false) return null;
  const category = importing.rule.usedParts ? refusedCategoryOf(part, importing.rule) : null;
  return (
    <div className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2" data-testid="part-import-note">
      <p className="flex items-start gap-1.5 text-sm font-semibold text-red-800">
        <span className="mt-0.5">
          <Mark tone="no" />
        </span>
        <span>
          {category
            ? t("imports.part.refusedCategory", {
                country: importing.rule.country,
                category: optionLabel(t, category.list, category.name),
              })
            : t("imports.part.refused", { country: importing.rule.country })}
        </span>
      </p>
      <RuleSource rule={importing.rule} />
    </div>
  );
}

/** Which of the part's category or subcategory the rule refuses used (the narrower first). */
function refusedCategoryOf(
  part: PartFacts,
  rule: ImportRule,
): { list: "partType" | "partSubType"; name: string } | null {
  if (part.subType && rule.usedPartsRefused.includes(part.subType)) return { list: "partSubType", name: part.subType };
  if (part.type && rule.usedPartsRefused.includes(part.type)) return { list: "partType", name: part.type };
  return null;
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
