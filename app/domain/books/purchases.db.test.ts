import { describe, expect, it } from "vitest";
import { inEnglish } from "../../../tests/support/english";
import { DEAL, dealWorldForFile, STAFF } from "../../../tests/support/deal-world";
import { cancelOrder } from "~/domain/sale/orders.server";
import { marginByMonth, saleOf, stockCapital } from "./margins.server";
import { purchaseLedger, purchaseOf, purchaseVersions, savePurchase } from "./purchases.server";

/*
 * The owner's purchase record and costs of a vehicle (issue 46.1, 46.2,
 * 46.7), on SQLite and PostgreSQL: what the law asks for a purchase from a
 * person, the vehicle's own chassis number, whole yen; a record kept when
 * its listing is deleted, with its earlier versions; a sale's margin and the
 * stock's capital.
 */

const w = dealWorldForFile();
const NOW = new Date("2026-12-03T03:00:00Z");
const OWNER = { id: 1, adminId: "owner" };

const AUCTION = {
  boughtOn: "2026-11-02",
  price: "¥800,000",
  sellerKind: "auction",
  auctionHouse: "USS Yokohama",
  lotNumber: "40211",
  chassisNumber: "",
  year: "2019",
  colour: "White",
  plate: "",
  auctionFee: "15,000",
  transport: "12,000",
  repairs: "",
  inspection: "8000",
  deregistration: "3,500",
  shipping: "95,000",
  other: "",
};

const PERSON = {
  ...AUCTION,
  sellerKind: "person",
  auctionHouse: "",
  lotNumber: "",
  sellerName: "山田 太郎",
  sellerAddress: "神奈川県横浜市西区みなとみらい2-1",
  sellerOccupation: "会社員",
  sellerAge: "47",
  idCheck: "driving_licence",
};

/** A vehicle with a chassis number of its own. */
async function vehicle(chassis: string) {
  const id = await w.vehicle(1_000_000, { chassisNumber: chassis });
  return id;
}

const save = async (id: number, form: Record<string, unknown>, now = NOW) =>
  inEnglish(await savePurchase(w.db, id, form, OWNER, now));

describe("a vehicle's purchase record", () => {
  it("refuses what the law or the vehicle says is wrong, naming the field, and keeps nothing", async () => {
    const id = await vehicle("NZE161-3012345");
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...PERSON, chassisNumber: "NZE161-3012345", idCheck: "" }, "idCheck", /identity check/],
      [{ ...PERSON, chassisNumber: "NZE161-3012345", sellerOccupation: "" }, "sellerOccupation", /occupation/i],
      [{ ...AUCTION, chassisNumber: "NZE161-3099999" }, "chassisNumber", /NZE161-3012345/],
      [{ ...AUCTION, chassisNumber: "" }, "chassisNumber", /Chassis/],
      [{ ...AUCTION, chassisNumber: "NZE161-3012345", repairs: "12,000.50" }, "repairs", /whole yen/],
      [{ ...AUCTION, chassisNumber: "NZE161-3012345", price: "-5" }, "price", /whole yen/],
      [{ ...AUCTION, chassisNumber: "NZE161-3012345", boughtOn: "2026-12-04" }, "boughtOn", /future|after|today/i],
      [{ ...AUCTION, chassisNumber: "NZE161-3012345", lotNumber: "" }, "lotNumber", /Lot/],
      [{ ...AUCTION, chassisNumber: "NZE161-3012345", sellerKind: "friend" }, "sellerKind", /list/],
    ];
    for (const [form, field, said] of cases) {
      const outcome = await save(id, form);
      expect(outcome.ok, field).toBe(false);
      expect(outcome.ok === false && outcome.errors?.[field], field).toMatch(said);
      // What was typed comes back for the form.
      expect(outcome.ok === false && outcome.values?.boughtOn, field).toBe(form.boughtOn);
    }
    expect(await purchaseOf(w.db, id)).toBeNull();
    expect(await w.db.selectFrom("purchase_record_versions").select("id").execute()).toEqual([]);
  });

  it("keeps a purchase from a person with the identity check, its costs in whole yen, and each change as a version", async () => {
    const id = await vehicle("GP5-1234567");
    const first = await save(id, { ...PERSON, chassisNumber: "gp5-1234567" });
    expect(first).toMatchObject({ ok: true, version: 1, message: "Purchase record saved." });
    const record = (await purchaseOf(w.db, id))!;
    expect(record).toMatchObject({
      sellerName: "山田 太郎",
      sellerAge: 47,
      idCheck: "driving_licence",
      price: 800_000,
      chassisNumber: "GP5-1234567",
      // Three years from the entry (3 December 2026), not from the purchase.
      keepUntil: "2029-12-03",
      costs: { auctionFee: 15_000, transport: 12_000, repairs: 0, inspection: 8_000, deregistration: 3_500 },
    });
    // Unchanged: no new version.
    expect(await save(id, { ...PERSON, chassisNumber: "GP5-1234567" })).toMatchObject({ ok: true, version: 1 });
    expect(await save(id, { ...PERSON, chassisNumber: "GP5-1234567", repairs: "40,000" })).toMatchObject({
      ok: true,
      version: 2,
    });
    const versions = await purchaseVersions(w.db, record.id);
    expect(versions.map((v) => [v.version, v.fields.costs.repairs])).toEqual([
      [2, 40_000],
      [1, 0],
    ]);
  });

  it("outlives its listing: a deleted vehicle's record stays in the ledger with its facts", async () => {
    const id = await vehicle("ZVW30-5550001");
    await save(id, { ...AUCTION, boughtOn: "2026-10-15", chassisNumber: "ZVW30-5550001" });
    const refId = (await purchaseOf(w.db, id))!.refId;
    await w.db.deleteFrom("vehicles").where("id", "=", id).execute();
    const kept = (await purchaseLedger(w.db, "2026-10-15", "2026-10-15")).find((r) => r.refId === refId);
    expect(kept).toMatchObject({ vehicleId: null, chassisNumber: "ZVW30-5550001", auctionHouse: "USS Yokohama" });
    expect(await purchaseLedger(w.db, "2026-10-16", "2026-10-31")).not.toContainEqual(
      expect.objectContaining({ refId }),
    );
  });
});

