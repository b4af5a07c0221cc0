import { describe, expect, it } from "vitest";
import { VEHICLE_SUB_TYPES } from "~/domain/inventory/catalogue";
import { bodyStyle, engineOf, feedAvailability, feedPrice, partConditionOf } from "./feed-columns";

describe("the feeds' words for the shop's facts", () => {
  it("gives every type and subtype the upload form offers one of Google's body styles", () => {
    const GOOGLE = [
      "convertible",
      "coupe",
      "crossover",
      "full size van",
      "hatchback",
      "minivan",
      "sedan",
      "station wagon",
      "suv",
      "truck",
    ];
    for (const [type, subTypes] of Object.entries(VEHICLE_SUB_TYPES))
      for (const subType of subTypes) expect(GOOGLE).toContain(bodyStyle(type, subType));
    expect(bodyStyle("SUV", "Crossover")).toBe("crossover");
    expect(bodyStyle("Van", "Mini Van")).toBe("minivan");
    expect(bodyStyle("Van", "Cargo Van")).toBe("full size van");
    expect(bodyStyle("Wagon", "Standard Wagon")).toBe("station wagon");
    expect(bodyStyle("Special Purpose", "Ambulance")).toBe("full size van");
    expect(bodyStyle("Special Purpose", "Tow Truck")).toBe("truck");
    // A type Google has no word for is left empty rather than guessed.
    expect(bodyStyle("Bus", null)).toBeNull();
    expect(bodyStyle(null, null)).toBeNull();
  });

  it("calls petrol gasoline, keeps Google's other engines, and anything else 'other'", () => {
    expect(engineOf("petrol")).toBe("gasoline");
    expect(engineOf("Diesel")).toBe("diesel");
    expect(engineOf("hybrid")).toBe("hybrid");
    expect(engineOf("hydrogen")).toBe("other");
    expect(engineOf(null)).toBeNull();
  });

  it("calls a rebuilt part refurbished and a part of no stated condition used", () => {
    expect(partConditionOf("New")).toBe("new");
    expect(partConditionOf("Rebuilt")).toBe("refurbished");
    expect(partConditionOf("Used")).toBe("used");
    expect(partConditionOf(null)).toBe("used");
  });

  it("is in stock only when it can be bought now, and prices in whole yen with the currency's code", () => {
    expect(feedAvailability("available", null)).toBe("in_stock");
    expect(feedAvailability("available", 3)).toBe("in_stock");
    expect(feedAvailability("available", 0)).toBe("out_of_stock");
    expect(feedAvailability("reserved", null)).toBe("out_of_stock");
    expect(feedPrice(1_250_000)).toBe("1250000 JPY");
    expect(feedPrice("38000")).toBe("38000 JPY");
  });
});
