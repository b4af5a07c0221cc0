import { SCHEMA_AVAILABILITY } from "~/domain/inventory/stock-status";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
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
import { PortPicker, Price, PriceBreakdown, RateNote } from "~/components/store/price";
import { sizeClassOf } from "~/domain/freight/freight";
import { StockCard, StockStatusBadge } from "~/components/store/stock-card";
import { CompareToggle } from "~/components/store/compare";
import { useRecordRecentView } from "~/components/store/recent";
import { vehicleSpecRows } from "~/components/store/vehicle-specs";
import { recordView } from "~/domain/buyer-tools/recent.server";
import { log } from "~/utils/log.server";
import { getServices } from "~/context.server";
import { type VehicleDetail } from "~/domain/inventory/inventory";
import { getVehicle } from "~/domain/inventory/inventory.server";
import { similarVehicles } from "~/domain/inventory/similar.server";
import { absoluteImageUrl } from "~/domain/media/image-url";
import { QuoteForm } from "~/components/store/quote-form";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { quoteAction } from "~/domain/quotes/quote-action.server";
import { quoteFormData } from "~/domain/quotes/quote-form.server";
import { useRootData } from "~/utils/root-data";
import { isFavourite } from "~/domain/accounts/favourites.server";
import { canonicalFor } from "~/i18n/alternates";
import { formatYenIn } from "~/i18n/format";
import { catalogueOf, metaT, useFormat, useT } from "~/i18n/i18n";
import type { Route } from "./+types/vehicle";
import { passRetryAfter } from "~/utils/retry-after";

/** A refused quote (too many at once) says when to come back. */
export const headers: Route.HeadersFunction = passRetryAfter;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : NaN;
  const [vehicle, customer] = await Promise.all([getVehicle(db, id), getCustomer(getServices(context), request)]);
  // A missing vehicle is a real 404 page (DECISIONS "Inventory"), not a redirect.
  if (!vehicle) return data({ vehicle: null, url: "", origin: config.publicUrl.origin }, { status: 404 });
  // Signed-in buyers' pages are never cached, so each of their views reaches here.
  // A view that cannot be recorded (a busy database) must not cost the buyer the page.
  if (customer)
    await recordView(db, customer.id, vehicle.id).catch((error: unknown) =>
      log("error", "recently viewed could not be recorded", { error: String(error) }),
    );
  const [favourite, similar] = await Promise.all([
    customer ? isFavourite(db, customer.id, "vehicle", vehicle.id) : false,
    similarVehicles(db, vehicle),
  ]);
  return {
    vehicle,
    url: `${config.publicUrl.origin}/vehicles/${vehicle.id}`,
    origin: config.publicUrl.origin,
    favourite,
    similar,
    ...quoteFormData(customer),
  };
}

/**
 * Choosing a port, currency or language (a form to /preferences) changes the
 * root's data only: this page's data stays, so the quote form keeps what the
 * buyer has typed.
 */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === "/preferences") return false;
  return defaultShouldRevalidate;
}

function carJsonLd(v: VehicleDetail, url: string, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    name: v.name,
    sku: v.refId,
    url,
    description: v.description,
    brand: { "@type": "Brand", name: v.make },
    model: v.model,
    vehicleModelDate: String(v.year),
    bodyType: v.type ?? undefined,
    color: v.color ?? undefined,
    fuelType: v.fuel ?? undefined,
    vehicleTransmission: v.transmission ?? undefined,
    driveWheelConfiguration: v.drive ?? undefined,
    numberOfDoors: v.doors ?? undefined,
    steeringPosition: v.steering
      ? v.steering === "Right"
        ? "https://schema.org/RightHandDriving"
        : "https://schema.org/LeftHandDriving"
      : undefined,
    mileageFromOdometer:
      v.mileage !== null ? { "@type": "QuantitativeValue", value: v.mileage, unitCode: "KMT" } : undefined,
    vehicleEngine:
      v.engineCc !== null
        ? {
            "@type": "EngineSpecification",
            engineDisplacement: { "@type": "QuantitativeValue", value: v.engineCc, unitCode: "CMQ" },
          }
        : undefined,
    image: v.images.map((image) => absoluteImageUrl(image, 1600, origin)),
    offers: {
      "@type": "Offer",
      price: v.price,
      priceCurrency: "JPY",
      availability: SCHEMA_AVAILABILITY[v.stockStatus],
      url,
    },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return quoteAction(request, context, "vehicle", /^\d{1,15}$/.test(params.id) ? Number(params.id) : 0);
}

