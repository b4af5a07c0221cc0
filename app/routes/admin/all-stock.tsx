import { staffText } from "~/domain/staff/staff-problems";
import { problem } from "~/i18n/problem";
import { data } from "react-router";
import { StockTable } from "~/components/admin/stock-table";
import { getServices } from "~/context.server";
import { kindOfPath, PRICE_BANDS, STOCK_SCREENS } from "~/domain/inventory/admin-stock";
import { adminListStock, deleteStock, readAdminQuery } from "~/domain/inventory/admin-stock.server";
import { PART_MAKES, PART_TYPES, VEHICLE_MAKES, VEHICLE_TYPES } from "~/domain/inventory/catalogue";
import { requireStaff } from "~/domain/staff/staff-sessions.server";
import { metaT, useT } from "~/i18n/i18n";
import type { Route } from "./+types/all-stock";

// One module for All Vehicles (/admin/all-products) and All Parts (/admin/all-parts-products).

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: metaT(matches, "admin")(STOCK_SCREENS[kindOfPath(location.pathname)].titleKey) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  await requireStaff(getServices(context), request);
  const url = new URL(request.url);
  const kind = kindOfPath(url.pathname);
  const query = readAdminQuery(url.searchParams);
  const list = await adminListStock(db, kind, query);
  return { kind, query: { ...query, page: list.page }, ...list, updated: url.searchParams.get("notice") === "updated" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, media } = getServices(context);
  const staff = await requireStaff(getServices(context), request);
  const kind = kindOfPath(new URL(request.url).pathname);
  const form = await request.formData();
  const ids = form.getAll("ids").map(Number);
  if (form.get("intent") !== "delete" || ids.length === 0) {
    return data({ ok: false, message: problem(`stockTable.${kind}.selectFirst`) }, { status: 400 });
  }
  try {
    const { deleted, missing } = await deleteStock(db, media, kind, ids, staff);
    if (missing > 0) return data({ ok: false, message: problem(`stockTable.${kind}.failedSome`) }, { status: 409 });
    return { ok: true, message: problem(`stockTable.${kind}.deleted`, { count: deleted }) };
  } catch {
    return data({ ok: false, message: problem(`stockTable.${kind}.failedSome`) }, { status: 500 });
  }
}

export default function AllStock({ loaderData, actionData }: Route.ComponentProps) {
  const { kind } = loaderData;
  const { t } = useT("admin");
  return (
    <StockTable
      kind={kind}
      title={t(STOCK_SCREENS[kind].titleKey)}
      base={STOCK_SCREENS[kind].list}
      query={loaderData.query}
      items={loaderData.items}
      total={loaderData.total}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      makes={kind === "vehicles" ? VEHICLE_MAKES : PART_MAKES}
      types={kind === "vehicles" ? VEHICLE_TYPES : PART_TYPES}
      bands={PRICE_BANDS[kind]}
      result={actionData ?? (loaderData.updated ? { ok: true, message: staffText("productUpdated") } : undefined)}
    />
  );
}
