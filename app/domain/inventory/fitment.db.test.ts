import { inEnglish } from "../../../tests/support/english";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { between, createRng, partFactory, pick, type Rng } from "~/db/seed/factories";
import { dashboardFigures } from "~/domain/dashboard/dashboard.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import type { MultipartForm } from "~/domain/media/multipart.server";
import { readPartQuery } from "~/domain/search/filters";
import { menuCounts, waysOut } from "~/domain/search/menu-counts.server";
import { searchParts } from "~/domain/search/search.server";
import { adminListStock, readAdminQuery } from "./admin-stock.server";
import { type Fitment, fitsCar } from "./fitment";
import { createPart, getPart } from "./inventory.server";
import { fitmentCars, fitmentCarsStatement, fitmentsOf } from "./parts.server";
import { editStock } from "~/domain/stock-io/stock-edit.server";
import { uploadPart as uploadPartOf } from "~/domain/stock-io/stock-upload.server";

/*
 * Parts that say what they fit (issue 23): "Fits my car" in SQL against the
 * rule itself (fitsCar), for random parts and random cars; the part-number
 * search whatever the dashes, spaces and case; the forms' refusals; and low
 * stock for the owner. Seeded, so a failure repeats.
 */

/** The answer as the staff read it in English. */
const uploadPart = async (...args: Parameters<typeof uploadPartOf>) => inEnglish(await uploadPartOf(...args));

let t: TestDb;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "fitment-"));
const media = new MediaStore(localDriver(root));
const staff = { id: 1, adminId: "owner" };
const system = { kind: "system" as const, id: null };

/** The random parts, with the cars each fits. */
const parts: { id: number; fitment: Fitment[] }[] = [];

/** Makes and models as owners write them: any case, a few models per make, some in two makes. */
const CARS: Record<string, string[]> = {
  Toyota: ["Corolla", "Hiace", "Camry", "Land Cruiser"],
  Nissan: ["Note", "X-Trail", "Caravan"],
  Honda: ["Fit", "Civic"],
  "Mercedes-Benz": ["C-Class", "Sprinter"],
};
const cased = (rng: Rng, name: string) =>
  pick(rng, [name, name.toLowerCase(), name.toUpperCase(), name[0]!.toLowerCase() + name.slice(1)]);
const yearOrNull = (rng: Rng) => (rng() < 0.3 ? null : between(rng, 1995, 2025));

function randomFitment(rng: Rng): Fitment[] {
  return Array.from({ length: between(rng, 0, 4) }, () => {
    const make = pick(rng, Object.keys(CARS));
    let [yearFrom, yearTo] = [yearOrNull(rng), yearOrNull(rng)];
    if (yearFrom !== null && yearTo !== null && yearFrom > yearTo) [yearFrom, yearTo] = [yearTo, yearFrom];
    return {
      make: cased(rng, make),
      model: cased(rng, pick(rng, CARS[make]!)),
      modelCode: rng() < 0.5 ? null : `ZRE${between(rng, 100, 260)}`,
      yearFrom,
      yearTo,
    };
  });
}

/** The ids of every part the list shows for these filters, page after page. */
async function listed(qs: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const query = readPartQuery(new URLSearchParams(`${qs}&PerPage=100&Page=${page}`));
    const result = await searchParts(t.db, query);
    ids.push(...result.items.map((i) => i.id));
    if (page >= result.pageCount) {
      expect(ids, qs).toHaveLength(result.total);
      return ids.sort((a, b) => a - b);
    }
  }
}

const form = (fields: Record<string, string>): MultipartForm => ({
  fields: new Map(Object.entries(fields).map(([k, v]) => [k, [v]])),
  files: [],
});

const pads = {
  refId: "FIT-PADS-1",
  name: "Toyota Camry front brake pads",
  price: "6,800",
  make: "Toyota",
  model: "Corolla",
  type: "Suspension",
  subType: "Wheel Hub",
  partNumber: "04465-33450",
  quantity: "12",
};

