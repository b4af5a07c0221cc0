import { STEERING } from "~/domain/inventory/catalogue";
import { useId, useState } from "react";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { inputClass, Field, FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import { type FieldProblems, parseForm, type Problem, typedValues, type TypedValues } from "~/domain/forms";
import { listFreightPorts } from "~/domain/freight/freight.server";
import {
  AGE_COUNT,
  AGE_FROM,
  AGE_UNTIL,
  type AgeCount,
  type AgeFrom,
  type AgeUntil,
  countryKey,
  MAX_AGE_YEARS,
  type MonthNumber,
  monthOf,
  type ShippingMonths,
  yearOf,
} from "~/domain/imports/import-rules";
import {
  deleteImportRule,
  getImportRule,
  getImportSettings,
  ImportSettingsSchema,
  importRuleSchema,
  listImportRules,
  saveImportRule,
  saveImportSettings,
  shippingMonths,
  type StoredRule,
} from "~/domain/imports/import-rules.server";
import { IMPORT_SETTINGS_RANGE } from "~/domain/imports/import-settings";
import { maxAgeOf, NOTE_MAX, RULE_EXISTS, RULE_NOT_FOUND, ruleExample } from "~/domain/imports/rule-editor";
import { staffText } from "~/domain/staff/staff-problems";
import { requireStaff } from "~/domain/staff/staff-sessions.server";
import { shopDay } from "~/i18n/format";
import type { TFunction } from "~/i18n/core";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import type { Route } from "./+types/import-rules";

/*
 * The owner's import rules per destination country (issue 22): what each
 * country admits, with its source and the day it was last checked, and the
 * shop's shipping times the ages are counted with. Buyers see the answer on
 * every card and page; the list's "Only what I can import" asks the same.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "admin")("titles.importRules") },
  { name: "robots", content: "noindex" },
];

/** What a save sends the page back with (?saved=): each has its message, importRules.saved.* */
const SAVED = ["settings", "added", "updated", "deleted"] as const;
const PAGE = "/admin/import-rules";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  await requireStaff(services, request);
  const { db } = services;
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  const [rules, settings, ports] = await Promise.all([
    listImportRules(db),
    getImportSettings(db),
    listFreightPorts(db),
  ]);
  const editing = edit === null ? null : await getImportRule(db, Number(edit));
  const now = new Date();
  // The freight table's countries that have no rule yet, offered as the country is typed.
  const ruled = new Set(rules.map((r) => countryKey(r.country)));
  const suggestions = [...new Set(ports.map((p) => p.country))].filter((c) => !ruled.has(countryKey(c)));
  const page = {
    rules,
    settings,
    when: shippingMonths(settings, now),
    today: shopDay(now),
    editing,
    // An edit link to a rule since deleted: the page says so, with a 404.
    missing: edit !== null && !editing,
    suggestions,
    saved: SAVED.find((done) => done === url.searchParams.get("saved")) ?? null,
  };
  return page.missing ? data(page, { status: 404 }) : page;
}

/** Which form a refusal belongs to, so its messages stand beside that form's fields. */
type ActionResult = {
  form: "settings" | "rule" | "list";
  message: Problem;
  errors: FieldProblems;
  values: TypedValues | null;
};

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const staff = await requireStaff(services, request);
  const { db } = services;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  const fail = (result: ActionResult, status: number) => data(result, { status });

  if (intent === "settings") {
    const submission = parseForm(form, ImportSettingsSchema);
    if (submission.status === "error") {
      const { errors, values } = submission;
      return fail({ form: "settings", message: staffText("correctFields"), errors, values }, 400);
    }
    await saveImportSettings(db, staff, submission.value);
    return redirect(`${PAGE}?saved=settings`);
  }
  if (intent === "delete") {
    if (!(await deleteImportRule(db, staff, id)))
      return fail({ form: "list", message: RULE_NOT_FOUND, errors: {}, values: null }, 404);
    return redirect(`${PAGE}?saved=deleted`);
  }
  if (intent !== "add" && intent !== "update")
    return fail({ form: "list", message: staffText("unknownAction"), errors: {}, values: null }, 400);

  // A rule deleted meanwhile is not found, whatever the form says.
  if (intent === "update" && !(await getImportRule(db, id)))
    return fail({ form: "rule", message: RULE_NOT_FOUND, errors: {}, values: typedValues(form) }, 404);
  const submission = parseForm(form, importRuleSchema(new Date()));
  if (submission.status === "error") {
    const { errors, values } = submission;
    return fail({ form: "rule", message: staffText("correctFields"), errors, values }, 400);
  }
  const outcome = await saveImportRule(db, staff, submission.value, intent === "update" ? id : undefined);
  if (!outcome.ok) {
    const status = outcome.error === RULE_NOT_FOUND ? 404 : 409;
    const errors: FieldProblems = outcome.error === RULE_EXISTS ? { country: outcome.error } : {};
    return fail({ form: "rule", message: outcome.error, errors, values: typedValues(form) }, status);
  }
  return redirect(`${PAGE}?saved=${intent === "add" ? "added" : "updated"}`);
}

