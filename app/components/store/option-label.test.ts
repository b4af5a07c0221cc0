import { describe, expect, it } from "vitest";
import english from "~/i18n/locales/en/stock.json";
import {
  COLORS,
  DRIVES,
  FUELS,
  HOME_TYPES,
  PART_CONDITIONS,
  PART_SUB_TYPES,
  PART_TYPES,
  STEERING,
  TRANSMISSIONS,
  VEHICLE_SUB_TYPES,
  VEHICLE_TYPES,
} from "~/domain/inventory/catalogue";
import { capitalise } from "~/domain/inventory/inventory";
import { SORTS } from "~/domain/search/filters";
import { type OptionList, optionKey, optionLabel } from "./option-label";

/*
 * The stock pages build some keys at run time (option labels, the list texts of
 * each kind, sort choices, order steps): every one must be in English.
 */

type Tree = { [key: string]: string | Tree };

function lookup(key: string): string | undefined {
  let node: string | Tree | undefined = english as Tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** A stand-in for the shop's t: the English text, or the default value. */
const t = ((key: string, options?: { defaultValue?: string }) =>
  lookup(key) ?? options?.defaultValue ?? key) as unknown as Parameters<typeof optionLabel>[0];

const LISTS: Record<OptionList, { values: readonly string[]; english: (value: string) => string }> = {
  bodyType: { values: [...new Set([...VEHICLE_TYPES, ...HOME_TYPES])], english: (v) => v },
  bodySubType: { values: Object.values(VEHICLE_SUB_TYPES).flat(), english: (v) => v },
  fuel: { values: FUELS, english: capitalise },
  transmission: { values: TRANSMISSIONS, english: capitalise },
  drive: { values: DRIVES, english: (v) => v },
  steering: { values: STEERING, english: (v) => v },
  color: { values: COLORS, english: (v) => v },
  partType: { values: PART_TYPES, english: (v) => v },
  partSubType: { values: Object.values(PART_SUB_TYPES).flat(), english: (v) => v },
  partCondition: { values: PART_CONDITIONS, english: (v) => v },
  stockStatus: { values: ["available", "reserved", "sold"], english: capitalise },
};

describe("option labels", () => {
  for (const [list, { values, english: shown }] of Object.entries(LISTS)) {
    it(`every ${list} value has an English label that reads as before`, () => {
      for (const value of values) {
        expect(lookup(`options.${list}.${optionKey(value)}`), `options.${list}.${value}`).toBe(shown(value));
      }
    });
  }

  it("falls back to the value, or to the given fallback, and is empty without a value", () => {
    expect(optionLabel(t, "bodyType", "Limousine")).toBe("Limousine");
    expect(optionLabel(t, "fuel", "lpg", "Lpg")).toBe("Lpg");
    expect(optionLabel(t, "fuel", "diesel", "ignored")).toBe("Diesel");
    expect(optionLabel(t, "color", null)).toBe("");
    expect(optionLabel(t, "color", " ")).toBe("");
  });

  it("normalises the catalogue's key separators", () => {
    expect(optionKey("St. Wagon")).toBe("St_ Wagon");
    expect(optionKey("A:B")).toBe("A_B");
    expect(optionKey(" Pearl White ")).toBe("Pearl White");
  });
});

describe("stock keys built at run time", () => {
  it("are all in English", () => {
    const keys = [
      ...["vehicles", "parts"].flatMap((kind) =>
        ["loading", "found_one", "found_other", "failed", "empty", "showAll"].map((k) => `list.${kind}.${k}`),
      ),
      ...["order", "payment", "shipment", "delivery"].flatMap((s) => [`orderSteps.${s}.title`, `orderSteps.${s}.text`]),
      ...SORTS.map((s) => `toolbar.sortOptions.${s.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}`),
    ];
    expect(keys.filter((key) => lookup(key) === undefined)).toEqual([]);
  });

  it("keep the English list texts of the SPEC", () => {
    expect(lookup("list.vehicles.loading")).toBe("Loading vehicles...");
    expect(lookup("list.parts.loading")).toBe("Loading parts...");
    expect(lookup("list.vehicles.empty")).toBe("No vehicles found");
    expect(lookup("list.parts.empty")).toBe("No parts found");
    expect(lookup("list.emptyHint")).toBe("Try adjusting your search criteria or filters");
    expect(lookup("detail.vehicle.notFound")).toBe("Vehicle not found");
    expect(lookup("detail.part.notFound")).toBe("Part not found");
  });
});
