import { getServices } from "~/context.server";
import { listFindRequests } from "~/domain/quotes/find-requests.server";
import { requireStaff } from "~/domain/staff/staff-sessions.server";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import type { Route } from "./+types/find-requests";
import { AdminPager } from "~/components/admin/admin-pager";

/*
 * "Find one for me" requests (issue 18.2), listed for the owner beside the
 * vehicle and parts quotes: what the buyer wants, where it goes, and how to
 * reach them. Each was mailed to the owner as it came.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "admin")("titles.findRequests") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  await requireStaff(services, request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return listFindRequests(services.db, Number.isSafeInteger(page) ? page : 1);
}

export default function FindRequests({ loaderData }: Route.ComponentProps) {
  const { t } = useT("admin");
  const format = useFormat();
  const { items, total, page, pageCount } = loaderData;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{t("titles.findRequests")}</h1>
      <p className="text-sm text-slate-600">{t("findRequests.intro", { count: total, total: format.number(total) })}</p>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-600">
          {t("findRequests.empty")}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="find-requests">
          {items.map((r) => (
            <li key={r.number} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-slate-900">{r.wanted}</p>
                <p className="text-xs text-slate-500">
                  {t("findRequests.number", { number: r.number })} ·{" "}
                  {format.date(r.createdAt, { dateStyle: "medium", timeStyle: "short" })}
                </p>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {t("findRequests.destination", { destination: r.destination })} ·{" "}
                {t(r.kind === "part" ? "findRequests.part" : "findRequests.vehicle")} · {t(`quoteStatus.${r.status}`)}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                {r.name} ·{" "}
                <a href={`mailto:${r.email}`} className="text-accent-700 hover:underline">
                  {r.email}
                </a>
                {r.phone ? ` · ${r.phone}` : ""} · {r.language}
              </p>
              {r.message ? <p className="mt-2 text-sm whitespace-pre-line text-slate-600">{r.message}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <AdminPager page={page} pageCount={pageCount} pageHref={(to) => `/admin/find-requests?page=${to}`} />
    </div>
  );
}
