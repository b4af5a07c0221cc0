import { describe, expect, it } from "vitest";
import { trackingUrl } from "./order-types";
import { formatDate, formatYenIn } from "~/i18n/format";
import { LANGUAGES, type LanguageCode } from "~/i18n/languages";
import englishMail from "~/i18n/locales/en/mail.json";
import { orderUpdateMail, type OrderChange } from "./buyer-mails.server";

/*
 * The mail a buyer gets when an order moves (issue 21): in the buyer's
 * language, naming the order, the money and the dates as the buyer reads
 * them, what happens next, and the link to the order page.
 */

const order = {
  name: "Nimal Perera",
  number: "2026-00012",
  item: "2015 Toyota Land Cruiser Prado",
  ref: "V-00123",
  link: "https://shop.example/account/orders/2026-00012",
  shopName: "Example Motors Japan",
};

const STAR = "<b>Star & Sea</b>";

/** One change of each kind, every optional part filled in. */
const CHANGES: Record<OrderChange["kind"], OrderChange> = {
  payment: { kind: "payment", amount: 500_000, receivedOn: "2026-11-24", paid: 1_500_000, balance: 2_500_000 },
  paid: { kind: "paid", amount: 2_500_000, receivedOn: "2026-11-30", total: 4_000_000, overpaid: 12_000 },
  shipment: {
    kind: "shipment",
    vessel: STAR,
    voyage: "V.026E",
    portOfLoading: "Yokohama",
    etd: "2026-12-12",
    eta: "2027-01-10",
    method: "container",
    container: "TCLU1234567",
    bl: "YKHCMB0042",
  },
  dates: { kind: "dates", etd: "2026-12-12", eta: "2027-01-10", previousEtd: "2026-12-05", previousEta: "2026-12-28" },
  courier: { kind: "courier", courier: "dhl", tracking: "1234567890", trackingUrl: trackingUrl("dhl", "1234567890") },
  shipped: { kind: "shipped", vessel: STAR, etd: "2026-12-12", eta: "2027-01-10", port: "Colombo", balance: 300_000 },
  document: { kind: "document", documentKind: "bill_of_lading", title: "" },
  photos: { kind: "photos", count: 12 },
  video: { kind: "video", host: "youtube.com" },
  arrived: { kind: "arrived", port: "Colombo" },
  completed: { kind: "completed" },
  cancelled: {
    kind: "cancelled",
    reason: "The vehicle failed the export inspection.",
    refundNote: "We return ¥500,000 to your account within 5 working days.",
  },
};

const languages = LANGUAGES.map((l) => l.code);

/** The fixed words of the English order texts ("Balance still due:"), to find English left in another language. */
const englishWords = (function pieces(value: unknown): string[] {
  if (typeof value === "string")
    return value
      .split(/\{\{\w+\}\}/)
      .map((piece) => piece.trim())
      .filter((piece) => piece.length >= 12);
  return Object.values(value as Record<string, unknown>).flatMap(pieces);
})(englishMail.order);
const mail = (language: LanguageCode, change: OrderChange) => orderUpdateMail(language, order, change);
const yen = (amount: number, language: LanguageCode) => formatYenIn(amount, language);
const day = (tokyoDay: string, language: LanguageCode) => formatDate(`${tokyoDay}T12:00:00+09:00`, language);

describe("order mails: every kind in every language", () => {
  for (const [kind, change] of Object.entries(CHANGES)) {
    for (const language of languages) {
      it(`${kind} in ${language} names the order, links to it, and leaves no gap`, () => {
        const m = mail(language, change);
        expect(m.subject).toContain(order.number);
        expect(m.subject).toContain(order.item);
        expect(m.text).toContain(order.number);
        expect(m.text).toContain(order.name);
        expect(m.text).toContain(order.link);
        expect(m.text).toContain(order.shopName);
        expect(m.html).toContain(`<a href="${order.link}">${order.link}</a>`);
        expect(m.html).toContain(`<html lang="${language}">`);
        for (const part of [m.subject, m.text, m.html]) {
          expect(part).not.toContain("null");
          expect(part).not.toContain("undefined");
          expect(part).not.toContain("{{");
          expect(part).not.toMatch(/\border\.[a-z]/);
        }
        if (language !== "en") {
          // Written in the buyer's language, not left in English.
          for (const words of englishWords) expect(m.subject + m.text).not.toContain(words);
        }
      });
    }
  }
});

