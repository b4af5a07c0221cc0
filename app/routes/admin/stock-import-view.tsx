import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { FormMessage } from "~/components/ui/field";
import { TablePager } from "~/components/admin/form-bits";
import { getServices } from "~/context.server";
import { STOCK_ADMIN } from "~/domain/inventory/admin-stock";
import { requireStaff } from "~/routes/guards.server";
import { refusalStatus } from "~/routes/refusal-status";
import { ROW_OUTCOMES, type PreviewRow, type RowOutcome } from "~/domain/stock-io/import-preview";
import { cancelImport, confirmImport, forgetOldImports, getImport } from "~/domain/stock-io/stock-import.server";
import { staffText } from "~/domain/staff/staff-problems";
import { shopDateTime } from "~/i18n/format";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import type { Problem } from "~/i18n/problem";
import type { Route } from "./+types/stock-import-view";

/*
 * One stock import (issue 23): before the owner's word, every row with what
 * it would do; while it runs, a bar; afterwards, what it did. Rows are shown a
 * hundred at a time, errors first to hand.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "admin")("titles.stockImport") },
  { name: "robots", content: "noindex" },
];

const PER_PAGE = 100;

export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const services = getServices(context);
  await requireStaff(services, request);
  await forgetOldImports(services);
  const view = await getImport(services.db, Number(params.id));
  if (!view) throw data(null, { status: 404 });
  const show = ROW_OUTCOMES.find((o) => o === url.searchParams.get("show")) ?? null;
  const { rows: allRows, ...preview } = view.preview;
  const rows = show ? allRows.filter((r) => r.outcome === show) : allRows;
  const pageCount = Math.max(1, Math.ceil(rows.length / PER_PAGE));
  const page = Math.min(pageCount, Math.max(1, Number(url.searchParams.get("page")) || 1));
  return {
    ...view,
    preview,
    show,
    page,
    pageCount,
    rows: rows.slice((page - 1) * PER_PAGE, page * PER_PAGE),
  };
}

type ActionResult = { problem: Problem };

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const staff = await requireStaff(services, request);
  const id = Number(params.id);
  const intent = String((await request.formData()).get("intent") ?? "");
  if (intent === "confirm") {
    const outcome = await confirmImport(services, staff, id);
    if (!outcome.ok)
      return data<ActionResult>({ problem: outcome.problem }, { status: refusalStatus(outcome.refusal) });
    // The import goes on after this answer; its page follows it.
    return redirect(`/admin/stock-import/${id}`);
  }
  if (intent === "cancel") {
    if (!(await cancelImport(services, id)))
      return data<ActionResult>({ problem: staffText("import.notWaiting") }, { status: 409 });
    return redirect(`/admin/stock-import/${id}`);
  }
  return data<ActionResult>({ problem: staffText("import.notFound") }, { status: 400 });
}

const card = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";

const TONE: Record<RowOutcome, string> = {
  new: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  update: "bg-sky-50 text-sky-800 ring-sky-200",
  unchanged: "bg-slate-50 text-slate-700 ring-slate-200",
  error: "bg-red-50 text-red-800 ring-red-200",
};

/** Follows a running import: asks for its progress each second, and reloads the page once it has ended. */
function useRunProgress(id: number, running: boolean, initial: { done: number; total: number }) {
  const [progress, setProgress] = useState(initial);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const timer = setInterval(() => {
      void fetch(`/admin/stock-import/${id}/progress`, { headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? r.json() : null))
        .then((p: { status: string; done: number; total: number } | null) => {
          if (stopped || !p) return;
          setProgress({ done: p.done, total: p.total });
          if (p.status !== "running") void revalidator.revalidate();
        })
        .catch(() => {});
    }, 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [id, running, revalidator]);
  return progress;
}

