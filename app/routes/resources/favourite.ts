import { redirect } from "react-router";
import { getServices } from "~/context.server";
import { setFavourite } from "~/domain/accounts/favourites.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import type { Route } from "./+types/favourite";

/**
 * Saves or forgets a favourite for the signed-in buyer, then goes back. The
 * buyer comes from the session, never from the form: no one can touch
 * another buyer's favourites.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const form = await request.formData();
  const back = safeRedirectPath(form.get("redirectTo"), "/favorites");
  const customer = await getCustomer(getServices(context), request);
  // Pressed before the page's scripts arrived (they ask in place): the sign-in page says why, then comes back.
  if (!customer) throw redirect(`/login?redirectTo=${encodeURIComponent(back)}&why=favourite`);
  // One of vehicleId or partId: the item the buyer pressed the heart on.
  const kind = form.has("partId") ? "part" : "vehicle";
  const id = Number(form.get(kind === "part" ? "partId" : "vehicleId"));
  if (Number.isSafeInteger(id) && id > 0) {
    await setFavourite(db, customer.id, kind, id, form.get("favourite") === "on");
  }
  return redirect(back);
}

export function loader() {
  return redirect("/favorites");
}
