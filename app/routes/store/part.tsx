import { SCHEMA_AVAILABILITY } from "~/domain/inventory/stock-status";
import { data } from "react-router";
import {
  BackButton,
  Breadcrumb,
  FavouriteButton,
  Gallery,
  JsonLd,
  NotFoundNotice,
  QuoteJumpLink,
  SpecTable,
  StickyQuoteBar,
  WhatsAppLink,
  whatsAppHref,
} from "~/components/store/detail";
import { optionLabel } from "~/components/store/option-label";
import { carFactRows, type SpecRow } from "~/components/store/vehicle-specs";
import { Price, RateNote } from "~/components/store/price";
import { StockStatusBadge } from "~/components/store/stock-card";
import { getServices } from "~/context.server";
import type { PartDetail } from "~/domain/inventory/inventory";
import { getPart } from "~/domain/inventory/inventory.server";
import { absoluteImageUrl } from "~/domain/media/image-url";
import { QuoteForm } from "~/components/store/quote-form";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { isFavourite } from "~/domain/accounts/favourites.server";
import { quoteAction } from "~/domain/quotes/quote-action.server";
import { quoteFormData } from "~/domain/quotes/quote-form.server";
import { partQuantityLimit } from "~/domain/quotes/quotes.server";
import { canonicalFor } from "~/i18n/alternates";
import { formatYenIn } from "~/i18n/format";
import { catalogueOf, metaT, useFormat, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import type { Route } from "./+types/part";
import { passRetryAfter } from "~/utils/retry-after";

/** A refused quote (too many at once) says when to come back. */
export const headers: Route.HeadersFunction = passRetryAfter;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : NaN;
  const [part, customer] = await Promise.all([getPart(db, id), getCustomer(getServices(context), request)]);
  if (!part) return data({ part: null, url: "", origin: config.publicUrl.origin }, { status: 404 });
  return {
    part,
    favourite: customer ? await isFavourite(db, customer.id, "part", part.id) : false,
    url: `${config.publicUrl.origin}/parts/${part.id}`,
    origin: config.publicUrl.origin,
    maxQuantity: partQuantityLimit(part.quantity),
    ...quoteFormData(customer),
  };
}

function productJsonLd(p: PartDetail, url: string, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    sku: p.refId,
    mpn: p.partNumber ?? undefined,
    url,
    description: p.description,
    brand: { "@type": "Brand", name: p.make },
    category: [p.type, p.subType].join(" > "),
    itemCondition:
      p.condition === "New"
        ? "https://schema.org/NewCondition"
        : p.condition === "Rebuilt"
          ? "https://schema.org/RefurbishedCondition"
          : "https://schema.org/UsedCondition",
    image: p.images.map((image) => absoluteImageUrl(image, 1600, origin)),
    offers: {
      "@type": "Offer",
      price: p.price,
      priceCurrency: "JPY",
      availability: SCHEMA_AVAILABILITY[p.stockStatus],
      url,
    },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return quoteAction(request, context, "part", /^\d{1,15}$/.test(params.id) ? Number(params.id) : 0);
}

