import { type FieldProblems, parseForm, type Problem, typedValues } from "~/utils/forms";
import { redirect } from "react-router";
import { EditorButtons, RowActions, SettingsCard } from "~/components/admin/settings-editor";
import {
  EditorCard,
  rowWords,
  SettingsScreen,
  settingsCard,
  useSettingsScreen,
} from "~/components/admin/settings-screen";
import { Field, fieldsOf, YenField } from "~/components/ui/field";
import { refuse, staffAction, staffRequest } from "~/routes/admin/staff-request.server";
import { percentFromBp } from "~/domain/freight/freight";
import { SIZE_CLASSES, type SizeClass } from "~/domain/inventory/size-class";
import {
  addFreightPort,
  deleteFreightPort,
  getFreightPort,
  listFreightPorts,
  FreightPortSchema,
  PORT_NOT_FOUND,
  updateFreightPort,
} from "~/domain/freight/freight.server";
import { useFormat } from "~/i18n/i18n";
import { staffText } from "~/domain/staff/staff-problems";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/freight";

/*
 * The owner's freight table: destination ports with freight per vehicle size
 * and an insurance rate. Buyers see FOB + freight (+ insurance) to the port
 * they choose; a size left empty makes the shop say "ask for a quote".
 */

export const meta: Route.MetaFunction = noindexMeta("admin", "titles.freight");

export async function loader(args: Route.LoaderArgs) {
  // What a save sends the page back with (?saved=): each has its message, freight.saved.*
  const { db, url, saved } = await staffRequest(args, ["added", "updated", "deleted"]);
  const editId = Number(url.searchParams.get("edit"));
  const ports = await listFreightPorts(db);
  const editing = Number.isSafeInteger(editId) && editId > 0 ? await getFreightPort(db, editId) : null;
  return { ports, editing, saved };
}

/** The port's fields typed as text; the freight per size (SIZE_CLASSES) is yen. */
type TextField = "country" | "port" | "insurance";
type Values = Record<TextField | SizeClass | "inspection", string>;
type ActionResult = { message: Problem; errors: FieldProblems; values: Partial<Values> | null };

export async function action(args: Route.ActionArgs) {
  const { services, staff, form, intent, id } = await staffAction(args);

  if (intent === "delete") {
    const done = Number.isSafeInteger(id) && id > 0 && (await deleteFreightPort(services.db, staff, id));
    if (!done) return refuse<ActionResult>({ message: PORT_NOT_FOUND, errors: {}, values: null }, "not-found");
    return redirect("/admin/freight?saved=deleted");
  }
  if (intent !== "add" && intent !== "update")
    return refuse<ActionResult>({ message: staffText("unknownAction"), errors: {}, values: null }, "invalid");

  const submission = parseForm(form, FreightPortSchema);
  if (submission.status === "error") {
    const { errors, values } = submission;
    return refuse<ActionResult>({ message: staffText("fillRequired"), errors, values }, "invalid");
  }
  const outcome =
    intent === "add"
      ? await addFreightPort(services.db, staff, submission.value)
      : await updateFreightPort(services.db, staff, id, submission.value);
  if (!outcome.ok) {
    const refusal = outcome.error === PORT_NOT_FOUND ? "not-found" : "conflict";
    const errors: FieldProblems = refusal === "conflict" ? { port: outcome.error } : {};
    return refuse<ActionResult>({ message: outcome.error, errors, values: typedValues(form) }, refusal);
  }
  return redirect(`/admin/freight?saved=${intent === "add" ? "added" : "updated"}`);
}

