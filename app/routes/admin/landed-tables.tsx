import { data, Form, Link, redirect } from "react-router";
import { SettingsCard } from "~/components/admin/settings-editor";
import { SettingsScreen, settingsCard, useSettingsScreen } from "~/components/admin/settings-screen";
import { noindexMeta } from "~/components/ui/page-meta";
import {
  isLoadableTable,
  landedCountriesOf,
  LOADABLE_TABLES,
  TABLE_COLUMNS,
  type LoadableTable,
} from "~/domain/landed-cost/tables";
import { uploadProblemText } from "~/domain/landed-cost/table-problems";
import {
  confirmLandedTable,
  getPreview,
  previewLandedTable,
  tableVersions,
  type TableVersion,
} from "~/domain/landed-cost/landed-tables.server";
import { LandedPreview } from "~/components/admin/landed-preview";
import { readMultipart, UploadError } from "~/domain/media/multipart.server";
import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import { Field, SelectField } from "~/components/ui/field";
import { refusalStatus } from "~/routes/refusal-status";
import { staffAction, staffRequest } from "~/routes/admin/staff-request.server";
import { useFormat } from "~/i18n/i18n";
import type { Problem } from "~/i18n/problem";
import { FORM_BODY_LIMIT, UPLOAD_ROUTE } from "~/utils/route-handle";
import type { Route } from "./+types/landed-tables";

/*
 * The tables the landed-cost estimate reads (issue 43.2): what is in use, with
 * its source and date, and a form to load a new version. A file is read and
 * shown first (./landed-table.tsx); nothing changes until the owner confirms.
 */

/** The file streams in with its own limit. */
export const handle = UPLOAD_ROUTE;

export const meta: Route.MetaFunction = noindexMeta("admin", "titles.landed");

// A CRSP list of every model KRA prices is a few thousand rows: 5 MB leaves room for the largest guide.
const MAX_TABLE_MB = 5;
const MAX_TABLE_BYTES = MAX_TABLE_MB * 1024 * 1024;

const idOf = (param: string | null) => (param && /^\d{1,15}$/.test(param) ? Number(param) : 0);

export async function loader(args: Route.LoaderArgs) {
  const { services, url } = await staffRequest(args);
  // One upload, before it is used (or a version, as a record): ?preview=<id>.
  if (url.searchParams.has("preview")) {
    const preview = await getPreview(services.db, idOf(url.searchParams.get("preview")));
    if (!preview) throw data(null, { status: 404 });
    return { preview, versions: [], loaded: null };
  }
  const loaded = url.searchParams.get("loaded");
  return {
    preview: null,
    versions: await tableVersions(services.db),
    loaded: loaded && isLoadableTable(loaded) ? loaded : null,
  };
}

type Typed = { name: string; source: string; sourceDate: string };
type ActionResult = { problems: Problem[]; values: Typed; confirm?: undefined } | { confirm: Problem };

export async function action(args: Route.ActionArgs) {
  // The preview's "Use this table" is a plain form; an upload is multipart.
  const type = (args.request.headers.get("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) {
    // This route streams uploads past the shop's usual form checks: a plain form is checked here.
    await staffRequest(args);
    const length = Number(args.request.headers.get("content-length") ?? 0);
    if (!type.startsWith("application/x-www-form-urlencoded"))
      return data<ActionResult>({ confirm: staffText("landed.formNotRead") }, { status: 415 });
    if (!(length > 0 && length <= FORM_BODY_LIMIT))
      return data<ActionResult>({ confirm: staffText("landed.formNotRead") }, { status: 413 });
    const { services, staff, intent, form } = await staffAction(args);
    const done =
      intent === "confirm"
        ? await confirmLandedTable(services.db, staff, idOf(String(form.get("id") ?? "")))
        : ({ ok: false, problem: "not_found" } as const);
    if (done.ok) return redirect(`/admin/landed-cost?loaded=${done.name}`);
    const refusal = {
      not_found: { key: "landed.previewGone", status: 404 },
      already_confirmed: { key: "landed.alreadyConfirmed", status: 409 },
      loaded_meanwhile: { key: "landed.loadedMeanwhile", status: 409 },
    }[done.problem];
    return data<ActionResult>({ confirm: staffText(refusal.key) }, { status: refusal.status });
  }
  const { services, staff } = await staffRequest(args);
  const refuse = (status: number, problems: Problem[], values: Typed) =>
    data<ActionResult>({ problems, values }, { status });
  let form;
  try {
    form = await readMultipart(args.request, { maxFiles: 1, maxFileBytes: MAX_TABLE_BYTES, maxFields: 5 });
  } catch (error) {
    if (error instanceof UploadError)
      return refuse(
        refusalStatus(error.refusal),
        // The upload's own words speak of photos: a table's limit is its own.
        [error.refusal === "too-large" ? staffPattern("landed.tooLarge", { max: MAX_TABLE_MB }) : error.problem],
        { name: "", source: "", sourceDate: "" },
      );
    throw error;
  }
  const field = (name: string) => form.fields.get(name)?.[0] ?? "";
  const values = { name: field("name"), source: field("source"), sourceDate: field("sourceDate") };
  const file = form.files.find((f) => f.field === "file");
  if (!file || file.data.length === 0) return refuse(400, [staffText("landed.chooseFile")], values);
  const read = await previewLandedTable(services.db, staff, {
    ...values,
    fileName: file.filename,
    bytes: file.data,
  });
  if (!read.ok) return refuse(400, read.problems.map(uploadProblemText), values);
  return redirect(`/admin/landed-cost?preview=${read.preview.id}`);
}

export default function LandedTablesPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.preview) return <LandedPreview preview={loaderData.preview} problem={actionData?.confirm ?? null} />;
  return <LandedTables {...loaderData} refused={actionData?.confirm ? null : (actionData ?? null)} />;
}