const card = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";
const button =
  "h-11 rounded-lg bg-accent-700 px-5 text-sm font-semibold text-white hover:bg-accent-800 disabled:opacity-60";

/** A month in words, in the panel's language: "March 2024". */
function useMonthName() {
  const format = useFormat();
  // The middle of the month: the shop's time zone never moves it to another.
  return (m: MonthNumber) =>
    format.date(new Date(Date.UTC(yearOf(m), monthOf(m) - 1, 15)), { year: "numeric", month: "long" });
}

export default function ImportRulesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  const { message: m } = useProblems("admin");
  const { rules, settings, when, today, editing, missing, suggestions, saved } = loaderData;
  const result = actionData as ActionResult | undefined;
  const monthName = useMonthName();

  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("titles.importRules")}</h1>
        <p className="mt-1 max-w-3xl text-slate-600">{t("importRules.intro")}</p>
      </div>

      {saved ? <FormMessage tone="success">{t(`importRules.saved.${saved}`)}</FormMessage> : null}
      {missing ? <FormMessage tone="error">{m(RULE_NOT_FOUND)}</FormMessage> : null}
      {result?.form === "list" ? <FormMessage tone="error">{m(result.message)}</FormMessage> : null}

      <SettingsForm
        settings={settings}
        result={result?.form === "settings" ? result : undefined}
        ship={monthName(when.ship)}
        arrival={monthName(when.ship + when.sea)}
      />

      <section className={card} aria-labelledby="rules-title">
        <h2 id="rules-title" className="text-lg font-semibold text-slate-900">
          {t("importRules.listTitle")}
        </h2>
        {rules.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t("importRules.empty")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100" data-testid="import-rules">
            {rules.map((rule) => (
              <RuleRow key={rule.id} rule={rule} />
            ))}
          </ul>
        )}
      </section>

      <RuleForm
        editing={editing}
        result={result?.form === "rule" ? result : undefined}
        when={when}
        today={today}
        suggestions={suggestions}
      />
    </div>
  );
}

