import { inEnglish } from "../../../tests/support/english";
import { describe, expect, it } from "vitest";
import { multipartOf, STOCK_STAFF, stockFilesForFile } from "../../../tests/support/stock-files";
import { createRng, partFactory } from "~/db/seed/factories";
import { seedStock } from "~/db/seed/seed.server";
import { getPart } from "./inventory.server";
import { editStock } from "~/domain/stock-io/stock-edit.server";
import { uploadPart as uploadPartOf, uploadVehicle as uploadVehicleOf } from "~/domain/stock-io/stock-upload.server";

/** The answer as the staff read it in English. */
const uploadVehicle = async (...args: Parameters<typeof uploadVehicleOf>) => inEnglish(await uploadVehicleOf(...args));

/** The answer as the staff read it in English. */
const uploadPart = async (...args: Parameters<typeof uploadPartOf>) => inEnglish(await uploadPartOf(...args));

/*
 * A part's car: year, mileage, colour and fuel (SPEC 3 "Part"), saved from
 * Upload Part and Edit Part with the vehicle forms' rules, read back for the
 * part page, and filled by the demo where they make sense (issue 17.7).
 */

const s = stockFilesForFile("part-fields");
const staff = STOCK_STAFF;
const form = (fields: Record<string, string>) => multipartOf(fields);

const engine = {
  refId: "PF-ENGINE-1",
  name: "Toyota Hiace 1KD engine",
  price: "320,000",
  make: "Toyota",
  model: "Hiace",
  type: "Engine",
  subType: "Complete Engine",
  year: "2014",
  mileage: "85,000",
  color: "Silver",
  fuel: "diesel",
};

describe("Upload Part and Edit Part", () => {
  it("save the year, mileage, colour and fuel, and the part reads them back", async () => {
    const outcome = await uploadPart(s.db, s.media, form(engine), staff);
    expect(outcome).toEqual({ ok: true, id: expect.any(Number), refId: "PF-ENGINE-1" });
    const id = (outcome as { id: number }).id;
    expect(await getPart(s.db, id)).toMatchObject({ year: 2014, mileage: 85_000, color: "Silver", fuel: "diesel" });

    const edited = await editStock(
      s.db,
      s.media,
      "parts",
      id,
      form({ ...engine, year: "2016", mileage: "61000", color: "Pearl White", fuel: "petrol" }),
      staff,
    );
    expect(edited).toEqual({ ok: true });
    expect(await getPart(s.db, id)).toMatchObject({
      year: 2016,
      mileage: 61_000,
      color: "Pearl White",
      fuel: "petrol",
    });

    // Left blank, each is cleared: a part may have none of them.
    await editStock(s.db, s.media, "parts", id, form({ ...engine, year: "", mileage: "", color: "", fuel: "" }), staff);
    expect(await getPart(s.db, id)).toMatchObject({ year: null, mileage: null, color: null, fuel: null });
  });

  it("refuse a bad mileage, fuel or year with the vehicle form's message, and save nothing", async () => {
    const vehicle = { make: "Toyota", model: "Hiace", year: "2014", price: "1,000,000" };
    for (const [field, value] of [
      ["mileage", "85 km"],
      ["mileage", "-5"],
      ["mileage", "3,000,000"],
      ["fuel", "kerosene"],
      ["year", "1850"],
    ] as const) {
      const refId = `PF-BAD-${field}-${value.replace(/\W/g, "")}`;
      const part = await uploadPart(s.db, s.media, form({ ...engine, refId, [field]: value }), staff);
      const car = await uploadVehicle(s.db, s.media, form({ ...vehicle, refId, [field]: value }), staff);
      expect(part, `${field} ${value}`).toMatchObject({ ok: false, refusal: "invalid" });
      expect(car).toMatchObject({ ok: false, refusal: "invalid" });
      const message = (part as { errors: Record<string, string> }).errors[field];
      expect(message).toBeTruthy();
      expect(message).toBe((car as { errors: Record<string, string> }).errors[field]);
      expect(await s.db.selectFrom("parts").select("id").where("ref_id", "=", refId).execute()).toEqual([]);
    }
  });
});

describe("the demo's parts", () => {
  it("have their car's year, mileage, fuel and colour where they make sense", async () => {
    const rng = createRng(5);
    const parts = Array.from({ length: 200 }, (_, i) => partFactory(rng, i));
    for (const p of parts) {
      const fromCar = p.condition !== "New";
      // A part taken from a car has its year; a new one fits many years.
      expect(p.year !== null, `${p.name} ${p.condition}`).toBe(fromCar);
      // Mileage only on used engines and gearboxes, colour only on used painted panels.
      if (p.mileage !== null) expect(fromCar && ["Engine", "Transmission"].includes(p.type)).toBe(true);
      if (p.color !== null) expect(fromCar && p.type === "Body").toBe(true);
      if (p.fuel !== null) expect(["Engine", "Electrical"].includes(p.type)).toBe(true);
    }
    const usedEngines = parts.filter((p) => p.subType === "Complete Engine" && p.condition !== "New");
    expect(usedEngines.length).toBeGreaterThan(0);
    for (const p of usedEngines) {
      expect(p.year).not.toBeNull();
      expect(p.mileage).toBeGreaterThan(0);
      expect(p.fuel).not.toBeNull();
    }
    const usedBumpers = parts.filter((p) => p.subType === "Front Bumper" && p.condition !== "New");
    expect(usedBumpers.length).toBeGreaterThan(0);
    for (const p of usedBumpers) expect(p.color).not.toBeNull();
    const springs = parts.filter((p) => p.subType === "Coil Spring");
    expect(springs.length).toBeGreaterThan(0);
    for (const p of springs) expect([p.mileage, p.color, p.fuel]).toEqual([null, null, null]);
  });

  it("are stored with them", async () => {
    const seeded = await seedStock(s.db, s.media, { vehicles: 0, parts: 30, photos: [1, 1], seed: 9 });
    const stored = (await Promise.all(seeded.parts.map((p) => getPart(s.db, p.id)))).map((p) => p!);
    for (const p of stored) expect(p.year !== null, p.name).toBe(p.condition !== "New");
    expect(stored.filter((p) => p.mileage !== null).length).toBeGreaterThan(0);
    expect(stored.filter((p) => p.color !== null).length).toBeGreaterThan(0);
    expect(stored.filter((p) => p.fuel !== null).length).toBeGreaterThan(0);
    expect(stored.filter((p) => p.year === null).length).toBeGreaterThan(0);
  });
});
