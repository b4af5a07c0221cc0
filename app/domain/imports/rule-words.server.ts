import { formatDate } from "~/i18n/format";
import type { LanguageCode } from "~/i18n/languages";
import { serverT } from "~/i18n/request.server";
import { commercialRule, type ImportRule, type OtherKind, ruleDue, type RuleWords } from "./import-rules";

/*
 * A country's rule in the page's words, written on the server for the pages
 * that explain it (the vehicle page's answer, the part page's note, the
 * buyer's offer): none of them carries the sentences in its script. The
 * verdict for a vehicle stays in the browser, where the cards need it too.
 */

/** The rule's age limits (only the ages: `agesOnly`), steering and inspection body, each a sentence. */
function ruleLines(rule: ImportRule, t: ReturnType<typeof serverT<"stock">>, agesOnly = false): string[] {
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
  // In the order the server reads them (pickups, goods vehicles, buses, special-purpose vehicles).
  for (const [kind, years] of Object.entries(rule.ageByKind))
    lines.push(t(`imports.rule.kindAge.${kind as OtherKind}`, { years }));
  if (agesOnly) return lines;
  if (rule.steering) lines.push(t(`imports.rule.steering.${rule.steering}`));
  if (rule.inspection) lines.push(t("imports.rule.inspection", { body: rule.inspection }));
  return lines;
}

/** The rule's words in `language`, on the shop's day `today` ("2026-12-03"). */
export function ruleWords(rule: ImportRule, language: LanguageCode, today: string): RuleWords {
  const t = serverT(language, "stock");
  const due = ruleDue(rule, today);
  const date = formatDate(`${rule.checkedOn}T00:00:00Z`, language, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const commercial = commercialRule(rule);
  return {
    lines: ruleLines(rule, t),
    checked: t(due ? "imports.checkDue" : "imports.checked", { date }),
    due,
    after: [...(rule.confirmed ? [] : [t("imports.unconfirmed")]), t("imports.confirm")].join(" · "),
    commercial: commercial && { title: t("imports.commercial"), lines: ruleLines(commercial, t, true) },
  };
}

/** The rule with its words, as a page that explains it receives it. */
export function withWords<Rule extends ImportRule | null>(rule: Rule, language: LanguageCode, today: string): Rule {
  return rule && { ...rule, words: ruleWords(rule, language, today) };
}