function RowLine({ row }: { row: PreviewRow }) {
  const { t } = useT("admin");
  const { message: m } = useProblems("admin");
  return (
    <li className="py-3" data-testid="import-row" data-outcome={row.outcome} data-line={row.line}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="w-16 shrink-0 text-sm text-slate-500">{t("stockImport.line", { line: row.line })}</span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${TONE[row.outcome]}`}
          data-testid="row-outcome"
        >
          {t(`stockImport.rowOutcomes.${row.outcome}`)}
        </span>
        <span className="font-medium break-all text-slate-900">{row.refId ?? "—"}</span>
        <span className="min-w-0 break-words text-slate-700">{row.name}</span>
        {row.photos > 0 ? (
          <span className="text-sm text-slate-500">{t("stockImport.photoCount", { count: row.photos })}</span>
        ) : null}
      </div>
      {row.changes.length > 0 ? (
        <p className="mt-1 pl-0 text-sm text-slate-600 sm:pl-[4.75rem]">
          {t("stockImport.changes", { columns: row.changes.join(", ") })}
        </p>
      ) : null}
      {row.problems.length > 0 ? (
        <ul className="mt-1 space-y-0.5 text-sm text-red-800 sm:pl-[4.75rem]">
          {row.problems.map((p, i) => (
            <li key={i} data-testid="row-problem">
              {p.cell ? <span className="font-mono font-semibold">{p.cell}</span> : null}
              {p.cell && p.column ? ` (${p.column})` : p.column ? p.column : null}
              {p.cell || p.column ? ": " : null}
              {m(p.message)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export default function StockImportView({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  const format = useFormat();
  const { message: m } = useProblems("admin");
  const navigation = useNavigation();
  const v = loaderData;
  const running = v.status === "running";
  const progress = useRunProgress(v.id, running, v.progress);
  const waiting = v.status === "previewed" && !v.expired;
  const good = v.preview.counts.new + v.preview.counts.update;
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const listPath = STOCK_ADMIN[v.kind].list;
  const query = (params: Record<string, string | number | null>) => {
    const search = new URLSearchParams();
    for (const [k, value] of Object.entries(params)) if (value !== null && value !== 1) search.set(k, String(value));
    const text = search.toString();
    return text ? `?${text}` : "";
  };

  return (
    <div className="max-w-4xl space-y-6">
      {running ? <meta httpEquiv="refresh" content="3" /> : null}
      <div>
        <Link to="/admin/stock-import" className="text-sm text-accent-700 underline">
          {t("stockImport.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold break-words text-slate-900">{v.fileName}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t(`stockImport.kinds.${v.kind}`)}
          {v.zipName ? ` · ${v.zipName}` : ""} · {shopDateTime(v.createdAt)} ·{" "}
          <span data-testid="import-status">{t(`stockImport.status.${v.status}`)}</span>
        </p>
      </div>

      {actionData ? <FormMessage tone="error">{m((actionData as ActionResult).problem)}</FormMessage> : null}
      {v.expired ? <FormMessage tone="error">{m(staffText("import.expired"))}</FormMessage> : null}

      {running ? (
        <section className={card} aria-labelledby="run-title">
          <h2 id="run-title" className="text-lg font-semibold text-slate-900">
            {t("stockImport.running")}
          </h2>
          <progress
            value={progress.done}
            max={Math.max(1, progress.total)}
            aria-label={t("stockImport.running")}
            className="mt-3 h-3 w-full overflow-hidden rounded-full accent-accent-700"
          />
          <p className="mt-2 text-sm text-slate-600" aria-live="polite">
            {t("stockImport.progress", {
              done: format.number(progress.done),
              total: format.number(progress.total),
              percent,
            })}
          </p>
        </section>
      ) : null}

      {v.result ? (
        <section className={card} aria-labelledby="result-title" data-testid="import-result">
          <h2 id="result-title" className="text-lg font-semibold text-slate-900">
            {v.status === "done" ? t("stockImport.doneTitle") : t("stockImport.failedTitle")}
          </h2>
          {v.result.problem ? (
            <FormMessage tone="error">{m(v.result.problem)}</FormMessage>
          ) : (
            <p className="mt-2 text-slate-800">
              {t("stockImport.doneSummary", {
                created: format.number(v.result.created),
                updated: format.number(v.result.updated),
                unchanged: format.number(v.result.unchanged),
                failed: format.number(v.result.failed.length),
                photos: format.number(v.result.photos),
                seconds: format.number(Math.round(v.result.seconds * 10) / 10),
              })}
            </p>
          )}
          {v.result.failed.length > 0 ? (
            <ul className="mt-3 space-y-1 text-sm text-red-800">
              {v.result.failed.slice(0, 100).map((f) => (
                <li key={f.line}>
                  {t("stockImport.line", { line: f.line })} {f.refId ?? ""}:{" "}
                  {f.problems.map((p) => `${p.cell ? `${p.cell} ` : ""}${m(p.message)}`).join(" ")}
                </li>
              ))}
            </ul>
          ) : null}
          <Link to={listPath} className="mt-4 inline-block font-medium text-accent-700 underline">
            {t(`stockImport.toList.${v.kind}`)}
          </Link>
        </section>
      ) : null}

      <section className={card} aria-labelledby="preview-title">
        <h2 id="preview-title" className="text-lg font-semibold text-slate-900">
          {t("stockImport.previewTitle")}
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="import-counts">
          {ROW_OUTCOMES.map((o) => (
            <li key={o}>
              <Link
                to={query({ show: v.show === o ? null : o })}
                aria-current={v.show === o ? "true" : undefined}
                className={`flex min-h-11 flex-col rounded-lg px-3 py-2 ring-1 ${TONE[o]} ${v.show === o ? "ring-2" : ""}`}
                data-outcome={o}
              >
                <span className="text-2xl font-bold tabular-nums">{format.number(v.preview.counts[o])}</span>
                <span className="text-sm">{t(`stockImport.outcomes.${o}`)}</span>
              </Link>
            </li>
          ))}
        </ul>

        {v.preview.unknownColumns.length > 0 ? (
          <p className="mt-3 text-sm text-amber-800">
            {t("stockImport.unknownColumns", { columns: v.preview.unknownColumns.join(", ") })}
          </p>
        ) : null}
        {v.preview.shopColumns.length > 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            {t("stockImport.shopColumns", { columns: v.preview.shopColumns.join(", ") })}
          </p>
        ) : null}
        {v.preview.photosWithoutRow.length > 0 ? (
          <p className="mt-2 text-sm text-amber-800">
            {t("stockImport.photosWithoutRow", { refs: v.preview.photosWithoutRow.slice(0, 20).join(", ") })}
          </p>
        ) : null}
        {v.preview.photosUnnamed.length > 0 ? (
          <p className="mt-2 text-sm break-words text-amber-800">
            {t("stockImport.photosUnnamed", { names: v.preview.photosUnnamed.slice(0, 10).join(", ") })}
          </p>
        ) : null}

        {waiting ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="confirm"
                disabled={good === 0 || navigation.state !== "idle"}
                className="min-h-11 rounded-lg bg-accent-700 px-5 font-semibold text-white hover:bg-accent-800 disabled:opacity-60"
              >
                {t("stockImport.confirm", { count: good })}
              </button>
            </Form>
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="cancel"
                disabled={navigation.state !== "idle"}
                className="min-h-11 rounded-lg border border-slate-300 px-5 font-medium text-slate-800 hover:bg-slate-50"
              >
                {t("stockImport.cancel")}
              </button>
            </Form>
            <p className="w-full text-sm text-slate-600">
              {v.preview.counts.error > 0
                ? t("stockImport.confirmWithErrors", { count: v.preview.counts.error })
                : t("stockImport.confirmHint")}
            </p>
          </div>
        ) : null}

        <ul
          className="mt-4 divide-y divide-slate-100 border-t border-slate-100"
          aria-label={t("stockImport.rowsLabel")}
        >
          {v.rows.map((row) => (
            <RowLine key={row.line} row={row} />
          ))}
        </ul>
        {v.pageCount > 1 ? (
          <TablePager page={v.page} pageCount={v.pageCount} pageHref={(page) => query({ show: v.show, page })} />
        ) : null}
      </section>
    </div>
  );
}
