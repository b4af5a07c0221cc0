import { problem } from "~/i18n/problem";
import { data } from "react-router";
import { QuoteList } from "~/components/admin/quote-list";
import { deleteQuotes, listAdminQuotes, readAdminQuoteQuery } from "~/domain/quotes/admin-quotes.server";
import { kindOfAdminPath, STOCK_ADMIN } from "~/domain/inventory/admin-stock";
import { useT } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import { staffRequest } from "~/routes/admin/staff-request.server";
import type { Route } from "./+types/quote-list";

// One module for Vehicle Quotes (/admin/vehicle-quotes) and Parts Quotes (/admin/parts-quotes).

export const meta: Route.MetaFunction = noindexMeta(
  "admin",
  (path) => STOCK_ADMIN[kindOfAdminPath(path)].titles.quotes,
);

export async function loader(args: Route.LoaderArgs) {
  const { db, url } = await staffRequest(args);
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

export async function action(args: Route.ActionArgs) {
  const { db, staff } = await staffRequest(args);
  const form = await args.request.formData();
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
