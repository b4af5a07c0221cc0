import fc from "fast-check";
import { readPdf } from "../../../tests/support/pdf";
import { describe, expect, it } from "vitest";
import type { InvoiceDocument } from "./deal-types";
import { renderInvoicePdf } from "./invoice-pdf.server";

const invoice: InvoiceDocument = {
  number: "2026-00042",
  issuedOn: "2026-11-24",
  dueDate: "2026-12-01",
  code: "7KQ2-M9XD-4HRT-WB3N",
  verifyUrl: "https://sakura-auto.example/invoice/check",
  quoteNumber: "2611000001",
  seller: {
    name: "Sakura Auto Export Co., Ltd.",
    address: "3-14-2 Shinkiba, Koto-ku\nTokyo 136-0082, Japan",
    phone: "+81 3-5555-0142",
    email: "sales@sakura-auto.example",
    corporateNumber: "6010401099999",
    licenceNumber: "301032219999",
    licenceIssuer: "Tokyo Metropolitan Public Safety Commission",
  },
  buyer: { name: "Nguyễn Văn An", country: "Viet Nam", email: "an.nguyen@example.vn", phone: "+84 90 123 4567" },
  item: {
    kind: "vehicle",
    refId: "SA-2019-0142",
    name: "Toyota Land Cruiser Prado TX 2.8 Diesel 4WD",
    quantity: null,
    specs: [
      { label: "Year", value: "2019" },
      { label: "Chassis no.", value: "GDJ150-0012345" },
      { label: "Mileage", value: "84,500 km" },
      { label: "Engine", value: "2,754 cc diesel" },
      { label: "Transmission", value: "Automatic" },
      { label: "Steering", value: "Right hand drive" },
      { label: "Colour", value: "Pearl white" },
      { label: "Seats", value: "7" },
    ],
  },
  lines: [
    { kind: "fob", label: "FOB price", amount: 1_050_000 },
    { kind: "freight", label: "Ocean freight", amount: 165_000 },
    { kind: "insurance", label: "Marine insurance", amount: 15_000 },
    { kind: "other", label: "Radiator guard and spare key", amount: 20_000 },
  ],
  total: 1_250_000,
  terms: "CIF",
  port: "Hai Phong",
  bank: {
    bankName: "MUFG Bank, Ltd.",
    branch: "Shinkiba Branch (No. 512)",
    bankAddress: "1-2-3 Shinkiba, Koto-ku, Tokyo, Japan",
    swift: "BOTKJPJT",
    accountName: "Sakura Auto Export Co., Ltd.",
    accountNumber: "Ordinary 0123456",
    note: "Intermediary bank: JPMorgan Chase Bank, New York (CHASUS33)",
  },
};

