import type { ReactNode } from "react";
import { PlaceChoice } from "./price";
import { Link, type MetaDescriptor, type ShouldRevalidateFunctionArgs } from "react-router";
import {
  BackButton,
  Breadcrumb,
  FavouriteButton,
  Gallery,
  QuoteJumpLink,
  SpecTable,
  StickyQuoteBar,
  WhatsAppLink,
  whatsAppHref,
} from "~/components/store/detail";
import { Price, RateNote } from "~/components/store/price";
import { QuoteForm, type QuoteFormResult } from "~/components/store/quote-form";
import { StockStatusBadge } from "~/components/store/stock-card";
import type { StockStatus } from "~/domain/inventory/inventory";
import { STOCK_KINDS, type StockKind } from "~/domain/inventory/stock-kinds";
import { absoluteImageUrl, type ImageRef } from "~/domain/media/image-url";
import { canonicalFor } from "~/i18n/alternates";
import { formatYenIn } from "~/i18n/format";
import { catalogueOf, metaT, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import { shopNameOf } from "./page-meta";

/** What every vehicle and part page shows of its item. */
export type DetailItem = {
  id: number;
  refId: string;
  name: string;
  make: string;
  model: string;
  price: number;
  description: string;
  stockStatus: StockStatus;
  images: ImageRef[];
};

/** A detail page's loader data: the item (null for a 404) and the page's address. */
type DetailData = { item: DetailItem | null; url: string; origin: string };

/**
 * Choosing a port, currency or language (a form to /preferences) changes the
 * root's data only: the page's data stays, so the quote form keeps what the
 * buyer has typed.
 */
export function keepQuoteForm({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === "/preferences") return false;
  return defaultShouldRevalidate;
}

/** The title, description, canonical address and sharing card of a vehicle or part page. */
export function stockDetailMeta(
  kind: StockKind,
  data: DetailData | undefined,
  matches: Parameters<typeof metaT>[0],
): MetaDescriptor[] {
  const shop = shopNameOf(matches) ?? "";
  const t = metaT(matches, "stock");
  const item = data?.item;
  if (!item) return [{ title: t(`detail.${kind}.notFound`) }, { name: "robots", content: "noindex" }];
  const price = formatYenIn(item.price, catalogueOf(matches)?.language ?? "en");
  const description = t(`detail.${kind}.metaDescription`, {
    name: item.name,
    ref: item.refId,
    price,
    description: item.description,
  }).slice(0, 300);
  const image = item.images[0] ? absoluteImageUrl(item.images[0], 1600, data.origin) : null;
  const canonical = canonicalFor(data.url, matches);
  return [
    { title: `${item.name} · ${price} · ${shop}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "product" },
    { property: "og:title", content: item.name },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...(image ? [{ property: "og:image", content: image }] : []),
  ];
}

/** The 404 page of a vehicle or part: SPEC's title and "no data" line, and the way back to its list. */
export function StockNotFound({ kind }: { kind: StockKind }) {
  const { t } = useT("stock");
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-accent-700">404</p>
      <h1 className="mt-2 text-3xl title">{t(`detail.${kind}.notFound`)}</h1>
      <p className="mt-4 font-medium text-slate-800">{t(`detail.${kind}.noData`)}</p>
      <p className="mt-1 text-slate-600">{t("detail.notFound.text")}</p>
      <Link to={`/${STOCK_KINDS[kind].path}`} className="mt-8 inline-block btn-accent px-5 py-3">
        {t(`detail.${kind}.backToList`)}
      </Link>
    </div>
  );
}

/**
 * The page of one vehicle or part (SPEC 2): breadcrumb, photos, name and
 * price, favourite and WhatsApp, specifications, the quote form and the way
 * back. What only one kind has comes in as pieces: notes beside the status,
 * more under the price, more actions, its specifications, panels after them,
 * its own arrangement of the page (a vehicle's description has a section
 * under the photos) and what follows the page (similar stock).
 */
export function StockDetailPage({
  kind,
  data: { item, url, favourite, submissionKey, prefill, countries },
  result,
  quantity,
  priceLabel,
  fob,
  statusNote,
  stockNote,
  priceDetails,
  quoteNote,
  actions,
  specRows,
  panels,
  grid,
  after,
}: {
  kind: StockKind;
  /** The page's loader data. */
  data: {
    item: DetailItem;
    url: string;
    favourite: boolean;
    submissionKey: string;
    prefill: Parameters<typeof QuoteForm>[0]["prefill"];
    countries: Parameters<typeof QuoteForm>[0]["countries"];
  };
  /** The quote form's answer. */
  result: QuoteFormResult | undefined;
  /** Parts: the most one quote may ask for. */
  quantity?: { max: number };
  priceLabel: string;
  /** Its price is FOB Japan, as the owner's WhatsApp message says. */
  fob: boolean;
  statusNote?: ReactNode;
  stockNote?: ReactNode;
  priceDetails?: ReactNode;
  /** Said above the quote form (a vehicle the buyer's country refuses). */
  quoteNote?: ReactNode;
  actions?: ReactNode;
  specRows: [label: string, value: ReactNode][];
  panels?: ReactNode;
  /** Arranges the photos, the summary and the quote form otherwise than photos left, the rest right. */
  grid?: (pieces: { gallery: ReactNode; summary: ReactNode; quote: ReactNode }) => ReactNode;
  /** What follows the page's grid (similar stock). */
  after?: ReactNode;
}) {
  const root = useRootData();
  const { t } = useT("stock");
  const { path } = STOCK_KINDS[kind];
  const sold = item.stockStatus === "sold";
  const shop = root?.settings.shop;
  // The message goes to the shop's owner, so it stays in English whatever the page's language.
  const message = `Hello ${shop?.name ?? ""}, I am interested in the ${item.name} (Ref ${item.refId}), ${formatYenIn(item.price, "en")}${fob ? " FOB" : ""}. ${url}`;
  const whatsApp = shop ? whatsAppHref(shop.whatsapp, message) : null;
  const gallery = <Gallery images={item.images} name={item.name} />;
  const summary = (
    <>
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <StockStatusBadge status={item.stockStatus} />
          {statusNote}
          <span className="text-sm text-slate-500">{t("card.ref", { ref: item.refId })}</span>
          {stockNote}
        </div>
        <h1 className="mt-2 text-2xl title sm:text-3xl">{item.name}</h1>
      </div>
      <div className="rounded-xl border border-slate-200 p-5">
        <p className="text-sm font-medium text-slate-500">{priceLabel}</p>
        <Price yen={item.price} size="lg" label="" />
        <div className="mt-2">
          <RateNote />
        </div>
        {sold ? null : <QuoteJumpLink />}
        {priceDetails}
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <FavouriteButton signedIn={root?.customer != null} kind={kind} id={item.id} favourite={favourite} />
        {actions}
        {whatsApp ? <WhatsAppLink href={whatsApp} label={t(`detail.${kind}.whatsApp`)} /> : null}
      </div>
      <section aria-labelledby="spec-title">
        <h2 id="spec-title" className="text-lg font-bold text-slate-900">
          {t("detail.specifications")}
        </h2>
        <div className="mt-2">
          <SpecTable rows={specRows} />
        </div>
      </section>
      {panels}
    </>
  );
  const quoteForm = (
    <>
      <section aria-labelledby="quote-title" id="quote" className="scroll-mt-24 rounded-xl bg-accent-50 p-5">
        <h2 id="quote-title" className="text-lg font-bold text-slate-900">
          {t("detail.quote.title")}
        </h2>
        <p className="mt-2 text-sm text-slate-700">{t(`detail.${kind}.quoteIntro`)}</p>
        {quoteNote}
        <QuoteForm
          kind={kind}
          itemId={item.id}
          submissionKey={submissionKey}
          prefill={prefill}
          countries={countries}
          result={result}
          sold={sold}
          quantity={quantity}
          whatsApp={whatsApp}
        />
      </section>
      <BackButton fallback={`/${path}`} />
    </>
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <Breadcrumb
        items={[
          { label: t("detail.breadcrumb.stock"), to: `/${path}` },
          { label: t(`detail.breadcrumb.${path}`), to: `/${path}` },
          { label: item.make, to: `/${path}?Make=${encodeURIComponent(item.make)}` },
          {
            label: item.model,
            to: `/${path}?Make=${encodeURIComponent(item.make)}&Model=${encodeURIComponent(item.model)}`,
          },
        ]}
      />
      <div className="mt-3">
        <PlaceChoice />
      </div>
      {grid ? (
        grid({ gallery, summary, quote: quoteForm })
      ) : (
        <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)]">
          {gallery}
          <div className="space-y-6">
            {summary}
            {quoteForm}
          </div>
        </div>
      )}
      {after}
      {sold ? null : <StickyQuoteBar whatsApp={whatsApp} />}
    </div>
  );
}