describe("order mails: money", () => {
  it("a part payment names the amount, the total paid and the balance still due, as yen", () => {
    const en = mail("en", CHANGES.payment);
    expect(en.subject).toBe("Payment received for order 2026-00012 (2015 Toyota Land Cruiser Prado): ¥500,000");
    expect(en.text).toContain("We received your payment of ¥500,000 on 24 Nov 2026");
    expect(en.text).toContain("Paid so far: ¥1,500,000");
    expect(en.text).toContain("Balance still due: ¥2,500,000");
    expect(en.text).toContain("We never change our bank account");

    const ja = mail("ja", CHANGES.payment);
    expect(ja.subject).toContain("￥500,000");
    expect(ja.text).toContain("2026年11月24日");
    expect(ja.text).toContain("￥2,500,000");
    // Hindi groups digits as India does.
    expect(mail("hi", CHANGES.payment).text).toContain("25,00,000");

    for (const language of languages) {
      const m = mail(language, CHANGES.payment);
      expect(m.subject).toContain(yen(500_000, language));
      for (const amount of [500_000, 1_500_000, 2_500_000]) expect(m.text).toContain(yen(amount, language));
      expect(m.text).toContain(day("2026-11-24", language));
    }
  });

  it("paid in full names the payment and the total, and an overpayment to refund only when there is one", () => {
    const en = mail("en", CHANGES.paid);
    expect(en.subject).toBe("Order 2026-00012 (2015 Toyota Land Cruiser Prado) is paid in full: ¥4,000,000");
    expect(en.text).toContain("We received your payment of ¥2,500,000 on 30 Nov 2026");
    expect(en.text).toContain("You paid ¥12,000 more than the total. We will refund this amount to you.");
    expect(en.text).toContain("We are now preparing the shipment");

    const exact = mail("en", { ...(CHANGES.paid as Extract<OrderChange, { kind: "paid" }>), overpaid: 0 });
    expect(exact.text).not.toContain("more than the total");
    expect(exact.text).not.toContain("¥0");

    for (const language of languages) {
      const m = mail(language, CHANGES.paid);
      expect(m.subject).toContain(yen(4_000_000, language));
      for (const amount of [2_500_000, 4_000_000, 12_000]) expect(m.text).toContain(yen(amount, language));
    }
  });

  it("a vehicle shipped before full payment says the balance still due; one paid in full does not", () => {
    const unpaid = mail("en", CHANGES.shipped);
    expect(unpaid.text).toContain("A balance of ¥300,000 is still due on this order.");
    expect(unpaid.text).toContain("We never change our bank account");
    for (const language of languages) expect(mail(language, CHANGES.shipped).text).toContain(yen(300_000, language));

    const paid = mail("en", { ...(CHANGES.shipped as Extract<OrderChange, { kind: "shipped" }>), balance: 0 });
    expect(paid.text).not.toContain("still due");
    expect(paid.text).not.toContain("¥0");
    expect(paid.text).not.toContain("bank details");
  });
});

