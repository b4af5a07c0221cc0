import { describe, expect, it } from "vitest";
import { listSearch, PART_FILTER_KEYS, readPartQuery } from "~/domain/search/filters";
import { partsFor } from "./part-fitment";

describe("a fitting car's link on the part page", () => {
  it("is the parts list's own address of Fits my car, which reads back to the car", () => {
    for (const fit of [
      { make: "Toyota", model: "Land Cruiser Prado" },
      { make: "Mercedes-Benz", model: "C-Class" },
      { make: "Citroën", model: "C4 & Picasso" },
    ]) {
      const href = partsFor(fit);
      expect(href).toBe(
        `/parts${listSearch(PART_FILTER_KEYS, { filters: { FitMake: fit.make, FitModel: fit.model } })}`,
      );
      expect(readPartQuery(new URL(href, "http://shop").searchParams).filters).toEqual({
        FitMake: fit.make,
        FitModel: fit.model,
      });
    }
  });
});
