import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormMessage } from "~/components/ui/field";
import { formatYen } from "~/domain/inventory/price";
import { STOCK_STATUS_LABEL } from "~/domain/inventory/inventory";
import { imageUrl } from "~/domain/media/image-url";

type Row = {
  id: number;
  refId: string;
  name: string;
  make: string;
  model: string;
  year: number | null;
  price: number;
  stockStatus: "available" | "reserved" | "sold";
  partNumber: string | null;
  category: string | null;
  quantity: number | null;
  image: { key: string; width: number; height: number; variants: number[] } | null;
};

type Query = {
  q: string;
  make: string;
  type: string;
  status: string;
  band: string;
  min: number | null;
  max: number | null;
  sort: string;
  page: number;
  perPage: number;
};

const control = "h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm";

function href(base: string, query: Query, change: Partial<Query>) {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(next)) {
    if (
      v === null ||
      v === "" ||
      (k === "page" && v === 1) ||
      (k === "perPage" && v === 20) ||
      (k === "sort" && v === "newest")
    )
      continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `${base}?${s}` : base;
}

/** Five page buttons around the current page, with first, previous, next and last (SPEC 9). */
function Pager({ base, query, page, pageCount }: { base: string; query: Query; page: number; pageCount: number }) {
  const start = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, i) => start + i);
  const cell = "flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm";
  const link = (to: number, label: string, aria: string) =>
    to < 1 || to > pageCount || to === page ? (
      <span className={`${cell} text-slate-500`} aria-hidden={label.length > 2 ? "true" : undefined}>
        {label}
      </span>
    ) : (
      <Link
        to={href(base, query, { page: to })}
        className={`${cell} text-slate-700 hover:bg-slate-100`}
        aria-label={aria}
      >
        {label}
      </Link>
    );
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-1">
      {link(1, "«", "First page")}
      {link(page - 1, "‹", "Previous page")}
      {pages.map((p) =>
        p === page ? (
          <span key={p} aria-current="page" className={`${cell} bg-accent-700 font-semibold text-white`}>
            {p}
          </span>
        ) : (
          <Link
            key={p}
            to={href(base, query, { page: p })}
            className={`${cell} text-slate-700 hover:bg-slate-100`}
            aria-label={`Page ${p}`}
          >
            {p}
          </Link>
        ),
      )}
      {link(page + 1, "›", "Next page")}
      {link(pageCount, "»", "Last page")}
    </nav>
  );
}

