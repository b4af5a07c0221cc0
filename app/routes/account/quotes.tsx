import { pageWithin, readPage } from "~/domain/lists/pagination";
import { NoQuotes, NotLoggedIn, OwnListPage, QuoteList } from "~/components/store/account-lists";
import { getServices } from "~/context.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { withCovers } from "~/domain/quotes/quote-covers.server";
import { listCustomerQuotes } from "~/domain/quotes/quotes.server";
import { useT } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/quotes";

const PER_PAGE = 10;

export const meta: Route.MetaFunction = noindexMeta("account", "meta.quotes");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const customer = await getCustomer(getServices(context), request);
  if (!customer) return { signedIn: false as const };
  const asked = readPage(new URL(request.url).searchParams);
  const { items, page, pageCount } = await pageWithin(asked, PER_PAGE, (page) =>
    listCustomerQuotes(db, customer.id, page, PER_PAGE),
  );
  return { signedIn: true as const, items: await withCovers(db, items), page, pageCount };
}

export default function Quotes({ loaderData }: Route.ComponentProps) {
  const { t } = useT("account");
  if (!loaderData.signedIn) return <NotLoggedIn />;
  return (
    <OwnListPage
      title={t("quotes.title")}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      pageHref={(page) => `/quotes?Page=${page}`}
    >
      {loaderData.items.length === 0 ? <NoQuotes text={t("quotes.empty")} /> : <QuoteList items={loaderData.items} />}
    </OwnListPage>
  );
}