describe("the proforma invoice PDF", () => {
  it("prints what the buyer pays, to whom, and how to check it, on one small page", async () => {
    const pdf = await renderInvoicePdf(invoice);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.length).toBeLessThan(200_000);

    const read = await readPdf(pdf);
    expect(read.pages).toBe(1);
    // What the buyer and the bank need, as printed.
    for (const printed of [
      "PROFORMA INVOICE",
      "2026-00042",
      "2611000001",
      "24 November 2026",
      "1 December 2026",
      "Nguyễn Văn An",
      "Hai Phong",
      "Chassis no.",
      "GDJ150-0012345",
      "Radiator guard and spare key",
      "¥1,050,000",
      "TOTAL",
      "¥1,250,000",
      "Ordinary 0123456",
      "BOTKJPJT",
      "301032219999",
      "7KQ2-M9XD-4HRT-WB3N",
    ]) {
      expect(read.text).toContain(printed);
    }
    expect(read.text.replace(/\s+/g, " ")).toContain(
      "We never change our bank details by e-mail or chat. Before paying, check this invoice at https://sakura-auto.example/invoice/check",
    );
    // The QR code to the check page.
    expect(read.images).toBe(1);
  });

  it("puts everything needed to pay, and to check, on page 1 of a full vehicle's invoice", async () => {
    // A vehicle as the shop prints it (sixteen specifications), the import rule, the consignee and notify party.
    const labels = ["Chassis no.", "Model code", "Year", "Manufactured", "First registered", "Make", "Model"];
    const more = [
      "Mileage (km)",
      "Engine (cc)",
      "Transmission",
      "Fuel",
      "Drive",
      "Steering",
      "Colour",
      "Doors",
      "Seats",
    ];
    const full: InvoiceDocument = {
      ...invoice,
      buyer: { name: "John Kamau", country: "Kenya", email: "john.kamau@example.co.ke", phone: "+254 712 345 678" },
      consignee: {
        name: "Mombasa Clearing Agents Ltd",
        address: "Moi Avenue 12, P.O. Box 80100, Mombasa, Kenya",
        phone: "+254 722 000 111",
        taxId: "KRA PIN P051234567X",
      },
      notify: { name: "John Kamau", address: "Kenyatta Avenue 4, Nairobi", phone: "+254 712 345 678", taxId: "" },
      item: {
        ...invoice.item,
        specs: [...labels, ...more].map((label, i) => ({ label, value: `Value ${i + 1}` })),
      },
      port: "Mombasa",
      importCheck: {
        country: "Kenya",
        verdict: "allowed",
        refused: false,
        text: "Kenya admits vehicles first registered 2019 or later (8 years).",
        override: null,
      },
    };
    const read = await readPdf(await renderInvoicePdf(full));
    expect(read.pages).toBe(1);
    const page1 = read.pageTexts[0]!.replace(/\s+/g, " ");
    for (const printed of [
      "Mombasa Clearing Agents Ltd",
      "Moi Avenue 12, P.O. Box 80100, Mombasa, Kenya",
      "Kenyatta Avenue 4, Nairobi",
      "Value 16",
      "Kenya admits vehicles first registered 2019 or later",
      // The bank block: beneficiary with its address, the account, the reference and who pays the charges.
      "Beneficiary Sakura Auto Export Co., Ltd.",
      "3-14-2 Shinkiba, Koto-ku, Tokyo 136-0082, Japan",
      "Ordinary 0123456",
      "BOTKJPJT",
      "Payment reference 2026-00042",
      "Bank charges OUR",
      // Short terms: how long it stands, the hold, cancellation and refund.
      "Valid until 1 December 2026",
      "the hold ends",
      "refunded to the paying account",
      "7KQ2-M9XD-4HRT-WB3N",
      "https://sakura-auto.example/invoice/check",
    ]) {
      expect(page1).toContain(printed);
    }
    // The consignee's ID number is for customs, on the forwarder's sheet: the invoice goes to whoever holds its link.
    expect(page1).not.toContain("P051234567X");
    // A bank that takes charges from each side is said so.
    const shared = await readPdf(await renderInvoicePdf({ ...full, bank: { ...full.bank, charges: "SHA" } }));
    expect(shared.pageTexts[0]!.replace(/\s+/g, " ")).toContain("Bank charges SHA");
  });

  it("keeps a long port's name inside the total's band, on a page that still fits", async () => {
    const pdf = await renderInvoicePdf({ ...invoice, port: "Port of Spain, Trinidad and Tobago" });
    const read = await readPdf(pdf);
    expect(read.pages).toBe(1);
    expect(read.text.replace(/\s+/g, " ")).toContain("TOTAL CIF Port of Spain, Trinidad and Tobago");
  });

  it("names the buyer as consignee until the buyer gives another", async () => {
    const page1 = (await readPdf(await renderInvoicePdf(invoice))).pageTexts[0]!.replace(/\s+/g, " ");
    expect(page1).toContain("CONSIGNEE As bill to");
    expect(page1).toContain("NOTIFY PARTY Same as consignee");
  });

  it("says across the top of a cancelled invoice that it must not be paid", async () => {
    const plain = await readPdf(await renderInvoicePdf(invoice));
    expect(plain.text).not.toContain("CANCELLED");
    const { text } = await readPdf(
      await renderInvoicePdf(invoice, {
        cancelled: { on: "2026-11-30", reason: "The reservation ended before payment." },
      }),
    );
    expect(text.replace(/\s+/g, " ")).toContain(
      "CANCELLED on 2026-11-30: DO NOT PAY THIS INVOICE. The reservation ended before payment.",
    );
    expect(text.indexOf("CANCELLED")).toBeLessThan(text.indexOf("PROFORMA INVOICE"));
  });

  it("makes the same file for the same invoice", async () => {
    expect((await renderInvoicePdf(invoice)).equals(await renderInvoicePdf(invoice))).toBe(true);
  });

  it("prints names in other scripts, and a '?' for a character no font has", async () => {
    const pdf = await renderInvoicePdf({
      ...invoice,
      buyer: { ...invoice.buyer, name: "山田 太郎 / 王小明", country: "Nepal नेपाल" },
      port: "Colombo කොළඹ",
      item: {
        ...invoice.item,
        quantity: 2,
        specs: [{ label: "Note", value: "Arabic مرحبا, a car 🚗, half a pair \ud800, a bell\u0007 end" }],
      },
    });
    const read = await readPdf(pdf);
    expect(read.text).toContain("山田 太郎 / 王小明");
    expect(read.text).toContain("Nepal नेपाल");
    expect(read.text).toContain("Quantity 2");
    expect(read.text.replace(/\s+/g, " ")).toContain("Arabic ?????, a car ?, half a pair ?, a bell end");
  });

  it("goes on to a second page when the item and charges are long, with nothing left out", async () => {
    const specs = Array.from({ length: 40 }, (_, i) => ({
      label: `Option ${i + 1}`,
      value: `Fitted, checked ${i + 1}`,
    }));
    const lines = Array.from({ length: 12 }, (_, i) => ({
      kind: "other" as const,
      label: `Extra ${i + 1}`,
      amount: 1000,
    }));
    const pdf = await renderInvoicePdf({ ...invoice, item: { ...invoice.item, specs }, lines, total: 12_000 });
    const read = await readPdf(pdf);
    expect(read.pages).toBe(2);
    // Everything is still there.
    for (const printed of [
      "Proforma invoice 2026-00042 (continued)",
      "Fitted, checked 40",
      "Extra 12",
      "¥12,000",
      "Ordinary 0123456",
      "7KQ2-M9XD-4HRT-WB3N",
    ]) {
      expect(read.text).toContain(printed);
    }
  });

  it("never fails on what people type", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 60 }),
        fc.string({ maxLength: 200 }),
        async (name, note) => {
          const pdf = await renderInvoicePdf({
            ...invoice,
            buyer: { ...invoice.buyer, name },
            bank: { ...invoice.bank, note },
            lines: [{ kind: "other", label: name, amount: 1 }],
            item: { ...invoice.item, specs: [{ label: name, value: note }] },
          });
          expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
        },
      ),
      { numRuns: 25 },
    );
  }, 30_000);
});