export function meta({ data, matches }: Route.MetaArgs) {
  const shop =
    (matches[0]?.loaderData as { settings?: { shop: { name: string } } } | undefined)?.settings?.shop.name ?? "";
  const t = metaT(matches, "stock");
  const v = data?.vehicle;
  if (!v) return [{ title: t("detail.vehicle.notFound") }, { name: "robots", content: "noindex" }];
  const price = formatYenIn(v.price, catalogueOf(matches)?.language ?? "en");
  const description = t("detail.vehicle.metaDescription", {
    name: v.name,
    ref: v.refId,
    price,
    description: v.description,
  }).slice(0, 300);
  const image = v.images[0] ? absoluteImageUrl(v.images[0], 1600, data.origin) : null;
  const canonical = canonicalFor(data.url, matches);
  return [
    { title: `${v.name} · ${price} · ${shop}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "product" },
    { property: "og:title", content: v.name },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...(image ? [{ property: "og:image", content: image }] : []),
  ];
}

export default function VehicleDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  const { t } = useT("stock");
  const format = useFormat();
  useRecordRecentView(loaderData.vehicle?.id ?? null);
  const { vehicle: v, url, origin } = loaderData;
  if (!v)
    return (
      <NotFoundNotice
        title={t("detail.vehicle.notFound")}
        noData={t("detail.vehicle.noData")}
        listHref="/vehicles"
        listLabel={t("detail.vehicle.backToList")}
      />
    );
  const shop = root?.settings.shop;
  // The message goes to the shop's owner, so it stays in English whatever the page's language.
  const message = `Hello ${shop?.name ?? ""}, I am interested in the ${v.name} (Ref ${v.refId}), ${formatYenIn(v.price, "en")} FOB. ${url}`;
  const whatsApp = shop ? whatsAppHref(shop.whatsapp, message) : null;
  // The same rows as the compare page's.
  const rows = vehicleSpecRows(v, t, format.number);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <JsonLd value={carJsonLd(v, url, origin)} />
      <Breadcrumb
        items={[
          { label: t("detail.breadcrumb.stock"), to: "/vehicles" },
          { label: t("detail.breadcrumb.vehicles"), to: "/vehicles" },
          { label: v.make, to: `/vehicles?Make=${encodeURIComponent(v.make)}` },
          { label: v.model, to: `/vehicles?Make=${encodeURIComponent(v.make)}&Model=${encodeURIComponent(v.model)}` },
        ]}
      />
      {/*
        Phones: photos, name and price, specifications, the description, then the quote form.
        Wide screens: photos and description on the left; name, price (with a link to the form)
        and specifications on the right, the quote form below them.
      */}
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr_auto]">
        <div className="lg:col-start-1 lg:row-start-1">
          <Gallery images={v.images} name={v.name} />
        </div>
        <div className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <StockStatusBadge status={v.stockStatus} />
              {v.stockStatus === "available" ? (
                <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
                  {optionLabel(t, "stockStatus", "available")}
                </span>
              ) : null}
              <span className="text-sm text-slate-500">{t("card.ref", { ref: v.refId })}</span>
            </div>
            <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{v.name}</h1>
          </div>
          <div className="rounded-xl border border-slate-200 p-5">
            <p className="text-sm font-medium text-slate-500">{t("detail.vehicle.fobPrice")}</p>
            <Price yen={v.price} size="lg" label="" />
            <div className="mt-2">
              <RateNote />
            </div>
            {v.stockStatus === "sold" ? null : <QuoteJumpLink />}
            <div className="mt-4 space-y-3 border-t border-slate-200 pt-4" data-testid="delivered-box">
              <PortPicker />
              <PriceBreakdown yen={v.price} sizeClass={sizeClassOf(v)} />
            </div>
            <p className="mt-4 text-sm font-medium text-slate-700">{t("detail.vehicle.payments")}</p>
            {v.stockStatus === "sold" ? (
              <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
                {t("detail.vehicle.sold")}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-start gap-3">
            <FavouriteButton
              signedIn={root?.customer != null}
              kind="vehicle"
              id={v.id}
              favourite={loaderData.favourite}
            />
            <CompareToggle vehicleId={v.id} size="lg" />
            {whatsApp ? <WhatsAppLink href={whatsApp} label={t("detail.vehicle.whatsApp")} /> : null}
          </div>
          <section aria-labelledby="spec-title">
            <h2 id="spec-title" className="text-lg font-bold text-slate-900">
              {t("detail.specifications")}
            </h2>
            <div className="mt-2">
              <SpecTable rows={rows} />
            </div>
          </section>
        </div>
        <section aria-labelledby="description-title" className="lg:col-start-1 lg:row-start-2">
          <h2 id="description-title" className="text-lg font-bold text-slate-900">
            {t("detail.description")}
          </h2>
          <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-700">
            {v.description || t("detail.noDescription")}
          </p>
        </section>
        <div className="space-y-6 lg:col-start-2 lg:row-start-3">
          <section aria-labelledby="quote-title" id="quote" className="scroll-mt-24 rounded-xl bg-accent-50 p-5">
            <h2 id="quote-title" className="text-lg font-bold text-slate-900">
              {t("detail.quote.title")}
            </h2>
            <p className="mt-2 text-sm text-slate-700">{t("detail.vehicle.quoteIntro")}</p>
            <QuoteForm
              kind="vehicle"
              itemId={v.id}
              submissionKey={loaderData.submissionKey}
              prefill={loaderData.prefill}
              result={actionData}
              sold={v.stockStatus === "sold"}
              whatsApp={whatsApp}
            />
          </section>
          <BackButton fallback="/vehicles" />
        </div>
      </div>
      {loaderData.similar.length > 0 ? (
        <section aria-labelledby="similar-title" className="mt-12" data-testid="similar-vehicles">
          <h2 id="similar-title" className="text-lg font-bold text-slate-900">
            {t("detail.similar.title")}
          </h2>
          <div className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {loaderData.similar.map((item) => (
              <StockCard key={item.id} item={item} href={`/vehicles/${item.id}`} />
            ))}
          </div>
        </section>
      ) : null}
      {v.stockStatus === "sold" ? null : <StickyQuoteBar whatsApp={whatsApp} />}
    </div>
  );
}