beforeAll(async () => {
  t = await createTestDb();
  const rng = createRng(2323);
  for (let i = 0; i < 240; i++) {
    const fitment = randomFitment(rng);
    // Without a part number or words that would find it otherwise: the number is found through its key alone.
    const input = partFactory(rng, i, { fitment, partNumber: null, description: "A part." });
    const { id } = await createPart(t.db, input, [], system);
    parts.push({ id, fitment });
  }
}, 120_000);
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("Fits my car", () => {
  it("lists exactly the parts fitsCar says fit the car, whatever the case, on page after page", async () => {
    const rng = createRng(77);
    const cars: { make: string; model?: string; year?: number }[] = [];
    for (const make of Object.keys(CARS)) {
      cars.push({ make });
      for (const model of CARS[make]!) {
        cars.push({ make, model });
        for (const year of [1994, 1995, 2004, 2012, 2025]) cars.push({ make, model, year });
      }
    }
    for (let i = 0; i < 60; i++) {
      const make = pick(rng, Object.keys(CARS));
      cars.push({
        make: cased(rng, make),
        model: rng() < 0.8 ? cased(rng, pick(rng, CARS[make]!)) : undefined,
        year: rng() < 0.7 ? between(rng, 1990, 2026) : undefined,
      });
    }
    // A car no part names, and a model of another make.
    cars.push({ make: "Subaru", model: "Forester" }, { make: "Honda", model: "Corolla" });
    let found = 0;
    for (const car of cars) {
      const qs = new URLSearchParams({
        FitMake: car.make,
        ...(car.model ? { FitModel: car.model } : {}),
        ...(car.year ? { FitYear: String(car.year) } : {}),
      }).toString();
      const expected = parts.filter((p) => fitsCar(p.fitment, car)).map((p) => p.id);
      const ids = await listed(qs);
      expect(ids, qs).toEqual(expected);
      found += ids.length;
    }
    // The cars found parts, and not every part.
    expect(found).toBeGreaterThan(cars.length * 3);
    expect(await listed("FitMake=Subaru")).toEqual([]);
  });

  it("goes with the list's other filters, its menus and its ways out", async () => {
    const car = { make: "toyota", model: "COROLLA", year: 2012 };
    const fits = parts.filter((p) => fitsCar(p.fitment, car)).map((p) => p.id);
    const qs = "FitMake=toyota&FitModel=COROLLA&FitYear=2012";
    const stock = await t.db.selectFrom("parts").select(["id", "make", "type"]).execute();
    const engines = stock.filter((p) => p.type === "Engine").map((p) => p.id);
    expect(await listed(`${qs}&Type=Engine`)).toEqual(fits.filter((id) => engines.includes(id)));
    // The make menu counts the parts fitting the car by their own make.
    const { filters } = readPartQuery(new URLSearchParams(qs));
    const { makes } = await menuCounts(t.db, "parts", filters);
    const byMake: Record<string, number> = {};
    for (const p of stock) if (fits.includes(p.id)) byMake[p.make] = (byMake[p.make] ?? 0) + 1;
    expect(makes).toEqual(byMake);
    // Nothing fits: dropping the car's make drops the car, and shows the whole stock.
    const none = readPartQuery(new URLSearchParams("FitMake=Subaru&FitModel=Forester&FitYear=2015")).filters;
    expect(none).toEqual({ FitMake: "Subaru", FitModel: "Forester", FitYear: 2015 });
    const ways = await waysOut(t.db, "parts", none);
    expect(ways).toContainEqual({ drop: "FitMake", total: stock.length, more: false });
    // A model or year without a make names no car: the list is not filtered.
    expect(readPartQuery(new URLSearchParams("FitModel=Corolla&FitYear=2012")).filters).toEqual({});
  });

  it("offers the makes and models the parts name, one spelling each", async () => {
    // Found each from the one before: every pair as spelt, none skipped, none twice.
    const stepped = (await fitmentCarsStatement().execute(t.db)).rows.map((r) => `${r.make}|${r.model}`);
    const distinct = await t.db.selectFrom("part_fitments").select(["make", "model"]).distinct().execute();
    expect(stepped.length).toBe(distinct.length);
    expect(new Set(stepped)).toEqual(new Set(distinct.map((r) => `${r.make}|${r.model}`)));
    const cars = await fitmentCars(t.db);
    expect(Object.keys(cars).map((m) => m.toLowerCase())).toEqual(["honda", "mercedes-benz", "nissan", "toyota"]);
    for (const [make, models] of Object.entries(cars)) {
      const named = new Set(
        parts
          .flatMap((p) => p.fitment.filter((f) => f.make.toLowerCase() === make.toLowerCase()))
          .map((f) => f.model.toLowerCase()),
      );
      expect(models.map((m) => m.toLowerCase()).sort()).toEqual([...named].sort());
    }
  });
});

