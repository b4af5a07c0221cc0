import { data } from "react-router";
import { StockTable } from "~/components/admin/stock-table";
import { getServices } from "~/context.server";
import { kindOfPath, PRICE_BANDS, STOCK_SCREENS } from "~/domain/inventory/admin-stock";
import { adminListStock, deleteStock, readAdminQuery } from "~/domain/inventory/admin-stock.server";
import { PART_MAKES, PART_TYPES, VEHICLE_MAKES, VEHICLE_TYPES } from "~/domain/inventory/catalogue";
import { requireStaff } from "~/domain/staff/staff-sessions.server";
import type { Route } from "./+types/all-stock";

// One module for All Vehicles (/admin/all-products) and All Parts (/admin/all-parts-products).

export const meta: Route.MetaFunction = ({ location }) => [
  { title: STOCK_SCREENS[kindOfPath(location.pathname)].title },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  await requireStaff(db, request);
  const url = new URL(request.url);
  const kind = kindOfPath(url.pathname);
  const query = readAdminQuery(url.searchParams);
  const list = await adminListStock(db, kind, query);
  return { kind, query: { ...query, page: list.page }, ...list, updated: url.searchParams.get("notice") === "updated" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, media } = getServices(context);
  const staff = await requireStaff(db, request);
  const { one, many } = STOCK_SCREENS[kindOfPath(new URL(request.url).pathname)];
  const form = await request.formData();
  const ids = form.getAll("ids").map(Number);
  if (form.get("intent") !== "delete" || ids.length === 0) {
    return data({ ok: false, message: `Select the ${many} to delete first.` }, { status: 400 });
  }
  try {
    const { deleted, missing } = await deleteStock(db, media, kindOfPath(new URL(request.url).pathname), ids, staff);
    if (missing > 0)
      return data({ ok: false, message: `Failed to delete some ${many}. Please try again.` }, { status: 409 });
    return { ok: true, message: `Deleted ${deleted} ${deleted === 1 ? one : many}.` };
  } catch {
    return data({ ok: false, message: `Failed to delete some ${many}. Please try again.` }, { status: 500 });
  }
}

export default function AllStock({ loaderData, actionData }: Route.ComponentProps) {
  const { kind } = loaderData;
  return (
    <StockTable
      kind={kind}
      title={STOCK_SCREENS[kind].title}
      base={STOCK_SCREENS[kind].list}
      query={loaderData.query}
      items={loaderData.items}
      total={loaderData.total}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      makes={kind === "vehicles" ? VEHICLE_MAKES : PART_MAKES}
      types={kind === "vehicles" ? VEHICLE_TYPES : PART_TYPES}
      bands={PRICE_BANDS[kind]}
      result={actionData ?? (loaderData.updated ? { ok: true, message: "Product updated successfully!" } : undefined)}
    />
  );
}