describe("order mails: the ship and its dates", () => {
  it("a vessel's name is written as it is in the text and escaped in the HTML", () => {
    for (const change of [CHANGES.shipment, CHANGES.shipped]) {
      for (const language of languages) {
        const m = mail(language, change);
        expect(m.text).toContain(STAR);
        expect(m.html).toContain("&lt;b&gt;Star &amp; Sea&lt;/b&gt;");
        expect(m.html).not.toContain("<b>");
      }
    }
    expect(mail("en", CHANGES.shipped).subject).toBe(
      `Order 2026-00012 (2015 Toyota Land Cruiser Prado) has shipped on ${STAR}`,
    );
  });

  it("shipping details list the vessel, voyage, port, dates, method and bill of lading", () => {
    const en = mail("en", CHANGES.shipment);
    expect(en.subject).toBe("Shipping details for order 2026-00012 (2015 Toyota Land Cruiser Prado)");
    for (const line of [
      `Vessel: ${STAR}`,
      "Voyage: V.026E",
      "Port of loading: Yokohama",
      "Departure (ETD): 12 Dec 2026",
      "Arrival (ETA): 10 Jan 2027",
      "Shipping method: Container (no. TCLU1234567)",
      "Bill of lading no.: YKHCMB0042",
    ])
      expect(en.text).toContain(line);
    expect(en.text).toContain("we send you the original documents by courier");
    for (const language of languages) {
      const m = mail(language, CHANGES.shipment);
      expect(m.text).toContain(day("2026-12-12", language));
      expect(m.text).toContain(day("2027-01-10", language));
      expect(m.text).toContain("TCLU1234567");
    }
    // The port of loading in the buyer's language.
    expect(mail("ja", CHANGES.shipment).text).toContain("横浜");
    expect(mail("vi", CHANGES.shipment).text).toContain("Yokohama");
    expect(mail("zh-CN", CHANGES.shipment).text).toContain("横滨");
    expect(mail("ja", CHANGES.shipment).text).not.toContain("Yokohama");
  });

  it("what is not known yet is left out, not written as empty or null", () => {
    const bare = mail("en", {
      kind: "shipment",
      vessel: "Morning Cara",
      voyage: " ",
      portOfLoading: "",
      etd: null,
      eta: null,
      method: "roro",
      container: "",
      bl: "",
    });
    expect(bare.text).toContain("Shipping method: RoRo ship");
    for (const gone of ["Voyage", "Port of loading", "ETD", "ETA", "Bill of lading", "Container"])
      expect(bare.text).not.toContain(gone);

    const noNumber = mail("en", { ...(CHANGES.shipment as Extract<OrderChange, { kind: "shipment" }>), container: "" });
    expect(noNumber.text).toContain("Shipping method: Container\n");
    expect(noNumber.text).not.toContain("(no.");

    const noMethod = mail("en", { ...(CHANGES.shipment as Extract<OrderChange, { kind: "shipment" }>), method: null });
    expect(noMethod.text).not.toContain("Shipping method");

    const sailed = mail("en", {
      kind: "shipped",
      vessel: "Morning Cara",
      etd: null,
      eta: "2027-01-10",
      port: "Colombo",
      balance: 0,
    });
    expect(sailed.text).not.toContain("ETD");
    expect(sailed.text).toContain("Arrival (ETA): 10 Jan 2027");
    expect(sailed.text).toContain("bound for Colombo");
    expect(sailed.text).toContain("We will send you the original documents by courier");
  });

  it("new dates name both the new and the old date of each one that moved", () => {
    const en = mail("en", CHANGES.dates);
    expect(en.subject).toBe(
      "New dates for order 2026-00012 (2015 Toyota Land Cruiser Prado): ETD 12 Dec 2026, ETA 10 Jan 2027",
    );
    expect(en.text).toContain("Departure (ETD): 12 Dec 2026 (was 5 Dec 2026)");
    expect(en.text).toContain("Arrival (ETA): 10 Jan 2027 (was 28 Dec 2026)");

    const ja = mail("ja", CHANGES.dates);
    expect(ja.text).toContain("2026年12月12日（変更前：2026年12月5日）");

    for (const language of languages) {
      const m = mail(language, CHANGES.dates);
      for (const d of ["2026-12-12", "2026-12-05", "2027-01-10", "2026-12-28"])
        expect(m.text).toContain(day(d, language));
      // The subject carries the new dates only.
      expect(m.subject).toContain(day("2026-12-12", language));
      expect(m.subject).toContain(day("2027-01-10", language));
      expect(m.subject).not.toContain(day("2026-12-05", language));
    }
  });

  it("a date that stayed is shown alone, one taken back is to be confirmed, one never set is left out", () => {
    const etaOnly = mail("en", {
      kind: "dates",
      etd: "2026-12-05",
      eta: "2027-01-10",
      previousEtd: "2026-12-05",
      previousEta: "2026-12-28",
    });
    expect(etaOnly.text).toContain("Departure (ETD): 5 Dec 2026\n");
    expect(etaOnly.text).toContain("Arrival (ETA): 10 Jan 2027 (was 28 Dec 2026)");

    const takenBack = mail("en", { kind: "dates", etd: null, eta: null, previousEtd: "2026-12-05", previousEta: null });
    expect(takenBack.subject).toContain(": dates to be confirmed");
    expect(takenBack.text).toContain("Departure (ETD): to be confirmed (was 5 Dec 2026)");
    expect(takenBack.text).not.toContain("ETA");

    const firstEta = mail("en", { kind: "dates", etd: null, eta: "2027-01-10", previousEtd: null, previousEta: null });
    expect(firstEta.subject).toMatch(/: ETA 10 Jan 2027$/);
    expect(firstEta.text).toContain("Arrival (ETA): 10 Jan 2027\n");
    expect(firstEta.text).not.toContain("was");
    expect(firstEta.text).not.toContain("ETD");
  });
});

