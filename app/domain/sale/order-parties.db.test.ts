import { describe, expect, it } from "vitest";
import { readPdf } from "../../../tests/support/pdf";
import { DEAL, dealWorldForFile } from "../../../tests/support/deal-world";
import { blInstructionsPdf } from "./bl-instructions.server";
import { invoicePdf } from "./invoice-file.server";
import { giveParties, partiesOf, readPartiesForm } from "./order-parties.server";

/*
 * The consignee and notify party (issue 42.1), on SQLite and PostgreSQL: the
 * buyer of an order bound for Sri Lanka gives them once, before the bill of
 * lading; they print on the invoice and stand on the timeline.
 */

const w = dealWorldForFile();

const CONSIGNEE = {
  consigneeName: "Lanka Clearing Agents (Pvt) Ltd",
  consigneeAddress: "45 Front Street, Colombo 11, Sri Lanka",
  consigneePhone: "077 555 0199",
  consigneeTaxId: "123456789V",
  notifySame: "on",
};

async function orderOf(number: string) {
  return w.t.db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirstOrThrow();
}

describe("the consignee and notify party", () => {
  it("are given by the order's buyer and print on page 1 of the invoice, numbers written as the bank and customs write them", async () => {
    const { number } = await w.accepted();
    const order = await orderOf(number);
    const read = readPartiesForm(CONSIGNEE, order.buyer_country);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.parties).toEqual({
      consignee: {
        name: "Lanka Clearing Agents (Pvt) Ltd",
        address: "45 Front Street, Colombo 11, Sri Lanka",
        // A local number takes Sri Lanka's code; the NIC is named and written in capitals.
        phone: "+94 775 550 199",
        taxId: "NIC 123456789V",
      },
      notify: null,
    });
    const given = await giveParties(w.t.db, DEAL, { customerId: w.buyerIds[0]! }, number, read.parties);
    expect(given.ok).toBe(true);
    expect(await partiesOf(w.t.db, order.id)).toEqual({ consignee: read.parties.consignee });

    const pdf = await invoicePdf(w.files, number);
    const page1 = (await readPdf(pdf!)).pageTexts[0]!.replace(/\s+/g, " ");
    expect(page1).toContain("CONSIGNEE Lanka Clearing Agents (Pvt) Ltd");
    // The NIC is for customs: on the forwarder's sheet, not on an invoice that its link's holder can download.
    expect(page1).not.toContain("123456789V");
    expect(page1).toContain("NOTIFY PARTY Same as consignee");

    // The forwarder's sheet names them, with the shipper and who pays the freight.
    const sheet = (await readPdf((await blInstructionsPdf(w.t.db, number))!)).text.replace(/\s+/g, " ");
    for (const printed of [
      "BILL OF LADING INSTRUCTIONS",
      "SHIPPER",
      "CONSIGNEE Lanka Clearing Agents (Pvt) Ltd 45 Front Street, Colombo 11, Sri Lanka Tel +94 775 550 199 NIC 123456789V",
      "NOTIFY PARTY Same as consignee",
      "Freight Collect (FOB)",
    ])
      expect(sheet).toContain(printed);

    // The owner is mailed to confirm it by phone: a hijacked mailbox could have named someone else.
    const owner = await w.t.db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", DEAL.ownerEmail)
      .where("subject", "like", `Consignee given for order ${number}%`)
      .execute();
    expect(owner).toHaveLength(1);
    expect(owner[0]!.text_body).toContain("NIC 123456789V");
    expect(owner[0]!.text_body).toContain("confirm it with the buyer by phone");

    const steps = await w.t.db
      .selectFrom("order_events")
      .select(["kind", "data"])
      .where("order_id", "=", order.id)
      .execute();
    expect(steps.map((s) => s.kind)).toContain("parties");
  });

  it("are given once: a second form is refused and the first stays on the invoice", async () => {
    const { number } = await w.accepted();
    const order = await orderOf(number);
    const first = readPartiesForm(CONSIGNEE, order.buyer_country);
    if (!first.ok) throw new Error("refused");
    expect((await giveParties(w.t.db, DEAL, { customerId: w.buyerIds[0]! }, number, first.parties)).ok).toBe(true);
    const other = readPartiesForm({ ...CONSIGNEE, consigneeName: "Someone Else Ltd" }, order.buyer_country);
    if (!other.ok) throw new Error("refused");
    const again = await giveParties(w.t.db, DEAL, { customerId: w.buyerIds[0]! }, number, other.parties);
    expect(again).toMatchObject({ ok: false, refusal: "conflict", message: { key: "consignee.alreadyGiven" } });
    expect((await partiesOf(w.t.db, order.id)).consignee?.name).toBe("Lanka Clearing Agents (Pvt) Ltd");
    const page1 = (await readPdf((await invoicePdf(w.files, number))!)).pageTexts[0]!;
    expect(page1).not.toContain("Someone Else");
  });

  it("cannot be given by another buyer, nor once the bill of lading is made out", async () => {
    const { number } = await w.accepted();
    const order = await orderOf(number);
    const read = readPartiesForm(CONSIGNEE, order.buyer_country);
    if (!read.ok) throw new Error("refused");
    // Before any consignee is given, the forwarder's sheet names the buyer and says so.
    const before = (await readPdf((await blInstructionsPdf(w.t.db, number))!)).text.replace(/\s+/g, " ");
    expect(before).toContain("(the buyer: no other consignee has been given)");
    expect(await blInstructionsPdf(w.t.db, "2099-99999")).toBeNull();
    const stranger = await giveParties(w.t.db, DEAL, { customerId: w.buyerIds[1]! }, number, read.parties);
    expect(stranger).toMatchObject({ ok: false, refusal: "not-found" });

    await w.t.db
      .insertInto("order_documents")
      .values({
        order_id: order.id,
        kind: "bill_of_lading",
        file_key: "bl.pdf",
        content_type: "application/pdf",
        size: 1,
        sha256: "x",
        uploaded_by: "staff",
        uploaded_at: new Date().toISOString(),
        removed_at: null,
      })
      .execute();
    const late = await giveParties(w.t.db, DEAL, { customerId: w.buyerIds[0]! }, number, read.parties);
    expect(late).toMatchObject({ ok: false, refusal: "conflict", message: { key: "consignee.billOfLading" } });
    expect(await partiesOf(w.t.db, order.id)).toEqual({});
  });

  it("refuses a consignee with no address or a tax number in the wrong form, beside each field, keeping what was typed", async () => {
    const read = readPartiesForm(
      { ...CONSIGNEE, consigneeAddress: "  ", consigneeTaxId: "12345", notifySame: "", notifyName: "Amal" },
      "Sri Lanka",
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual([
      "consigneeAddress",
      "consigneeTaxId",
      "notifyAddress",
      "notifyPhone",
    ]);
    expect(read.errors.consigneeTaxId).toEqual({
      key: "consignee.taxIdFormat",
      values: { kinds: "NIC / TIN", examples: "199012345678 / 123456789" },
    });
    expect(read.values).toMatchObject({ consigneeName: CONSIGNEE.consigneeName, consigneeTaxId: "12345" });
    // A destination with no number of its own takes none; Kenya asks for the KRA PIN.
    expect(readPartiesForm({ ...CONSIGNEE, consigneeTaxId: "" }, "Japan").ok).toBe(true);
    const kenya = readPartiesForm({ ...CONSIGNEE, consigneeTaxId: "" }, "Kenya");
    expect(kenya.ok === false && kenya.errors.consigneeTaxId?.key).toBe("consignee.taxIdMissing");
  });
});
