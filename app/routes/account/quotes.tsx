import { pageWithin, readPage } from "~/domain/lists/pagination";
import { NoQuotes, NotLoggedIn, QuoteList, ownListPagerWords } from "~/components/store/account-lists";
import { Pager } from "~/components/ui/pager";
import { getServices } from "~/context.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { withCovers } from "~/domain/quotes/quote-covers.server";
import { listCustomerQuotes } from "~/domain/quotes/quotes.server";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import type { Route } from "./+types/quotes";

const PER_PAGE = 10;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "account")("meta.quotes") },
  { name: "robots", content: "noindex" },
];

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
  const format = useFormat();
  if (!loaderData.signedIn) return <NotLoggedIn />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl title">{t("quotes.title")}</h1>
      <div className="mt-6">
        {loaderData.items.length === 0 ? <NoQuotes text={t("quotes.empty")} /> : <QuoteList items={loaderData.items} />}
      </div>
      <Pager
        numbers="none"
        page={loaderData.page}
        pageCount={loaderData.pageCount}
        pageHref={(page) => `/quotes?Page=${page}`}
        words={ownListPagerWords(t, format, loaderData.page, loaderData.pageCount)}
      />
    </div>
  );
}
