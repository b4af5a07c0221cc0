import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The sale's statuses change in one place each (issue 40.1): a quote's and an
 * offer's in the quote's moves, an order's in the order's moves, a hold's
 * end, an invoice's cancellation, and a vehicle's or part's stock in the
 * sale's stock moves. This reads the shop's code and fails when any other
 * file writes one of those columns, so a new shortcut is seen at once.
 * A whole stock row written from the edit form or the stock import carries
 * its status through the repositories, checked by status-by-hand.server.ts.
 */

const APP = path.resolve(import.meta.dirname, "../..");

/** Which file may write each guarded column ("insert" for a new row of that table). */
const WRITERS: Record<string, string[]> = {
  "quotes.status": ["domain/sale/quote-moves.server.ts"],
  "offers.status": ["domain/sale/quote-moves.server.ts"],
  "offers.insert": ["domain/sale/offers.server.ts"],
  "orders.status": ["domain/sale/order-moves.server.ts"],
  "orders.insert": ["domain/sale/order-moves.server.ts"],
  "holds.insert": ["domain/sale/answer.server.ts"],
  "holds.ended_at": ["domain/sale/quote-moves.server.ts"],
  "invoices.insert": ["domain/sale/invoices.server.ts"],
  "invoices.voided_at": ["domain/sale/quote-moves.server.ts", "domain/sale/orders.server.ts"],
  "vehicles.stock_status": ["domain/sale/stock-moves.server.ts"],
  // A part's status is the owner's (Sold when none are left); the sale moves its quantity only.
  "parts.stock_status": [],
  "parts.quantity": ["domain/sale/stock-moves.server.ts"],
};

const GUARDED = new Set(Object.keys(WRITERS).map((k) => k.split(".")[0]!));
const COLUMNS = ["status", "stock_status", "ended_at", "voided_at", "quantity"];
/** Tables whose new rows are themselves a step of the sale (an offer made, a hold begun, an invoice issued, an order opened). */
const INSERTS = new Set(["offers", "holds", "invoices", "orders"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" || entry.name === "seed" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every write of a guarded column or table in one file's text, as "table.column". */
export function writesIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\.updateTable\(\s*"(\w+)"\s*\)/g)) {
    const table = m[1]!;
    if (!GUARDED.has(table)) continue;
    const rest = text.slice(m.index + m[0].length);
    const chain = rest.slice(0, Math.max(rest.search(/\.execute\w*\(/), 0) || 800);
    for (const column of COLUMNS)
      if (new RegExp(`\\.set\\([^;]*\\b${column}\\s*:`, "s").test(chain)) found.push(`${table}.${column}`);
  }
  for (const m of text.matchAll(/\.insertInto\(\s*"(\w+)"\s*\)/g)) if (INSERTS.has(m[1]!)) found.push(`${m[1]}.insert`);
  for (const m of text.matchAll(/\bupdate\s+(\w+)\s+set\s+([^`;]*)/gi))
    for (const column of COLUMNS)
      if (GUARDED.has(m[1]!) && new RegExp(`\\b${column}\\s*=`).test(m[2]!)) found.push(`${m[1]}.${column}`);
  return found;
}

describe("the sale's statuses are written in one place each", () => {
  it("no file but the declared one writes a status, a hold's end, an invoice's cancellation or stock", () => {
    const strays: string[] = [];
    const seen = new Set<string>();
    for (const file of sourceFiles(APP)) {
      const relative = path.relative(APP, file);
      for (const write of writesIn(readFileSync(file, "utf8"))) {
        seen.add(`${write} ${relative}`);
        if (!(WRITERS[write] ?? []).includes(relative)) strays.push(`${relative} writes ${write}`);
      }
    }
    expect(strays).toEqual([]);
    // Each declared writer still writes what it is declared for: the list is not left behind by a move.
    for (const [write, files] of Object.entries(WRITERS))
      for (const file of files) expect(seen, `${file} no longer writes ${write}`).toContain(`${write} ${file}`);
  });

  it("the reader sees the ways a status is written", () => {
    expect(writesIn(`await trx.updateTable("orders").set({ status: "paid" }).where("id", "=", 1).execute();`)).toEqual([
      "orders.status",
    ]);
    expect(
      writesIn(`db.updateTable("vehicles")\n  .set({ stock_status: "available", updated_at: at })\n  .execute()`),
    ).toEqual(["vehicles.stock_status"]);
    expect(writesIn("await sql`update parts set quantity = 0`.execute(db)")).toEqual(["parts.quantity"]);
    expect(writesIn(`trx.insertInto("holds").values({})`)).toEqual(["holds.insert"]);
    expect(writesIn(`trx.updateTable("vehicles").set({ price: 1 }).execute()`)).toEqual([]);
  });
});
