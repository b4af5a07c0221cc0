import { getServices } from "~/context.server";
import { requireStaff } from "~/routes/guards.server";
import { importProgress } from "~/domain/stock-io/stock-import.server";
import type { Route } from "./+types/stock-import-progress";

/** How far a running import has come, for its page's bar. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  await requireStaff(services, request);
  const progress = await importProgress(services.db, Number(params.id));
  if (!progress) return Response.json({ status: null }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return Response.json(progress, { headers: { "Cache-Control": "no-store" } });
}
