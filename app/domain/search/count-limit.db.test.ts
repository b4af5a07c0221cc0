import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { bulkInsertStock } from "~/db/seed/bulk.server";
import { readVehicleQuery } from "./filters";
import { totalText } from "./list";
import { waysOut } from "./menu-counts.server";
import { LIST_COUNT_LIMIT, searchVehicles } from "./search.server";

/*
 * A keyword many vehicles match: PostgreSQL counts up to LIST_COUNT_LIMIT and
 * says "1,000+"; SQLite counts them all from its trigram index.
 */

let t: TestDb;
let hybrids: number;
beforeAll(async () => {
  t = await createTestDb();
  // A quarter of the stock the bulk loader makes mentions "hybrid".
  await bulkInsertStock(t.db, { vehicles: 4_800, parts: 0, photos: [] });
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from vehicles
    where lower(name || ' ' || description || ' ' || model || ' ' || ref_id) like '%hybrid%'`.execute(t.db);
  hybrids = Number(rows[0]!.n);
}, 60_000);
afterAll(() => t?.cleanup());

const list = (qs: string) => searchVehicles(t.db, readVehicleQuery(new URLSearchParams(qs)));
const english = (n: number) => n.toLocaleString("en-US");

describe("a keyword matching more than the list counts", () => {
  it("is counted exactly on SQLite, and up to 1,000 shown as '1,000+' on PostgreSQL", async () => {
    expect(hybrids).toBeGreaterThan(LIST_COUNT_LIMIT);
    const found = await list("Keyword=hybrid");
    if (t.dialect === "postgres") {
      expect({ total: found.total, more: found.more, pageCount: found.pageCount }).toEqual({
        total: LIST_COUNT_LIMIT,
        more: true,
        pageCount: LIST_COUNT_LIMIT / 20,
      });
      expect(totalText(found, english)).toBe("1,000+");
    } else {
      expect({ total: found.total, more: found.more }).toEqual({ total: hybrids, more: false });
      expect(totalText(found, english)).toBe(english(hybrids));
    }
    expect(found.items).toHaveLength(20);
  });

  it("has every page it offers full, the last one included, whatever the order", async () => {
    for (const sort of ["newest", "price_asc", "price_desc"]) {
      const first = await list(`Keyword=hybrid&Sort=${sort}`);
      const last = await list(`Keyword=hybrid&Sort=${sort}&Page=${first.pageCount}`);
      expect(last.page).toBe(first.pageCount);
      expect(last.items.length, sort).toBe(t.dialect === "postgres" ? 20 : hybrids - (first.pageCount - 1) * 20);
      for (const item of last.items) expect(item.name.length).toBeGreaterThan(0);
    }
  });

  it("counts exactly below the limit, with other filters too, and says nothing is there when nothing is", async () => {
    const make = await list("Keyword=hybrid&Make=Toyota&Fuel=diesel");
    expect(make.more).toBe(false);
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from vehicles where make = 'Toyota' and fuel = 'diesel'
      and lower(name || ' ' || description || ' ' || model || ' ' || ref_id) like '%hybrid%'`.execute(t.db);
    expect(make.total).toBe(Number(rows[0]!.n));
    const none = await list("Keyword=towbar");
    expect({ total: none.total, more: none.more, items: none.items.length }).toEqual({
      total: 0,
      more: false,
      items: 0,
    });
  });

  it("offers the keyword alone as a way out of an empty list, with '1,000+' on PostgreSQL", async () => {
    const ways = await waysOut(t.db, "vehicles", { Keyword: "hybrid", Color: "Plaid" });
    expect(ways).toEqual([
      t.dialect === "postgres"
        ? { drop: "Color", total: LIST_COUNT_LIMIT, more: true }
        : { drop: "Color", total: hybrids, more: false },
    ]);
  });
});
