import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEAL, dealWorldForFile, STAFF } from "../../../tests/support/deal-world";
import { readPdf } from "../../../tests/support/pdf";
import { DocumentStore } from "~/domain/media/document-store.server";
import { localDriver, type MediaDriver } from "~/domain/media/media-store.server";
import { extendHold } from "./holds.server";
import { invoiceAttachments, invoiceFileVersion, invoiceFileVersions, invoicePdf } from "./invoice-file.server";
import { moveQuoteByStaff } from "./quote-moves.server";

/*
 * An invoice's PDF is printed once per version and kept in the documents
 * store (issue 47.4), on SQLite and PostgreSQL: downloads read the kept file,
 * a change to what it prints makes the next version, the old stays readable.
 */

const w = dealWorldForFile();

const filesOf = (invoiceId: number) =>
  w.db.selectFrom("invoice_files").selectAll().where("invoice_id", "=", invoiceId).orderBy("version").execute();
const pdfsInStore = () =>
  fs.readdirSync(w.documentsDir, { recursive: true }).filter((f) => String(f).endsWith(".pdf")).length;
const rowsKept = () =>
  w.db
    .selectFrom("invoice_files")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
const quoteOf = async (invoiceId: number) => {
  const row = await w.db
    .selectFrom("invoices")
    .innerJoin("quotes", "quotes.id", "invoices.quote_id")
    .select("quotes.number")
    .where("invoices.id", "=", invoiceId)
    .executeTakeFirstOrThrow();
  return row.number;
};
const flat = async (pdf: Buffer | null) => (await readPdf(pdf!)).text.replace(/\s+/g, " ");

async function acceptedInvoice() {
  const { number } = await w.offered();
  expect((await w.accept(number)).ok).toBe(true);
  return { quote: number, invoice: await w.invoiceOf(number) };
}

