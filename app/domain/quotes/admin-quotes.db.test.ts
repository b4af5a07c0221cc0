import { inEnglish } from "../../../tests/support/english";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { sendDueMail } from "~/domain/mail/outbox.server";
import { moveQuoteByStaff } from "~/domain/sale/quote-moves.server";
import {
  deleteQuotes,
  exportAdminQuotes,
  listAdminQuotes,
  openQuote,
  readAdminQuoteQuery,
  retryMail,
} from "./admin-quotes.server";
import { QuoteRequestSchema } from "./quotes.schema";
import { formInput } from "~/utils/forms";
import { createQuote } from "./quotes.server";
import type { StockKind } from "~/domain/inventory/stock-kinds";

/** The answer as the staff read it in English. */
const moveQuote = async (...args: Parameters<typeof moveQuoteByStaff>) => inEnglish(await moveQuoteByStaff(...args));

let t: TestDb;
const staff = { id: 1, adminId: "owner" };
const numbers: string[] = [];
let vehicleId: number;
const mail = { ownerEmail: "owner@shop.example", shopName: "Shop", publicUrl: new URL("https://shop.example") };

function request(kind: StockKind, itemId: number, i: number, name = `Buyer ${i}`) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    kind,
    itemId: String(itemId),
    submissionKey: `admin-test-key-${kind}-${i}-000000`,
    name,
    country: "Kenya",
    email: `b${i}@example.ke`,
    phone: "+254 700 000",
    message: `Message ${i} `.repeat(20),
  }))
    form.set(k, v);
  const parsed = QuoteRequestSchema.safeParse(formInput(form));
  if (!parsed.success) throw new Error("bad form");
  return parsed.data;
}

beforeAll(async () => {
  t = await createTestDb();
  const rng = createRng(31);
  vehicleId = (
    await createVehicle(t.db, vehicleFactory(rng, 2, { stockStatus: "available" }), [], { kind: "system", id: null })
  ).id;
  const partId = (
    await createPart(t.db, partFactory(rng, 1, { stockStatus: "available" }), [], { kind: "system", id: null })
  ).id;
  for (let i = 0; i < 25; i++) {
    const outcome = await createQuote(
      t.db,
      request("vehicle", vehicleId, i, i === 3 ? "ශානිකා <b>" : undefined),
      null,
      mail,
    );
    numbers.push((outcome as { number: string }).number);
  }
  await createQuote(t.db, request("part", partId, 99), null, mail);
});
afterAll(() => t.cleanup());

const list = (qs: string) => listAdminQuotes(t.db, "vehicle", readAdminQuoteQuery(new URLSearchParams(qs)));

describe("owner's quote lists", () => {
  it("lists one kind, newest first, 20 a page, with a 100-character preview and the item", async () => {
    const first = await list("");
    expect(first.total).toBe(25);
    expect(first.pageCount).toBe(2);
    expect(first.items[0]!.number).toBe(numbers[24]);
    expect(first.items[0]!.preview).toHaveLength(100);
    expect(first.items[0]!.item?.id).toBe(vehicleId);
    expect(first.items.every((q) => !q.isRead)).toBe(true);
    expect((await list("page=999")).page).toBe(2);
  });

  it("pages in the size asked for (20, 40, 60, 80, 100 or 200), with the search and status kept", async () => {
    const all = (await list("perPage=40")).items.map((q) => q.number);
    expect(all).toEqual([...numbers].reverse());
    expect((await list("perPage=40")).pageCount).toBe(1);
    const second = await list("perPage=20&page=2");
    expect(second.items.map((q) => q.number)).toEqual(all.slice(20));
    expect(second.page).toBe(2);
    // Filtered: "Buyer 1" is 1 and 10 to 19 (11 quotes); 11 per page does not exist, so 20.
    const filtered = await list("q=Buyer 1&status=pending&perPage=11&page=2");
    expect(filtered.total).toBe(11);
    expect(filtered.pageCount).toBe(1);
    expect(filtered.page).toBe(1);
    expect(filtered.items).toHaveLength(11);
  });

  it("brings a page or page size that does not exist back to one that does", async () => {
    for (const qs of ["perPage=0", "perPage=-20", "perPage=abc", "perPage=1e9", "perPage=20.5", "perPage="]) {
      const page = await list(qs);
      expect([qs, page.items.length, page.pageCount]).toEqual([qs, 20, 2]);
    }
    for (const [qs, page] of [
      ["page=0", 1],
      ["page=-1", 1],
      ["page=1.5", 1],
      ["page=x", 1],
      ["page=99999999999999999999", 1],
      ["page=3", 2],
      ["page=2&perPage=200", 1],
    ] as const)
      expect([qs, (await list(qs)).page]).toEqual([qs, page]);
  });

  it("searches ref id, item and customer name; SQL and HTML in the search are just text", async () => {
    expect((await list("q=ශානිකා")).items.map((q) => q.number)).toEqual([numbers[3]]);
    expect((await list("q=' or 1=1 --")).total).toBe(0);
    expect((await list("q=<script>")).total).toBe(0);
    expect((await list("q=<b>")).total).toBe(1);
  });

  it("filters by status and ignores an unknown one", async () => {
    expect((await list("status=offered")).total).toBe(0);
    expect((await list("status=responded")).total).toBe(25);
    expect((await list("status=archived")).total).toBe(25);
  });
});