describe("the part-number search", () => {
  it("finds a part by its number with or without dashes and spaces, in any case, and nothing else", async () => {
    const numbers = {
      toyota: "04465-33450",
      honda: "45022-T5A-J01",
      bmw: "34 11 6 858 652",
      mercedes: "A 000 420 53 02",
    };
    const ids: Record<string, number> = {};
    for (const [name, partNumber] of Object.entries(numbers)) {
      const input = partFactory(createRng(9), 3, { partNumber, description: "Brake pads.", fitment: [] });
      ids[name] = (await createPart(t.db, input, [], system)).id;
    }
    for (const [name, keyword] of [
      ["toyota", "04465-33450"],
      ["toyota", "04465 33450"],
      ["toyota", "0446533450"],
      ["toyota", " 04465–33450 "],
      ["honda", "45022t5aj01"],
      ["honda", "45022 t5a j01"],
      ["bmw", "34116858652"],
      ["bmw", "34-11-6-858-652"],
      ["mercedes", "a0004205302"],
      ["mercedes", "A000 420 5302"],
    ] as const) {
      expect(await listed(`Keyword=${encodeURIComponent(keyword)}`), keyword).toEqual([ids[name]]);
    }
    // Another part's number, or half a number, finds none of them.
    for (const keyword of ["04465-33451", "04465"])
      expect(await listed(`Keyword=${keyword}`), keyword).not.toContain(ids.toyota);
    // With other filters, the number still has to be the part's.
    const toyota = (await getPart(t.db, ids.toyota!))!;
    expect(await listed(`Keyword=0446533450&Type=${toyota.type}`)).toEqual([ids.toyota]);
    expect(await listed(`Keyword=0446533450&Type=Nothing`)).toEqual([]);
    // Words still find what they found: the name, in any case.
    const byName = await listed(`Keyword=${encodeURIComponent(toyota.name.toUpperCase())}`);
    expect(byName).toContain(ids.toyota);
    await t.db.deleteFrom("parts").where("id", "in", Object.values(ids)).execute();
  });
});

