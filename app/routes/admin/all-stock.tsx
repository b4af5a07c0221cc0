import { staffText } from "~/domain/staff/staff-problems";
import { problem } from "~/i18n/problem";
import { data } from "react-router";
import { StockTable } from "~/components/admin/stock-table";
import { getServices } from "~/context.server";
import { adminListStock, deleteStock, readAdminQuery } from "~/domain/inventory/admin-stock.server";
import { kindOfAdminPath, STOCK_ADMIN } from "~/domain/inventory/admin-stock";
import { STOCK_KINDS } from "~/domain/inventory/stock-kinds";
import { requireStaff } from "~/routes/guards.server";
import { metaT } from "~/i18n/i18n";
import type { Route } from "./+types/all-stock";

// One module for All Vehicles (/admin/all-products) and All Parts (/admin/all-parts-products).

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: metaT(matches, "admin")(STOCK_ADMIN[kindOfAdminPath(location.pathname)].titles.list) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  await requireStaff(getServices(context), request);
  const kind = kindOfAdminPath(url.pathname);
  const query = readAdminQuery(url.searchParams);
  const list = await adminListStock(db, STOCK_KINDS[kind].path, query);
  return { kind, query: { ...query, page: list.page }, ...list, updated: url.searchParams.get("notice") === "updated" };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { db, media } = getServices(context);
  const staff = await requireStaff(getServices(context), request);
  const { path } = STOCK_KINDS[kindOfAdminPath(url.pathname)];
  const form = await request.formData();
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
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      result={actionData ?? (loaderData.updated ? { ok: true, message: staffText("productUpdated") } : undefined)}
    />
  );
}
