import { Link } from "react-router";
import type { StockCard as Card } from "~/domain/inventory/inventory";
import { imageSrcSet, imageUrl, type ImageRef } from "~/domain/media/image-url";
import type { TFunction } from "~/i18n/core";
import { capitalise } from "~/domain/inventory/inventory";
import { useFormat, useT } from "~/i18n/i18n";
import { CompareToggle } from "./compare";
import { optionLabel } from "./option-label";
import { DeliveredPrice, Price } from "./price";
import { ImportBadge, PartImportBadge } from "./import-badge";

/** A small photo beside a larger one (thumbnails, a buyer's lists): fetched when near, never announced. */
export function SmallPhoto({ image, className = "card-photo" }: { image: ImageRef; className?: string }) {
  return (
    <img
      src={imageUrl(image, 200)}
      width={image.width}
      height={image.height}
      alt=""
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}

/** A photo that keeps its box while loading, so nothing below it jumps. */
export function StockImage({
  image,
  alt,
  sizes,
  eager = false,
}: {
  image: ImageRef | null;
  alt: string;
  sizes: string;
  /**
   * In view at once: fetched at once, after the page's style sheet; "first", the page's largest
   * photo, before the style sheet and the scripts too (the only photo the page's head preloads).
   */
  eager?: boolean | "first";
}) {
  const { t } = useT("stock");
  if (!image) {
    return (
      <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 bg-slate-100 text-slate-600">
        <svg aria-hidden="true" viewBox="0 0 48 24" className="h-8 w-16 fill-slate-300">
          <path d="M4 18 L6 11 Q8 8 12 8 L34 8 Q38 8 41 11 L45 18 Z" />
          <circle cx="14" cy="19" r="4" />
          <circle cx="36" cy="19" r="4" />
        </svg>
        <span className="text-xs">{t("card.noPhoto")}</span>
      </div>
    );
  }
  return (
    <img
      src={imageUrl(image, 480)}
      srcSet={imageSrcSet(image)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      // React preloads every photo not lazy and not "low" ahead of the style sheet: on a slow line
      // three card photos held up the first paint of the page's text (Lighthouse, issue 24).
      fetchPriority={eager === "first" ? "high" : eager ? "low" : undefined}
      // The page's largest photo is decoded as it is painted, so it shows in the first frame it can.
      decoding={eager === "first" ? undefined : "async"}
      className="card-photo"
    />
  );
}

export function StockStatusBadge({ status }: { status: Card["stockStatus"] }) {
  const { t } = useT("stock");
  if (status === "available") return null;
  const tone = status === "sold" ? "bg-slate-800 text-white" : "bg-amber-100 text-amber-900";
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`} data-testid="stock-status-badge">
      {optionLabel(t, "stockStatus", status)}
    </span>
  );
}

/**
 * What a card shows of an item: the home page's and a detail page's cards
 * come as they are; a stock list's items also bring their first photos (for
 * the thumbnails), fuel and category.
 */
export type CardItem = Card & {
  /** Cover first, then up to 4 more: a card shows them when there are at least 5 (SPEC 2). */
  images?: ImageRef[];
  imageCount?: number;
  fuel?: string | null;
  /** The type and subtype (a part's category), for a stock list's card. */
  type?: string | null;
  subType?: string | null;
  /** A part's condition ("Used"...), for a stock list's card. */
  condition?: string | null;
};

/**
 * The line under a card's name.
 * - A stock list's card: the year, mileage, engine, gearbox and fuel; an item
 *   with neither mileage nor engine size (most parts) shows its year, type
 *   and subtype instead.
 * - Elsewhere (home, similar vehicles): a vehicle's year (when the name does
 *   not already say it), mileage, engine and gearbox; a part's year, make and
 *   model.
 */
function cardFacts(item: CardItem, t: TFunction<"stock">, number: (value: number) => string, inList: boolean): string {
  const specs = [
    item.mileage !== null ? t("units.km", { value: number(item.mileage) }) : null,
    item.engineCc !== null ? t("units.cc", { value: number(item.engineCc) }) : null,
    item.transmission ? optionLabel(t, "transmission", item.transmission, capitalise(item.transmission)) : null,
    item.fuel ? optionLabel(t, "fuel", item.fuel, capitalise(item.fuel)) : null,
  ];
  const vehicle = item.kind === "vehicle";
  const facts = inList
    ? item.mileage !== null || item.engineCc !== null
      ? [item.year, ...specs]
      : [
          item.year,
          optionLabel(t, vehicle ? "bodyType" : "partType", item.type),
          optionLabel(t, vehicle ? "bodySubType" : "partSubType", item.subType),
        ]
    : vehicle
      ? [item.year !== null && !item.name.includes(String(item.year)) ? item.year : null, ...specs]
      : [item.year, item.make, item.model];
  return facts.filter(Boolean).join(" · ");
}

/**
 * The card of a vehicle or a part, in every list of them: photo (and 4
 * thumbnails when there are at least 5), status, name, key facts, reference,
 * price and the total to the buyer's port.
 *
 * - "grid": a card in a grid (stock lists, the home page, similar vehicles).
 * - "row": the stock list's list layout; on phones a compact row of a
 *   thumbnail, the name, year and mileage (a part's year and category) and
 *   the price.
 *
 * The recently viewed strip has smaller cards of its own (photo, name and
 * price), on the pages that show it.
 */
export function StockCard({
  item,
  href,
  layout = "grid",
  eager = false,
  compare = false,
  heading: Heading = "h3",
  sizes,
  inList = false,
}: {
  item: CardItem;
  href: string;
  layout?: "grid" | "row";
  eager?: boolean | "first";
  /** Vehicles only: the Compare button on the photo. */
  compare?: boolean;
  /** The name's heading level, under the list's own heading. */
  heading?: "h2" | "h3";
  /** The photo's width in the page's layout (the `sizes` attribute). */
  sizes?: string;
  /** On a stock list: the list's facts line (see cardFacts), and the status written beside the reference. */
  inList?: boolean;
}) {
  const { t } = useT("stock");
  const format = useFormat();
  const row = layout === "row";
  const thumbs = (item.imageCount ?? 0) >= 5 ? (item.images ?? []).slice(1, 5) : [];
  return (
    <article className={row ? "card card-row" : "card"} data-testid="list-card">
      <div className="card-media" data-testid="card-photo">
        {/* The status badge at the photo's top, the Compare button at its foot: neither hides the other. */}
        <div className="relative">
          <StockImage
            image={item.image}
            alt={item.name}
            sizes={
              sizes ??
              (row ? "(min-width: 640px) 288px, 112px" : "(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw")
            }
            eager={eager}
          />
          {item.stockStatus !== "available" ? (
            <div className="card-badge">
              <StockStatusBadge status={item.stockStatus} />
            </div>
          ) : null}
          {compare && item.kind === "vehicle" ? (
            <div className="card-compare">
              <CompareToggle vehicleId={item.id} name={item.name} />
            </div>
          ) : null}
        </div>
        {thumbs.length > 0 ? (
          <div className="card-thumbs" data-testid="card-thumbnails">
            {thumbs.map((image) => (
              <SmallPhoto key={image.key} image={image} />
            ))}
          </div>
        ) : null}
      </div>
      <div className="card-body">
        <Heading className="card-title">
          <Link to={href} className="card-link" data-testid="stock-card-link">
            {item.name}
          </Link>
        </Heading>
        {row ? (
          <p className="card-short-facts" data-testid="card-short-facts">
            {[
              item.year,
              item.kind === "vehicle"
                ? item.mileage !== null && t("units.km", { value: format.number(item.mileage) })
                : item.type && optionLabel(t, "partType", item.type),
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        ) : null}
        <p className="card-facts" data-testid="stock-card-facts">
          {cardFacts(item, t, format.number, inList)}
        </p>
        <p className="card-ref">
          {t("card.ref", { ref: item.refId })}
          {inList && item.stockStatus !== "available" ? ` · ${optionLabel(t, "stockStatus", item.stockStatus)}` : ""}
        </p>
        <div className="card-foot">
          <Price yen={item.price} />
          <DeliveredPrice yen={item.price} sizeClass={item.sizeClass} />
          {item.kind === "vehicle" && item.year !== null ? (
            <div className="card-import">
              <ImportBadge item={{ ...item, year: item.year }} />
            </div>
          ) : null}
          {item.kind === "part" && item.condition ? (
            <div className="card-import">
              <PartImportBadge
                part={{ condition: item.condition, type: item.type ?? null, subType: item.subType ?? null }}
              />
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}
