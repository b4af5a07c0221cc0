import { useMemo, useState } from "react";
import { Form, redirect, useLocation } from "react-router";
import { EditorButtons, RowActions, SettingsCard } from "~/components/admin/settings-editor";
import { rowWords, SettingsScreen, useSettingsScreen } from "~/components/admin/settings-screen";
import { Field, fieldsOf, FormMessage } from "~/components/ui/field";
import { refuse, staffAction, staffRequest } from "~/routes/admin/staff-request.server";
import {
  fillTemplate,
  TEMPLATE_BODY_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_PLACEHOLDERS,
  type TemplateValues,
  unknownPlaceholders,
} from "~/domain/sale/reply-template-text";
import {
  deleteTemplate,
  getTemplate,
  listTemplates,
  type ReplyTemplate,
  saveTemplate,
  TEMPLATE_NOT_FOUND,
} from "~/domain/sale/reply-templates.server";
import { type FieldProblems, formInput, type TypedValues } from "~/utils/forms";
import { staffText } from "~/domain/staff/staff-problems";
import { useT } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/templates";

/*
 * The owner's reply templates (issue 20): named texts with placeholders that
 * an offer fills in. Added and changed on one screen (?edit=<id> edits in
 * place), with a preview filled with example details as the owner types.
 * Every form works without JavaScript.
 */

export const meta: Route.MetaFunction = noindexMeta("admin", "templates.title");

export async function loader(args: Route.LoaderArgs) {
  // What a save sends the page back with (?saved=): each has its message, templates.saved.*
  const { db, url, saved } = await staffRequest(args, ["added", "updated", "deleted"]);
  const templates = await listTemplates(db);
  const editing = url.searchParams.has("edit") ? await getTemplate(db, Number(url.searchParams.get("edit"))) : null;
  return { templates, editing, saved };
}

type ActionResult = { errors: FieldProblems; values: TypedValues };

export async function action(args: Route.ActionArgs) {
  const { services, staff, form, intent, id } = await staffAction(args);

  if (intent === "delete") {
    if (!(await deleteTemplate(services.db, id, staff)))
      return refuse<ActionResult>({ errors: { form: TEMPLATE_NOT_FOUND }, values: {} }, "not-found");
    return redirect("/admin/templates?saved=deleted");
  }
  if (intent !== "save")
    return refuse<ActionResult>({ errors: { form: staffText("unknownAction") }, values: {} }, "invalid");

  const outcome = await saveTemplate(services.db, formInput(form), staff);
  if (!outcome.ok) return refuse<ActionResult>({ errors: outcome.errors, values: outcome.values }, outcome.refusal);
  return redirect(`/admin/templates?saved=${outcome.created ? "added" : "updated"}`);
}

const card = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";

/** How the text starts, its lines run together, for the list (the greeting alone would not tell templates apart). */
const opening = (body: string) => body.replace(/\s+/g, " ").trim();

export default function TemplatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  const { templates, editing, saved } = loaderData;
  const result = actionData as ActionResult | undefined;
  // A new address (after saving) starts an empty form; a refusal keeps what was typed.
  const location = useLocation();

  return (
    <SettingsScreen
      width="max-w-5xl"
      title={t("templates.title")}
      intro={t("templates.intro")}
      saved={saved && t(`templates.saved.${saved}`)}
    >
      <SettingsCard className={card} titleId="templates-title" title={t("templates.listTitle")}>
        {templates.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t("templates.empty")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="template-list">
            {templates.map((template) => (
              <TemplateRow key={template.id} template={template} current={editing?.id === template.id} />
            ))}
          </ul>
        )}
      </SettingsCard>

      <TemplateForm key={`${editing?.id ?? "new"}:${location.key}`} editing={editing} result={result} />
    </SettingsScreen>
  );
}

