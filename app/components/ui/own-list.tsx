import { NotLoggedIn, OwnListPage } from "~/components/store/account-lists";

/** A page of a buyer's own list as `ownListPage` reads it; a visitor is not signed in. */
type OwnListData<T> = { signedIn: false } | { signedIn: true; items: T[]; page: number; pageCount: number };

/** A buyer's favourites or quotes, a page at a time (`path?Page=2`): what it says when empty, or the items. */
export function OwnList<T>({
  list,
  path,
  title,
  empty,
  children,
}: {
  list: OwnListData<T>;
  path: string;
  title: string;
  empty: React.ReactNode;
  children: (items: T[]) => React.ReactNode;
}) {
  if (!list.signedIn) return <NotLoggedIn />;
  return (
    <OwnListPage title={title} page={list.page} pageCount={list.pageCount} pageHref={(page) => `${path}?Page=${page}`}>
      {list.items.length === 0 ? empty : children(list.items)}
    </OwnListPage>
  );
}
