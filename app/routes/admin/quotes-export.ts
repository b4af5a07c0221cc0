import { getServices } from "~/context.server";
import { exportAdminQuotes, readAdminQuoteQuery } from "~/domain/quotes/admin-quotes.server";
import { toCsv } from "~/utils/csv";
import { SHOP_TIME_ZONE, shopDateTime, shopDay } from "~/i18n/format";
import { requireStaff } from "~/routes/guards.server";
import type { Route } from "./+types/quotes-export";

/** The filtered quote list, every page, as CSV. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  await requireStaff(getServices(context), request);
  const kind = params.kind === "part" ? "part" : params.kind === "vehicle" ? "vehicle" : null;
  if (!kind) return new Response("Not found", { status: 404 });
  const rows = await exportAdminQuotes(db, kind, readAdminQuoteQuery(new URL(request.url).searchParams));
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
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind}-quotes-${shopDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
