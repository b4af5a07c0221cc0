import { describe, expect, it } from "vitest";
import { fillTemplate, letterBody, unknownPlaceholders } from "./reply-template-text";

const values = {
  buyer_name: "Amal Perera",
  vehicle: "Toyota Aqua 2019",
  total: "¥1,250,000",
  port: "Colombo, Sri Lanka",
  valid_until: "30 Nov 2026",
};

describe("reply templates", () => {
  it("fill every placeholder, in any case and with spaces inside the braces", () => {
    expect(fillTemplate("Dear {buyer_name}, {Vehicle} to { port }: {TOTAL} until {valid_until}.", values)).toBe(
      "Dear Amal Perera, Toyota Aqua 2019 to Colombo, Sri Lanka: ¥1,250,000 until 30 Nov 2026.",
    );
  });

  it("leave unknown placeholders as typed and do not read values as patterns", () => {
    expect(fillTemplate("{unknown} {buyer_name}", { ...values, buyer_name: "$& $1" })).toBe("{unknown} $& $1");
  });

  it("name the placeholders the shop cannot fill, each once, as typed", () => {
    expect(
      unknownPlaceholders("Dear {buyer}, {Vehicle} { price } to {port}; {buyer} again, {} and {1} are plain text"),
    ).toEqual(["{buyer}", "{ price }"]);
    expect(unknownPlaceholders("Dear {BUYER_NAME}, { valid_until }")).toEqual([]);
  });
});

describe("a template as the body of the shop's letter", () => {
  it("drops its own greeting line and sign-off with the name under it", () => {
    expect(letterBody("Dear Amal Perera,\n\nThe Aqua ships on Friday.\n\nKind regards,\nThe sales team")).toBe(
      "The Aqua ships on Friday.",
    );
    expect(letterBody("Hello:\nIt is reserved.\nBest wishes\nKenji\nSakura Auto\n+81 3 1234 5678\n")).toBe(
      "It is reserved.",
    );
    expect(letterBody("アマル 様\n\nお見積もりです。\n\nよろしくお願いいたします。\n営業部")).toBe("お見積もりです。");
    expect(letterBody("Dear Amal, thank you for asking.\nYours sincerely,")).toBe("Thank you for asking.");
  });

  it("keeps sentences that only begin like a greeting or a thank-you", () => {
    const kept = "Hello there, the price includes freight!\nThank you for your patience with the inspection.";
    expect(letterBody(kept)).toBe(kept);
    expect(letterBody("Hi Amal! Great news.")).toBe("Hi Amal! Great news.");
    // A sign-off far from the end is part of the text.
    const long = "Thanks\none\ntwo\nthree\nfour";
    expect(letterBody(long)).toBe(long);
    expect(letterBody("  \n")).toBe("");
  });

  it("never drops a line about money after a thank-you, nor a first line that names a Hi-Ace", () => {
    const fee = "The Prado is ready.\nThank you.\nNote: the price excludes the ¥30,000 inspection fee.";
    expect(letterBody(fee)).toBe(fee);
    expect(letterBody("Hi-Ace 2015 as you asked.\nIt is in stock.")).toBe("Hi-Ace 2015 as you asked.\nIt is in stock.");
  });
});
