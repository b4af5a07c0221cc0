import type { StockPath } from "~/domain/inventory/stock-kinds";
import { Link } from "react-router";
import { sizeClassOf } from "~/domain/freight/freight";
import { capitalise } from "~/domain/inventory/inventory";
import { imageUrl } from "~/domain/media/image-url";
import type { ListItem, View } from "~/domain/search/list";
import { useFormat, useT } from "~/i18n/i18n";
import { CompareToggle } from "./compare";
import { optionLabel } from "./option-label";
import { DeliveredPrice, Price } from "./price";
import { StockImage, StockStatusBadge } from "./stock-card";

function specLine(item: ListItem, t: ReturnType<typeof useT>["t"], number: (value: number) => string): string {
  return [
    item.year,
    item.mileage !== null ? t("units.km", { value: number(item.mileage) }) : null,
    item.engineCc !== null ? t("units.cc", { value: number(item.engineCc) }) : null,
    item.transmission ? optionLabel(t, "transmission", item.transmission, capitalise(item.transmission)) : null,
    item.fuel ? optionLabel(t, "fuel", item.fuel, capitalise(item.fuel)) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * A card in a list: photo (and 4 thumbnails when there are at least 5), name,
 * key facts, price. In the list layout on phones it is a compact row: a
 * thumbnail, the name, year and mileage, the price and the total to the
 * buyer's port.
 */
export function ListCard({
  item,
  href,
  view,
  eager,
  kind,
}: {
  item: ListItem;
  href: string;
  view: View;
  eager: boolean;
  kind: StockPath;
}) {
  const { t } = useT("stock");
  const format = useFormat();
  const cover = item.images[0] ?? null;
  const thumbs = item.imageCount >= 5 ? item.images.slice(1, 5) : [];
  const row = view === "list";
  const facts =
    item.mileage !== null || item.engineCc !== null
      ? specLine(item, t, format.number)
      : [
          item.year,
          optionLabel(t, kind === "vehicles" ? "bodyType" : "partType", item.type),
          optionLabel(t, kind === "vehicles" ? "bodySubType" : "partSubType", item.subType),
        ]
          .filter(Boolean)
          .join(" · ");
  // The compact row's line: year and mileage (a part's year and category).
  const short =
    kind === "vehicles"
      ? [item.year, item.mileage !== null ? t("units.km", { value: format.number(item.mileage) }) : null]
          .filter(Boolean)
          .join(" · ")
      : [item.year, optionLabel(t, "partType", item.type)].filter(Boolean).join(" · ");
  return (
    <article
      className={`group relative overflow-hidden border border-slate-200 bg-white shadow-sm transition hover:shadow-md ${
        row ? "flex flex-row rounded-lg sm:rounded-xl" : "flex flex-col rounded-xl"
      }`}
      data-testid="list-card"
    >
      <div className={row ? "relative w-28 shrink-0 self-start sm:w-72" : "relative"} data-testid="card-photo">
        {/* The status badge at the photo's top, the Compare button at its foot: neither hides the other. */}
        <div className="relative">
          <StockImage
            image={cover}
            alt={item.name}
            sizes={
              row ? "(min-width: 640px) 288px, 112px" : "(min-width: 1280px) 300px, (min-width: 640px) 45vw, 100vw"
            }
            eager={eager}
          />
          {item.stockStatus !== "available" ? (
            <div className={row ? "absolute top-1 left-1 sm:top-3 sm:left-3" : "absolute top-3 left-3"}>
              <StockStatusBadge status={item.stockStatus} />
            </div>
          ) : null}
          {kind === "vehicles" ? (
            <div className={`absolute right-3 bottom-3 z-10 ${row ? "max-sm:hidden" : ""}`}>
              <CompareToggle vehicleId={item.id} name={item.name} />
            </div>
          ) : null}
        </div>
        {thumbs.length > 0 ? (
          <div
            className={`grid grid-cols-4 gap-0.5 bg-white pt-0.5 ${row ? "max-sm:hidden" : ""}`}
            data-testid="card-thumbnails"
          >
            {thumbs.map((image) => (
              <img
                key={image.key}
                src={imageUrl(image, 200)}
                width={image.width}
                height={image.height}
                alt=""
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full bg-slate-100 object-cover"
              />
            ))}
          </div>
        ) : null}
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-1 ${row ? "p-3 sm:p-4" : "p-4"}`}>
        <h2
          className={`line-clamp-2 font-semibold text-slate-900 ${row ? "text-sm leading-snug sm:text-base" : "text-base"}`}
        >
          <Link to={href} className="after:absolute after:inset-0" data-testid="stock-card-link">
            {item.name}
          </Link>
        </h2>
        {row ? (
          <p className="text-sm text-slate-600 sm:hidden" data-testid="card-short-facts">
            {short}
          </p>
        ) : null}
        <p className={`text-sm text-slate-600 ${row ? "max-sm:hidden" : ""}`}>{facts}</p>
        <p className={`text-xs text-slate-500 ${row ? "max-sm:hidden" : ""}`}>
          {t("card.ref", { ref: item.refId })}
          {item.stockStatus !== "available" ? ` · ${optionLabel(t, "stockStatus", item.stockStatus)}` : ""}
        </p>
        <div className={row ? "mt-auto pt-1 sm:pt-2" : "mt-auto pt-2"}>
          <Price yen={item.price} />
          {kind === "vehicles" ? <DeliveredPrice yen={item.price} sizeClass={sizeClassOf(item)} /> : null}
        </div>
      </div>
    </article>
  );
}
