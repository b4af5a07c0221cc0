import type { Problem } from "~/i18n/problem";
import { useSelection } from "./use-selection";
import { Form, Link } from "react-router";
import { FormMessage } from "~/components/ui/field";
import { imageUrl } from "~/domain/media/image-url";
import { adminListHref } from "~/domain/lists/pagination";
import { QUOTE_STATUSES, type QuoteStatus } from "~/domain/sale/quote-status";
import { useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { ApplyButton, FilterBar, FilterSearch, FilterSelect, PerPageField, TablePager } from "./form-bits";

/** A filter's select. */
const control = "h-10 rounded-lg border border-slate-300 bg-white px-2";

type Row = {
  number: string;
  refId: string;
  item: {
    id: number;
    name: string;
    make: string;
    year: number | null;
    image: { key: string; width: number; height: number; variants: number[] } | null;
  } | null;
  itemNameAtRequest: string;
  name: string;
  country: string;
  preview: string;
  status: QuoteStatus;
  isRead: boolean;
  createdAt: string;
};

export function QuoteList({
  title,
  base,
  exportHref,
  query,
  items,
  total,
  page,
  pageCount,
  result,
}: {
  title: string;
  base: string;
  exportHref: string;
  query: { q: string; status: string; page: number; perPage: number };
  items: Row[];
  total: number;
  page: number;
  pageCount: number;
  result?: { ok: boolean; message: Problem };
}) {
  const { t } = useT("admin");
  const format = useFormat();
  const { message: m } = useProblems("admin");
  const [selected, setSelected] = useSelection<string>(result);
  const filtered = Boolean(query.q || query.status);
  const pageHref = (to: number) =>
    adminListHref(base, { q: query.q, status: query.status, perPage: query.perPage, page: to });
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <a
          href={exportHref}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          download
        >
          {t("quotes.exportCsv")}
        </a>
      </div>
      {result ? <FormMessage tone={result.ok ? "success" : "error"}>{m(result.message)}</FormMessage> : null}
      <FilterBar key={`${query.q}|${query.status}|${query.perPage}`}>
        <FilterSearch
          label={t("quotes.search")}
          defaultValue={query.q}
          placeholder={t("quotes.searchPlaceholder")}
          className="h-10 w-64 rounded-lg border border-slate-300 px-2"
        />
        <FilterSelect
          label={t("quotes.status")}
          name="status"
          defaultValue={query.status}
          className={control}
          all={t("quotes.all")}
        >
          {QUOTE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`quoteStatus.${s}`)}
            </option>
          ))}
        </FilterSelect>
        <PerPageField value={query.perPage} className={control} />
        <ApplyButton>{t("quotes.apply")}</ApplyButton>
      </FilterBar>
      <Form
        method="post"
        onSubmit={(event) => {
          if (!window.confirm(t("quotes.confirmDelete", { count: selected.length }))) event.preventDefault();
        }}
        className="flex items-center justify-between"
      >
        <input type="hidden" name="intent" value="delete" />
        {selected.map((n) => (
          <input key={n} type="hidden" name="numbers" value={n} />
        ))}
        <p className="text-sm text-slate-600" data-testid="quote-total">
          {t("quotes.total", { count: total, total: format.number(total), selected: selected.length })}
        </p>
        <button
          type="submit"
          disabled={selected.length === 0}
          className="h-9 rounded-lg bg-red-700 px-4 text-sm font-semibold text-white disabled:opacity-40"
        >
          {t("quotes.deleteSelected")}
        </button>
      </Form>
      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 px-6 py-14 text-center">
          <p className="text-lg font-semibold text-slate-900">{t("quotes.empty")}</p>
          <p className="mt-1 text-slate-600">{filtered ? t("quotes.emptyFiltered") : t("quotes.emptyNone")}</p>
        </div>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          data-testid="admin-quote-list"
        >
          {items.map((q) => (
            <li
              key={q.number}
              // On a phone the words take the card's whole width under the picture and the status.
              className={`flex flex-wrap items-start gap-x-4 gap-y-2 p-4 sm:flex-nowrap ${q.isRead ? "" : "bg-accent-50"}`}
              data-testid="admin-quote-row"
            >
              <input
                type="checkbox"
                className="mt-1"
                aria-label={t("quotes.selectQuote", { number: q.number })}
                checked={selected.includes(q.number)}
                onChange={() =>
                  setSelected(
                    selected.includes(q.number) ? selected.filter((n) => n !== q.number) : [...selected, q.number],
                  )
                }
              />
              {q.item?.image ? (
                <img
                  src={imageUrl(q.item.image, 200)}
                  width={q.item.image.width}
                  height={q.item.image.height}
                  alt=""
                  className="aspect-[4/3] w-20 rounded object-cover"
                />
              ) : (
                <div className="aspect-[4/3] w-20 rounded bg-slate-100" aria-hidden="true" />
              )}
              <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
                <p className="font-semibold text-slate-900">
                  <Link to={`/admin/quotes/${q.number}`} className="hover:underline">
                    {q.name} · {q.country}
                  </Link>
                  {q.isRead ? null : (
                    <span className="ml-2 rounded-full bg-accent-700 px-2 py-0.5 text-xs text-white">
                      {t("quotes.new")}
                    </span>
                  )}
                </p>
                <p className="text-sm break-words text-slate-600">
                  {t("quotes.details", {
                    item: q.item
                      ? t("quotes.item", {
                          name: q.item.name,
                          make: q.item.make,
                          year: q.item.year ?? t("quotes.notAvailable"),
                        })
                      : t("quotes.itemGone", { name: q.itemNameAtRequest }),
                    refId: q.refId,
                    number: q.number,
                  })}
                </p>
                <p className="mt-1 text-sm text-slate-800">{q.preview || t("quotes.noMessage")}</p>
              </div>
              <div className="ml-auto text-right text-sm">
                <p className="font-semibold text-slate-900">{t(`quoteStatus.${q.status}`)}</p>
                <p className="text-slate-600">{format.date(q.createdAt, { dateStyle: "medium" })}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <TablePager page={page} pageCount={pageCount} pageHref={pageHref} />
    </div>
  );
}
