import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inEnglish } from "../../../tests/support/english";
import { dealWorldForFile } from "../../../tests/support/deal-world";
import { DocumentStore } from "~/domain/media/document-store.server";
import { localDriver } from "~/domain/media/media-store.server";
import { moveOrderByStaff, saveShipment } from "~/domain/sale/orders.server";
import { DEAL, STAFF } from "../../../tests/support/deal-world";
import { shopDay } from "~/i18n/format";
import {
  exportDeadlines,
  exportPapersOf,
  exportPaperVersions,
  permitFileOf,
  saveExportPapers,
} from "./export-papers.server";

/*
 * A vehicle's export papers (issue 46.3, 46.7), on SQLite and PostgreSQL:
 * refused when the dates cannot be, the permit's file kept privately as a
 * version, and the dashboard's deadlines on a movable clock.
 */

const w = dealWorldForFile();
const OWNER = { id: 1, adminId: "owner" };
let dir: string;
let store: DocumentStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "export-papers-"));
  store = new DocumentStore(localDriver(dir));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const CERTIFICATE = { certificateNumber: "YK-2026-0412", certificateIssuedOn: "2026-10-01", leaveBy: "2026-12-20" };
const AT = new Date("2026-10-02T03:00:00Z");

const save = async (id: number, form: Record<string, unknown>, now = AT, file: Buffer | null = null) =>
  inEnglish(
    await saveExportPapers(w.db, store, id, form, file ? { data: file, filename: "permit.jpg" } : null, OWNER, now),
  );

