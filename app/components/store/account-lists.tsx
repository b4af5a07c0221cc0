import type { StockKind } from "~/domain/inventory/stock-kinds";
import { Link } from "react-router";
import { ButtonLinks } from "~/components/ui/button-links";
import { Pager, type PagerWords } from "~/components/ui/pager";
import type { TFunction } from "~/i18n/core";
import type { ImageRef } from "~/domain/media/image-url";
import { SmallPhoto } from "./stock-card";
import { useFormat, useT } from "~/i18n/i18n";
import type { QuoteStatus } from "~/domain/sale/quote-status";

export type FavouriteRow = {
  kind: StockKind;
  id: number;
  refId: string;
  name: string;
  price: number;
  image: ImageRef | null;
};
export type QuoteRow = {
  number: string;
  kind: StockKind;
  itemId: number | null;
  refId: string;
  itemName: string;
  message: string;
  status: QuoteStatus;
  createdAt: string;
  image: ImageRef | null;
  /** The shop's latest offer, if any. */
  offer: { total: number; validUntil: string } | null;
};

function Thumb({ image }: { image: ImageRef | null }) {
  return image ? (
    <SmallPhoto image={image} className="aspect-[4/3] w-24 shrink-0 rounded-md bg-slate-100 object-cover" />
  ) : (
    <div className="aspect-[4/3] w-24 shrink-0 rounded-md bg-slate-100" aria-hidden="true" />
  );
}

export function FavouriteList({ items }: { items: FavouriteRow[] }) {
  const { t } = useT("account");
  const format = useFormat();
  return (
    <ul className="divide-y divide-slate-200" data-testid="favourite-list">
      {items.map((f) => (
        <li key={`${f.kind}-${f.id}`}>
          <Link
            to={`/${f.kind === "part" ? "parts" : "vehicles"}/${f.id}`}
            className="flex items-center gap-4 py-3 hover:bg-slate-50"
          >
            <Thumb image={f.image} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-slate-900">{f.name}</span>
              <span className="block text-sm text-slate-500">{t("lists.ref", { ref: f.refId })}</span>
            </span>
            <span className="font-bold text-slate-900">{format.yen(f.price)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** No quotes yet (SPEC's words), and the way to a first one. */
export function NoQuotes({ text }: { text: string }) {
  const { t } = useT("account");
  const { t: common } = useT();
  const button = "inline-flex h-10 items-center rounded-lg px-4 text-sm font-semibold";
  return (
    <div data-testid="no-quotes">
      <p className="text-slate-600">{text}</p>
      <p className="mt-1 text-sm text-slate-600">{t("quotes.howToStart")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to="/vehicles" className={`${button} bg-accent-700 text-white hover:bg-accent-800`}>
          {common("header.nav.vehicles")}
        </Link>
        <Link to="/parts" className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50`}>
          {common("header.nav.parts")}
        </Link>
      </div>
    </div>
  );
}

/**
 * Each quote leads to its own page (the offer, the invoice). A quote whose item
 * is gone and that has no offer is dimmed, not clickable, and named 'Vehicle
 * not found' (SPEC 2).
 */
export function QuoteList({ items }: { items: QuoteRow[] }) {
  const { t } = useT("account");
  const format = useFormat();
  return (
    <ul className="divide-y divide-slate-200" data-testid="quote-list">
      {items.map((q) => {
        const gone = q.itemId === null && q.offer === null;
        const body = (
          <>
            <Thumb image={q.itemId === null ? null : q.image} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-slate-900">
                {q.itemId === null
                  ? q.kind === "vehicle"
                    ? t("lists.vehicleNotFound")
                    : t("lists.partNotFound")
                  : q.itemName}
              </span>
              <span className="block text-sm text-slate-500">
                {t("lists.refAndQuote", { ref: q.refId, number: q.number })}
              </span>
              <span className="block truncate text-sm text-slate-700">{q.message.slice(0, 40)}</span>
              {q.offer && q.status === "offered" ? (
                <span className="block text-sm font-semibold text-slate-900">
                  {t("deal.list.offer", {
                    total: format.yen(q.offer.total),
                    date: format.date(q.offer.validUntil, { day: "numeric", month: "short" }),
                  })}
                </span>
              ) : null}
              <span
                className="mt-1 inline-block rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800"
                data-testid="quote-status"
              >
                {t(`deal.status.${q.status}`)}
              </span>
            </span>
          </>
        );
        return (
          <li key={q.number} data-testid="quote-row">
            {gone ? (
              <div className="flex items-center gap-4 py-3 opacity-50" aria-disabled="true">
                {body}
              </div>
            ) : (
              <Link to={`/quotes/${q.number}`} className="flex items-center gap-4 py-3 hover:bg-slate-50">
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function NotLoggedIn() {
  const { t } = useT("account");
  return (
    <div className="mx-auto max-w-xl px-6 py-20 text-center">
      <p className="text-lg font-semibold text-slate-900">{t("lists.notLoggedIn")}</p>
      <ButtonLinks
        links={[
          { to: "/login", label: t("lists.login") },
          { to: "/register", label: t("lists.register") },
        ]}
      />
    </div>
  );
}

/** The words of the pager under a buyer's own list, from the account catalogue. */
/** A buyer's own list on its own page (favourites, quote requests): its title, the list, its pager. */
export function OwnListPage({
  title,
  page,
  pageCount,
  pageHref,
  children,
}: {
  title: string;
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
  children: React.ReactNode;
}) {
  const { t } = useT("account");
  const format = useFormat();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl title">{title}</h1>
      <div className="mt-6">{children}</div>
      <Pager
        numbers="none"
        page={page}
        pageCount={pageCount}
        pageHref={pageHref}
        words={ownListPagerWords(t, format, page, pageCount)}
      />
    </div>
  );
}

function ownListPagerWords(
  t: TFunction<"account">,
  format: { number: (value: number) => string },
  page: number,
  pageCount: number,
): PagerWords {
  return {
    label: t("lists.pages"),
    previous: t("lists.previous"),
    next: t("lists.next"),
    pageOf: t("lists.pageOf", { page: format.number(page), total: format.number(pageCount) }),
  };
}
