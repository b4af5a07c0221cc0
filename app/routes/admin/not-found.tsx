import { data, Link } from "react-router";
import { getServices } from "~/context.server";
import { requireStaff } from "~/domain/staff/staff-sessions.server";
import type { Route } from "./+types/not-found";

// SPEC 2 "Admin routes": the wording of the admin 404.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(getServices(context).db, request);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];

export default function AdminNotFound() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-6">
      <div className="text-center">
        <p className="text-sm font-semibold text-accent-700">404</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">Page Not Found</h1>
        <p className="mt-3 text-slate-600">The admin page you're looking for doesn't exist.</p>
        <Link to="/admin" className="mt-8 inline-block rounded-lg bg-accent-700 px-5 py-3 font-semibold text-white">
          Return to Dashboard
        </Link>
      </div>
    </div>
  );
}
