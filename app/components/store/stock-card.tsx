import { Link } from "react-router";
import type { StockCard as Card } from "~/domain/inventory/inventory";
import { imageSrcSet, imageUrl, type ImageRef } from "~/domain/media/image-url";
import type { TFunction } from "~/i18n/core";
import { capitalise } from "~/domain/inventory/inventory";
import { useFormat, useT } from "~/i18n/i18n";
import { CompareToggle } from "./compare";
import { optionLabel } from "./option-label";
import { DeliveredPrice, Price } from "./price";

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
  eager?: boolean;
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
      decoding="async"
      className="aspect-[4/3] w-full bg-slate-100 object-cover"
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

/** A card of the home page and lists: first photo, name, yen price, link to the detail page. */
/**
 * The line under a card's name: a vehicle's year (when the name does not already say it),
 * mileage, engine and gearbox; a part's year, make and model; then the reference.
 */
function cardFacts(item: Card, t: TFunction<"stock">, number: (value: number) => string): string[] {
  const year = item.year !== null && !item.name.includes(String(item.year)) ? String(item.year) : null;
  const facts =
    item.kind === "vehicle"
      ? [
          year,
          item.mileage !== null ? t("units.km", { value: number(item.mileage) }) : null,
          item.engineCc !== null ? t("units.cc", { value: number(item.engineCc) }) : null,
          item.transmission ? optionLabel(t, "transmission", item.transmission, capitalise(item.transmission)) : null,
        ]
      : [item.year ? String(item.year) : null, item.make, item.model];
  return [...facts.filter((fact): fact is string => Boolean(fact)), t("card.ref", { ref: item.refId })];
}

export function StockCard({
  item,
  href,
  eager,
  compare = false,
}: {
  item: Card;
  href: string;
  eager?: boolean;
  /** Vehicles only: the Compare button on the photo. */
  compare?: boolean;
}) {
  const { t } = useT("stock");
  const format = useFormat();
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative">
        <StockImage
          image={item.image}
          alt={item.name}
          sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
          eager={eager}
        />
        <div className="absolute top-3 left-3">
          <StockStatusBadge status={item.stockStatus} />
        </div>
        {compare ? (
          <div className="absolute right-3 bottom-3 z-10">
            <CompareToggle vehicleId={item.id} name={item.name} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="line-clamp-2 font-semibold text-slate-900">
          <Link to={href} className="after:absolute after:inset-0" data-testid="stock-card-link">
            {item.name}
          </Link>
        </h3>
        <p className="text-sm text-slate-600" data-testid="stock-card-facts">
          {cardFacts(item, t, format.number).join(" · ")}
        </p>
        <div className="mt-auto pt-2">
          <Price yen={item.price} />
          <DeliveredPrice yen={item.price} sizeClass={item.sizeClass} />
        </div>
      </div>
    </article>
  );
}
