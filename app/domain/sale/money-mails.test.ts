import { describe, expect, it } from "vitest";
import { passwordResetMail, quoteConfirmationMail, type BuyerMail } from "~/domain/mail/buyer-mails.server";
import { LANGUAGES, type LanguageCode } from "~/i18n/languages";
import {
  dealClosedMail,
  dealLapsedMail,
  holdEndedMail,
  holdExtendedMail,
  offerAcceptedMail,
  offerMail,
  orderChangesMail,
  orderUpdateMail,
  type OrderChange,
} from "./buyer-mails.server";

/*
 * Mails a person would write (issue 42.2 and 42.6): every mail about money
 * ends with one note saying where to check an invoice on the shop's own site
 * and that the shop never changes its bank account by mail; a mail has one
 * greeting and one sign-off; its subject names the invoice or the order.
 */

const SHOP = "https://sakura.example";
const VERIFY = `${SHOP}/verify`;
const who = { name: "Wanjiru Kamau", item: "2016 Toyota Harrier", ref: "V-00042", shopName: "Sakura Auto Export" };
const order = { ...who, number: "2026-00031", link: `${SHOP}/orders/2026-00031?sig=abc` };

const offer = (message: string) =>
  offerMail("en", {
    ...who,
    number: "Q-2026-0007",
    lines: [{ kind: "fob", label: "", amount: 1_450_000 }],
    total: 1_450_000,
    terms: "CIF",
    port: "Mombasa",
    validUntil: "2026-12-10T00:00:00.000Z",
    holdDays: 3,
    message,
    link: `${SHOP}/quotes/Q-2026-0007?offer=9`,
    vehicle: true,
  });

const payment: OrderChange = {
  kind: "payment",
  amount: 500_000,
  receivedOn: "2026-12-03",
  paid: 500_000,
  balance: 950_000,
};
const dates: OrderChange = {
  kind: "dates",
  etd: "2026-12-12",
  eta: "2027-01-08",
  previousEtd: null,
  previousEta: null,
};
const arrived: OrderChange = { kind: "arrived", port: "Mombasa" };
const courier: OrderChange = {
  kind: "courier",
  courier: "dhl",
  tracking: "4455667788",
  trackingUrl: "https://dhl.example/t",
};

/** Every mail that speaks of money, in a language, with the invoice or order number its subject must carry. */
function moneyMails(language: LanguageCode): [string, BuyerMail, string][] {
  const invoice = "2026-00031";
  return [
    ["offer", offerMail(language, { ...offerFacts(), message: "" }), "Q-2026-0007"],
    [
      "offer accepted",
      offerAcceptedMail(language, {
        ...who,
        invoice,
        total: 1_450_000,
        due: "2026-12-08",
        heldUntil: "2026-12-08T09:00:00.000Z",
        verifyLink: `${VERIFY}/ABCD-EFGH`,
        code: "ABCD-EFGH",
        link: `${SHOP}/quotes/Q-2026-0007`,
      }),
      invoice,
    ],
    [
      "hold ended",
      holdEndedMail(language, { ...who, invoice, ended: "2026-12-08T09:00:00Z", reason: "expired", publicUrl: SHOP }),
      invoice,
    ],
    [
      "hold extended",
      holdExtendedMail(language, {
        ...who,
        invoice,
        until: "2026-12-11T09:00:00Z",
        due: "2026-12-11",
        publicUrl: SHOP,
      }),
      invoice,
    ],
    ["deal closed", dealClosedMail(language, { ...who, invoice, publicUrl: SHOP }), invoice],
    ["deal lapsed", dealLapsedMail(language, { ...who, invoice, due: "2026-12-08", publicUrl: SHOP }), invoice],
    ["payment recorded", orderUpdateMail(language, order, payment), order.number],
    [
      "paid in full",
      orderUpdateMail(language, order, {
        kind: "paid",
        amount: 950_000,
        receivedOn: "2026-12-05",
        total: 1_450_000,
        overpaid: 0,
      }),
      order.number,
    ],
    [
      "shipped unpaid",
      orderUpdateMail(language, order, {
        kind: "shipped",
        vessel: "Morning Star",
        etd: null,
        eta: null,
        port: "Mombasa",
        balance: 950_000,
      }),
      order.number,
    ],
    [
      "cancelled",
      orderUpdateMail(language, order, { kind: "cancelled", reason: "Sold out", refundNote: "Refunded" }),
      order.number,
    ],
    ["changes with a payment among them", orderChangesMail(language, order, [dates, payment]), order.number],
  ];
}

function offerFacts() {
  return {
    ...who,
    number: "Q-2026-0007",
    lines: [{ kind: "fob", label: "", amount: 1_450_000 }],
    total: 1_450_000,
    terms: "CIF",
    port: "Mombasa",
    validUntil: "2026-12-10T00:00:00.000Z",
    holdDays: 3,
    link: `${SHOP}/quotes/Q-2026-0007?offer=9`,
    vehicle: true,
  };
}

/** Times `part` occurs in `text`. */
const count = (text: string, part: string) => text.split(part).length - 1;

