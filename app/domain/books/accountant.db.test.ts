import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealWorldForFile } from "../../../tests/support/deal-world";
import { DocumentStore } from "~/domain/media/document-store.server";
import { localDriver } from "~/domain/media/media-store.server";
import { shopDay } from "~/i18n/format";
import { parseCsv } from "~/utils/csv";
import { monthSales, readMonth, salesCsv, withoutPermit } from "./accountant.server";
import { saveExportPapers } from "./export-papers.server";
import { ledgerCsv } from "./ledger-files.server";
import { purchaseLedger, savePurchase } from "./purchases.server";

/*
 * The accountant's month (issue 46.4), on SQLite and PostgreSQL: the sales
 * CSV read back with its Japanese headings and totals, the sales without an
 * export permit, and the purchases marked with what their tax credit rests on.
 */

const w = dealWorldForFile();
const OWNER = { id: 1, adminId: "owner" };
let dir: string;
let store: DocumentStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "accountant-"));
  store = new DocumentStore(localDriver(dir));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const rowsOf = (csv: string) => {
  const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ""), ",", { maxRecords: 1000, maxCellLength: 1000 });
  return rows.map((r) => Object.fromEntries(header!.cells.map((h, i) => [h, r.cells[i] ?? ""])));
};

describe("the accountant's month", () => {
  it("lists the month's sales with their permits, read back with Japanese headings and totals", async () => {
    const month = shopDay(new Date()).slice(0, 7);
    const a = await w.vehicle();
    const b = await w.vehicle();
    const first = await w.accepted({ vehicleId: a });
    const second = await w.accepted({ vehicleId: b });
    await w.pay(first.number, 400_000);
    const today = shopDay(new Date());
    const permit = await saveExportPapers(
      w.db,
      store,
      a,
      { permitNumber: "2026-EX-0001", permitDate: today },
      null,
      OWNER,
    );
    expect(permit.ok).toBe(true);

    const sales = await monthSales(w.db, month);
    const rows = rowsOf(salesCsv(sales));
    const mine = rows.filter((r) => r["請求書番号"] === first.number || r["請求書番号"] === second.number);
    expect(mine).toHaveLength(2);
    expect(mine.find((r) => r["請求書番号"] === first.number)).toMatchObject({
      輸出許可番号: "2026-EX-0001",
      輸出許可日: today,
      "入金額（円）": "400000",
      "請求額（円）": "1000000",
      仕向国: "Sri Lanka",
    });
    // The file's totals are the shop's: the sum of its amounts is the sum of the month's invoices.
    const total = rows.reduce((sum, r) => sum + Number(r["請求額（円）"]), 0);
    expect(total).toBe(sales.reduce((sum, s) => sum + s.total, 0));
    // The check: the second sale has no permit yet; the first is not listed.
    const missing = withoutPermit(sales).map((s) => s.invoice);
    expect(missing).toContain(second.number);
    expect(missing).not.toContain(first.number);
    // Its listing deleted, the sale keeps its permit (found by its reference) and is still checked.
    await w.db.updateTable("orders").set({ vehicle_id: null }).where("number", "=", first.number).execute();
    await w.db.updateTable("export_papers").set({ vehicle_id: null }).where("vehicle_id", "=", a).execute();
    await w.db.updateTable("orders").set({ vehicle_id: null }).where("number", "=", second.number).execute();
    const after = await monthSales(w.db, month);
    expect(after.find((s) => s.invoice === first.number)?.permitNumber).toBe("2026-EX-0001");
    expect(withoutPermit(after).map((s) => s.invoice)).toContain(second.number);
    // An invoice issued at 01:00 on 1 November in Japan (31 October in UTC) is November's.
    await w.db
      .updateTable("invoices")
      .set({ issued_at: "2026-10-31T16:00:00.000Z" })
      .where("number", "=", second.number)
      .execute();
    expect((await monthSales(w.db, "2026-11")).map((s) => s.invoice)).toContain(second.number);
    expect((await monthSales(w.db, "2026-10")).map((s) => s.invoice)).not.toContain(second.number);
    // A month with no sales has an empty file with its headings.
    expect(rowsOf(salesCsv(await monthSales(w.db, "2001-01")))).toEqual([]);
  });

  it("marks a purchase from a person for the used-goods dealer rule, and reads months strictly", async () => {
    const id = await w.vehicle(1_000_000, { chassisNumber: "ACC-000001" });
    const saved = await savePurchase(
      w.db,
      id,
      {
        boughtOn: "2026-11-10",
        price: "300,000",
        sellerKind: "person",
        sellerName: "佐藤 一郎",
        sellerAddress: "東京都千代田区1-1",
        sellerOccupation: "自営業",
        sellerAge: "61",
        idCheck: "my_number_card",
        chassisNumber: "ACC-000001",
        year: "2015",
      },
      OWNER,
      new Date("2026-12-03T03:00:00Z"),
    );
    expect(saved.ok).toBe(true);
    const rows = rowsOf(ledgerCsv(await purchaseLedger(w.db, "2026-11-01", "2026-11-30"), "ja"));
    expect(rows.find((r) => r["車台番号"] === "ACC-000001")).toMatchObject({
      "相手方の氏名・名称": "佐藤 一郎",
      本人確認: "マイナンバーカード",
      仕入税額控除: "古物商特例",
      "仕入価格（円）": "300000",
    });
    expect(["2026-11", "2026-13", "2026-1", "", null].map(readMonth)).toEqual(["2026-11", null, null, null, null]);
  });
});