function LandedTables({
  versions,
  loaded,
  refused,
}: {
  versions: TableVersion[];
  loaded: LoadableTable | null;
  refused: { problems: Problem[]; values: Typed } | null;
}) {
  const { t, m, busy } = useSettingsScreen();
  const format = useFormat();
  const day = (iso: string) => format.date(`${iso}T00:00:00Z`, { dateStyle: "medium", timeZone: "UTC" });
  const versionText = (v: TableVersion) =>
    t("landed.version", {
      version: v.version,
      date: day(v.sourceDate),
      rows: format.number(v.rowCount),
      source: v.source,
    });
  const byName = new Map<string, TableVersion[]>();
  for (const v of versions) byName.set(v.name, [...(byName.get(v.name) ?? []), v]);
  const typed = refused?.values;
  return (
    <SettingsScreen
      width="max-w-5xl"
      title={t("titles.landed")}
      intro={t("landed.intro")}
      saved={loaded ? t("landed.loaded", { table: t(`landed.names.${loaded}`) }) : null}
    >
      <SettingsCard className={settingsCard} titleId="landed-load" title={t("landed.loadTitle")}>
        {refused ? (
          <div
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
            data-testid="landed-problems"
          >
            <p>{t("landed.refused")}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {refused.problems.map((p, i) => (
                <li key={i}>{m(p)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <SelectField id="landed-name" label={t("landed.table")} name="name" defaultValue={typed?.name ?? ""}>
            <option value="">{t("landed.chooseTable")}</option>
            {LOADABLE_TABLES.map((name) => (
              <option key={name} value={name}>
                {t(`landed.names.${name}`)}
              </option>
            ))}
          </SelectField>
          <Field
            id="landed-date"
            label={t("landed.sourceDate")}
            name="sourceDate"
            type="date"
            defaultValue={typed?.sourceDate ?? ""}
          />
          <div className="sm:col-span-2">
            <Field
              id="landed-source"
              label={t("landed.source")}
              name="source"
              maxLength={300}
              defaultValue={typed?.source ?? ""}
              hint={t("landed.sourceHint")}
            />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="landed-file" className="field-label">
              {t("landed.file")}
            </label>
            <input
              id="landed-file"
              name="file"
              type="file"
              required
              accept=".csv,text/csv,text/plain"
              aria-describedby="landed-file-hint"
              className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-medium"
            />
            <p id="landed-file-hint" className="mt-1 text-sm text-slate-500">
              {typed ? t("landed.fileAgain") : t("landed.fileHint", { max: MAX_TABLE_MB })}
            </p>
          </div>
          <div className="sm:col-span-2">
            <button type="submit" disabled={busy} className="h-11 w-full btn-accent px-6 disabled:opacity-60 sm:w-auto">
              {t("landed.preview")}
            </button>
          </div>
        </Form>
      </SettingsCard>

      <section aria-labelledby="landed-in-use" className="space-y-3">
        <h2 id="landed-in-use" className="text-lg font-semibold text-slate-900">
          {t("landed.inUse")}
        </h2>
        <ul className="space-y-3">
          {LOADABLE_TABLES.map((name) => {
            const [current, ...earlier] = byName.get(name) ?? [];
            return (
              <li key={name} className={settingsCard} data-testid="landed-table" data-table={name}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{t(`landed.names.${name}`)}</h3>
                  <span className="text-sm text-slate-500">
                    {landedCountriesOf(name)
                      .map((c) => t(`landed.countries.${c}`))
                      .join(", ")}
                  </span>
                </div>
                {current ? (
                  <p className="mt-2 text-sm text-slate-700" data-testid="landed-current">
                    {versionText(current)}
                    {current.sample ? (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {t("landed.sample")}
                      </span>
                    ) : null}
                  </p>
                ) : (
                  <p className="mt-2 text-sm text-amber-900" data-testid="landed-current">
                    {t("landed.notLoaded")}
                  </p>
                )}
                <p className="mt-1 text-xs break-words text-slate-500">
                  {t("landed.columns", { columns: TABLE_COLUMNS[name].map((c) => c.name).join(", ") })}
                </p>
                {earlier.length > 0 ? (
                  <details className="mt-2 text-sm text-slate-600">
                    <summary className="cursor-pointer">{t("landed.earlier", { count: earlier.length })}</summary>
                    <ul className="mt-1 space-y-1">
                      {earlier.map((v) => (
                        <li key={v.version}>
                          <Link to={`/admin/landed-cost?preview=${v.id}`} className="underline">
                            {versionText(v)}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
    </SettingsScreen>
  );
}