describe("every mail about money ends with where to check an invoice and the bank account warning", () => {
  for (const { code: language } of LANGUAGES) {
    it(`in ${language}: once, after the signature, with the shop's own /verify`, () => {
      for (const [what, mail, number] of moneyMails(language)) {
        const last = mail.text.trimEnd().split("\n\n").at(-1)!;
        expect(last, what).toContain(VERIFY);
        expect(count(mail.text, `${VERIFY}`), what).toBe(1);
        // The note comes after the sign-off: the shop's name closes the letter above it.
        expect(mail.text.lastIndexOf(who.shopName), what).toBeLessThan(mail.text.lastIndexOf(VERIFY));
        expect(mail.html, what).toContain(`<a href="${VERIFY}`);
        expect(mail.subject, what).toContain(number);
      }
    });
  }

  it("says it in the shop's words: check with the printed code, we never change our bank account by e-mail", () => {
    const [, accepted] = moneyMails("en")[1]!;
    expect(accepted.text).toContain(
      "Before you pay, check invoice 2026-00031 and our bank account on our website with the code ABCD-EFGH:\n" +
        `${VERIFY}/ABCD-EFGH\n` +
        "We never change our bank account by e-mail, chat or phone.",
    );
    const [, ended] = moneyMails("en")[2]!;
    expect(ended.text.trimEnd().endsWith("If anyone sends you other bank details, do not pay: contact us first.")).toBe(
      true,
    );
    expect(ended.text).toContain("with the verification code printed on it:\n" + VERIFY);
  });

  it("a mail about no money carries no such note", () => {
    const plain = [
      passwordResetMail("en", { name: who.name, shopName: who.shopName, link: `${SHOP}/reset/xyz` }),
      quoteConfirmationMail("en", { ...who, number: "Q-1", country: "Kenya", link: `${SHOP}/quotes/Q-1` }),
      orderUpdateMail("en", order, dates),
      orderUpdateMail("en", order, arrived),
      orderChangesMail("en", order, [dates, courier, arrived]),
      orderUpdateMail("en", order, {
        kind: "shipped",
        vessel: "Morning Star",
        etd: null,
        eta: null,
        port: "Mombasa",
        balance: 0,
      }),
    ];
    for (const mail of plain) {
      expect(mail.text).not.toContain("/verify");
      expect(mail.text).not.toContain("bank account");
    }
  });
});

describe("one greeting, one sign-off", () => {
  it("an owner's template with its own greeting and sign-off fills the body of the shop's one letter", () => {
    const mail = offer(
      "Dear Wanjiru Kamau,\n\nThank you for your quote request for the 2016 Toyota Harrier.\nWe can ship it on the 12 December vessel.\n\nKind regards,\nThe sales team\n",
    );
    expect(count(mail.text, "Dear")).toBe(0);
    expect(count(mail.text, "Hello Wanjiru Kamau,")).toBe(1);
    expect(count(mail.text, "Kind regards,")).toBe(1);
    expect(mail.text).not.toContain("The sales team");
    expect(mail.text).toContain(
      "Thank you for your quote request for the 2016 Toyota Harrier.\nWe can ship it on the 12 December vessel.",
    );
    // The letter opens with its one greeting and signs once, by the shop.
    expect(mail.text.startsWith("Hello Wanjiru Kamau,\n\n")).toBe(true);
    expect(mail.text).toContain("Kind regards,\nSakura Auto Export\n");
  });

  it("every buyer mail greets once and signs once, in the buyer's language", () => {
    for (const { code: language } of LANGUAGES) {
      for (const [what, mail] of moneyMails(language)) {
        expect(count(mail.text, who.shopName), `${what} in ${language}`).toBe(1);
        expect(count(mail.text, who.name), `${what} in ${language}`).toBe(1);
      }
    }
  });
});

describe("an order's changes in one mail", () => {
  it("lists every change in order, under one subject naming the order and how many changed", () => {
    const mail = orderChangesMail("en", order, [payment, dates, courier]);
    expect(mail.subject).toBe("3 updates on order 2026-00031 (2016 Toyota Harrier)");
    const at = (part: string) => mail.text.indexOf(part);
    expect(at("1. Payment received for order 2026-00031")).toBeGreaterThan(0);
    expect(at("2. New dates for order 2026-00031")).toBeGreaterThan(at("1. Payment received"));
    expect(at("3. Original documents for order 2026-00031")).toBeGreaterThan(at("2. New dates"));
    expect(mail.text).toContain("We received your payment of ¥500,000 on 3 Dec 2026");
    expect(mail.text).toContain("Departure (ETD): 12 Dec 2026");
    expect(mail.text).toContain("The tracking number is 4455667788.");
    // What comes next is said once, for where the order now stands: the payment's "pay the balance" is behind it.
    expect(mail.text).not.toContain("Please pay the balance to the bank account");
    expect(count(mail.text, order.link)).toBe(1);
    expect(mail.text).toContain(VERIFY);
  });

  it("one change alone is the change's own mail", () => {
    expect(orderChangesMail("ja", order, [arrived])).toEqual(orderUpdateMail("ja", order, arrived));
  });
});

describe("the offer's port", () => {
  it("is named in the buyer's language, as the quote page names it (the offer stores the owner's English)", () => {
    const facts = {
      ...who,
      number: "Q-2026-0007",
      lines: [{ kind: "fob", label: "", amount: 1_450_000 }],
      total: 1_450_000,
      terms: "CIF",
      port: "Mombasa, Kenya",
      validUntil: "2026-12-10T00:00:00.000Z",
      holdDays: 3,
      message: "",
      link: `${SHOP}/quotes/Q-2026-0007?offer=9`,
      vehicle: true,
    };
    const ja = offerMail("ja", facts);
    expect(ja.text).toContain("モンバサ（ケニア）");
    expect(ja.text).not.toMatch(/Mombasa|Kenya/);
    expect(ja.html).toContain("モンバサ（ケニア）");
    expect(offerMail("en", facts).text).toContain("Mombasa, Kenya");
    // A port the shop cannot name: as the owner wrote it, with no marks in the mail.
    const own = offerMail("ja", { ...facts, port: "Port Louis, Mauritius" });
    expect(own.text).toContain("Port Louis（モーリシャス）");
    expect(own.text).not.toContain("<en>");
  });
});
