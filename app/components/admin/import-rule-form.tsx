import { useId, useState } from "react";
import { useNavigation } from "react-router";
import { EditorButtons } from "~/components/admin/settings-editor";
import { EditorCard } from "~/components/admin/settings-screen";
import { SuggestField } from "~/components/ui/suggest-field";
import { Field, fieldsOf, inputClass, SelectField } from "~/components/ui/field";
import type { FieldProblems, Problem, TypedValues } from "~/utils/forms";
import {
  AGE_COUNT,
  AGE_FROM,
  AGE_UNTIL,
  type AgeCount,
  type AgeFrom,
  type AgeUntil,
  type ImportRule,
  MAX_AGE_YEARS,
  OTHER_KINDS,
  type OtherKind,
  type ShippingMonths,
} from "~/domain/imports/import-rules";
import { type MonthNumber, monthOf, yearOf } from "~/domain/inventory/months";
import {
  COMMERCIAL_KIND_FIELD,
  INSPECTION_MAX,
  KIND_FIELD,
  maxAgeOf,
  NOTE_MAX,
  ruleExample,
} from "~/domain/imports/rule-editor";
import { PART_SUB_TYPES, PART_TYPES, STEERING } from "~/domain/inventory/catalogue";
import { optionLabel } from "~/components/store/option-label";
import { useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";

/*
 * The forms of the owner's import rules page (routes/admin/import-rules.tsx):
 * a country's rule, with the example of its age limit worked out as the
 * owner types, and the small fields it is made of.
 */

/** A panel of the page. */
export const cardClass = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";

/** A refusal of one of the page's forms: its message, the fields' and what was typed. */
export type FormRefusal = { message: Problem; errors: FieldProblems; values: TypedValues | null };

/** A month in words, in the panel's language: "March 2024". */
export function useMonthName() {
  const format = useFormat();
  // The middle of the month: the shop's time zone never moves it to another.
  return (m: MonthNumber) =>
    format.date(new Date(Date.UTC(yearOf(m), monthOf(m) - 1, 15)), { year: "numeric", month: "long" });
}

type RuleValues = Record<
  | "country"
  | "maxAgeYears"
  | "ageFrom"
  | "ageUntil"
  | "ageCount"
  | "steering"
  | "note"
  | "inspection"
  | "commercialMaxAgeYears"
  | "commercialNote"
  | "sourceUrl"
  | "checkedOn"
  | "checkBy"
  | "usedPartsRefused",
  string
>;
type RuleChecks = Record<"usedVehicles" | "usedParts" | "confirmed" | "commercial", boolean>;

export function RuleForm({
  editing,
  result,
  when,
  today,
  suggestions,
  cancelTo,
}: {
  /** The rule being edited; null for a new one. */
  editing: (ImportRule & { id: number }) | null;
  result: FormRefusal | undefined;
  when: ShippingMonths;
  today: string;
  suggestions: string[];
  /** The page without a rule open: where Cancel goes. */
  cancelTo: string;
}) {
  const { t } = useT("admin");
  const { message: m, errors: texts } = useProblems("admin");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "settings";
  const kept = result?.values ?? null;
  const start: RuleValues & RuleChecks = editing
    ? {
        country: editing.country,
        maxAgeYears: editing.maxAgeYears === null ? "" : String(editing.maxAgeYears),
        ageFrom: editing.ageFrom,
        ageUntil: editing.ageUntil,
        ageCount: editing.ageCount,
        steering: editing.steering ?? "",
        note: editing.note,
        inspection: editing.inspection,
        commercialMaxAgeYears: editing.commercial?.maxAgeYears?.toString() ?? "",
        commercialNote: editing.commercial?.note ?? "",
        commercial: editing.commercial !== null,
        sourceUrl: editing.sourceUrl,
        checkedOn: editing.checkedOn,
        checkBy: editing.checkBy,
        usedPartsRefused: editing.usedPartsRefused.join("\n"),
        usedVehicles: editing.usedVehicles,
        usedParts: editing.usedParts,
        confirmed: editing.confirmed,
      }
    : {
        country: "",
        maxAgeYears: "",
        ageFrom: "manufacture",
        ageUntil: "shipping",
        ageCount: "months",
        steering: "",
        note: "",
        inspection: "",
        commercialMaxAgeYears: "",
        commercialNote: "",
        commercial: false,
        sourceUrl: "",
        checkedOn: today,
        checkBy: "",
        usedPartsRefused: "",
        usedVehicles: true,
        usedParts: true,
        confirmed: false,
      };
  const value = (k: keyof RuleValues) => kept?.[k] ?? start[k];
  // A ticked box is sent as "on"; after a refusal, a box not sent was unticked.
  const ticked = (k: keyof RuleChecks) => (kept ? kept[k] === "on" : start[k]);
  const e: Partial<Record<keyof RuleValues, string>> = texts(result?.errors);
  const field = fieldsOf((k: keyof RuleValues) => t(`importRules.fields.${k}`), value, e);

  return (
    <EditorCard
      className={cardClass}
      id="rule-form"
      title={editing ? t("importRules.editTitle", { country: editing.country }) : t("importRules.addTitle")}
      editingId={editing?.id ?? null}
      testId="import-rule-form"
      error={result ? m(result.message) : undefined}
    >
      <div className="sm:w-1/2">
        <SuggestField {...field("country")} maxLength={60} listId="import-rule-countries" suggestions={suggestions} />
      </div>
      <AgeFields
        when={when}
        start={{
          usedVehicles: ticked("usedVehicles"),
          maxAgeYears: value("maxAgeYears"),
          ageFrom: value("ageFrom"),
          ageUntil: value("ageUntil"),
          ageCount: value("ageCount"),
        }}
        kinds={kindAges(KIND_FIELD, kept, editing?.ageByKind)}
        errors={e}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...field("steering")}>
          {(["any", ...STEERING] as const).map((s) => (
            <option key={s} value={s === "any" ? "" : s}>
              {t(`importRules.options.steering.${s}`)}
            </option>
          ))}
        </SelectField>
        <div className="sm:pt-7">
          <Check name="usedParts" label={t("importRules.fields.usedParts")} defaultChecked={ticked("usedParts")} />
        </div>
      </div>
      <PartCategories refused={value("usedPartsRefused").split("\n").filter(Boolean)} />
      <div className="sm:w-1/2">
        <Field
          {...field("inspection")}
          required={false}
          hint={t("importRules.fields.inspectionHint")}
          maxLength={INSPECTION_MAX}
        />
      </div>
      <Field
        {...field("note")}
        rows={3}
        required={false}
        hint={t("importRules.fields.noteHint")}
        maxLength={NOTE_MAX}
      />
      {/* Open when ticked, and when one of its fields was refused: a refusal is never hidden. */}
      <details
        className="rounded-lg border border-slate-200 p-4"
        open={ticked("commercial") || Object.keys(e).some((field) => field.startsWith("commercial"))}
      >
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-slate-800">
          {t("importRules.commercialTitle")}
        </summary>
        <div className="space-y-4">
          <Check
            name="commercial"
            label={t("importRules.fields.commercial")}
            hint={t("importRules.fields.commercialHint")}
            defaultChecked={ticked("commercial")}
          />
          <div className="sm:w-1/2">
            <Field
              {...field("commercialMaxAgeYears")}
              required={false}
              maxLength={2}
              hint={t("importRules.fields.maxAgeHint", { max: MAX_AGE_YEARS })}
            />
          </div>
          <KindAgeFields
            fields={COMMERCIAL_KIND_FIELD}
            values={kindAges(COMMERCIAL_KIND_FIELD, kept, editing?.commercial?.ageByKind)}
            errors={e}
          />
          <Field {...field("commercialNote")} rows={2} required={false} maxLength={NOTE_MAX} />
        </div>
      </details>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...field("sourceUrl")} type="url" hint={t("importRules.fields.sourceHint")} maxLength={500} />
        <Field {...field("checkedOn")} type="date" maxLength={10} />
      </div>
      <div className="sm:w-1/2">
        <Field
          {...field("checkBy")}
          type="date"
          required={false}
          maxLength={10}
          hint={t("importRules.fields.checkByHint")}
        />
      </div>
      <Check
        name="confirmed"
        label={t("importRules.fields.confirmed")}
        hint={t("importRules.fields.confirmedHint")}
        defaultChecked={ticked("confirmed")}
      />
      <EditorButtons
        editing={editing !== null}
        busy={busy}
        save={t("importRules.saveChanges")}
        add={t("importRules.add")}
        cancel={t("importRules.cancel")}
        cancelTo={cancelTo}
      />
    </EditorCard>
  );
}