describe("a vehicle's export papers", () => {
  it("refuses dates that cannot be, naming the field, and keeps nothing", async () => {
    const id = await w.vehicle();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ certificateNumber: "YK-1" }, "leaveBy", /Leave-by day/],
      [{ ...CERTIFICATE, leaveBy: "2026-09-30" }, "leaveBy", /before the certificate/],
      [{ ...CERTIFICATE, leaveBy: "2027-05-01" }, "leaveBy", /six months/],
      [{ ...CERTIFICATE, certificateIssuedOn: "2026-10-05" }, "certificateIssuedOn", /future|after|today/i],
      [{ ...CERTIFICATE, permitNumber: "P-1" }, "permitDate", /permit day/i],
      [{ ...CERTIFICATE, certificateNumber: "<script>" }, "certificateNumber", /letters, digits/],
      [{ returnedOn: "2026-10-01" }, "returnedOn", /number/],
    ];
    for (const [form, field, said] of cases) {
      const outcome = await save(id, form);
      expect(outcome.ok, field).toBe(false);
      expect(outcome.ok === false && outcome.errors?.[field], field).toMatch(said);
    }
    expect(await exportPapersOf(w.db, id)).toBeNull();
  });

  it("refuses a permit dated before the vehicle's invoice", async () => {
    const id = await w.vehicle();
    await w.accepted({ vehicleId: id });
    const invoiced = shopDay(new Date());
    const outcome = await save(
      id,
      { permitNumber: "1234-5678", permitDate: "2020-01-06" },
      new Date(Date.now() + 86_400_000),
    );
    expect(outcome.ok === false && outcome.errors?.permitDate).toContain(invoiced);
  });

  it("keeps the permit's file privately, each change a version, an unchanged save none", async () => {
    const id = await w.vehicle();
    const photo = await sharp({ create: { width: 50, height: 70, channels: 3, background: "#eee" } })
      .jpeg()
      .toBuffer();
    expect(await save(id, CERTIFICATE)).toMatchObject({ ok: true, message: "Export papers saved." });
    const withPermit = { ...CERTIFICATE, permitNumber: "1234-5678", permitDate: "2026-11-02" };
    expect(await save(id, withPermit, new Date("2026-11-03T03:00:00Z"), photo)).toMatchObject({ ok: true });
    const papers = (await exportPapersOf(w.db, id))!;
    expect(papers).toMatchObject({ version: 2, permitNumber: "1234-5678" });
    expect(papers.permitFile?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = (await permitFileOf(w.db, id))!;
    expect(await store.read(file.key)).not.toBeNull();
    expect(await save(id, withPermit, new Date("2026-11-03T03:00:00Z"))).toMatchObject({
      ok: true,
      message: "Nothing changed: the papers are as they were.",
    });
    // The earlier version stays readable, as it was saved.
    expect(
      (await exportPaperVersions(w.db, id)).map((v) => [v.version, v.permitNumber, v.permitFile !== null]),
    ).toEqual([
      [2, "1234-5678", true],
      [1, "", false],
    ]);
    // The permit is kept seven years after its tax year's return is due (15 March 2027).
    const row = await w.db
      .selectFrom("export_papers")
      .select(["version", "keep_until"])
      .where("vehicle_id", "=", id)
      .orderBy("version")
      .execute();
    expect(row.map((r) => [r.version, r.keep_until])).toEqual([
      [1, "2031-10-02"],
      [2, "2034-03-16"],
    ]);
  });

  it("warns of a certificate on the dashboard until the car leaves or it is returned", async () => {
    const id = await w.vehicle();
    await save(id, CERTIFICATE);
    const ref = (await exportPapersOf(w.db, id))!.refId;
    const on = async (day: string) =>
      (await exportDeadlines(w.db, new Date(`${day}T03:00:00Z`))).filter((d) => d.refId === ref);
    expect(await on("2026-11-19")).toEqual([]);
    expect(await on("2026-11-20")).toEqual([{ kind: "leaveSoon", vehicleId: id, refId: ref, date: "2026-12-20" }]);
    expect((await on("2026-12-21"))[0]).toMatchObject({ kind: "returnDue", date: "2027-01-04" });
    expect((await on("2027-01-05"))[0]).toMatchObject({ kind: "returnLate" });
    // Shipped: the car has left, nothing to return.
    const { number } = await w.accepted({ vehicleId: id });
    await w.pay(number, 1_000_000);
    await saveShipment(w.db, DEAL, number, { vessel: "Morning Star" }, STAFF);
    expect((await moveOrderByStaff(w.db, DEAL, number, "ship", {}, STAFF)).ok).toBe(true);
    expect(await on("2027-01-05")).toEqual([]);
  });

  it("forgets a certificate cleared by a later save, and one whose car shipped before its listing was deleted", async () => {
    const id = await w.vehicle();
    await save(id, CERTIFICATE);
    const ref = (await exportPapersOf(w.db, id))!.refId;
    const on = async (day: string) =>
      (await exportDeadlines(w.db, new Date(`${day}T03:00:00Z`))).filter((d) => d.refId === ref);
    expect(await on("2026-12-21")).toHaveLength(1);
    await save(id, { certificateNumber: "", certificateIssuedOn: "", leaveBy: "" }, new Date("2026-10-03T03:00:00Z"));
    expect(await on("2026-12-21")).toEqual([]);

    const gone = await w.vehicle();
    await save(gone, CERTIFICATE);
    const goneRef = (await exportPapersOf(w.db, gone))!.refId;
    const { number } = await w.accepted({ vehicleId: gone });
    await w.pay(number, 1_000_000);
    await saveShipment(w.db, DEAL, number, { vessel: "Morning Star" }, STAFF);
    expect((await moveOrderByStaff(w.db, DEAL, number, "ship", {}, STAFF)).ok).toBe(true);
    // The listing is deleted: the papers and the order keep its reference.
    await w.db.updateTable("orders").set({ vehicle_id: null }).where("number", "=", number).execute();
    await w.db.updateTable("export_papers").set({ vehicle_id: null }).where("ref_id", "=", goneRef).execute();
    const late = await exportDeadlines(w.db, new Date("2027-01-10T03:00:00Z"));
    expect(late.filter((d) => d.refId === goneRef)).toEqual([]);
  });

  it("refuses a file without a permit, and keeps a resold car's earlier permit", async () => {
    const id = await w.vehicle();
    const photo = await sharp({ create: { width: 30, height: 40, channels: 3, background: "#ddd" } })
      .jpeg()
      .toBuffer();
    const refused = await save(id, CERTIFICATE, AT, photo);
    expect(refused.ok === false && refused.errors?.permitNumber).toMatch(/permit's number/);
    expect(refused.ok === false && refused.values?.certificateNumber).toBe("YK-2026-0412");
    expect(await exportPapersOf(w.db, id)).toBeNull();
  });

  it("says nothing once the certificate is returned", async () => {
    const id = await w.vehicle();
    await save(id, CERTIFICATE);
    await save(id, { ...CERTIFICATE, returnedOn: "2026-12-22" }, new Date("2026-12-22T03:00:00Z"));
    const ref = (await exportPapersOf(w.db, id))!.refId;
    expect((await exportDeadlines(w.db, new Date("2027-01-10T03:00:00Z"))).filter((d) => d.refId === ref)).toEqual([]);
  });
});
