import {
  commercialRule,
  type ImportFacts,
  type ImportRule,
  type ImportVerdict,
  importVerdict,
  partAdmitted,
  type PartFacts,
} from "~/domain/imports/import-rules";
import { InEnglish } from "~/components/ui/in-english";
import { optionLabel } from "./option-label";
import { useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import {
  Mark,
  SourceLink,
  TONE,
  toneOf,
  useCountryName,
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

/** When the rule was checked (or that it is due), where it comes from, and the advice to confirm: as the server wrote it. */
export function RuleSource({ rule }: { rule: ImportRule }) {
  const words = rule.words;
  if (!words) return null;
  return (
    <p
      className={words.due ? "mt-2 text-sm font-semibold text-amber-900" : "mt-2 text-xs text-slate-600"}
      data-testid="import-source"
      data-due={words.due || undefined}
    >
      {words.checked} <SourceLink rule={rule} /> · {words.after}
    </p>
  );
}

/** The rule's sentences as the server wrote them, and a note beneath them. */
function RuleLines({ lines, note }: { lines: string[]; note: string }) {
  return (
    <>
      <ul className="mt-2 space-y-0.5 text-sm text-slate-700">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {note ? <InEnglish className="mt-1 text-sm text-slate-600">{note}</InEnglish> : null}
    </>
  );
}

/** The vehicle page's answer, with the country picker, the rule in words and its source. */
export function ImportAnswer({ vehicle }: { vehicle: ImportFacts }) {
  const verdict = useImportVerdict(vehicle);
  const importing = useImporting();
  const { t } = useT("stock");
  const headline = useHeadline();
  // The verdict as a sentence with its mark.
  const said = (verdict: ImportVerdict) => {
    const tone = toneOf(verdict);
    return (
      <p
        className={`flex items-start gap-1.5 text-sm font-semibold ${TONE[tone]}`}
        data-testid="import-verdict"
        data-verdict={verdict.kind}
      >
        <span className="mt-0.5">
          <Mark tone={tone} />
        </span>
        <span>{headline(verdict)}</span>
      </p>
    );
  };
  const rule = verdict && "rule" in verdict ? verdict.rule : null;
  // Where businesses importing for sale have ages of their own (Pakistan), their answer too.
  const commercial = rule && importing && commercialRule(rule);
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4" data-testid="import-answer">
      <div>
        {verdict ? said(verdict) : <p className="text-sm text-slate-600">{t("imports.pickPrompt")}</p>}
        {rule?.words ? <RuleLines lines={rule.words.lines} note={rule.note} /> : null}
        {commercial && rule.words?.commercial ? (
          <div className="mt-3 border-t border-slate-100 pt-3" data-testid="import-commercial">
            <p className="mb-1 text-sm font-semibold text-slate-900">{rule.words.commercial.title}</p>
            {said(importVerdict(vehicle, importing.country, commercial, importing.months))}
            <RuleLines lines={rule.words.commercial.lines} note={commercial.note} />
          </div>
        ) : null}
        {rule ? <RuleSource rule={rule} /> : null}
      </div>
    </div>
  );
}

/** A part page's word on the buyer's country: said only when the country refuses used parts. */
export function PartImportNote({ part }: { part: PartFacts }) {
  const importing = useRootData()?.importing ?? null;
  const { t } = useT("stock");
  const named = useCountryName();
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
                country: named(importing.rule.country),
                category: optionLabel(t, category.list, category.name),
              })
            : t("imports.part.refused", { country: named(importing.rule.country) })}
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
