import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asVisitor, DEAL, dealWorldForFile, paymentFields, shopDayIn, STAFF } from "../../../tests/support/deal-world";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import PDFDocument from "pdfkit";
import { localDriver } from "~/domain/media/media-store.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { orderLinkPath } from "./order-links.server";
import { documentFor, listOrders, orderFigures, orderFilterOf, orderFor } from "./order-view.server";
import { recordPayment, saveShipment } from "./orders.server";
import { addDocument, removeDocument } from "./order-documents.server";

/*
 * Orders from the accepted offer to Completed (issue 21), on SQLite and
 * PostgreSQL: an order's documents, who may see what, and the owner's
 * list and figures.
 */

const w = dealWorldForFile();
let docsDir: string;
let store: DocumentStore;
beforeAll(async () => {
  docsDir = await mkdtemp(path.join(tmpdir(), "order-docs-"));
  store = new DocumentStore(localDriver(docsDir));
});
afterAll(() => rm(docsDir, { recursive: true, force: true }));

async function pdfBytes(): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4" });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  doc.text("Export certificate");
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

describe("documents", () => {
  it("HTML, SVG and a PDF that is also HTML are refused and nothing is kept; a PDF is kept once and mailed once", async () => {
    const { number } = await w.accepted();
    const owner = { by: "staff" as const, staff: STAFF, kind: "export_certificate" as const, title: "" };
    const attacks = [
      Buffer.from("<!doctype html><html><script>alert(1)</script></html>"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.from("%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n"),
      Buffer.alloc(0),
    ];
    for (const data of attacks) {
      const outcome = await addDocument(w.db, store, DEAL, { number }, { data, filename: "x.pdf" }, owner);
      expect(outcome.ok, data.subarray(0, 20).toString()).toBe(false);
    }
    const rows = () =>
      w.db
        .selectFrom("order_documents")
        .innerJoin("orders", "orders.id", "order_documents.order_id")
        .select(["order_documents.id", "order_documents.file_key", "order_documents.removed_at"])
        .where("orders.number", "=", number)
        .execute();
    expect(await rows()).toEqual([]);
    const pdf = await pdfBytes();
    expect((await addDocument(w.db, store, DEAL, { number }, { data: pdf, filename: "ec.pdf" }, owner)).ok).toBe(true);
    const same = await addDocument(w.db, store, DEAL, { number }, { data: pdf, filename: "again.pdf" }, owner);
    expect(same.ok).toBe(true);
    const kept = await rows();
    expect(kept).toHaveLength(1);
    expect(await w.buyerMails(number)).toHaveLength(1);
    // Only the kept file is on disk.
    const keptFiles = async () =>
      (await readdir(docsDir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile())
        .map((f) => path.relative(docsDir, path.join(f.parentPath, f.name)));
    const before = (await keptFiles()).filter((f) => f !== kept[0]!.file_key);
    expect(await keptFiles()).toEqual(expect.arrayContaining([kept[0]!.file_key]));
    // Nothing of the refused or repeated uploads is left: every file on disk is a document the shop lists.
    const listed = new Set(
      (await w.db.selectFrom("order_documents").select("file_key").where("removed_at", "is", null).execute()).map(
        (d) => d.file_key,
      ),
    );
    expect(before.filter((f) => !listed.has(f))).toEqual([]);
    expect((await removeDocument(w.db, store, number, kept[0]!.id, STAFF)).ok).toBe(true);
    expect(await store.read(kept[0]!.file_key)).toBeNull();
    expect(await documentFor(w.db, number, kept[0]!.id, { staff: true })).toBeNull();
  });

  it("a buyer's receipt is kept as a clean image and the owner is told", async () => {
    const { number } = await w.accepted();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#ccc" } })
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from("<html><script>alert(1)</script></html>")]);
    const outcome = await addDocument(
      w.db,
      store,
      DEAL,
      { number },
      { data: polyglot, filename: "receipt.jpg" },
      { by: "buyer", actor: { kind: "customer", id: String(w.buyerIds[0]!) } },
    );
    expect(outcome.ok).toBe(true);
    const doc = await documentFor(
      w.db,
      number,
      (await orderFor(w.db, number, { staff: true }))!.documents[0]!.id,
      asVisitor({ customerId: w.buyerIds[0]! }),
    );
    expect(doc?.document).toMatchObject({ kind: "receipt", content_type: "image/jpeg" });
    const stored = await store.read(doc!.document.file_key);
    const chunks: Buffer[] = [];
    for await (const c of stored!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).includes(Buffer.from("<script"))).toBe(false);
    const owner = await w.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("to_address", "=", "owner@shop.example")
      .where("subject", "like", `Payment receipt for order ${number}%`)
      .execute();
    expect(owner).toHaveLength(1);
  });
});

