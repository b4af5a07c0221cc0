import { redirect } from "react-router";
import { getServices } from "~/context.server";
import { endStaffSession } from "~/domain/staff/staff-sessions.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const cookie = await endStaffSession(services, request);
  return redirect("/admin/login", { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/admin/login");
}
