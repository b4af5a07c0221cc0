import { problem } from "~/i18n/problem";
import { readPage } from "~/domain/lists/pagination";
import { data, Form, useNavigation } from "react-router";
import { useProblems } from "~/i18n/messages";
import { getServices } from "~/context.server";
import { changeFindRequestStatus } from "~/domain/quotes/admin-quotes.server";
import { listFindRequests } from "~/domain/quotes/find-requests.server";
import { findRequestMovesFrom } from "~/domain/quotes/find-request-status";
import { requireStaff } from "~/routes/guards.server";
import { useFormat, useT } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/find-requests";
import { TablePager } from "~/components/admin/form-bits";

/*
 * "Find one for me" requests (issue 18.2), listed for the owner beside the
 * vehicle and parts quotes: what the buyer wants, where it goes, and how to
 * reach them. Each was mailed to the owner as it came.
 */

export const meta: Route.MetaFunction = noindexMeta("admin", "titles.findRequests");

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  await requireStaff(services, request);
  return listFindRequests(services.db, readPage(new URL(request.url).searchParams, "page"));
}

/** Marks a request answered or closed, as a quote is (the same status machine). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const staff = await requireStaff(services, request);
  const form = await request.formData();
  const number = String(form.get("number") ?? "");
  if (form.get("intent") !== "status")
    return data({ ok: false, message: problem("messages.text.unknownAction"), number }, { status: 400 });
  const outcome = await changeFindRequestStatus(services.db, number, String(form.get("to") ?? ""), staff);
  return outcome.ok
    ? { ok: true, message: problem("quote.statusChanged"), number }
    : data({ ok: false, message: outcome.message, number }, { status: 400 });
}

export default function FindRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  const format = useFormat();
  const navigation = useNavigation();
  const { message: m } = useProblems("admin");
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
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {findRequestMovesFrom(r.status).map((move) => (
                  <Form method="post" key={move.to}>
                    <input type="hidden" name="intent" value="status" />
                    <input type="hidden" name="number" value={r.number} />
                    <input type="hidden" name="to" value={move.to} />
                    <button
                      type="submit"
                      disabled={navigation.state === "submitting"}
                      className="h-9 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                    >
                      {t(`findRequests.moves.${move.to}`)}
                    </button>
                  </Form>
                ))}
                {actionData?.number === r.number ? (
                  <p role="status" className={`text-sm ${actionData.ok ? "text-emerald-700" : "text-red-700"}`}>
                    {m(actionData.message)}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <TablePager page={page} pageCount={pageCount} pageHref={(to) => `/admin/find-requests?page=${to}`} />
    </div>
  );
}
