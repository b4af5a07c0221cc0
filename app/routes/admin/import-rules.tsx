import { data, redirect } from "react-router";
import { RowActions, SettingsCard } from "~/components/admin/settings-editor";
import { rowWords, SettingsScreen, useSettingsScreen } from "~/components/admin/settings-screen";
import { type FormRefusal, cardClass, RuleForm, useMonthName } from "~/components/admin/import-rule-form";
import { SettingsForm } from "~/components/admin/import-settings-form";
import { FormMessage } from "~/components/ui/field";
import { refuse, staffAction, staffRequest } from "~/routes/admin/staff-request.server";
import { type FieldProblems, parseForm, typedValues } from "~/utils/forms";
import { listFreightPorts } from "~/domain/freight/freight.server";
import { countryKey, OTHER_KINDS, ruleDue } from "~/domain/imports/import-rules";
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
import { RULE_EXISTS, RULE_NOT_FOUND } from "~/domain/imports/rule-editor";
import { staffText } from "~/domain/staff/staff-problems";
import { shopDay } from "~/i18n/format";
import type { TFunction } from "~/i18n/core";
import { useFormat, useT } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/import-rules";

/*
 * The owner's import rules per destination country (issue 22): what each
 * country admits, with its source and the day it was last checked, and the
 * shop's shipping times the ages are counted with. Buyers see the answer on
 * every card and page; the list's "Only what I can import" asks the same.
 */

export const meta: Route.MetaFunction = noindexMeta("admin", "titles.importRules");

const PAGE = "/admin/import-rules";

export async function loader(args: Route.LoaderArgs) {
  // What a save sends the page back with (?saved=): each has its message, importRules.saved.*
  const { db, url, saved } = await staffRequest(args, ["settings", "added", "updated", "deleted"]);
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
    saved,
  };
  return page.missing ? data(page, { status: 404 }) : page;
}

/** Which form a refusal belongs to, so its messages stand beside that form's fields. */
type ActionResult = FormRefusal & { form: "settings" | "rule" | "list" };

export async function action(args: Route.ActionArgs) {
  const { db, staff, form, intent, id } = await staffAction(args);

  if (intent === "settings") {
    const submission = parseForm(form, ImportSettingsSchema);
    if (submission.status === "error") {
      const { errors, values } = submission;
      return refuse<ActionResult>({ form: "settings", message: staffText("correctFields"), errors, values }, "invalid");
    }
    await saveImportSettings(db, staff, submission.value);
    return redirect(`${PAGE}?saved=settings`);
  }
  if (intent === "delete") {
    if (!(await deleteImportRule(db, staff, id)))
      return refuse<ActionResult>({ form: "list", message: RULE_NOT_FOUND, errors: {}, values: null }, "not-found");
    return redirect(`${PAGE}?saved=deleted`);
  }
  if (intent !== "add" && intent !== "update")
    return refuse<ActionResult>(
      { form: "list", message: staffText("unknownAction"), errors: {}, values: null },
      "invalid",
    );

  // A rule deleted meanwhile is not found, whatever the form says.
  if (intent === "update" && !(await getImportRule(db, id)))
    return refuse<ActionResult>(
      { form: "rule", message: RULE_NOT_FOUND, errors: {}, values: ruleValues(form) },
      "not-found",
    );
  const submission = parseForm(form, importRuleSchema(new Date()));
  if (submission.status === "error") {
    const { errors } = submission;
    return refuse<ActionResult>(
      { form: "rule", message: staffText("correctFields"), errors, values: ruleValues(form) },
      "invalid",
    );
  }
  const outcome = await saveImportRule(db, staff, submission.value, intent === "update" ? id : undefined);
  if (!outcome.ok) {
    const refusal = outcome.error === RULE_NOT_FOUND ? "not-found" : "conflict";
    const errors: FieldProblems = outcome.error === RULE_EXISTS ? { country: outcome.error } : {};
    return refuse<ActionResult>({ form: "rule", message: outcome.error, errors, values: ruleValues(form) }, refusal);
  }
  return redirect(`${PAGE}?saved=${intent === "add" ? "added" : "updated"}`);
}

/** What was typed, to give back after a refusal: every ticked part category, one per line. */
function ruleValues(form: FormData) {
  return { ...typedValues(form), usedPartsRefused: form.getAll("usedPartsRefused").map(String).join("\n") };
}

export default function ImportRulesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, m } = useSettingsScreen();
  const { rules, settings, when, today, editing, missing, suggestions, saved } = loaderData;
  const result = actionData as ActionResult | undefined;
  const monthName = useMonthName();

  return (
    <SettingsScreen
      title={t("titles.importRules")}
      intro={t("importRules.intro")}
      saved={saved && t(`importRules.saved.${saved}`)}
    >
      {missing ? <FormMessage tone="error">{m(RULE_NOT_FOUND)}</FormMessage> : null}
      {result?.form === "list" ? <FormMessage tone="error">{m(result.message)}</FormMessage> : null}

      <SettingsForm
        settings={settings}
        result={result?.form === "settings" ? result : undefined}
        ship={monthName(when.ship)}
        arrival={monthName(when.ship + when.sea)}
      />

      <SettingsCard className={cardClass} titleId="rules-title" title={t("importRules.listTitle")}>
        {rules.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t("importRules.empty")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100" data-testid="import-rules">
            {rules.map((rule) => (
              <RuleRow key={rule.id} rule={rule} today={today} />
            ))}
          </ul>
        )}
      </SettingsCard>

      <RuleForm
        editing={editing}
        result={result?.form === "rule" ? result : undefined}
        when={when}
        today={today}
        suggestions={suggestions}
        cancelTo={PAGE}
      />
    </SettingsScreen>
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
    for (const kind of OTHER_KINDS) {
      const years = rule.ageByKind[kind];
      if (years !== undefined) parts.push(t(`importRules.summary.kind.${kind}`, { count: years }));
    }
    if (rule.commercial)
      parts.push(
        rule.commercial.maxAgeYears === null
          ? t("importRules.summary.commercialNoLimit")
          : t("importRules.summary.commercial", { count: rule.commercial.maxAgeYears }),
      );
    if (rule.steering) parts.push(t(`importRules.summary.steering.${rule.steering}`));
  }
  if (rule.inspection) parts.push(t("importRules.summary.inspection", { body: rule.inspection }));
  if (!rule.usedParts) parts.push(t("importRules.summary.usedPartsRefused"));
  else if (rule.usedPartsRefused.length > 0)
    parts.push(t("importRules.summary.usedPartsSome", { count: rule.usedPartsRefused.length }));
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

function RuleRow({ rule, today }: { rule: StoredRule; today: string }) {
  const { t } = useT("admin");
  const format = useFormat();
  const day = (d: string) => format.date(`${d}T12:00:00+09:00`, { dateStyle: "medium" });
  const checked = day(rule.checkedOn);
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
            {ruleDue(rule, today) ? (
              <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                {t("importRules.due")}
              </span>
            ) : null}
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
            {rule.checkBy ? <span>{t("importRules.checkBy", { date: day(rule.checkBy) })}</span> : null}
          </p>
        </div>
        <RowActions
          look="tall"
          id={rule.id}
          editTo={`${PAGE}?edit=${rule.id}#rule-form`}
          words={rowWords(t, "importRules", { country: rule.country })}
        />
      </div>
    </li>
  );
}
