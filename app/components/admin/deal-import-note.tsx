import { Field } from "~/components/ui/field";
import { Mark, TONE, toneOf, useMonthText } from "~/components/store/import-badge";
import {
  type DealImportCheck,
  IMPORT_OVERRIDE_FIELD,
  IMPORT_REASON_FIELD,
  IMPORT_REASON_MAX,
} from "~/domain/sale/deal-import";
import { yearOf } from "~/domain/inventory/months";
import type { FieldProblems, TypedValues } from "~/utils/forms";
import { useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";

/*
 * The owner's view of the import rule at the deal (issue 40): the verdict of
 * the quote's vehicle for the destination, on the quote page and in the
 * offer form, and the override the form asks for when the rule refuses it.
 */

/** The verdict in the owner's words: "Too old for Kenya: first registered 2011, Kenya admits 2019 or later." */
function useVerdictText() {
  const { t } = useT("admin");
  const month = useMonthText();
  return ({ country, verdict, age }: DealImportCheck): string => {
    switch (verdict.kind) {
      case "too_old": {
        if (!age) return t("deal.import.tooOldShip", { country, month: month(verdict.lastShip) });
        const when = (m: number) => (age.byYear ? String(yearOf(m)) : month(m));
        return t(`deal.import.tooOld.${age.from}`, { country, start: when(age.start), earliest: when(age.earliest) });
      }
      case "wrong_steering":
        return t(`deal.import.onlySide.${verdict.required}`, { country });
      case "steering_unknown":
        return t("deal.import.askSteering", { country });
      case "not_admitted":
        return t("deal.import.notAdmitted", { country });
      case "importable":
        return verdict.shipBy === null
          ? t("deal.import.importable", { country })
          : t("deal.import.importableBy", { country, month: month(verdict.shipBy) });
      default:
        return t("deal.import.noRule", { country });
    }
  };
}

/** The verdict with its mark, and when the rule was checked. */
export function DealImportNote({ check, testId = "deal-import-verdict" }: { check: DealImportCheck; testId?: string }) {
  const { t } = useT("admin");
  const format = useFormat();
  const text = useVerdictText();
  const tone = toneOf(check.verdict);
  const rule = "rule" in check.verdict ? check.verdict.rule : null;
  return (
    <div data-testid={testId} data-verdict={check.verdict.kind} data-refused={check.refused ? "true" : "false"}>
      <p className={`flex items-start gap-1.5 text-sm font-semibold ${TONE[tone]}`}>
        <span className="mt-0.5">
          <Mark tone={tone} />
        </span>
        <span className="min-w-0">{text(check)}</span>
      </p>
      {rule ? (
        <p className="mt-1 text-xs text-slate-600">
          {t("deal.import.checked", {
            date: format.date(`${rule.checkedOn}T00:00:00Z`, { dateStyle: "medium", timeZone: "UTC" }),
          })}
          {rule.confirmed ? null : <> {t("deal.import.unconfirmed")}</>}
        </p>
      ) : null}
    </div>
  );
}

/**
 * In the offer form, when the destination refuses the vehicle: the verdict,
 * the override and its reason (the server refuses the offer without them).
 */
export function ImportOverrideFields({
  check,
  values,
  errors,
}: {
  check: DealImportCheck | null;
  values: TypedValues;
  errors: FieldProblems;
}) {
  const { t } = useT("admin");
  const { message: m } = useProblems("admin");
  if (!check?.refused) return null;
  const overrideError = errors[IMPORT_OVERRIDE_FIELD];
  return (
    <div
      className="space-y-3 rounded-lg border border-red-300 border-l-4 border-l-red-700 bg-white p-3"
      data-testid="offer-import"
    >
      <DealImportNote check={check} testId="offer-import-verdict" />
      <label className="flex items-start gap-2 text-sm font-semibold text-slate-900">
        <input
          type="checkbox"
          name={IMPORT_OVERRIDE_FIELD}
          defaultChecked={values[IMPORT_OVERRIDE_FIELD] === "on"}
          aria-invalid={overrideError ? true : undefined}
          className="mt-0.5 h-4 w-4 shrink-0"
        />
        <span>
          {t("deal.import.override")}
          <span className="block text-xs font-normal text-slate-600">{t("deal.import.overrideHint")}</span>
        </span>
      </label>
      {overrideError ? (
        <p className="text-sm text-red-700" data-testid="offer-import-error">
          {m(overrideError)}
        </p>
      ) : null}
      <Field
        label={t("deal.import.reason")}
        name={IMPORT_REASON_FIELD}
        defaultValue={values[IMPORT_REASON_FIELD] ?? ""}
        error={errors[IMPORT_REASON_FIELD] ? m(errors[IMPORT_REASON_FIELD]) : undefined}
        hint={t("deal.import.reasonHint")}
        required={false}
        maxLength={IMPORT_REASON_MAX}
        rows={2}
      />
    </div>
  );
}