describe("one quote", () => {
  it("opening it marks it read", async () => {
    const q = await openQuote(t.db, numbers[0]!);
    expect(q?.number).toBe(numbers[0]);
    expect(q?.mails.map((m) => m.to_address).sort()).toEqual(["b0@example.ke", "owner@shop.example"]);
    expect((await list("page=2")).items.find((x) => x.number === numbers[0])?.isRead).toBe(true);
  });

  it("closes a pending quote and reopens it, refuses other moves and changes nothing then", async () => {
    const n = numbers[1]!;
    expect(await moveQuote(t.db, n, "reopen", staff)).toEqual({
      ok: false,
      message: "A pending quote cannot be reopened.",
    });
    expect(await moveQuote(t.db, n, "accept", staff)).toEqual({ ok: false, message: "Unknown status." });
    expect(await moveQuote(t.db, "0000000000", "close", staff)).toEqual({ ok: false, message: "Quote not found." });
    expect((await openQuote(t.db, n))?.status).toBe("pending");
    expect(await moveQuote(t.db, n, "close", staff)).toEqual({ ok: true, to: "closed" });
    expect(await moveQuote(t.db, n, "close", staff)).toEqual({
      ok: false,
      message: "A closed quote cannot be closed.",
    });
    expect(await moveQuote(t.db, n, "reopen", staff)).toEqual({ ok: true, to: "pending" });
    const log = await t.db
      .selectFrom("activity_log")
      .select("summary")
      .where("action", "=", "quote.status_changed")
      .execute();
    expect(log.map((l) => l.summary)).toEqual([
      `Quote ${n}: pending → closed (close)`,
      `Quote ${n}: closed → pending (reopen)`,
    ]);
    expect((await list("status=pending")).total).toBe(25);
  });

  it("a failed mail can be sent again", async () => {
    await sendDueMail(
      t.db,
      async () => {
        throw new Error("mailbox full");
      },
      "shop@example.com",
    );
    const q = await openQuote(t.db, numbers[2]!);
    const ownerMail = q!.mails.find((m) => m.to_address === "owner@shop.example")!;
    await t.db.updateTable("mail_outbox").set({ status: "failed" }).where("id", "=", ownerMail.id).execute();
    expect(await retryMail(t.db, ownerMail.id, numbers[5]!)).toBe(false); // another quote's number
    expect(await retryMail(t.db, ownerMail.id, numbers[2]!)).toBe(true);
    const row = await t.db
      .selectFrom("mail_outbox")
      .select(["status", "attempts"])
      .where("id", "=", ownerMail.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", attempts: 0 });
  });
});

describe("export and delete", () => {
  it("exports every page of the filtered list", async () => {
    expect(await exportAdminQuotes(t.db, "vehicle", { q: "", status: "" })).toHaveLength(25);
    expect(await exportAdminQuotes(t.db, "part", { q: "", status: "" })).toHaveLength(1);
  });

  it("really deletes", async () => {
    expect(await deleteQuotes(t.db, [numbers[10]!, numbers[11]!, "not-a-number"], staff)).toBe(2);
    expect((await list("")).total).toBe(23);
    expect(await openQuote(t.db, numbers[10]!)).toBeNull();
  });
});