export function StockTable({
  kind,
  title,
  base,
  query,
  items,
  total,
  page,
  pageCount,
  makes,
  types,
  bands,
  result,
}: {
  kind: "vehicles" | "parts";
  title: string;
  base: string;
  query: Query;
  items: Row[];
  total: number;
  page: number;
  pageCount: number;
  makes: string[];
  types: string[];
  bands: { value: string; label: string }[];
  result?: { ok: boolean; message: string } | undefined;
}) {
  const navigation = useNavigation();
  const [selected, setSelected] = useState<number[]>([]);
  const allOnPage = items.length > 0 && items.every((i) => selected.includes(i.id));
  const someOnPage = items.some((i) => selected.includes(i.id));
  const noun = kind === "vehicles" ? "vehicles" : "parts";
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <Link
          to={kind === "vehicles" ? "/admin/upload-vehicle" : "/admin/upload-part"}
          className="rounded-lg bg-accent-700 px-4 py-2 text-sm font-semibold text-white"
        >
          {kind === "vehicles" ? "Upload vehicle" : "Upload part"}
        </Link>
      </div>
      {result ? <FormMessage tone={result.ok ? "success" : "error"}>{result.message}</FormMessage> : null}
      <form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
        key={JSON.stringify(query)}
      >
        <label className="flex flex-col text-sm text-slate-700">
          Search
          <input
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="Name, make, model, ref, id"
            className={`${control} w-56`}
            maxLength={100}
          />
        </label>
        <label className="flex flex-col text-sm text-slate-700">
          Make
          <select name="make" defaultValue={query.make} className={control}>
            <option value="">All</option>
            {makes.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm text-slate-700">
          Type
          <select name="type" defaultValue={query.type} className={control}>
            <option value="">All</option>
            {types.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm text-slate-700">
          Status
          <select name="status" defaultValue={query.status} className={control}>
            <option value="">All</option>
            <option value="available">Available</option>
            <option value="reserved">Reserved</option>
            <option value="sold">Sold</option>
          </select>
        </label>
        <label className="flex flex-col text-sm text-slate-700">
          Price band
          <select name="band" defaultValue={query.band} className={control}>
            <option value="">All</option>
            {bands.map((b) => (
              <option key={b.value} value={b.value}>
                {b.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm text-slate-700">
          Min ¥
          <input
            name="min"
            inputMode="numeric"
            defaultValue={query.min ?? ""}
            className={`${control} w-28`}
            maxLength={12}
          />
        </label>
        <label className="flex flex-col text-sm text-slate-700">
          Max ¥
          <input
            name="max"
            inputMode="numeric"
            defaultValue={query.max ?? ""}
            className={`${control} w-28`}
            maxLength={12}
          />
        </label>
        <label className="flex flex-col text-sm text-slate-700">
          Sort
          <select name="sort" defaultValue={query.sort} className={control}>
            <option value="newest">Newest</option>
            <option value="oldest">Oldest</option>
            <option value="price_asc">Price: low to high</option>
            <option value="price_desc">Price: high to low</option>
            <option value="name">Name</option>
          </select>
        </label>
        <label className="flex flex-col text-sm text-slate-700">
          Per page
          <select name="perPage" defaultValue={String(query.perPage)} className={control}>
            {[20, 40, 60, 80, 100, 200].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="h-10 rounded-lg bg-slate-800 px-4 text-sm font-semibold text-white">
          Apply
        </button>
        <Link to={base} className="h-10 px-2 text-sm leading-10 font-semibold text-accent-700">
          Clear
        </Link>
      </form>
      <Form
        method="post"
        onSubmit={(event) => {
          const count = selected.length;
          if (!window.confirm(`Are you sure you want to delete ${count} ${noun}?`)) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        {selected.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <div className="flex flex-wrap items-center justify-between gap-3 py-2">
          <p className="text-sm text-slate-600" data-testid="table-total">
            {total.toLocaleString("en-US")} {noun} · {selected.length} selected
          </p>
          <button
            type="submit"
            disabled={selected.length === 0 || navigation.state === "submitting"}
            className="h-9 rounded-lg bg-red-700 px-4 text-sm font-semibold text-white disabled:opacity-40"
          >
            Delete selected
          </button>
        </div>
      </Form>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="stock-table">
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th className="p-3">
                <input
                  type="checkbox"
                  aria-label="Select all on this page"
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
              <th className="p-3">Item</th>
              <th className="p-3">Make / model</th>
              <th className="p-3">{kind === "vehicles" ? "Year" : "Quantity"}</th>
              <th className="p-3 text-right">Price</th>
              <th className="p-3">Status</th>
              <th className="p-3">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {items.length === 0 ? (
              <tr>
                <td colSpan={7} className="p-8 text-center text-slate-600">
                  No {noun} match these filters.
                </td>
              </tr>
            ) : null}
            {items.map((row) => (
              <tr key={row.id} className={selected.includes(row.id) ? "bg-accent-50" : undefined}>
                <td className="p-3">
                  <input
                    type="checkbox"
                    aria-label={`Select ${row.name}`}
                    checked={selected.includes(row.id)}
                    onChange={() =>
                      setSelected(
                        selected.includes(row.id) ? selected.filter((id) => id !== row.id) : [...selected, row.id],
                      )
                    }
                  />
                </td>
                <td className="p-3">
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
                    <div>
                      <p className="font-semibold text-slate-900">{row.name}</p>
                      <p className="text-xs text-slate-500">
                        Ref {row.refId} · #{row.id}
                        {row.partNumber ? ` · ${row.partNumber}` : ""}
                      </p>
                    </div>
                  </div>
                </td>
                <td className="p-3 text-slate-700">
                  {row.make} {row.model}
                </td>
                <td className="p-3 text-slate-700">
                  {kind === "vehicles" ? (
                    (row.year ?? "N/A")
                  ) : (
                    <span>
                      {row.quantity}
                      {row.quantity !== null && row.quantity < 10 ? (
                        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                          Low stock
                        </span>
                      ) : null}
                    </span>
                  )}
                </td>
                <td className="p-3 text-right font-semibold text-slate-900">{formatYen(row.price)}</td>
                <td className="p-3">{STOCK_STATUS_LABEL[row.stockStatus]}</td>
                <td className="p-3">
                  <div className="flex gap-3">
                    <Link
                      to={`/${kind}/${row.id}`}
                      className="font-semibold text-accent-700 hover:underline"
                      aria-label={`View ${row.name}`}
                    >
                      View
                    </Link>
                    <Link
                      to={kind === "vehicles" ? `/admin/edit/${row.id}` : `/admin/edit-part/${row.id}`}
                      className="font-semibold text-accent-700 hover:underline"
                      aria-label={`Edit ${row.name}`}
                    >
                      Edit
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Page {page} of {pageCount}
        </p>
        <Pager base={base} query={query} page={page} pageCount={pageCount} />
      </div>
    </div>
  );
}
