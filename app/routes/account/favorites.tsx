import { pageWithin, readPage } from "~/domain/lists/pagination";
import { FavouriteList, NotLoggedIn, ownListPagerWords } from "~/components/store/account-lists";
import { Pager } from "~/components/ui/pager";
import { getServices } from "~/context.server";
import { listFavourites } from "~/domain/accounts/favourites.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import type { Route } from "./+types/favorites";

const PER_PAGE = 10;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "account")("meta.favorites") },
  { name: "robots", content: "noindex" },
];

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
  const format = useFormat();
  if (!loaderData.signedIn) return <NotLoggedIn />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl title">{t("favorites.title")}</h1>
      <div className="mt-6">
        {loaderData.items.length === 0 ? (
          <p className="text-slate-600">{t("favorites.empty")}</p>
        ) : (
          <FavouriteList items={loaderData.items} />
        )}
      </div>
      <Pager
        numbers="none"
        page={loaderData.page}
        pageCount={loaderData.pageCount}
        pageHref={(page) => `/favorites?Page=${page}`}
        words={ownListPagerWords(t, format, loaderData.page, loaderData.pageCount)}
      />
    </div>
  );
}