describe("Upload Part and Edit Part with the cars a part fits", () => {
  it("save the cars one per line in order, show them back, and replace them on edit", async () => {
    const text = "Toyota / Camry / acv40 / 2006-2011\n\ntoyota / Corolla Fielder\nToyota / Corolla / / 2012-\n";
    const outcome = await uploadPart(t.db, media, form({ ...pads, fitment: text }), staff);
    expect(outcome).toEqual({ ok: true, id: expect.any(Number), refId: "FIT-PADS-1" });
    const id = (outcome as { id: number }).id;
    const part = await getPart(t.db, id);
    expect(part?.fitment).toEqual([
      { make: "Toyota", model: "Camry", modelCode: "ACV40", yearFrom: 2006, yearTo: 2011 },
      { make: "toyota", model: "Corolla Fielder", modelCode: null, yearFrom: null, yearTo: null },
      { make: "Toyota", model: "Corolla", modelCode: null, yearFrom: 2012, yearTo: null },
    ]);
    expect(await listed("FitMake=TOYOTA&FitModel=camry&FitYear=2008")).toContain(id);
    expect(await listed("FitMake=Toyota&FitModel=Camry&FitYear=2012")).not.toContain(id);
    expect(await listed("Keyword=0446533450")).toEqual([id]);

    const edited = await editStock(
      t.db,
      media,
      "parts",
      id,
      form({
        ...pads,
        partNumber: "04465-YZZE1",
        fitment: "Toyota / Hiace / KDH200 / -2019; Toyota / Camry / ACV40 / 2006-2011",
      }),
      staff,
    );
    expect(edited).toEqual({ ok: true });
    expect((await fitmentsOf(t.db, [id])).get(id)).toEqual([
      { make: "Toyota", model: "Hiace", modelCode: "KDH200", yearFrom: null, yearTo: 2019 },
      { make: "Toyota", model: "Camry", modelCode: "ACV40", yearFrom: 2006, yearTo: 2011 },
    ]);
    expect(await listed("Keyword=0446533450")).toEqual([]);
    expect(await listed("Keyword=04465yzze1")).toEqual([id]);
    // Left blank, the part fits no car in particular.
    await editStock(t.db, media, "parts", id, form({ ...pads, fitment: "" }), staff);
    expect((await getPart(t.db, id))?.fitment).toEqual([]);
    await t.db.deleteFrom("parts").where("id", "=", id).execute();
  });

  it("refuse a bad car with a message naming it, and write nothing", async () => {
    const bad = [
      ["Toyota / Camry / ACV40 / 2006-2011\nToyota Camry 2008", "Car 2 (Toyota Camry 2008): write it as Make / Model"],
      ["Toyota / Camry / ACV40 / 2011-2006", "Car 1 (Toyota / Camry / ACV40 / 2011-2006): write the years as"],
      ["Toyota / Camry / ACV_40", "Car 1 (Toyota / Camry / ACV_40): the model code may hold only"],
      ["Toyota / Camry / / 1850-1860", "Car 1 (Toyota / Camry / / 1850-1860): write the years"],
      [
        Array.from({ length: 51 }, (_, i) => `Toyota / Model ${i}`).join("\n"),
        "A part may list at most 50 cars it fits.",
      ],
    ] as const;
    for (const [i, [text, message]] of bad.entries()) {
      const refId = `FIT-BAD-${i}`;
      const outcome = await uploadPart(t.db, media, form({ ...pads, refId, fitment: text }), staff);
      expect(outcome, text).toMatchObject({ ok: false, refusal: "invalid" });
      const errors = (outcome as { errors: Record<string, string>; message: string }).errors;
      expect(errors.fitment).toContain(message);
      expect((outcome as { message: string }).message).toContain(message);
      expect(await t.db.selectFrom("parts").select("id").where("ref_id", "=", refId).execute()).toEqual([]);
    }

    // On edit: the part keeps its fields and its cars.
    const { id } = (await uploadPart(
      t.db,
      media,
      form({ ...pads, refId: "FIT-KEEP", fitment: "Toyota / Camry / ACV40 / 2006-2011" }),
      staff,
    )) as { id: number };
    const before = await getPart(t.db, id);
    const edited = inEnglish(
      await editStock(
        t.db,
        media,
        "parts",
        id,
        form({ ...pads, refId: "FIT-KEEP", quantity: "3", fitment: "Toyota / Camry / ACV40 / 2006-2011\nCamry" }),
        staff,
      ),
    );
    expect(edited).toMatchObject({ ok: false, refusal: "invalid" });
    expect((edited as { errors: Record<string, string> }).errors.fitment).toContain("Car 2 (Camry)");
    const after = await getPart(t.db, id);
    expect(after).toEqual(before);
    expect(after?.fitment).toHaveLength(1);
    await t.db.deleteFrom("parts").where("id", "=", id).execute();
  });
});

describe("low stock", () => {
  it("lists for the owner the parts not sold with fewer than 10, and the dashboard counts them", async () => {
    const low = await t.db
      .selectFrom("parts")
      .select("id")
      .where("quantity", "<", 10)
      .where("stock_status", "!=", "sold")
      .orderBy("id")
      .execute();
    const all = await t.db
      .selectFrom("parts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(low.length).toBeGreaterThan(5);
    expect(low.length).toBeLessThan(Number(all.n));
    const listedLow = await adminListStock(t.db, "parts", readAdminQuery(new URLSearchParams("stock=low&perPage=200")));
    expect(listedLow.total).toBe(low.length);
    expect(listedLow.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(low.map((r) => r.id));
    expect(listedLow.items.every((i) => i.quantity! < 10 && i.stockStatus !== "sold")).toBe(true);
    // Without it, every part.
    expect((await adminListStock(t.db, "parts", readAdminQuery(new URLSearchParams("")))).total).toBe(Number(all.n));
    expect((await dashboardFigures(t.db)).lowStock).toBe(low.length);
  });
});