describe("margins and the stock's capital", () => {
  it("gives a sale's margin, its month's sum, and the capital of what is unsold", async () => {
    const sold = await vehicle("NCP100-0000001");
    await save(sold, { ...AUCTION, chassisNumber: "NCP100-0000001" });
    const unsold = await vehicle("NCP100-0000002");
    await save(unsold, { ...AUCTION, boughtOn: "2026-09-04", chassisNumber: "NCP100-0000002", price: "500,000" });
    const noCosts = await vehicle("NCP100-0000003");

    const capitalBefore = await stockCapital(w.db, NOW);
    const { number } = await w.accepted({ vehicleId: sold });
    await w.accepted({ vehicleId: noCosts });
    // Costs 800,000 + 15,000 + 12,000 + 8,000 + 3,500 + 95,000 = 933,500 against an invoice of 1,000,000.
    expect(await saleOf(w.db, sold)).toEqual({ invoice: number, total: 1_000_000, cost: 933_500, margin: 66_500 });
    expect(await saleOf(w.db, unsold)).toBeNull();

    // Opened at 00:30 on 1 December in Japan (still 30 November in UTC), and at 23:59 on 30 November.
    await w.db
      .updateTable("orders")
      .set({ created_at: "2026-11-30T15:30:00.000Z" })
      .where("number", "=", number)
      .execute();
    await w.db
      .updateTable("orders")
      .set({ created_at: "2026-11-30T14:59:00.000Z" })
      .where("vehicle_id", "=", noCosts)
      .execute();
    const months = await marginByMonth(w.db, NOW);
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toEqual({
      month: "2026-12",
      sales: 1,
      withoutCosts: 0,
      total: 1_000_000,
      cost: 933_500,
      margin: 66_500,
    });
    expect(months.at(-2)).toEqual({ month: "2026-11", sales: 1, withoutCosts: 1, total: 0, cost: 0, margin: 0 });

    const capital = await stockCapital(w.db, NOW);
    // The sold car left the stock's capital; the unsold one (633,500) is in it, 90 days old.
    expect(capital.amount - capitalBefore.amount).toBe(-933_500);
    expect(capital.oldest?.days).toBeGreaterThanOrEqual(90);

    // A cancelled sale gives the car back to the stock.
    expect((await cancelOrder(w.db, DEAL, number, { reason: "Buyer withdrew" }, STAFF)).ok).toBe(true);
    expect(await saleOf(w.db, sold)).toBeNull();
    expect((await stockCapital(w.db, NOW)).amount).toBe(capitalBefore.amount);
    expect((await marginByMonth(w.db, NOW)).at(-1)).toMatchObject({ sales: 0, margin: 0 });
    // A car marked sold by hand, with no order, has left the stock's capital too.
    await w.db.updateTable("vehicles").set({ stock_status: "sold" }).where("id", "=", unsold).execute();
    expect((await stockCapital(w.db, NOW)).amount).toBe(capitalBefore.amount - 633_500);
  });
});
