import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { getServices } from "~/context.server";
import { requireStaff } from "~/routes/guards.server";
import type { Route } from "./+types/layout";

// The layout checks too, but every admin loader and action checks for itself:
// loaders run in parallel, so a layout alone guards nothing.
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(getServices(context), request);
  return { adminId: staff.adminId };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell adminId={loaderData.adminId}>
      <Outlet />
    </AdminShell>
  );
}
