import { pageWithin, readPage } from "~/domain/lists/pagination";
import { FavouriteList, NotLoggedIn, OwnListPage } from "~/components/store/account-lists";
import { getServices } from "~/context.server";
import { listFavourites } from "~/domain/accounts/favourites.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { useT } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/favorites";

const PER_PAGE = 10;

export const meta: Route.MetaFunction = noindexMeta("account", "meta.favorites");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const customer = await getCustomer(getServices(context), request);
  if (!customer) return { signedIn: false as const };
  const asked = readPage(new URL(request.url).searchParams);
  const { items, page, pageCount } = await pageWithin(asked, PER_PAGE, (page) =>
    listFavourites(db, customer.id, page, PER_PAGE),
  );
  return { signedIn: true as const, items, page, pageCount };
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { t } = useT("account");
  if (!loaderData.signedIn) return <NotLoggedIn />;
  return (
    <OwnListPage
      title={t("favorites.title")}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      pageHref={(page) => `/favorites?Page=${page}`}
    >
      {loaderData.items.length === 0 ? (
        <p className="text-slate-600">{t("favorites.empty")}</p>
      ) : (
        <FavouriteList items={loaderData.items} />
      )}
    </OwnListPage>
  );
}
