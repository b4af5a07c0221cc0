import { NoQuotes, QuoteList } from "~/components/store/account-lists";
import { OwnList } from "~/components/ui/own-list";
import { getServices } from "~/context.server";
import { withCovers } from "~/domain/quotes/quote-covers.server";
import { listCustomerQuotes } from "~/domain/quotes/quotes.server";
import { useT } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import { ownListPage } from "~/routes/account/own-list.server";
import type { Route } from "./+types/quotes";

export const meta: Route.MetaFunction = noindexMeta("account", "meta.quotes");

export async function loader(args: Route.LoaderArgs) {
  const list = await ownListPage(args, listCustomerQuotes);
  if (!list.signedIn) return list;
  return { ...list, items: await withCovers(getServices(args.context).db, list.items) };
}

export default function Quotes({ loaderData }: Route.ComponentProps) {
  const { t } = useT("account");
  return (
    <OwnList list={loaderData} path="/quotes" title={t("quotes.title")} empty={<NoQuotes text={t("quotes.empty")} />}>
      {(items) => <QuoteList items={items} />}
    </OwnList>
  );
}
