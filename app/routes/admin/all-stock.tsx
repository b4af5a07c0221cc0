import { staffText } from "~/domain/staff/staff-problems";
import { problem } from "~/i18n/problem";
import { data } from "react-router";
import { StockTable } from "~/components/admin/stock-table";
import { adminListStock, deleteStock, readAdminQuery } from "~/domain/inventory/admin-stock.server";
import { kindOfAdminPath, STOCK_ADMIN } from "~/domain/inventory/admin-stock";
import { STOCK_KINDS } from "~/domain/inventory/stock-kinds";
import { noindexMeta } from "~/components/ui/page-meta";
import { staffRequest } from "~/routes/admin/staff-request.server";
import type { Route } from "./+types/all-stock";

// One module for All Vehicles (/admin/all-products) and All Parts (/admin/all-parts-products).

export const meta: Route.MetaFunction = noindexMeta("admin", (path) => STOCK_ADMIN[kindOfAdminPath(path)].titles.list);

export async function loader(args: Route.LoaderArgs) {
  const { db, url } = await staffRequest(args);
  const kind = kindOfAdminPath(url.pathname);
  const query = readAdminQuery(url.searchParams);
  const list = await adminListStock(db, STOCK_KINDS[kind].path, query);
  return { kind, query: { ...query, page: list.page }, ...list, updated: url.searchParams.get("notice") === "updated" };
}

export async function action(args: Route.ActionArgs) {
  const { services, staff } = await staffRequest(args);
  const { db, media } = services;
  const { path } = STOCK_KINDS[kindOfAdminPath(args.url.pathname)];
  const form = await args.request.formData();
  const ids = form.getAll("ids").map(Number);
  if (form.get("intent") !== "delete" || ids.length === 0) {
    return data({ ok: false, message: problem(`stockTable.${path}.selectFirst`) }, { status: 400 });
  }
  try {
    const { deleted, missing } = await deleteStock(db, media, path, ids, staff);
    if (missing > 0) return data({ ok: false, message: problem(`stockTable.${path}.failedSome`) }, { status: 409 });
    return { ok: true, message: problem(`stockTable.${path}.deleted`, { count: deleted }) };
  } catch {
    return data({ ok: false, message: problem(`stockTable.${path}.failedSome`) }, { status: 500 });
  }
}

export default function AllStock({ loaderData, actionData }: Route.ComponentProps) {
  const { kind } = loaderData;
  return (
    <StockTable
      kind={kind}
      query={loaderData.query}
      items={loaderData.items}
      total={loaderData.total}
      more={loaderData.more}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      result={actionData ?? (loaderData.updated ? { ok: true, message: staffText("productUpdated") } : undefined)}
    />
  );
}
