import { data } from "react-router";
import { StockTable } from "~/components/admin/stock-table";
import { getServices } from "~/context.server";
import { PRICE_BANDS } from "~/domain/inventory/admin-stock";
import { adminListStock, deleteStock, readAdminQuery } from "~/domain/inventory/admin-stock.server";
import { VEHICLE_MAKES, VEHICLE_TYPES } from "~/domain/inventory/catalogue";
import { requireStaff } from "~/domain/staff/staff-sessions.server";
import type { Route } from "./+types/all-products";

export const meta: Route.MetaFunction = () => [{ title: "All Vehicles" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  await requireStaff(db, request);
  const query = readAdminQuery(new URL(request.url).searchParams);
  const list = await adminListStock(db, "vehicles", query);
  const updated = new URL(request.url).searchParams.get("notice") === "updated";
  return { query: { ...query, page: list.page }, ...list, updated };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, media } = getServices(context);
  const staff = await requireStaff(db, request);
  const form = await request.formData();
  const ids = form.getAll("ids").map(Number);
  if (form.get("intent") !== "delete" || ids.length === 0)
    return data({ ok: false, message: "Select the vehicles to delete first." }, { status: 400 });
  try {
    const { deleted, missing } = await deleteStock(db, media, "vehicles", ids, staff);
    if (missing > 0)
      return data({ ok: false, message: "Failed to delete some vehicles. Please try again." }, { status: 409 });
    return { ok: true, message: `Deleted ${deleted} ${deleted === 1 ? "vehicle" : "vehicles"}.` };
  } catch {
    return data({ ok: false, message: "Failed to delete some vehicles. Please try again." }, { status: 500 });
  }
}

export default function AllStock({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StockTable
      kind="vehicles"
      title="All Vehicles"
      base="/admin/all-products"
      query={loaderData.query}
      items={loaderData.items}
      total={loaderData.total}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      makes={VEHICLE_MAKES}
      types={VEHICLE_TYPES}
      bands={PRICE_BANDS.vehicles}
      result={actionData ?? (loaderData.updated ? { ok: true, message: "Product updated successfully!" } : undefined)}
    />
  );
}
