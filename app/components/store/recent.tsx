import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { StockCard } from "~/domain/inventory/inventory";
import { RECENT_FIELD, recentCardsHref } from "~/domain/buyer-tools/recent";
import { useT } from "~/i18n/i18n";
import { useStoredIds } from "~/utils/stored-ids";
import { Price } from "./price";
import { recentStore } from "./recent-store";
import { StockImage } from "./stock-card";

/*
 * Recently viewed vehicles. The browser keeps its own list (newest first) for
 * visitors; signed-in buyers' lists come from the server, and the browser's
 * list is merged into theirs when they sign in or register.
 */

/** The sign-in and registration forms' hidden field: the browser's list, filled in after hydration. */
export function RecentViewsField() {
  const ids = useStoredIds(recentStore);
  return <input type="hidden" name={RECENT_FIELD} value={ids.join(",")} data-testid="recent-views-field" />;
}

/** Small cards in a row that scrolls sideways: photo, name, price. */
export function RecentCards({ items, testId }: { items: StockCard[]; testId: string }) {
  return (
    <ul className="relative -mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2" data-testid={testId}>
      {items.map((item) => (
        <li key={item.id} className="w-40 shrink-0 snap-start sm:w-44">
          <article className="relative h-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm hover:shadow-md">
            <StockImage image={item.image} alt="" sizes="176px" />
            <div className="p-2.5">
              <h3 className="line-clamp-2 min-h-10 text-sm leading-5 font-semibold text-slate-900">
                <Link
                  to={`/vehicles/${item.id}`}
                  className="card-link"
                  data-testid="recent-card-link"
                  data-vehicle-id={item.id}
                >
                  {item.name}
                </Link>
              </h3>
              <div className="mt-1 text-sm [&_.text-xl]:text-base">
                <Price yen={item.price} label="" />
              </div>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

/**
 * The home page's row. Signed in: the server's list (`serverItems`).
 * Visitors: the browser's list, with the cards fetched from
 * /recently-viewed. Nothing is drawn while there is nothing to show; it sits
 * low on the page, so appearing later moves nothing above it.
 */
export function RecentlyViewed({ serverItems }: { serverItems: StockCard[] | null }) {
  const { t } = useT("home");
  const ids = useStoredIds(recentStore);
  const key = ids.join(",");
  const [fetched, setFetched] = useState<StockCard[]>([]);
  const fetcher = useFetcher();
  const clearing = fetcher.formData?.get("intent") === "clear";

  useEffect(() => {
    if (serverItems || key === "") return;
    const controller = new AbortController();
    fetch(recentCardsHref(key.split(",").map(Number)), { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ items: StockCard[] }>) : null))
      .then((body) => {
        if (body) setFetched(body.items);
      })
      // Offline or aborted: the row stays as it was.
      .catch(() => {});
    return () => controller.abort();
  }, [key, serverItems]);

  // Visitors: in the browser's order; a vehicle cleared or gone drops out at once.
  const items = serverItems ?? ids.flatMap((id) => fetched.filter((card) => card.id === id));
  if (items.length === 0 || clearing) return null;
  return (
    <section aria-labelledby="recent-title" className="space-y-4" data-testid="recently-viewed">
      <div className="flex items-end justify-between gap-4">
        <h2 id="recent-title" className="text-2xl title">
          {t("recent.title")}
        </h2>
        <fetcher.Form
          method="post"
          action="/recently-viewed"
          onSubmit={(event) => {
            recentStore.set([]);
            // Visitors have nothing on the server to forget.
            if (!serverItems) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="clear" />
          <button type="submit" className="h-9 btn-plain bg-white hover:bg-slate-50 px-3 text-sm">
            {t("recent.clear")}
          </button>
        </fetcher.Form>
      </div>
      <RecentCards items={items} testId="recent-cards" />
    </section>
  );
}

/** The account page's section: the buyer's list from the server. */
export function AccountRecentlyViewed({ items }: { items: StockCard[] }) {
  const { t } = useT("home");
  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title" className="text-lg font-bold text-slate-900">
        {t("recent.title")}
      </h2>
      <div className="mt-3">
        {items.length === 0 ? (
          <p className="text-slate-600">{t("recent.empty")}</p>
        ) : (
          <RecentCards items={items} testId="account-recent" />
        )}
      </div>
    </section>
  );
}
