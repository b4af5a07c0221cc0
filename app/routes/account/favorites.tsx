import { FavouriteList } from "~/components/store/account-lists";
import { OwnList } from "~/components/ui/own-list";
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
  return (
    <OwnList
      list={loaderData}
      path="/favorites"
      title={t("favorites.title")}
      empty={<p className="text-slate-600">{t("favorites.empty")}</p>}
    >
      {(items) => <FavouriteList items={items} />}
    </OwnList>
  );
}