describe("who sees an order", () => {
  it("its buyer, the holder of its link and the staff; another buyer, a tampered link and nobody get nothing", async () => {
    const { number } = await w.accepted();
    const other = await w.accepted({ buyer: 1 });
    const sig = new URL(orderLinkPath(DEAL.sessionSecret, number), "https://x").searchParams.get("sig")!;
    expect(await orderFor(w.db, number, asVisitor({ customerId: w.buyerIds[0]! }))).not.toBeNull();
    expect(await orderFor(w.db, number, asVisitor({ orderLink: { number, sig } }))).not.toBeNull();
    expect(await orderFor(w.db, number, { staff: true })).not.toBeNull();
    expect(await orderFor(w.db, number, asVisitor({ customerId: w.buyerIds[1]! }))).toBeNull();
    const tampered = `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    expect(await orderFor(w.db, number, asVisitor({ orderLink: { number, sig: tampered } }))).toBeNull();
    expect(await orderFor(w.db, other.number, asVisitor({ orderLink: { number: other.number, sig } }))).toBeNull();
    expect(await orderFor(w.db, number, null)).toBeNull();
    expect(await orderFor(w.db, "../../etc", { staff: true })).toBeNull();
    // A document of one order is not reached through another order's number.
    const pdf = await pdfBytes();
    await addDocument(
      w.db,
      store,
      DEAL,
      { number: other.number },
      { data: pdf, filename: "b.pdf" },
      {
        by: "staff",
        staff: STAFF,
        kind: "bill_of_lading",
        title: "",
      },
    );
    const otherDoc = (await orderFor(w.db, other.number, { staff: true }))!.documents[0]!;
    expect(await documentFor(w.db, number, otherDoc.id, asVisitor({ customerId: w.buyerIds[0]! }))).toBeNull();
    expect(await documentFor(w.db, other.number, otherDoc.id, asVisitor({ customerId: w.buyerIds[0]! }))).toBeNull();
    expect(
      await documentFor(w.db, other.number, otherDoc.id, asVisitor({ customerId: w.buyerIds[1]! })),
    ).not.toBeNull();
  });

  it("the owner's list finds orders by number, buyer and B/L, and the dashboard counts what is awaited and received", async () => {
    const { number } = await w.accepted();
    await saveShipment(w.db, DEAL, number, { vessel: "Morning Star", bl: "FINDME-BL-77", etd: shopDayIn(3) }, STAFF);
    for (const q of [number, "amal perera", "findme-bl"]) {
      const found = await listOrders(w.db, orderFilterOf(new URLSearchParams({ q })));
      expect(
        found.orders.map((o) => o.number),
        q,
      ).toContain(number);
    }
    const awaiting = await listOrders(w.db, orderFilterOf(new URLSearchParams({ status: "awaiting_payment" })));
    expect(awaiting.orders.every((o) => o.status === "awaiting_payment")).toBe(true);
    const before = await orderFigures(w.db);
    expect(before.leavingThisWeek.map((o) => o.number)).toContain(number);
    await recordPayment(w.db, DEAL, number, paymentFields("250000"), STAFF);
    // Payment due: awaiting and partly paid together, as the dashboard counts them.
    const due = await listOrders(w.db, orderFilterOf(new URLSearchParams({ status: "due" })));
    expect(due.orders.find((o) => o.number === number)?.status).toBe("partly_paid");
    expect(due.orders.every((o) => o.status === "awaiting_payment" || o.status === "partly_paid")).toBe(true);
    const after = await orderFigures(w.db);
    expect(after.receivedThisMonth - before.receivedThisMonth).toBe(250_000);
    expect(after.receivedByMonth.at(-1)!.yen).toBe(after.receivedThisMonth);
    expect(after.receivedByMonth).toHaveLength(12);
  });
});
