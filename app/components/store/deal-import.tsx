import { type DealImportCheck, IMPORT_READ_FIELD } from "~/domain/sale/deal-import";
import { useT } from "~/i18n/i18n";
import { Mark, TONE, toneOf, useCountryName } from "./import-badge";
import { RuleSource, useHeadline } from "./import-answer";

/*
 * The buyer's offer page on the import rule (issue 40): whether the offer's
 * destination admits the vehicle, in the words of the vehicle's page; when
 * it refuses it, the owner's reason for offering anyway (or that the offer
 * cannot be accepted), and the tick the accept form then asks for.
 */

/** The verdict for the offer's destination, the rule in words and its source. */
export function DealImportWarning({ check, override }: { check: DealImportCheck; override: string | null }) {
  const { t } = useT("account");
  const headline = useHeadline();
  const named = useCountryName();
  const tone = toneOf(check.verdict);
  const rule = "rule" in check.verdict ? check.verdict.rule : null;
  return (
    <div
      className={`mt-4 rounded-lg border p-3 ${check.refused ? "border-red-200 bg-red-50" : "border-slate-200 bg-slate-50"}`}
      data-testid="offer-import"
      data-verdict={check.verdict.kind}
      role={check.refused ? "alert" : undefined}
    >
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {t("deal.import.title", { country: named(check.country) })}
      </p>
      <p
        className={`mt-1 flex items-start gap-1.5 text-sm font-semibold ${TONE[tone]}`}
        data-testid="offer-import-verdict"
      >
        <span className="mt-0.5">
          <Mark tone={tone} />
        </span>
        <span className="min-w-0">{headline(check.verdict)}</span>
      </p>
      {rule ? (
        <>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
            {(rule.words?.lines ?? []).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {/* The verdict is an individual's; a business importing for sale reads its own ages here. */}
          {rule.words?.commercial ? (
            <p className="mt-2 text-sm text-slate-700" data-testid="offer-import-commercial">
              <span className="font-semibold">{rule.words.commercial.title}</span>{" "}
              {rule.words.commercial.lines.join(" ")}
            </p>
          ) : null}
          <RuleSource rule={rule} />
        </>
      ) : null}
      {check.refused ? (
        <p className="mt-2 text-sm text-slate-800" data-testid="offer-import-override">
          {override !== null ? t("deal.import.overridden", { reason: override }) : t("deal.import.cannotAccept")}
        </p>
      ) : null}
    </div>
  );
}

/** In the accept form, when the owner offered despite the rule: the buyer says they have read the warning. */
export function ImportReadTick({ country, form }: { country: string; form: string }) {
  const { t } = useT("account");
  const named = useCountryName();
  return (
    <label className="flex items-start gap-2 text-sm font-semibold text-slate-900" data-testid="offer-import-read">
      <input type="checkbox" name={IMPORT_READ_FIELD} form={form} className="mt-0.5 h-5 w-5 shrink-0" />
      <span>{t("deal.import.read", { country: named(country) })}</span>
    </label>
  );
}