export default function FreightPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, m, texts, busy } = useSettingsScreen();
  const format = useFormat();
  const { ports, editing, saved } = loaderData;
  const result = actionData as ActionResult | undefined;
  const kept = result?.values ?? null;
  const start: Record<TextField, string> = editing
    ? {
        country: editing.country,
        port: editing.port,
        insurance: editing.insuranceBp ? percentFromBp(editing.insuranceBp) : "",
      }
    : { country: "", port: "", insurance: "" };
  const e: Partial<Record<keyof Values, string>> = texts(result?.errors);
  const field = fieldsOf(
    (k: TextField) => t(k === "insurance" ? "freight.insuranceLabel" : `freight.${k}`),
    (k) => kept?.[k] ?? start[k],
    e,
  );

  return (
    <SettingsScreen
      width="max-w-5xl"
      title={t("titles.freight")}
      intro={t("freight.intro")}
      saved={saved && t(`freight.saved.${saved}`)}
    >
      <SettingsCard className={settingsCard} titleId="ports-title" title={t("freight.tableTitle")}>
        {ports.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t("freight.empty")}</p>
        ) : (
          <div className="relative mt-4 overflow-x-auto">
            <table className="w-full min-w-[50rem] text-left text-sm" data-testid="freight-table">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  {(["country", "port"] as const).map((name) => (
                    <th key={name} scope="col" className="py-2 pr-4 font-medium">
                      {t(`freight.${name}`)}
                    </th>
                  ))}
                  {SIZE_CLASSES.map((size) => (
                    <th key={size} scope="col" className="py-2 pr-4 text-right font-medium">
                      {t(`freight.size.${size}`)}
                    </th>
                  ))}
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    {t("freight.insurance")}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    {t("freight.inspection")}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">{t("freight.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {ports.map((p) => (
                  <tr key={p.id} data-testid="freight-row">
                    <td className="py-2 pr-4">{p.country}</td>
                    <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                      {p.port}
                    </th>
                    {SIZE_CLASSES.map((size) => (
                      <td key={size} className="py-2 pr-4 text-right tabular-nums">
                        {p.freight[size] === null ? (
                          <span className="text-slate-500">{t("freight.askForQuote")}</span>
                        ) : (
                          format.yen(p.freight[size])
                        )}
                      </td>
                    ))}
                    <td className="py-2 pr-4 text-right tabular-nums">
                      {p.insuranceBp ? `${format.decimal(p.insuranceBp / 100)} %` : t("freight.noInsurance")}
                    </td>
                    <td className="py-2 pr-4 text-right tabular-nums">
                      {p.inspectionYen === null ? t("freight.noInspection") : format.yen(p.inspectionYen)}
                    </td>
                    <td className="py-2">
                      <RowActions
                        look="table"
                        id={p.id}
                        editTo={`/admin/freight?edit=${p.id}#port-form`}
                        words={rowWords(t, "freight", { port: p.port })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SettingsCard>

      <EditorCard
        className={settingsCard}
        id="port-form"
        title={editing ? t("freight.editTitle", { port: editing.port }) : t("freight.addTitle")}
        editingId={editing?.id ?? null}
        testId="freight-form"
        error={result ? m(result.message) : undefined}
        after={
          <div className="mt-6 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
            <p className="font-medium text-slate-900">{t("freight.sizesTitle")}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {SIZE_CLASSES.map((size) => (
                <li key={size}>{t(`freight.sizeRule.${size}`)}</li>
              ))}
            </ul>
            <p className="mt-2">{t("freight.arithmetic")}</p>
          </div>
        }
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field {...field("country")} maxLength={60} />
          <Field {...field("port")} maxLength={60} />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t("freight.freightLegend")}</legend>
          <div className="mt-2 grid gap-4 sm:grid-cols-3">
            {SIZE_CLASSES.map((size) => (
              <YenField
                key={size}
                label={t(`freight.sizeLong.${size}`)}
                name={size}
                defaultValue={kept?.[size] ?? editing?.freight[size] ?? ""}
                error={e[size]}
                required={false}
                hint={t("freight.emptyHint")}
                maxLength={14}
              />
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field {...field("insurance")} required={false} hint={t("freight.insuranceHint")} maxLength={6} />
          <YenField
            label={t("freight.inspectionLabel")}
            name="inspection"
            defaultValue={kept?.inspection ?? editing?.inspectionYen ?? ""}
            error={e.inspection}
            required={false}
            hint={t("freight.inspectionHint")}
            maxLength={14}
          />
        </div>
        <EditorButtons
          editing={editing !== null}
          busy={busy}
          save={t("freight.saveChanges")}
          add={t("freight.add")}
          cancel={t("freight.cancel")}
          cancelTo="/admin/freight"
        />
      </EditorCard>
    </SettingsScreen>
  );
}