/**
 * The part categories a country refuses used, where it admits the others
 * (Kenya's list): folded away until needed, with how many are ticked.
 */
function PartCategories({ refused }: { refused: string[] }) {
  const { t } = useT("admin");
  const { t: ts } = useT("stock");
  const [count, setCount] = useState(refused.length);
  return (
    <details className="rounded-lg border border-slate-200 p-4" open={refused.length > 0}>
      <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-slate-800">
        {t("importRules.fields.usedPartsRefused", { count })}
      </summary>
      <p className="text-sm text-slate-600">{t("importRules.fields.usedPartsRefusedHint")}</p>
      <div
        className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-2"
        onChange={(event) =>
          setCount(event.currentTarget.querySelectorAll('input[name="usedPartsRefused"]:checked').length)
        }
      >
        {PART_TYPES.map((type) => (
          <fieldset key={type} className="py-2">
            <legend className="text-sm font-semibold text-slate-700">{optionLabel(ts, "partType", type)}</legend>
            {[type, ...PART_SUB_TYPES[type]!].map((category) => (
              <label key={category} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="usedPartsRefused"
                  value={category}
                  defaultChecked={refused.includes(category)}
                  className="size-5 accent-accent-600"
                />
                {category === type ? t("importRules.fields.wholeType") : optionLabel(ts, "partSubType", category)}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </details>
  );
}

/** The selects of how an age is counted, in the order they read. */
const AGE_CHOICES = ["ageFrom", "ageUntil", "ageCount"] as const;

/**
 * The fields of the age limit, with the example under them worked out as the
 * owner types, with the same arithmetic the cards and the list's filter use.
 */
function AgeFields({
  when,
  start,
  kinds,
  errors: e,
}: {
  when: ShippingMonths;
  start: { usedVehicles: boolean; maxAgeYears: string; ageFrom: string; ageUntil: string; ageCount: string };
  /** The kinds' own ages as typed ("" when they take the rule's). */
  kinds: Record<OtherKind, string>;
  errors: Partial<Record<string, string>>;
}) {
  const { t } = useT("admin");
  const [fields, setFields] = useState(start);
  const set = (k: keyof typeof start) => (v: string | boolean) => setFields((f) => ({ ...f, [k]: v }));
  const options = {
    ageFrom: AGE_FROM.map((v) => ({ value: v, label: t(`importRules.options.ageFrom.${v}`) })),
    ageUntil: AGE_UNTIL.map((v) => ({ value: v, label: t(`importRules.options.ageUntil.${v}`) })),
    ageCount: AGE_COUNT.map((v) => ({ value: v, label: t(`importRules.options.ageCount.${v}`) })),
  };
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <Check
        name="usedVehicles"
        label={t("importRules.fields.usedVehicles")}
        defaultChecked={fields.usedVehicles}
        onChange={set("usedVehicles")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <NumberField
            label={t("importRules.fields.maxAgeYears")}
            name="maxAgeYears"
            value={fields.maxAgeYears}
            onChange={set("maxAgeYears")}
            error={e.maxAgeYears}
            hint={t("importRules.fields.maxAgeHint", { max: MAX_AGE_YEARS })}
          />
        </div>
        {AGE_CHOICES.map((k) => (
          <SelectField
            key={k}
            label={t(`importRules.fields.${k}`)}
            name={k}
            defaultValue={fields[k]}
            onChange={set(k)}
            error={e[k]}
          >
            {options[k].map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <Example when={when} fields={fields} />
      <KindAgeFields fields={KIND_FIELD} values={kinds} errors={e} />
    </fieldset>
  );
}

/** The kinds' own ages as the form starts: as typed before a refusal, else as saved ("" when none). */
function kindAges(
  fields: Record<OtherKind, string>,
  kept: TypedValues | null,
  saved: Partial<Record<OtherKind, number>> | undefined,
): Record<OtherKind, string> {
  const out = {} as Record<OtherKind, string>;
  for (const kind of OTHER_KINDS) out[kind] = kept?.[fields[kind]] ?? saved?.[kind]?.toString() ?? "";
  return out;
}

/** A field per kind of vehicle for its own age limit, with what an empty one means. */
function KindAgeFields({
  fields,
  values,
  errors: e,
}: {
  fields: Record<OtherKind, string>;
  values: Record<OtherKind, string>;
  errors: Partial<Record<string, string>>;
}) {
  const { t } = useT("admin");
  return (
    <>
      <p className="text-sm text-slate-600">{t("importRules.fields.ageForHint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {OTHER_KINDS.map((kind) => (
          <Field
            key={kind}
            label={t(`importRules.fields.ageFor.${kind}`)}
            name={fields[kind]}
            required={false}
            maxLength={2}
            defaultValue={values[kind]}
            error={e[fields[kind]]}
          />
        ))}
      </div>
    </>
  );
}

/** "Ordered today, a vehicle ships in December 2026. It can be imported if manufactured in January 2024 or later." */
function Example({
  when,
  fields,
}: {
  when: ShippingMonths;
  fields: { usedVehicles: boolean; maxAgeYears: string; ageFrom: string; ageUntil: string; ageCount: string };
}) {
  const { t } = useT("admin");
  const monthName = useMonthName();
  const maxAgeYears = fields.maxAgeYears.trim() === "" ? null : maxAgeOf(fields.maxAgeYears);
  const known = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);
  let text: string;
  if (fields.maxAgeYears.trim() !== "" && maxAgeYears === null && fields.usedVehicles)
    text = t("importRules.example.invalid", { max: MAX_AGE_YEARS });
  else if (
    !known<AgeFrom>(AGE_FROM, fields.ageFrom) ||
    !known<AgeUntil>(AGE_UNTIL, fields.ageUntil) ||
    !known<AgeCount>(AGE_COUNT, fields.ageCount)
  )
    return null;
  else {
    const example = ruleExample(
      {
        usedVehicles: fields.usedVehicles,
        maxAgeYears,
        ageFrom: fields.ageFrom,
        ageUntil: fields.ageUntil,
        ageCount: fields.ageCount,
      },
      when,
    );
    if (example.kind === "none") text = t("importRules.example.none");
    else {
      const counted =
        fields.ageUntil === "arrival"
          ? t("importRules.example.arrive", { ship: monthName(when.ship), month: monthName(example.counted) })
          : t("importRules.example.ship", { month: monthName(example.counted) });
      const admits =
        example.kind === "any"
          ? t("importRules.example.any")
          : example.from === "manufacture"
            ? example.byYear
              ? t("importRules.example.manufactureYear", { year: yearOf(example.since) })
              : t("importRules.example.manufactureMonth", { month: monthName(example.since) })
            : example.byYear
              ? t("importRules.example.registrationYear", { year: yearOf(example.since) })
              : t("importRules.example.registrationMonth", { month: monthName(example.since) });
      text = `${counted} ${admits}`;
    }
  }
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" aria-live="polite" data-testid="rule-example">
      <span className="font-medium text-slate-900">{t("importRules.example.title")}: </span>
      {text}
    </div>
  );
}

function NumberField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        maxLength={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        className={`${inputClass} ${error ? "border-red-500" : "border-slate-300 focus:border-accent-600"}`}
      />
      <p id={`${id}-note`} className={error ? "mt-1 text-sm text-red-700" : "mt-1 text-xs text-slate-500"}>
        {error ?? hint}
      </p>
    </div>
  );
}

function Check({
  name,
  label,
  hint,
  defaultChecked,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultChecked: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="h-5 w-5 accent-accent-700"
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
