import type { DB } from "~/db/db.server";
import { confirmLandedTable, previewLandedTable } from "~/domain/landed-cost/landed-tables.server";
import type { LoadableTable } from "~/domain/landed-cost/tables";

/*
 * Sample landed-cost tables for the demo, loaded as the owner would load the
 * real ones (CSV, preview, confirm) and marked as samples: every estimate made
 * from them says so. The valuation rows are made from the demo's own stock so
 * that its cars find their row; the figures are of the right order, not any
 * authority's.
 */

const SOURCE = "Sample for the demo: not the authority's figures";
const DATE = "2026-11-01";
const DEMO_STAFF = { adminId: "demo" };

// Orders of magnitude only: local currency for one yen (late 2026) and the value of a car against its yen price.
const PER_YEN = { Kenya: "0.8650", Tanzania: "17.12", Uganda: "24.10", "Sri Lanka": "2.045" };

const csv = (rows: (string | number)[][]) => rows.map((r) => r.join(",")).join("\n") + "\n";
const round = (n: number, to: number) => Math.round(n / to) * to;

async function tablesFromStock(db: DB): Promise<Record<LoadableTable, string>> {
  const stock = await db
    .selectFrom("vehicles")
    .select(["make", "model", "year", "engine_cc", "fuel"])
    .select((eb) => eb.fn.max("price").as("price"))
    .where("engine_cc", "is not", null)
    .where("fuel", "is not", null)
    .groupBy(["make", "model", "year", "engine_cc", "fuel"])
    .execute();
  const crsp = new Map<string, (string | number)[]>();
  const byYear: (string | number)[][] = [];
  const uganda: (string | number)[][] = [];
  for (const v of stock) {
    const price = Number(v.price);
    // Kenya's list prices a model new, whatever its year: the dearest of the demo's cars of that model, at twice.
    const key = [v.make, v.model, v.engine_cc, v.fuel!.toLowerCase()].join("|").toLowerCase();
    const value = round(price * 0.865 * 2.2, 1000);
    const old = crsp.get(key);
    if (!old || Number(old[4]) < value) crsp.set(key, [v.make, v.model, v.engine_cc!, v.fuel!.toLowerCase(), value]);
    byYear.push([v.make, v.model, v.year, v.engine_cc!, round(price * 17.12 * 1.1, 1000)]);
    uganda.push([v.make, v.model, v.year, v.engine_cc!, round(price * 24.1 * 1.15, 1000)]);
  }
  const quoted = (rows: (string | number)[][]) =>
    rows.map((r) => r.map((c) => (typeof c === "string" && /[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)));
  return {
    kenya_crsp: csv([["make", "model", "engine_cc", "fuel", "value_kes"], ...quoted([...crsp.values()])]),
    kenya_depreciation: csv([
      ["from_months", "to_months", "rate_percent"],
      [0, 12, 10],
      [12, 24, 15],
      [24, 36, 20],
      [36, 48, 30],
      [48, 60, 40],
      [60, 72, 50],
      [72, 84, 55],
      [84, 96, 60],
      [96, "", 65],
    ]),
    tanzania_valuation: csv([["make", "model", "year", "engine_cc", "value_tzs"], ...quoted(byYear)]),
    uganda_guide: csv([["make", "model", "year", "engine_cc", "value_ugx"], ...quoted(uganda)]),
    sri_lanka_excise: csv([
      ["fuel", "from_months", "to_months", "from_capacity", "to_capacity", "rate_per_unit", "minimum"],
      ...(
        [
          ["petrol", 1],
          ["diesel", 1.15],
          ["hybrid", 0.8],
        ] as const
      ).flatMap(([fuel, factor]) =>
        (
          [
            [0, 1000, 2450],
            [1001, 1300, 3850],
            [1301, 1500, 4450],
            [1501, 1800, 6400],
            [1801, 2500, 7700],
            [2501, "", 9150],
          ] as const
        ).map(([from, to, rate]) => [fuel, 0, "", from, to, round(rate * factor, 10), 1_992_000]),
      ),
      ["electric", 0, "", 0, "", 18_100, 1_000_000],
    ]),
    sri_lanka_luxury: csv([
      ["fuel", "threshold_lkr", "rate_percent"],
      ["petrol", 5_000_000, 100],
      ["diesel", 5_000_000, 120],
      ["hybrid", 5_500_000, 80],
      ["electric", 6_000_000, 60],
    ]),
    customs_rates: csv([["country", "local_per_yen"], ...Object.entries(PER_YEN).map(([c, r]) => [`"${c}"`, r])]),
    landed_fees: csv([
      ["country", "port_charges", "clearing", "registration"],
      ["Kenya", 45_000, 60_000, 30_000],
      ["Tanzania", 350_000, 500_000, 250_000],
      ["Uganda", "", 800_000, 1_800_000],
      ['"Sri Lanka"', 40_000, 75_000, ""],
    ]),
  };
}

/** Loads the sample tables once: a demo that already has any landed-cost table keeps what it has. */
export async function seedLandedSamples(db: DB, now = new Date()): Promise<number> {
  const any = await db.selectFrom("landed_tables").select("id").limit(1).executeTakeFirst();
  if (any) return 0;
  const files = await tablesFromStock(db);
  let loaded = 0;
  for (const [name, text] of Object.entries(files)) {
    const read = await previewLandedTable(
      db,
      DEMO_STAFF,
      {
        name,
        source: SOURCE,
        sourceDate: DATE,
        fileName: `sample-${name}.csv`,
        bytes: new TextEncoder().encode(text),
        sample: true,
      },
      now,
    );
    // A sample that does not read is a fault of this file, not of the owner's: say so loudly.
    if (!read.ok) throw new Error(`The demo's ${name} sample does not read: ${JSON.stringify(read.problems)}`);
    const done = await confirmLandedTable(db, DEMO_STAFF, read.preview.id);
    if (done.ok) loaded++;
  }
  return loaded;
}
