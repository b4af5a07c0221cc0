import { getServices } from "~/context.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { parseRecentIds } from "~/domain/buyer-tools/recent";
import { clearRecentViews, vehicleCards } from "~/domain/buyer-tools/recent.server";
import type { Route } from "./+types/recently-viewed";

/**
 * GET ?ids=12,7,30: the cards of a visitor's recently viewed vehicles (the
 * browser keeps the list), at most 12, only vehicles whose pages exist, in
 * the order given. The same for everyone, so browsers may keep it a minute.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const ids = parseRecentIds(new URL(request.url).searchParams.getAll("ids"));
  const items = await vehicleCards(db, ids);
  return Response.json({ items }, { headers: { "Cache-Control": "public, max-age=60" } });
}

/** POST intent=clear: a signed-in buyer forgets their list (the buyer comes from the session). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await request.formData();
  const customer = await getCustomer(services, request);
  if (customer && form.get("intent") === "clear") await clearRecentViews(services.db, customer.id);
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