function SettingsForm({
  settings,
  result,
  ship,
  arrival,
}: {
  settings: { leadDays: number; seaDays: number };
  result: ActionResult | undefined;
  ship: string;
  arrival: string;
}) {
  const { t } = useT("admin");
  const { message: m, errors: texts } = useProblems("admin");
  const busy = useNavigation().formData?.get("intent") === "settings";
  const location = useLocation();
  const e = texts(result?.errors);
  const value = (k: "leadDays" | "seaDays") => result?.values?.[k] ?? String(settings[k]);
  const range = (k: "leadDays" | "seaDays") => t("importRules.settings.range", IMPORT_SETTINGS_RANGE[k]);
  return (
    <section className={card} aria-labelledby="settings-title">
      <h2 id="settings-title" className="text-lg font-semibold text-slate-900">
        {t("importRules.settings.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("importRules.settings.explain")}</p>
      <p className="mt-1 text-sm text-slate-800" data-testid="shipping-months">
        {t("importRules.settings.now", { ship, arrival })}
      </p>
      <Form method="post" className="mt-4 space-y-4" noValidate key={location.key} data-testid="import-settings">
        <input type="hidden" name="intent" value="settings" />
        {result ? <FormMessage tone="error">{m(result.message)}</FormMessage> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("importRules.settings.leadDays")}
            name="leadDays"
            type="number"
            defaultValue={value("leadDays")}
            error={e.leadDays}
            hint={range("leadDays")}
            maxLength={4}
          />
          <Field
            label={t("importRules.settings.seaDays")}
            name="seaDays"
            type="number"
            defaultValue={value("seaDays")}
            error={e.seaDays}
            hint={range("seaDays")}
            maxLength={4}
          />
        </div>
        <button type="submit" disabled={busy} className={button}>
          {t("importRules.settings.save")}
        </button>
      </Form>
    </section>
  );
}

/** A rule in short: "Under 8 years from first registration to arrival, by calendar year · Right-hand drive". */
function ruleSummary(rule: StoredRule, t: TFunction<"admin">): string[] {
  const parts: string[] = [];
  if (!rule.usedVehicles) parts.push(t("importRules.summary.noUsed"));
  else {
    parts.push(
      rule.maxAgeYears === null
        ? t("importRules.summary.noLimit")
        : t("importRules.summary.under", {
            count: rule.maxAgeYears,
            from: t(`importRules.summary.from.${rule.ageFrom}`),
            until: t(`importRules.summary.until.${rule.ageUntil}`),
            counting: t(`importRules.summary.counting.${rule.ageCount}`),
          }),
    );
    if (rule.steering) parts.push(t(`importRules.summary.steering.${rule.steering}`));
  }
  if (!rule.usedParts) parts.push(t("importRules.summary.usedPartsRefused"));
  return parts;
}

/** The source's host, to show in short ("kebs.org"); the address itself when it has none. */
function hostOf(address: string): string {
  try {
    return new URL(address).hostname.replace(/^www\./, "") || address;
  } catch {
    return address;
  }
}

function RuleRow({ rule }: { rule: StoredRule }) {
  const { t } = useT("admin");
  const format = useFormat();
  const checked = format.date(`${rule.checkedOn}T12:00:00+09:00`, { dateStyle: "medium" });
  return (
    <li className="py-4" data-testid="import-rule">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {rule.country}
            {rule.confirmed ? null : (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                {t("importRules.unconfirmed")}
              </span>
            )}
          </h3>
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
            {ruleSummary(rule, t).map((part) => (
              <li key={part}>{part}</li>
            ))}
          </ul>
          {rule.note ? <p className="mt-1 line-clamp-2 text-sm text-slate-500">{rule.note}</p> : null}
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
            <a
              href={rule.sourceUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="break-all text-accent-700 underline hover:text-accent-800"
              title={rule.sourceUrl}
            >
              {t("importRules.source", { host: hostOf(rule.sourceUrl) })}
            </a>
            <span>{t("importRules.checked", { date: checked })}</span>
          </p>
        </div>
        <div className="flex shrink-0 gap-2 text-sm">
          <Link
            to={`${PAGE}?edit=${rule.id}#rule-form`}
            className="inline-flex h-11 items-center rounded-md px-3 font-semibold text-accent-700 hover:bg-accent-50"
            aria-label={t("importRules.editRule", { country: rule.country })}
          >
            {t("importRules.edit")}
          </Link>
          <Form
            method="post"
            onSubmit={(event) => {
              if (!confirm(t("importRules.confirmDelete", { country: rule.country }))) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={rule.id} />
            <button
              type="submit"
              className="h-11 rounded-md px-3 font-semibold text-red-700 hover:bg-red-50"
              aria-label={t("importRules.deleteRule", { country: rule.country })}
            >
              {t("importRules.delete")}
            </button>
          </Form>
        </div>
      </div>
    </li>
  );
}

type RuleValues = Record<
  "country" | "maxAgeYears" | "ageFrom" | "ageUntil" | "ageCount" | "steering" | "note" | "sourceUrl" | "checkedOn",
  string
>;
type RuleChecks = Record<"usedVehicles" | "usedParts" | "confirmed", boolean>;

function RuleForm({
  editing,
  result,
  when,
  today,
  suggestions,
}: {
  editing: StoredRule | null;
  result: ActionResult | undefined;
  when: ShippingMonths;
  today: string;
  suggestions: string[];
}) {
  const { t } = useT("admin");
  const { message: m, errors: texts } = useProblems("admin");
  const navigation = useNavigation();
  // A new address (after saving) starts an empty form; a refusal keeps what was typed.
  const location = useLocation();
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
        sourceUrl: editing.sourceUrl,
        checkedOn: editing.checkedOn,
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
        sourceUrl: "",
        checkedOn: today,
        usedVehicles: true,
        usedParts: true,
        confirmed: false,
      };
  const value = (k: keyof RuleValues) => kept?.[k] ?? start[k];
  // A ticked box is sent as "on"; after a refusal, a box not sent was unticked.
  const ticked = (k: keyof RuleChecks) => (kept ? kept[k] === "on" : start[k]);
  const e: Partial<Record<keyof RuleValues, string>> = texts(result?.errors);

  return (
    <section className={card} aria-labelledby="rule-form-title" id="rule-form">
      <h2 id="rule-form-title" className="text-lg font-semibold text-slate-900">
        {editing ? t("importRules.editTitle", { country: editing.country }) : t("importRules.addTitle")}
      </h2>
      <Form
        method="post"
        className="mt-4 space-y-4"
        noValidate
        key={`${editing?.id ?? "new"}:${location.key}`}
        data-testid="import-rule-form"
      >
        <input type="hidden" name="intent" value={editing ? "update" : "add"} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {result ? <FormMessage tone="error">{m(result.message)}</FormMessage> : null}
        <div className="sm:w-1/2">
          <Field
            label={t("importRules.fields.country")}
            name="country"
            defaultValue={value("country")}
            error={e.country}
            maxLength={60}
            list="import-rule-countries"
          />
          <datalist id="import-rule-countries">
            {suggestions.map((country) => (
              <option key={country} value={country} />
            ))}
          </datalist>
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
          errors={e}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Choice
            label={t("importRules.fields.steering")}
            name="steering"
            defaultValue={value("steering")}
            error={e.steering}
            options={[
              { value: "", label: t("importRules.options.steering.any") },
              ...STEERING.map((s) => ({ value: s, label: t(`importRules.options.steering.${s}`) })),
            ]}
          />
          <div className="sm:pt-7">
            <Check name="usedParts" label={t("importRules.fields.usedParts")} defaultChecked={ticked("usedParts")} />
          </div>
        </div>
        <Field
          label={t("importRules.fields.note")}
          name="note"
          rows={3}
          defaultValue={value("note")}
          error={e.note}
          required={false}
          hint={t("importRules.fields.noteHint")}
          maxLength={NOTE_MAX}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("importRules.fields.sourceUrl")}
            name="sourceUrl"
            type="url"
            defaultValue={value("sourceUrl")}
            error={e.sourceUrl}
            hint={t("importRules.fields.sourceHint")}
            maxLength={500}
          />
          <Field
            label={t("importRules.fields.checkedOn")}
            name="checkedOn"
            type="date"
            defaultValue={value("checkedOn")}
            error={e.checkedOn}
            maxLength={10}
          />
        </div>
        <Check
          name="confirmed"
          label={t("importRules.fields.confirmed")}
          hint={t("importRules.fields.confirmedHint")}
          defaultChecked={ticked("confirmed")}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy} className={button}>
            {editing ? t("importRules.saveChanges") : t("importRules.add")}
          </button>
          {editing ? (
            <Link
              to={PAGE}
              className="inline-flex h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t("importRules.cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

/**
 * The fields of the age limit, with the example under them worked out as the
 * owner types, with the same arithmetic the cards and the list's filter use.
 */
function AgeFields({
  when,
  start,
  errors: e,
}: {
  when: ShippingMonths;
  start: { usedVehicles: boolean; maxAgeYears: string; ageFrom: string; ageUntil: string; ageCount: string };
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
        <Choice
          label={t("importRules.fields.ageFrom")}
          name="ageFrom"
          defaultValue={fields.ageFrom}
          onChange={set("ageFrom")}
          error={e.ageFrom}
          options={options.ageFrom}
        />
        <Choice
          label={t("importRules.fields.ageUntil")}
          name="ageUntil"
          defaultValue={fields.ageUntil}
          onChange={set("ageUntil")}
          error={e.ageUntil}
          options={options.ageUntil}
        />
        <Choice
          label={t("importRules.fields.ageCount")}
          name="ageCount"
          defaultValue={fields.ageCount}
          onChange={set("ageCount")}
          error={e.ageCount}
          options={options.ageCount}
        />
      </div>
      <Example when={when} fields={fields} />
    </fieldset>
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

function Choice({
  label,
  name,
  options,
  defaultValue,
  onChange,
  error,
}: {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  defaultValue: string;
  onChange?: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  // A value posted by hand that is not among the options: the first is shown, the error beside it.
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} ${error ? "border-red-500" : "border-slate-300"}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
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