export function meta({ data, matches }: Route.MetaArgs) {
  const shop =
    (matches[0]?.loaderData as { settings?: { shop: { name: string } } } | undefined)?.settings?.shop.name ?? "";
  const t = metaT(matches, "stock");
  const p = data?.part;
  if (!p) return [{ title: t("detail.part.notFound") }, { name: "robots", content: "noindex" }];
  const price = formatYenIn(p.price, catalogueOf(matches)?.language ?? "en");
  const description = t("detail.part.metaDescription", {
    name: p.name,
    ref: p.refId,
    price,
    description: p.description,
  }).slice(0, 300);
  const image = p.images[0] ? absoluteImageUrl(p.images[0], 1600, data.origin) : null;
  const canonical = canonicalFor(data.url, matches);
  return [
    { title: `${p.name} · ${price} · ${shop}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "product" },
    { property: "og:title", content: p.name },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...(image ? [{ property: "og:image", content: image }] : []),
  ];
}

export default function PartDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  const { t } = useT("stock");
  const format = useFormat();
  const { part: p, url, origin } = loaderData;
  if (!p)
    return (
      <NotFoundNotice
        title={t("detail.part.notFound")}
        noData={t("detail.part.noData")}
        listHref="/parts"
        listLabel={t("detail.part.backToList")}
      />
    );
  const shop = root?.settings.shop;
  // The message goes to the shop's owner, so it stays in English whatever the page's language.
  const message = `Hello ${shop?.name ?? ""}, I am interested in the ${p.name} (Ref ${p.refId}), ${formatYenIn(p.price, "en")}. ${url}`;
  const whatsApp = shop ? whatsAppHref(shop.whatsapp, message) : null;
  const facts = carFactRows(p, t, format.number);
  const carRows = [[t("detail.spec.year"), p.year] as SpecRow, facts.mileage, facts.fuel, facts.color].filter(
    ([, value]) => value !== null,
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <JsonLd value={productJsonLd(p, url, origin)} />
      <Breadcrumb
        items={[
          { label: t("detail.breadcrumb.stock"), to: "/parts" },
          { label: t("detail.breadcrumb.parts"), to: "/parts" },
          { label: p.make, to: `/parts?Make=${encodeURIComponent(p.make)}` },
          { label: p.model, to: `/parts?Make=${encodeURIComponent(p.make)}&Model=${encodeURIComponent(p.model)}` },
        ]}
      />
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)]">
        <Gallery images={p.images} name={p.name} />
        <div className="space-y-6">
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <StockStatusBadge status={p.stockStatus} />
              <span className="text-sm text-slate-500">{t("card.ref", { ref: p.refId })}</span>
              {p.quantity > 0 && p.stockStatus !== "sold" ? (
                <span className="text-sm text-slate-500">· {t("detail.part.inStock", { count: p.quantity })}</span>
              ) : null}
            </div>
            <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{p.name}</h1>
          </div>
          <div className="rounded-xl border border-slate-200 p-5">
            <p className="text-sm font-medium text-slate-500">{t("detail.part.price")}</p>
            <Price yen={p.price} size="lg" label="" />
            <div className="mt-2">
              <RateNote />
            </div>
            {p.stockStatus === "sold" ? null : <QuoteJumpLink />}
          </div>
          <div className="flex flex-wrap items-start gap-3">
            <FavouriteButton signedIn={root?.customer != null} kind="part" id={p.id} favourite={loaderData.favourite} />
            {whatsApp ? <WhatsAppLink href={whatsApp} label={t("detail.part.whatsApp")} /> : null}
          </div>
          <section aria-labelledby="spec-title">
            <h2 id="spec-title" className="text-lg font-bold text-slate-900">
              {t("detail.specifications")}
            </h2>
            <div className="mt-2">
              <SpecTable
                rows={[
                  [t("detail.spec.make"), p.make],
                  [t("detail.spec.model"), p.model],
                  [t("detail.spec.type"), optionLabel(t, "partType", p.type)],
                  [t("detail.spec.subType"), optionLabel(t, "partSubType", p.subType)],
                  [t("detail.spec.partNumber"), p.partNumber],
                  [t("detail.spec.condition"), optionLabel(t, "partCondition", p.condition)],
                  // The car's year, mileage, fuel and colour only where they apply (a tyre has none).
                  ...carRows,
                  [t("detail.spec.description"), p.description],
                ]}
              />
            </div>
          </section>
          <section aria-labelledby="payment-title" className="rounded-xl border border-slate-200 p-5">
            <h2 id="payment-title" className="font-bold text-slate-900">
              {t("detail.part.payment.title")}
            </h2>
            <ul className="mt-2 space-y-1 text-sm text-slate-700">
              <li>{t("detail.part.payment.card")}</li>
              <li>{t("detail.part.payment.bankTransfer")}</li>
            </ul>
          </section>
          <section aria-labelledby="quote-title" id="quote" className="scroll-mt-24 rounded-xl bg-accent-50 p-5">
            <h2 id="quote-title" className="text-lg font-bold text-slate-900">
              {t("detail.quote.title")}
            </h2>
            <p className="mt-2 text-sm text-slate-700">{t("detail.part.quoteIntro")}</p>
            <QuoteForm
              kind="part"
              itemId={p.id}
              submissionKey={loaderData.submissionKey}
              prefill={loaderData.prefill}
              result={actionData}
              sold={p.stockStatus === "sold"}
              quantity={{ max: loaderData.maxQuantity }}
              whatsApp={whatsApp}
            />
          </section>
          <BackButton fallback="/parts" />
        </div>
      </div>
      {p.stockStatus === "sold" ? null : <StickyQuoteBar whatsApp={whatsApp} />}
    </div>
  );
}
