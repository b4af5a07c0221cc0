import { data, Link } from "react-router";
import { getServices } from "~/context.server";
import { requireStaff } from "~/routes/guards.server";
import { metaT, useT } from "~/i18n/i18n";
import type { Route } from "./+types/not-found";

// SPEC 2 "Admin routes": the wording of the admin 404.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(getServices(context), request);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "admin")("titles.notFound") },
  { name: "robots", content: "noindex" },
];

export default function AdminNotFound() {
  const { t } = useT("admin");
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-6">
      <div className="text-center">
        <p className="text-sm font-semibold text-accent-700">404</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">{t("notFound.title")}</h1>
        <p className="mt-3 text-slate-600">{t("notFound.text")}</p>
        <Link to="/admin" className="mt-8 inline-block rounded-lg bg-accent-700 px-5 py-3 font-semibold text-white">
          {t("notFound.back")}
        </Link>
      </div>
    </div>
  );
}
