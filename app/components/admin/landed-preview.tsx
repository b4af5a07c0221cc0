import { Form, Link } from "react-router";
import { SettingsScreen, settingsCard, useSettingsScreen } from "~/components/admin/settings-screen";
import { FormMessage } from "~/components/ui/field";
import { TABLE_COLUMNS, type TablePreview } from "~/domain/landed-cost/tables";
import { useFormat } from "~/i18n/i18n";
import type { Problem } from "~/i18n/problem";

/*
 * One uploaded landed-cost table before it is used: how many rows, what it
 * changes against the version in use, its first rows; "Use this table" makes
 * it the next version. A confirmed upload shows the same, as a record of that
 * version.
 */
export function LandedPreview({ preview, problem }: { preview: TablePreview; problem: Problem | null }) {
  const { t, m, busy } = useSettingsScreen();
  const format = useFormat();
  const columns = TABLE_COLUMNS[preview.name].map((c) => c.name);
  const { changes } = preview;
  return (
    <SettingsScreen
      width="max-w-5xl"
      title={t(preview.confirmed ? "landed.versionTitle" : "titles.landedPreview")}
      intro={t("landed.previewIntro", {
        table: t(`landed.names.${preview.name}`),
        file: preview.fileName,
        source: preview.source,
        date: format.date(`${preview.sourceDate}T00:00:00Z`, { dateStyle: "medium", timeZone: "UTC" }),
      })}
    >
      {problem ? <FormMessage tone="error">{m(problem)}</FormMessage> : null}
      <section className={settingsCard} aria-labelledby="landed-changes" data-testid="landed-preview">
        <h2 id="landed-changes" className="text-lg font-semibold text-slate-900">
          {t("landed.rowsRead", { count: preview.rowCount })}
          {preview.sample ? (
            <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900">
              {t("landed.sample")}
            </span>
          ) : null}
        </h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="landed-changes">
          {changes.current === null
            ? t("landed.firstVersion")
            : t("landed.changes", {
                version: changes.current,
                added: format.number(changes.added),
                changed: format.number(changes.changed),
                removed: format.number(changes.removed),
              })}
        </p>
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("landed.firstRows")}</caption>
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {preview.rows.map((row, i) => (
                <tr key={i}>
                  {columns.map((c) => {
                    const value = row[c];
                    return (
                      <td key={c} className="px-3 py-2 whitespace-nowrap text-slate-800 tabular-nums">
                        {value === null || value === undefined
                          ? "—"
                          : typeof value === "number"
                            ? c.endsWith("percent")
                              ? `${format.decimal(value / 100)} %`
                              : format.number(value)
                            : value}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {preview.rowCount > preview.rows.length ? (
          <p className="mt-2 text-xs text-slate-500">
            {t("landed.moreRows", { count: preview.rowCount - preview.rows.length })}
          </p>
        ) : null}
      </section>
      {preview.confirmed ? (
        <Link to="/admin/landed-cost" className="inline-flex h-11 items-center btn-plain px-5">
          {t("landed.back")}
        </Link>
      ) : (
        <Form method="post" className="flex flex-col gap-3 sm:flex-row">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="id" value={preview.id} />
          <button type="submit" disabled={busy} className="h-11 btn-accent px-6 disabled:opacity-60">
            {t("landed.confirm")}
          </button>
          <Link to="/admin/landed-cost" className="inline-flex h-11 items-center justify-center btn-plain px-5">
            {t("landed.cancel")}
          </Link>
        </Form>
      )}
    </SettingsScreen>
  );
}
