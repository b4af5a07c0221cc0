import { describe, expect, it } from "vitest";
import { stockFilesForFile } from "../../../tests/support/stock-files";
import { exportDeadlines } from "~/domain/books/export-papers.server";
import { stockCapital } from "~/domain/books/margins.server";
import { purchaseLedger } from "~/domain/books/purchases.server";
import { seedDemoBooks } from "./demo-books.server";
import { seedStock } from "./seed.server";

/*
 * The demo's books (issue 46): every purchase entered passes the owner's own
 * form, one of them from a person; the dashboard has capital to show and two
 * certificates to warn of. Entered once.
 */

const s = stockFilesForFile("demo-books");
const NOW = new Date("2026-12-03T03:00:00Z");

describe("the demo's books", () => {
  it("enter eight purchases through the form, and give the dashboard its warnings", async () => {
    await seedStock(s.db, s.media, { vehicles: 10, parts: 0, photos: [1, 1], seed: 5 });
    expect(await seedDemoBooks(s.db, s.documents, NOW)).toBe(8);
    const ledger = await purchaseLedger(s.db, "2026-01-01", "2026-12-03");
    expect(ledger).toHaveLength(8);
    expect(ledger.filter((r) => r.sellerKind === "person").map((r) => r.idCheck)).toEqual(["driving_licence"]);
    expect((await stockCapital(s.db, NOW)).count).toBeGreaterThan(0);
    expect((await exportDeadlines(s.db, NOW)).map((d) => d.kind).sort()).toEqual(["leaveSoon", "returnDue"]);
    expect(await seedDemoBooks(s.db, s.documents, NOW)).toBe(0);
  });
});
