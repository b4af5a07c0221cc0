import { redirect } from "react-router";
import { getServices } from "~/context.server";
import { endCustomerSession } from "~/domain/accounts/sessions.server";
import type { Route } from "./+types/logout";

/** Signs the buyer out: the session row is deleted and the cookie cleared; then home (SPEC 2). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const cookie = await endCustomerSession(services, request);
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

// Signing out changes state, so it is never done by a plain link.
export function loader() {
  return redirect("/");
}
