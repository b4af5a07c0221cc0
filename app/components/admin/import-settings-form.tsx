import { Form, useLocation, useNavigation } from "react-router";
import { Field, fieldsOf, FormMessage } from "~/components/ui/field";
import { IMPORT_SETTINGS_RANGE } from "~/domain/imports/import-settings";
import { useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { cardClass, type FormRefusal } from "./import-rule-form";
import { saveButtonClass, SettingsCard } from "./settings-editor";

/** The shop's shipping times, which every rule's ages are counted with, and the months they give today. */
export function SettingsForm({
  settings,
  result,
  ship,
  arrival,
}: {
  settings: { leadDays: number; seaDays: number };
  result: FormRefusal | undefined;
  ship: string;
  arrival: string;
}) {
  const { t } = useT("admin");
  const { message: m, errors: texts } = useProblems("admin");
  const busy = useNavigation().formData?.get("intent") === "settings";
  const location = useLocation();
  const e = texts(result?.errors);
  const value = (k: "leadDays" | "seaDays") => result?.values?.[k] ?? String(settings[k]);
  const field = fieldsOf((k: "leadDays" | "seaDays") => t(`importRules.settings.${k}`), value, e);
  const range = (k: "leadDays" | "seaDays") => t("importRules.settings.range", IMPORT_SETTINGS_RANGE[k]);
  return (
    <SettingsCard className={cardClass} titleId="settings-title" title={t("importRules.settings.title")}>
      <p className="mt-1 text-sm text-slate-600">{t("importRules.settings.explain")}</p>
      <p className="mt-1 text-sm text-slate-800" data-testid="shipping-months">
        {t("importRules.settings.now", { ship, arrival })}
      </p>
      <Form method="post" className="mt-4 space-y-4" noValidate key={location.key} data-testid="import-settings">
        <input type="hidden" name="intent" value="settings" />
        {result ? <FormMessage tone="error">{m(result.message)}</FormMessage> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {(["leadDays", "seaDays"] as const).map((k) => (
            <Field key={k} {...field(k)} type="number" hint={range(k)} maxLength={4} />
          ))}
        </div>
        <button type="submit" disabled={busy} className={saveButtonClass}>
          {t("importRules.settings.save")}
        </button>
      </Form>
    </SettingsCard>
  );
}
