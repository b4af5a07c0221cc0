import { Link } from "react-router";
import { FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import { requireStaff } from "~/domain/staff/staff-sessions.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const staff = await requireStaff(db, request);
  const count = async (table: "vehicles" | "parts" | "customers") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const pending = async (kind: "vehicle" | "part") =>
    Number(
      (
        await db
          .selectFrom("quotes")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("kind", "=", kind)
          .where("status", "=", "pending")
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [vehicles, parts, users, vehicleQuotes, partQuotes] = await Promise.all([
    count("vehicles"),
    count("parts"),
    count("customers"),
    pending("vehicle"),
    pending("part"),
  ]);
  const notice = new URL(request.url).searchParams.get("notice") === "product-not-found" ? "Product not found" : null;
  return { adminId: staff.adminId, notice, cards: { vehicles, parts, vehicleQuotes, partQuotes, users } };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { cards } = loaderData;
  const today = new Date().toLocaleDateString("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  const list: [string, number][] = [
    ["Total Vehicles", cards.vehicles],
    ["Parts Inventory", cards.parts],
    ["Vehicle Quotes", cards.vehicleQuotes],
    ["Parts Quotes", cards.partQuotes],
    ["Total Users", cards.users],
  ];
  return (
    <div className="space-y-8">
      {loaderData.notice ? <FormMessage tone="error">{loaderData.notice}</FormMessage> : null}
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Welcome back, {loaderData.adminId}</h1>
        <p className="text-slate-600" suppressHydrationWarning>
          {today}
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5" data-testid="dashboard-cards">
        {list.map(([label, value]) => (
          <li key={label} className="rounded-xl border border-slate-200 bg-white p-5">
            <p className="text-sm text-slate-600">{label}</p>
            <p className="mt-1 text-3xl font-bold text-slate-900">{value.toLocaleString("en-US")}</p>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        {[
          ["/admin/upload-vehicle", "Upload vehicle"],
          ["/admin/upload-part", "Upload part"],
          ["/admin/all-products", "All vehicles"],
          ["/admin/vehicle-quotes", "Vehicle quotes"],
        ].map(([to, label]) => (
          <Link
            key={to}
            to={to!}
            className="rounded-lg bg-accent-700 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-800"
          >
            {label}
          </Link>
        ))}
      </div>
    </div>
  );
}
