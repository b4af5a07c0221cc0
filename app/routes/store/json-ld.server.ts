import { createContext } from "react-router";
import type { DetailItem } from "~/components/store/stock-detail-page";
import type { PartDetail, VehicleDetail } from "~/domain/inventory/inventory";
import { SCHEMA_AVAILABILITY } from "~/domain/inventory/stock-status";
import { absoluteImageUrl } from "~/domain/media/image-url";

/*
 * A vehicle's or part's structured data for search engines. The page's
 * loader sets it here and entry.server.tsx writes it into the page's head:
 * no page's script carries the code, and the page's data does not carry it
 * twice. A page moved to in the browser has none, which search engines,
 * reading the server's pages, never see.
 */

/** The structured data of the page being rendered, if it has any. */
export const pageJsonLd = createContext<object | null>(null);

/** The page's address and the shop's origin, as a detail page's data carries them. */
type Page = { url: string; origin: string };

/**
 * What a vehicle's and a part's structured data say alike: the item, its maker, its photos and its offer in
 * yen; `more` is what only the kind has (a car's mileage, a part's condition).
 */
function stockJsonLd(type: "Car" | "Product", item: DetailItem, page: Page, more: Record<string, unknown>) {
  const { url } = page;
  return {
    "@context": "https://schema.org",
    "@type": type,
    name: item.name,
    sku: item.refId,
    url,
    description: item.description,
    brand: { "@type": "Brand", name: item.make },
    ...more,
    image: item.images.map((image) => absoluteImageUrl(image, 1600, page.origin)),
    offers: {
      "@type": "Offer",
      price: item.price,
      priceCurrency: "JPY",
      availability: SCHEMA_AVAILABILITY[item.stockStatus],
      url,
    },
  };
}

/** A car's: its model, year, body, fuel, steering, mileage and engine. */
export function carJsonLd(v: VehicleDetail, page: Page) {
  return stockJsonLd("Car", v, page, {
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
  });
}

/** A part's: its number, category and condition. */
export function productJsonLd(p: PartDetail, page: Page) {
  return stockJsonLd("Product", p, page, {
    mpn: p.partNumber ?? undefined,
    category: [p.type, p.subType].join(" > "),
    itemCondition:
      p.condition === "New"
        ? "https://schema.org/NewCondition"
        : p.condition === "Rebuilt"
          ? "https://schema.org/RefurbishedCondition"
          : "https://schema.org/UsedCondition",
  });
}
