import { describe, expect, it } from "vitest";
import { fillTemplate, unknownPlaceholders } from "./reply-template-text";

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