describe("an invoice's kept file", () => {
  it("is printed on the first download, kept in the store, and read from there after", async () => {
    const { invoice } = await acceptedInvoice();
    expect(await filesOf(invoice.id)).toEqual([]);
    const first = await invoicePdf(w.files, invoice.number);
    expect(first!.subarray(0, 5).toString()).toBe("%PDF-");
    const [kept, ...more] = await filesOf(invoice.id);
    expect(more).toEqual([]);
    expect(kept).toMatchObject({ version: 1, cancelled: 0, size: first!.length });
    expect(kept!.render_ms).toBeGreaterThanOrEqual(0);
    // The bytes are in the documents' folder, not in the database.
    expect(fs.readFileSync(path.join(w.documentsDir, kept!.file_key)).equals(first!)).toBe(true);

    // What the store holds is what is sent: a later download does not print again.
    const marked = Buffer.concat([first!, Buffer.from("\n% kept copy\n")]);
    fs.writeFileSync(path.join(w.documentsDir, kept!.file_key), marked);
    const { createHash } = await import("node:crypto");
    await w.db
      .updateTable("invoice_files")
      .set({ file_sha256: createHash("sha256").update(marked).digest("hex") })
      .where("id", "=", kept!.id)
      .execute();
    expect((await invoicePdf(w.files, invoice.number))!.equals(marked)).toBe(true);
    expect(await filesOf(invoice.id)).toHaveLength(1);
  });

  it("gets a new version when the hold is extended, and the first stays as it printed", async () => {
    const { quote, invoice } = await acceptedInvoice();
    const before = await flat(await invoicePdf(w.files, invoice.number));
    expect((await extendHold(w.db, DEAL, quote, "3", STAFF)).ok).toBe(true);
    const moved = await w.invoiceOf(quote);
    expect(moved.due_date).not.toBe(invoice.due_date);
    const after = await flat(await invoicePdf(w.files, invoice.number));
    expect(after).not.toBe(before);
    expect((await filesOf(invoice.id)).map((f) => f.version)).toEqual([1, 2]);
    expect(await flat(await invoiceFileVersion(w.files, invoice.number, 1))).toBe(before);
    expect(await flat(await invoiceFileVersion(w.files, invoice.number, 2))).toBe(after);
    expect(await invoiceFileVersion(w.files, invoice.number, 3)).toBeNull();
    expect((await invoiceFileVersions(w.db, invoice.number)).map((v) => v.version)).toEqual([2, 1]);
  });

  it("is stamped as cancelled in a version of its own, and not sent as a document to pay", async () => {
    const { quote, invoice } = await acceptedInvoice();
    const plain = await flat(await invoicePdf(w.files, invoice.number));
    expect(await moveQuoteByStaff(w.db, quote, "close", STAFF)).toEqual({ ok: true, to: "closed" });
    const stamped = await flat(await invoicePdf(w.files, invoice.number));
    expect(plain).not.toContain("CANCELLED");
    expect(stamped).toContain("DO NOT PAY THIS INVOICE");
    expect((await filesOf(invoice.id)).map((f) => [f.version, f.cancelled])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(await invoiceAttachments(w.files)(`invoice:${invoice.number}`)).toBeNull();
    expect(await flat(await invoiceFileVersion(w.files, invoice.number, 1))).toBe(plain);
  });

  it("two first downloads at once keep one file, and a lost file is printed and kept again", async () => {
    const { invoice } = await acceptedInvoice();
    const [a, b] = await Promise.all([invoicePdf(w.files, invoice.number), invoicePdf(w.files, invoice.number)]);
    expect(a!.equals(b!)).toBe(true);
    const kept = await filesOf(invoice.id);
    expect(kept).toHaveLength(1);
    // The other download's file was not left behind in the store: one file for each kept version.
    expect(pdfsInStore()).toBe(await rowsKept());

    // Two downloads find the file lost at once: one prints it again in its place, nothing is left over.
    fs.rmSync(path.join(w.documentsDir, kept[0]!.file_key));
    const again = await Promise.all([invoicePdf(w.files, invoice.number), invoicePdf(w.files, invoice.number)]);
    expect(again.every((pdf) => pdf!.equals(a!))).toBe(true);
    const [replaced, ...none] = await filesOf(invoice.id);
    expect(none).toEqual([]);
    expect(replaced!.version).toBe(1);
    expect(replaced!.file_key).not.toBe(kept[0]!.file_key);
    expect(fs.existsSync(path.join(w.documentsDir, replaced!.file_key))).toBe(true);
    expect(pdfsInStore()).toBe(await rowsKept());
  });

  it("a store that does not answer a read is not taken for a lost file: the print is sent and the kept one stays", async () => {
    const { invoice } = await acceptedInvoice();
    await invoicePdf(w.files, invoice.number);
    const [kept] = await filesOf(invoice.id);
    // Reads fail for a moment; writes would still be taken (into a folder of their own).
    const scratch = localDriver(fs.mkdtempSync(path.join(os.tmpdir(), "invoice-away-")));
    const away: MediaDriver = {
      ...scratch,
      read: async () => {
        throw new Error("the bucket is away");
      },
    };
    const pdf = await invoicePdf({ db: w.db, documents: new DocumentStore(away) }, invoice.number);
    expect(pdf!.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await filesOf(invoice.id)).toEqual([kept]);
    expect(fs.existsSync(path.join(w.documentsDir, kept!.file_key))).toBe(true);
  });

  it("the copy an invoice kept on its row before becomes its version 1, as it was mailed", async () => {
    const { invoice } = await acceptedInvoice();
    const mailed = Buffer.concat([
      (await invoicePdf({ db: w.db, documents: w.documents }, invoice.number))!,
      Buffer.from("\n% as mailed\n"),
    ]);
    // As a shop from before kept it: on the row, no file in the store.
    const [first] = await filesOf(invoice.id);
    await w.db.deleteFrom("invoice_files").where("invoice_id", "=", invoice.id).execute();
    fs.rmSync(path.join(w.documentsDir, first!.file_key));
    await w.db
      .updateTable("invoices")
      .set({ pdf: mailed.toString("base64") })
      .where("id", "=", invoice.id)
      .execute();

    expect((await invoicePdf(w.files, invoice.number))!.equals(mailed)).toBe(true);
    const [moved, ...none] = await filesOf(invoice.id);
    expect(none).toEqual([]);
    expect(moved).toMatchObject({ version: 1, size: mailed.length });
    expect(fs.readFileSync(path.join(w.documentsDir, moved!.file_key)).equals(mailed)).toBe(true);
    expect((await w.invoiceOf(await quoteOf(invoice.id))).pdf).toBeNull();
  });

  it("is still sent when the store refuses it, and kept once the store answers", async () => {
    const { invoice } = await acceptedInvoice();
    const refusing: MediaDriver = {
      write: async () => {
        throw new Error("the bucket is away");
      },
      remove: async () => {},
      read: async () => null,
    } as unknown as MediaDriver;
    const pdf = await invoicePdf({ db: w.db, documents: new DocumentStore(refusing) }, invoice.number);
    expect(pdf!.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await filesOf(invoice.id)).toEqual([]);
    expect((await invoicePdf(w.files, invoice.number))!.equals(pdf!)).toBe(true);
    expect(await filesOf(invoice.id)).toHaveLength(1);
  });

  it("is none for a number that is not an invoice", async () => {
    expect(await invoicePdf(w.files, "2099-99999")).toBeNull();
    expect(await invoiceFileVersion(w.files, "2099-99999", 1)).toBeNull();
  });
});
