import { problem } from "~/i18n/problem";
import { data } from "react-router";
import { QuoteList } from "~/components/admin/quote-list";
import { getServices } from "~/context.server";
import { deleteQuotes, listAdminQuotes, readAdminQuoteQuery } from "~/domain/quotes/admin-quotes.server";
import { kindOfAdminPath, STOCK_ADMIN } from "~/domain/inventory/admin-stock";
import { requireStaff } from "~/routes/guards.server";
import { metaT, useT } from "~/i18n/i18n";
import type { Route } from "./+types/quote-list";

// One module for Vehicle Quotes (/admin/vehicle-quotes) and Parts Quotes (/admin/parts-quotes).

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: metaT(matches, "admin")(STOCK_ADMIN[kindOfAdminPath(location.pathname)].titles.quotes) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  await requireStaff(getServices(context), request);
  const query = readAdminQuoteQuery(url.searchParams);
  const kind = kindOfAdminPath(url.pathname);
  const list = await listAdminQuotes(db, kind, query);
  const exportParams = new URLSearchParams();
  if (query.q) exportParams.set("q", query.q);
  if (query.status) exportParams.set("status", query.status);
  return {
    query: { ...query, page: list.page },
    ...list,
    exportHref: `/admin/quotes-export/${kind}?${exportParams}`,
    kind,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const staff = await requireStaff(getServices(context), request);
  const form = await request.formData();
  if (form.get("intent") !== "delete")
    return data({ ok: false, message: problem("messages.text.unknownAction") }, { status: 400 });
  const deleted = await deleteQuotes(db, form.getAll("numbers").map(String), staff);
  if (deleted === 0) return data({ ok: false, message: problem("quotes.noneDeleted") }, { status: 400 });
  return { ok: true, message: problem("quotes.deleted", { count: deleted }) };
}

export default function Quotes({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <QuoteList
      title={t(STOCK_ADMIN[loaderData.kind].titles.quotes)}
      base={STOCK_ADMIN[loaderData.kind].quotes}
      exportHref={loaderData.exportHref}
      query={loaderData.query}
      items={loaderData.items}
      total={loaderData.total}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      result={actionData}
    />
  );
}
