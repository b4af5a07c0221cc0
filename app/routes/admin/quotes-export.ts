import { exportAdminQuotes, readAdminQuoteQuery } from "~/domain/quotes/admin-quotes.server";
import { toCsv } from "~/utils/csv";
import { SHOP_TIME_ZONE, shopDateTime } from "~/i18n/format";
import { csvDownload } from "~/routes/admin/csv-download";
import { staffRequest } from "~/routes/admin/staff-request.server";
import type { Route } from "./+types/quotes-export";

/** The filtered quote list, every page, as CSV. */
export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const { db, url } = await staffRequest(args);
  const kind = params.kind === "part" ? "part" : params.kind === "vehicle" ? "vehicle" : null;
  if (!kind) return new Response("Not found", { status: 404 });
  const rows = await exportAdminQuotes(db, kind, readAdminQuoteQuery(url.searchParams));
  const csv = toCsv(
    [
      "quote_id",
      // The shop's time, as every admin screen shows it.
      `date (${SHOP_TIME_ZONE})`,
      "status",
      "ref_id",
      kind === "vehicle" ? "vehicle_name" : "part_name",
      "name",
      "country",
      "email",
      "phone",
      "contact_methods",
      ...(kind === "part" ? ["quantity"] : []),
      "message",
    ],
    rows.map((r) => [
      r.number,
      shopDateTime(r.created_at),
      r.status,
      r.ref_id,
      r.item_name,
      r.name,
      r.country,
      r.email,
      r.phone,
      (JSON.parse(r.contact_methods) as string[]).join(" "),
      ...(kind === "part" ? [r.quantity] : []),
      r.message,
    ]),
  );
  return csvDownload(csv, `${kind}-quotes`);
}
