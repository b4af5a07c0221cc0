import { describe, expect, it } from "vitest";
import { dealWorldForFile } from "../../../tests/support/deal-world";
import { readPdf } from "../../../tests/support/pdf";
import { formatVerificationCode, newVerificationCode } from "~/utils/verification-code.server";
import type { InvoiceDocument } from "./deal-types";
import { invoicePdf } from "./invoice-file.server";
import { checkInvoice } from "./verify.server";

/*
 * An invoice names the vehicle's proof pack (issue 45.4), on SQLite and
 * PostgreSQL: printed on the PDF with its page, and linked from the invoice's
 * own check at /verify, so a buyer goes from the invoice to the car's papers.
 */

const w = dealWorldForFile();

const documentOf = async (number: string) =>
  JSON.parse(
    (await w.db.selectFrom("invoices").select("document").where("number", "=", number).executeTakeFirstOrThrow())
      .document,
  ) as InvoiceDocument;

describe("an invoice and the vehicle's proof pack", () => {
  it("prints the pack's code and page, and its check links to the pack", async () => {
    const vehicleId = await w.vehicle();
    const code = newVerificationCode();
    await w.db
      .insertInto("proof_packs")
      .values({ vehicle_id: vehicleId, code, published_at: new Date().toISOString() })
      .execute();
    const { number } = await w.accepted({ vehicleId });
    const printed = formatVerificationCode(code);
    expect((await documentOf(number)).proofPack).toEqual({
      code: printed,
      verifyUrl: `https://shop.example/verify/${printed}`,
    });
    const text = (await readPdf((await invoicePdf(w.files, number))!)).text;
    expect(text).toContain("Proof of condition");
    expect(text).toContain(printed);

    const invoiceCode = (await documentOf(number)).code;
    const check = await checkInvoice(w.db, invoiceCode, "198.51.100.77");
    expect(check.status === "found" && check.invoice.proofPack).toEqual({
      code: printed,
      path: `/verify/${printed}`,
    });
  });

  it("prints none for a vehicle without papers", async () => {
    const { number } = await w.accepted();
    expect((await documentOf(number)).proofPack).toBeUndefined();
    expect((await readPdf((await invoicePdf(w.files, number))!)).text).not.toContain("Proof of condition");
  });
});
