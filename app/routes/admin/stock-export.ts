import { isStockKind } from "~/domain/inventory/stock-kinds";
import { csvDownload } from "~/routes/admin/csv-download";
import { staffRequest } from "~/routes/admin/staff-request.server";
import { stockCsvStream } from "~/domain/stock-io/stock-export.server";
import type { Route } from "./+types/stock-export";

/** The stock of one kind as CSV, in the import's columns, streamed as it is read. */
export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const { db } = await staffRequest(args);
  if (!isStockKind(params.kind)) return new Response("Not found", { status: 404 });
  return csvDownload(stockCsvStream(db, params.kind), params.kind === "vehicle" ? "vehicles" : "parts");
}
