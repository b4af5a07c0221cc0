import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createRng, partFactory } from "~/db/seed/factories";
import type { PartInput } from "~/domain/inventory/inventory";
import { createPart } from "~/domain/inventory/inventory.server";
import { readPartQuery } from "./filters";
import { searchParts } from "./search.server";

/*
 * The parts search in the buyer's words (issue 44.7): Vietnamese, Sinhala and
 * Hindi words for the part categories find the parts of those categories, and
 * whatever the words found before is still found.
 */

let t: TestDb;
const ids: Record<string, number> = {};

/** The parts, by a name the tests use: what each is and what its text says. */
const PARTS: Record<string, Partial<PartInput>> = {
  // A headlight whose text names it, one whose owner wrote other words, and a loom named for headlights.
  corollaHeadlight: {
    make: "Toyota",
    model: "Corolla",
    type: "Electrical",
    subType: "Headlight",
    name: "Toyota Corolla headlight",
    description: "Used headlight, right side.",
  },
  fitHeadlight: {
    make: "Honda",
    model: "Fit",
    type: "Electrical",
    subType: "Headlight",
    name: "Front lamp assembly, left",
    description: "Clear lens, no cracks.",
  },
  headlightLoom: {
    make: "Ford",
    model: "Ranger",
    type: "Electrical",
    subType: "Wiring Harness",
    name: "Ford Ranger loom",
    description: "The loom of the front lamps (headlight wiring).",
  },
  fitRadiator: {
    make: "Honda",
    model: "Fit",
    type: "Engine",
    subType: "Radiator",
    name: "Honda Fit radiator",
    description: "New radiator.",
  },
  coolingCore: {
    make: "Toyota",
    model: "Hiace",
    type: "Engine",
    subType: "Radiator",
    name: "Cooling core",
    description: "Aluminium core with both tanks.",
  },
  // A door whose description carries the buyer's own words: found by them, as before.
  signedDoor: {
    make: "BMW",
    model: "X3",
    type: "Body",
    subType: "Door",
    name: "BMW X3 door",
    description: "Rear left door. Sold with the ශීතකරණය label of its last owner.",
  },
  alternator: {
    make: "Ford",
    model: "Focus",
    type: "Electrical",
    subType: "Alternator",
    name: "Ford Focus alternator",
    description: "Rebuilt alternator.",
  },
  bumper: {
    make: "Mercedes",
    model: "GLC",
    type: "Body",
    subType: "Front Bumper",
    name: "Mercedes GLC front bumper",
    description: "Used front bumper.",
  },
};

beforeAll(async () => {
  t = await createTestDb();
  const rng = createRng(44);
  let i = 0;
  for (const [key, overrides] of Object.entries(PARTS)) {
    const input = partFactory(rng, i, { ...overrides, stockStatus: "available" });
    const created = await createPart(
      t.db,
      input,
      [],
      { kind: "system", id: null },
      new Date(Date.UTC(2026, 10, 1, i++)).toISOString(),
    );
    ids[key] = created.id;
  }
});
afterAll(() => t.cleanup());

/** The parts a keyword finds, by their names above, and the total the list shows. */
async function found(keyword: string, more = "") {
  const query = readPartQuery(new URLSearchParams(`Keyword=${encodeURIComponent(keyword)}&PerPage=100${more}`));
  const result = await searchParts(t.db, query);
  const names = Object.entries(ids);
  const items = result.items.map((item) => names.find(([, id]) => id === item.id)?.[0]).sort();
  expect(result.total, keyword).toBe(items.length);
  return items;
}

const HEADLIGHTS = ["corollaHeadlight", "fitHeadlight", "headlightLoom"];
const RADIATORS = ["coolingCore", "fitRadiator"];

describe("the parts search in the buyer's words", () => {
  it("finds headlights by Vietnamese words, with or without accents, and narrows by the other words", async () => {
    expect(await found("đèn pha")).toEqual(HEADLIGHTS);
    expect(await found("Đèn Pha")).toEqual(HEADLIGHTS);
    expect(await found("den pha")).toEqual(HEADLIGHTS);
    // The catalogue's word for radiators, and a word of the table of extra words.
    expect(await found("két nước")).toEqual(RADIATORS);
    expect(await found("két làm mát")).toEqual(RADIATORS);
    expect(await found("đèn pha corolla")).toEqual(["corollaHeadlight"]);
    expect(await found("đèn pha", "&Make=Honda")).toEqual(["fitHeadlight"]);
    expect(await found("đèn pha nosuchword")).toEqual([]);
  });

  it("finds radiators and headlights by Sinhala words, and the parts whose text has the words", async () => {
    expect(await found("රේඩියේටර්")).toEqual(RADIATORS);
    // "ශීතකරණය" names radiators, and one door's description carries the word itself.
    expect(await found("ශීතකරණය")).toEqual([...RADIATORS, "signedDoor"].sort());
    expect(await found("හෙඩ්ලයිට්")).toEqual(HEADLIGHTS);
  });

  it("finds radiators and headlights by Hindi words", async () => {
    expect(await found("रेडिएटर")).toEqual(RADIATORS);
    expect(await found("हेडलाइट")).toEqual(HEADLIGHTS);
    expect(await found("हेडलाइट fit")).toEqual(["fitHeadlight"]);
  });

  it("searches English words and part numbers as before", async () => {
    expect(await found("headlight")).toEqual(["corollaHeadlight", "headlightLoom"]);
    expect(await found("cooling core")).toEqual(["coolingCore"]);
    const [part] = await t.db.selectFrom("parts").select("part_number").where("id", "=", ids.fitRadiator!).execute();
    expect(await found(part!.part_number!.replace(/[-\s]/g, ""))).toEqual(["fitRadiator"]);
  });
});
