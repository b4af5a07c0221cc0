import {
  isLowStock,
  PRICE_BANDS,
  STOCK_ADMIN,
  stockFiltersInUse,
  type StockTableFilters,
} from "~/domain/inventory/admin-stock";
import { KIND_CHOICES } from "~/domain/inventory/catalogue";
import { STOCK_KINDS, type StockKind } from "~/domain/inventory/stock-kinds";
import type { Problem } from "~/i18n/problem";
import { ADMIN_SORTS, SORT_ORDERS } from "~/domain/lists/sorts";
import { STOCK_STATUSES, type StockStatus } from "~/domain/inventory/stock-status";
import { useSelection } from "./use-selection";
import { Form, Link, useNavigation } from "react-router";
import { FormMessage } from "~/components/ui/field";
import { imageUrl } from "~/domain/media/image-url";
import { adminListHref } from "~/domain/lists/pagination";
import { useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { useOptionLabels } from "./admin-options";
import { ApplyButton, FilterBar, FilterSearch, FilterSelect, PerPageField, TablePager } from "./form-bits";

type Row = {
  id: number;
  refId: string;
  name: string;
  make: string;
  model: string;
  year: number | null;
  price: number;
  stockStatus: StockStatus;
  partNumber: string | null;
  /** Vehicles: the whole chassis number, for the owner. */
  chassisNumber: string | null;
  category: string | null;
  quantity: number | null;
  image: { key: string; width: number; height: number; variants: number[] } | null;
};

type Query = StockTableFilters & { q: string; sort: string; page: number; perPage: number };

const control = "h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm";
/** A cell: a line of the row's card on a phone, a table cell from 640 px up. */
const CELL = "col-start-2 sm:table-cell sm:p-3";

export function StockTable({
  kind,
  query,
  items,
  total,
  more,
  page,
  pageCount,
  result,
}: {
  kind: StockKind;
  query: Query;
  items: Row[];
  total: number;
  /** The count stopped at `total` ("1,000+"). */
  more: boolean;
  page: number;
  pageCount: number;
  result?: { ok: boolean; message: Problem } | undefined;
}) {
  const navigation = useNavigation();
  const [selected, setSelected] = useSelection<number>(result);
  const allOnPage = items.length > 0 && items.every((i) => selected.includes(i.id));
  const someOnPage = items.some((i) => selected.includes(i.id));
  const { t } = useT("admin");
  const { message: m } = useProblems("admin");
  const format = useFormat();
  const { label } = useOptionLabels();
  const screens = STOCK_ADMIN[kind];
  const { path } = STOCK_KINDS[kind];
  const pageHref = (to: number) =>
    adminListHref(base, { ...query, sort: query.sort === "newest" ? "" : query.sort, page: to });
  const base = screens.list;
  const { models, subTypes } = KIND_CHOICES[kind];
  /** The filters folded on a phone that narrow the list now: their count shows on the fold. */
  const inUse = stockFiltersInUse(path, query);
  const choice = (name: "make" | "type" | "status" | "band", words: string, options: React.ReactNode) => (
    <FilterSelect
      label={words}
      name={name}
      defaultValue={query[name]}
      className={control}
      all={t("stockTable.filters.all")}
    >
      {options}
    </FilterSelect>
  );
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t(screens.titles.list)}</h1>
        <Link to={screens.upload} className="rounded-lg bg-accent-700 px-4 py-2 text-sm font-semibold text-white">
          {t(`stockTable.${path}.upload`)}
        </Link>
      </div>
      {result ? <FormMessage tone={result.ok ? "success" : "error"}>{m(result.message)}</FormMessage> : null}
      <FilterBar key={JSON.stringify(query)}>
        <FilterSearch
          label={t("stockTable.filters.search")}
          defaultValue={query.q}
          placeholder={t("stockTable.filters.searchPlaceholder")}
          className={`${control} w-56 max-sm:w-full`}
          labelClassName="flex flex-col text-sm text-slate-700 max-sm:basis-full"
        />
        {/* On a phone the other filters fold into one line, so the list starts on the first screen (app.css). */}
        <details className="filter-more">
          <summary>
            {/* The count on a line of its own: beside the buttons a phone leaves the title about seven Japanese characters. */}
            <span>
              <span className="block">{t("stockTable.filters.filtersAndSort")}</span>
              {inUse > 0 ? (
                <>
                  {/* Read out as "Filters and sort, 2 in use", not "sort 2". */}
                  <span className="sr-only">, </span>
                  <span className="block font-normal text-slate-600">
                    {t("stockTable.filters.inUse", { count: inUse })}
                  </span>
                </>
              ) : null}
            </span>
          </summary>
          <div>
            {choice(
              "make",
              t("stockTable.filters.make"),
              Object.keys(models).map((m) => <option key={m}>{m}</option>),
            )}
            {choice(
              "type",
              t("stockTable.filters.type"),
              Object.keys(subTypes).map((type) => (
                <option key={type} value={type}>
                  {label(screens.options.type, type)}
                </option>
              )),
            )}
            {choice(
              "status",
              t("stockTable.filters.status"),
              STOCK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`stockStatus.${status}`)}
                </option>
              )),
            )}
            {choice(
              "band",
              t("stockTable.filters.priceBand"),
              PRICE_BANDS[path].map((b) => (
                <option key={b.value} value={b.value}>
                  {b.labelKey ? t(b.labelKey) : b.label}
                </option>
              )),
            )}
            {(["min", "max"] as const).map((name) => (
              <label key={name} className="flex flex-col text-sm text-slate-700">
                {t(`stockTable.filters.${name}`)}
                <input
                  name={name}
                  inputMode="numeric"
                  defaultValue={query[name] ?? ""}
                  className={`${control} w-28`}
                  maxLength={12}
                />
              </label>
            ))}
            <FilterSelect
              label={t("stockTable.filters.sort")}
              name="sort"
              defaultValue={query.sort}
              className={control}
            >
              {ADMIN_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`stockTable.sort.${SORT_ORDERS[sort].key}`)}
                </option>
              ))}
            </FilterSelect>
            {screens.column === "quantity" ? (
              <label className="flex h-10 items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  name="stock"
                  value="low"
                  defaultChecked={query.stock === "low"}
                  className="h-4 w-4"
                />
                {t("stockTable.filters.lowStock")}
              </label>
            ) : null}
            <PerPageField value={query.perPage} className={control} />
          </div>
        </details>
        <ApplyButton>{t("stockTable.filters.apply")}</ApplyButton>
        <Link to={base} className="h-10 px-2 text-sm leading-10 font-semibold text-accent-700">
          {t("stockTable.filters.clear")}
        </Link>
      </FilterBar>
      <Form
        method="post"
        onSubmit={(event) => {
          const count = selected.length;
          if (!window.confirm(t(`stockTable.${path}.confirmDelete`, { count }))) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        {selected.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <div className="flex flex-wrap items-center justify-between gap-3 py-2">
          <p className="text-sm text-slate-600" data-testid="table-total">
            {t(`stockTable.${path}.total`, {
              count: total,
              // "1,000+" as the public lists write it (totalText); imported here, that module became a
              // script of its own that every public page then loaded (home.e2e.ts holds them to 140 KB).
              total: `${format.number(total)}${more ? "+" : ""}`,
              selected: selected.length,
            })}
          </p>
          <button
            type="submit"
            disabled={selected.length === 0 || navigation.state === "submitting"}
            className="h-9 rounded-lg bg-red-700 px-4 text-sm font-semibold text-white disabled:opacity-40"
          >
            {t("stockTable.deleteSelected")}
          </button>
        </div>
      </Form>
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
        {/* On a phone each row is a card: the item first, then its figures and actions under it. */}
        <table className="block w-full text-left text-sm sm:table" data-testid="stock-table">
          <thead className="hidden bg-slate-50 text-xs tracking-wide text-slate-600 uppercase sm:table-header-group">
            <tr>
              <th className="p-3">
                <input
                  type="checkbox"
                  aria-label={t("stockTable.selectAll")}
                  checked={allOnPage}
                  ref={(el) => {
                    if (el) el.indeterminate = someOnPage && !allOnPage;
                  }}
                  onChange={() =>
                    setSelected(
                      allOnPage
                        ? selected.filter((id) => !items.some((i) => i.id === id))
                        : [...new Set([...selected, ...items.map((i) => i.id)])],
                    )
                  }
                />
              </th>
              <th className="p-3">{t("stockTable.columns.item")}</th>
              <th className="p-3">{t("stockTable.columns.makeModel")}</th>
              <th className="p-3">{t(`stockTable.columns.${screens.column}`)}</th>
              <th className="p-3 text-right">{t("stockTable.columns.price")}</th>
              <th className="p-3">{t("stockTable.columns.status")}</th>
              <th className="p-3">{t("stockTable.columns.actions")}</th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-200 sm:table-row-group">
            {items.length === 0 ? (
              <tr className="block sm:table-row">
                <td colSpan={7} className="block p-8 text-center text-slate-600 sm:table-cell">
                  {t(`stockTable.${path}.empty`)}
                </td>
              </tr>
            ) : null}
            {items.map((row) => (
              <tr
                key={row.id}
                data-testid="stock-row"
                className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 p-3 sm:table-row sm:p-0 ${selected.includes(row.id) ? "bg-accent-50" : ""}`}
              >
                <td className="row-span-2 pt-1 sm:table-cell sm:p-3">
                  <input
                    type="checkbox"
                    aria-label={t("stockTable.selectItem", { name: row.name })}
                    checked={selected.includes(row.id)}
                    onChange={() =>
                      setSelected(
                        selected.includes(row.id) ? selected.filter((id) => id !== row.id) : [...selected, row.id],
                      )
                    }
                  />
                </td>
                <td className="sm:table-cell sm:p-3">
                  <div className="flex items-center gap-3">
                    {row.image ? (
                      <img
                        src={imageUrl(row.image, 200)}
                        width={row.image.width}
                        height={row.image.height}
                        alt=""
                        className="aspect-[4/3] w-16 rounded object-cover"
                      />
                    ) : (
                      <div className="aspect-[4/3] w-16 rounded bg-slate-100" aria-hidden="true" />
                    )}
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">{row.name}</p>
                      <p className="text-xs break-words text-slate-500">
                        {row.partNumber
                          ? t("stockTable.referenceWithPart", {
                              refId: row.refId,
                              id: row.id,
                              partNumber: row.partNumber,
                            })
                          : row.chassisNumber
                            ? t("stockTable.referenceWithChassis", {
                                refId: row.refId,
                                id: row.id,
                                chassis: row.chassisNumber,
                              })
                            : t("stockTable.reference", { refId: row.refId, id: row.id })}
                      </p>
                    </div>
                  </div>
                </td>
                <td className={`text-slate-700 ${CELL}`}>
                  <span className="text-slate-500 sm:hidden">{t("stockTable.columns.makeModel")}: </span>
                  {row.make} {row.model}
                </td>
                <td className={`text-slate-700 ${CELL}`}>
                  <span className="text-slate-500 sm:hidden">{t(`stockTable.columns.${screens.column}`)}: </span>
                  {screens.column === "year" ? (
                    (row.year ?? t("stockTable.notAvailable"))
                  ) : (
                    <span>
                      {row.quantity}
                      {isLowStock(row) ? (
                        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                          {t("stockTable.lowStock")}
                        </span>
                      ) : null}
                    </span>
                  )}
                </td>
                <td className={`font-semibold text-slate-900 sm:text-right ${CELL}`}>
                  <span className="font-normal text-slate-500 sm:hidden">{t("stockTable.columns.price")}: </span>
                  {format.yen(row.price)}
                </td>
                <td className={CELL}>
                  <span className="text-slate-500 sm:hidden">{t("stockTable.columns.status")}: </span>
                  {t(`stockStatus.${row.stockStatus}`)}
                </td>
                <td className={`pt-1 ${CELL}`}>
                  <div className="flex gap-5 sm:gap-3">
                    <Link
                      to={`/${path}/${row.id}`}
                      className="font-semibold text-accent-700 hover:underline"
                      aria-label={t("stockTable.viewItem", { name: row.name })}
                    >
                      {t("stockTable.view")}
                    </Link>
                    <Link
                      to={`${screens.edit[0]}/${row.id}`}
                      className="font-semibold text-accent-700 hover:underline"
                      aria-label={t("stockTable.editItem", { name: row.name })}
                    >
                      {t("stockTable.edit")}
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TablePager page={page} pageCount={pageCount} pageHref={pageHref} />
    </div>
  );
}