describe("order mails: documents, arrival, the end", () => {
  it("the courier's name, the tracking number and the carrier's tracking link", () => {
    const url = trackingUrl("dhl", "1234567890");
    const en = mail("en", CHANGES.courier);
    expect(en.subject).toBe(
      "Original documents for order 2026-00012 (2015 Toyota Land Cruiser Prado) sent by DHL Express: 1234567890",
    );
    expect(en.text).toContain("Follow the delivery on the DHL Express website:\n\n" + url);
    expect(en.html).toContain(`<a href="${url.replace(/&/g, "&amp;")}">`);
    const ems = mail("ja", {
      kind: "courier",
      courier: "ems",
      tracking: "EJ123456789JP",
      trackingUrl: trackingUrl("ems", "EJ123456789JP"),
    });
    expect(ems.subject).toContain("EMS (Japan Post)");
    expect(ems.text).toContain(trackingUrl("ems", "EJ123456789JP"));
  });

  it("a document is named in the buyer's language, or by the owner's title for another document", () => {
    expect(mail("en", CHANGES.document).subject).toBe(
      "New document for order 2026-00012 (2015 Toyota Land Cruiser Prado): Bill of lading",
    );
    expect(mail("ja", CHANGES.document).text).toContain("船荷証券");
    expect(mail("vi", CHANGES.document).text).toContain("Vận đơn");
    expect(mail("en", { kind: "document", documentKind: "export_certificate_translation", title: "" }).text).toContain(
      "English translation of the export certificate",
    );
    const named = mail("hi", { kind: "document", documentKind: "other", title: "Certificate of origin" });
    expect(named.subject).toContain("Certificate of origin");
    expect(mail("en", { kind: "document", documentKind: "other", title: " " }).subject).toMatch(/: Document$/);
  });

  it("arrival names the port and says to clear the vehicle with the agent", () => {
    const en = mail("en", CHANGES.arrived);
    expect(en.subject).toBe("Order 2026-00012 (2015 Toyota Land Cruiser Prado) has arrived at Colombo");
    expect(en.text).toContain("Your clearing agent can now clear the vehicle");
    // The port in the buyer's language, as the order page names it.
    const colombo = {
      en: "Colombo",
      ja: "コロンボ",
      vi: "Colombo",
      si: "කොළඹ",
      hi: "कोलंबो",
      ne: "कोलम्बो",
      "zh-CN": "科伦坡",
    };
    for (const language of languages) expect(mail(language, CHANGES.arrived).subject).toContain(colombo[language]);
    expect(mail("ja", CHANGES.shipped).text).toContain("コロンボ");
    expect(mail("ja", CHANGES.shipped).text).not.toContain("Colombo");
  });

  it("completion thanks the buyer by the shop's name", () => {
    const en = mail("en", CHANGES.completed);
    expect(en.subject).toBe("Order 2026-00012 (2015 Toyota Land Cruiser Prado) is completed");
    expect(en.text).toContain("Thank you for buying from Example Motors Japan.");
  });

  it("a cancellation gives the reason and the refund note, each left out when empty", () => {
    const en = mail("en", CHANGES.cancelled);
    expect(en.subject).toBe("Order 2026-00012 (2015 Toyota Land Cruiser Prado) is cancelled");
    expect(en.text).toContain("Please make no further payment for it.");
    expect(en.text).toContain("Reason for the cancellation:\nThe vehicle failed the export inspection.");
    expect(en.text).toContain("About your refund:\nWe return ¥500,000 to your account within 5 working days.");
    for (const language of languages) {
      const m = mail(language, CHANGES.cancelled);
      expect(m.text).toContain("The vehicle failed the export inspection.");
      expect(m.text).toContain("within 5 working days");
    }

    const bare = mail("en", { kind: "cancelled", reason: "Line one\nLine two", refundNote: "  " });
    expect(bare.text).toContain("Reason for the cancellation:\nLine one\nLine two");
    expect(bare.html).toContain("Line one<br>Line two");
    expect(bare.text).not.toContain("refund");
    const silent = mail("en", { kind: "cancelled", reason: "", refundNote: "" });
    expect(silent.text).not.toContain("Reason");
  });
});