function TemplateRow({ template, current }: { template: ReplyTemplate; current: boolean }) {
  const { t } = useT("admin");
  return (
    <li
      className={`flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between ${current ? "-mx-2 rounded-lg bg-accent-50 px-2" : ""}`}
      data-testid="template-row"
    >
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{template.name}</p>
        <p className="line-clamp-2 text-sm text-slate-600 sm:line-clamp-1">{opening(template.body)}</p>
      </div>
      <RowActions
        look="list"
        id={template.id}
        editTo={`/admin/templates?edit=${template.id}#template-form`}
        current={current}
        action="/admin/templates"
        words={rowWords(t, "templates", { name: template.name })}
      />
    </li>
  );
}

function TemplateForm({ editing, result }: { editing: ReplyTemplate | null; result: ActionResult | undefined }) {
  const { t, m, texts, busy } = useSettingsScreen();
  const kept = result?.values;
  const start = { name: kept?.name ?? editing?.name ?? "", body: kept?.body ?? editing?.body ?? "" };
  const [body, setBody] = useState(start.body);
  const field = fieldsOf((name: "name" | "body") => t(`templates.fields.${name}`), start, texts(result?.errors));
  const examples = useMemo(
    () => Object.fromEntries(TEMPLATE_PLACEHOLDERS.map((p) => [p, t(`templates.examples.${p}`)])) as TemplateValues,
    [t],
  );
  const unknown = unknownPlaceholders(body);

  return (
    <SettingsCard
      className={card}
      titleId="template-form-title"
      id="template-form"
      title={editing ? t("templates.editTitle", { name: editing.name }) : t("templates.addTitle")}
    >
      <Form
        method="post"
        action={editing ? `/admin/templates?edit=${editing.id}` : "/admin/templates"}
        className="mt-4 space-y-5"
        noValidate
        data-testid="template-form"
        onChange={(event) => {
          const field = event.target;
          if (field instanceof HTMLTextAreaElement && field.name === "body") setBody(field.value);
        }}
      >
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {result ? (
          <FormMessage tone="error">
            {m(result.errors.form ?? result.errors.id ?? staffText("correctFields"))}
          </FormMessage>
        ) : null}
        <div className="max-w-md">
          <Field {...field("name")} hint={t("templates.nameHint")} maxLength={TEMPLATE_NAME_MAX} />
        </div>
        <div>
          <h3 className="text-sm font-medium text-slate-700">{t("templates.placeholdersTitle")}</h3>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="template-placeholders">
            {TEMPLATE_PLACEHOLDERS.map((p) => (
              <li
                key={p}
                className="inline-flex items-baseline gap-1.5 rounded-lg border border-slate-200 bg-slate-50 px-2.5 py-1 text-sm"
              >
                <code className="shrink-0 font-mono text-[13px] font-semibold whitespace-nowrap text-accent-700">{`{${p}}`}</code>
                <span className="text-slate-600">{t(`templates.placeholders.${p}`)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid gap-5 lg:grid-cols-2">
          <Field {...field("body")} hint={t("templates.bodyHint")} maxLength={TEMPLATE_BODY_MAX} rows={14} />
          <div>
            <h3 id="template-preview-title" className="text-sm font-medium text-slate-700">
              {t("templates.previewTitle")}
            </h3>
            <div
              className="mt-1 min-h-40 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-[15px] break-words whitespace-pre-wrap text-slate-800"
              aria-labelledby="template-preview-title"
              role="region"
              data-testid="template-preview"
            >
              {body.trim() ? (
                fillTemplate(body, examples)
              ) : (
                <span className="text-slate-500">{t("templates.previewEmpty")}</span>
              )}
            </div>
            {unknown.length > 0 ? (
              <p className="mt-1 text-sm text-red-700" data-testid="template-preview-unknown">
                {t("templates.previewUnknown", { unknown: unknown.join(", ") })}
              </p>
            ) : null}
          </div>
        </div>
        <EditorButtons
          editing={editing !== null}
          busy={busy}
          save={t("templates.save")}
          add={t("templates.add")}
          cancel={t("templates.cancel")}
          cancelTo="/admin/templates"
        />
      </Form>
    </SettingsCard>
  );
}
