import { FavouriteList, NotLoggedIn, OwnListPage } from "~/components/store/account-lists";
import { listFavourites } from "~/domain/accounts/favourites.server";
import { useT } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import { ownListPage } from "~/routes/account/own-list.server";
import type { Route } from "./+types/favorites";

export const meta: Route.MetaFunction = noindexMeta("account", "meta.favorites");

export async function loader(args: Route.LoaderArgs) {
  return ownListPage(args, listFavourites);
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
