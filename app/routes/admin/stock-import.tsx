import { useState } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { FormMessage } from "~/components/ui/field";
import { SettingsCard } from "~/components/admin/settings-editor";
import { MAX_IMAGES_PER_ITEM } from "~/domain/inventory/inventory.schema";
import { staffText } from "~/domain/staff/staff-problems";
import { staffRequest } from "~/routes/admin/staff-request.server";
import { handleStockUpload, type StockUploadAnswer } from "./import-action.server";
import { STOCK_COLUMNS } from "~/domain/stock-io/stock-columns";
import { forgetOldImports, recentImports } from "~/domain/stock-io/stock-import.server";
import { shopDateTime } from "~/i18n/format";
import { useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import type { Problem } from "~/i18n/problem";
import { UPLOAD_ROUTE } from "~/utils/route-handle";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/stock-import";

/*
 * Stock in bulk (issue 23): the owner uploads a CSV of vehicles or parts, and
 * a ZIP of their photos beside it, and sees what it would do before anything
 * is written; the same page exports the stock in the same columns.
 */

/** The file and the ZIP stream in with their own limits. */
export const handle = UPLOAD_ROUTE;

export const meta: Route.MetaFunction = noindexMeta("admin", "titles.stockImport");

export async function loader(args: Route.LoaderArgs) {
  const { services } = await staffRequest(args);
  await forgetOldImports(services);
  return { recent: await recentImports(services.db, 10) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await handleStockUpload(request, context);
  if (answer.body.ok) return redirect(`/admin/stock-import/${answer.body.id}`);
  return data(answer.body, { status: answer.status });
}

const card = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";

/** Sends the form with XMLHttpRequest, so the page can show how much of a large file has gone. */
function useUploadProgress() {
  const navigate = useNavigate();
  const [sent, setSent] = useState<number | null>(null);
  const [answer, setAnswer] = useState<StockUploadAnswer["body"] | null>(null);
  function submit(form: HTMLFormElement) {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/admin/api/stock-import");
    xhr.responseType = "json";
    setSent(0);
    setAnswer(null);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) setSent(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as StockUploadAnswer["body"] | null;
      setSent(null);
      if (body?.ok) navigate(`/admin/stock-import/${body.id}`);
      else setAnswer(body ?? { ok: false, id: null, field: null, problem: staffText("uploadNoAnswer") });
    };
    xhr.onerror = () => {
      setSent(null);
      setAnswer({ ok: false, id: null, field: null, problem: staffText("uploadConnectionLost") });
    };
    xhr.send(new FormData(form));
  }
  return { sent, answer, submit };
}

/** A file input with its label, and its hint or, after a refusal, the reason in its place. */
function FileField(props: {
  id: string;
  name: string;
  label: string;
  hint: string;
  accept: string;
  required?: boolean;
  error?: string;
}) {
  const { id, error } = props;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type="file"
        required={props.required}
        accept={props.accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-${error ? "error" : "hint"}`}
        className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-medium"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
          {props.hint}
        </p>
      )}
    </div>
  );
}

export default function StockImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  const { message: m } = useProblems("admin");
  const navigation = useNavigation();
  const upload = useUploadProgress();
  const shown = upload.answer ?? (actionData as StockUploadAnswer["body"] | undefined);
  const busy = navigation.state !== "idle" || upload.sent !== null;
  const [kind, setKind] = useState<"vehicle" | "part">("vehicle");
  const problemFor = (field: string): Problem | null => (shown?.field === field ? shown.problem : null);
  const fileError = problemFor("file");
  const photosError = problemFor("photos");

  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("titles.stockImport")}</h1>
        <p className="mt-1 text-slate-600">{t("stockImport.intro")}</p>
      </div>

      {shown && !shown.ok && !fileError && !photosError ? (
        <FormMessage tone="error">{m(shown.problem)}</FormMessage>
      ) : null}

      <SettingsCard className={card} titleId="import-title" title={t("stockImport.uploadTitle")}>
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-4 space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            upload.submit(event.currentTarget);
          }}
        >
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">{t("stockImport.kind")}</legend>
            <div className="mt-2 flex flex-wrap gap-3">
              {(["vehicle", "part"] as const).map((k) => (
                <label
                  key={k}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 has-checked:border-accent-600 has-checked:bg-accent-50"
                >
                  <input
                    type="radio"
                    name="kind"
                    value={k}
                    checked={kind === k}
                    onChange={() => setKind(k)}
                    className="h-4 w-4"
                  />
                  {t(`stockImport.kinds.${k}`)}
                </label>
              ))}
            </div>
          </fieldset>

          <FileField
            id="import-file"
            name="file"
            label={t("stockImport.file")}
            hint={t("stockImport.fileHint")}
            accept=".csv,text/csv,text/plain"
            required
            error={fileError ? m(fileError) : undefined}
          />
          <FileField
            id="import-photos"
            name="photos"
            label={t("stockImport.photos")}
            hint={t("stockImport.photosHint", { max: MAX_IMAGES_PER_ITEM })}
            accept=".zip,application/zip"
            error={photosError ? m(photosError) : undefined}
          />

          {upload.sent !== null ? (
            <div>
              <div className="flex justify-between text-sm text-slate-700">
                <span>{t("stockImport.sending")}</span>
                <span>{upload.sent}%</span>
              </div>
              <progress
                value={upload.sent}
                max={100}
                aria-label={t("stockImport.sending")}
                className="mt-1 h-2 w-full overflow-hidden rounded-full accent-accent-700"
              />
            </div>
          ) : null}

          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-lg bg-accent-700 px-5 font-semibold text-white hover:bg-accent-800 disabled:opacity-60"
          >
            {t("stockImport.preview")}
          </button>
          <p className="text-sm text-slate-500">{t("stockImport.nothingYet")}</p>
        </Form>
      </SettingsCard>

      <SettingsCard className={card} titleId="export-title" title={t("stockImport.exportTitle")}>
        <p className="mt-1 text-sm text-slate-600">{t("stockImport.exportIntro")}</p>
        <div className="mt-3 flex flex-wrap gap-3">
          {(["vehicle", "part"] as const).map((k) => (
            <a
              key={k}
              href={`/admin/stock-export/${k}`}
              download
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-medium text-slate-800 hover:bg-slate-50"
            >
              {t(`stockImport.export.${k}`)}
            </a>
          ))}
        </div>
        <details className="mt-4 text-sm text-slate-600">
          <summary className="cursor-pointer font-medium text-slate-800">{t("stockImport.columnsTitle")}</summary>
          {(["vehicle", "part"] as const).map((k) => (
            <p key={k} className="mt-2 break-words">
              <span className="font-medium">{t(`stockImport.kinds.${k}`)}:</span>{" "}
              <code className="text-xs">{STOCK_COLUMNS[k].map((c) => c.header).join(", ")}</code>
            </p>
          ))}
          <p className="mt-2">{t("stockImport.columnsHint")}</p>
        </details>
      </SettingsCard>

      {loaderData.recent.length > 0 ? (
        <SettingsCard className={card} titleId="recent-title" title={t("stockImport.recentTitle")}>
          <ul className="mt-3 divide-y divide-slate-100">
            {loaderData.recent.map((r) => (
              <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
                <Link to={`/admin/stock-import/${r.id}`} className="font-medium text-accent-700 underline">
                  {r.fileName}
                </Link>
                <span className="text-slate-600">
                  {t(`stockImport.kinds.${r.kind}`)} · {t(`stockImport.status.${r.status}`)} ·{" "}
                  {shopDateTime(r.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </SettingsCard>
      ) : null}
    </div>
  );
}
