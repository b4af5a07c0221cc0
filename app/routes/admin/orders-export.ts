import { COURIER_NAME } from "~/domain/sale/order-types";
import { orderFilterOf, ordersForExport } from "~/domain/sale/order-view.server";
import { toCsv } from "~/utils/csv";
import { csvDownload } from "~/routes/admin/csv-download";
import { staffRequest } from "~/routes/admin/staff-request.server";
import { SHOP_TIME_ZONE, shopDateTime } from "~/i18n/format";
import type { Route } from "./+types/orders-export";

/** The orders the list's filter finds (every page), as CSV for a spreadsheet. */
export async function loader(args: Route.LoaderArgs) {
  const { db, url } = await staffRequest(args);
  const rows = await ordersForExport(db, orderFilterOf(url.searchParams));
  const csv = toCsv(
    [
      "order",
      "status",
      // The shop's time, as every admin screen shows it.
      `created (${SHOP_TIME_ZONE})`,
      "buyer",
      "email",
      "country",
      "item",
      "ref_id",
      "total_yen",
      "paid_yen",
      "balance_yen",
      "vessel",
      "voyage",
      "etd",
      "eta",
      "bl_number",
      "courier",
      "tracking_number",
    ],
    rows.map((o) => {
      const total = Number(o.total);
      const paid = Number(o.paid);
      return [
        o.number,
        o.status,
        shopDateTime(o.created_at),
        o.buyer_name,
        o.buyer_email,
        o.buyer_country,
        o.item_name,
        o.ref_id,
        // Numbers stay numbers, for the owner's sums; everything typed is text (toCsv makes it safe).
        total,
        paid,
        Math.max(total - paid, 0),
        o.vessel,
        o.voyage,
        o.etd,
        o.eta,
        o.bl_number,
        o.courier ? COURIER_NAME[o.courier] : null,
        o.tracking_number,
      ];
    }),
  );
  return csvDownload(csv, "orders");
}
