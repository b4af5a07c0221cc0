import { getServices } from "~/context.server";
import { isStockKind } from "~/domain/inventory/stock-kinds";
import { requireStaff } from "~/routes/guards.server";
import { stockCsvStream } from "~/domain/stock-io/stock-export.server";
import { shopDay } from "~/i18n/format";
import type { Route } from "./+types/stock-export";

/** The stock of one kind as CSV, in the import's columns, streamed as it is read. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  await requireStaff(getServices(context), request);
  if (!isStockKind(params.kind)) return new Response("Not found", { status: 404 });
  return new Response(stockCsvStream(db, params.kind), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${params.kind === "vehicle" ? "vehicles" : "parts"}-${shopDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
