import { describe, expect, it } from "vitest";
import { emailHint, emailHintToAsk } from "./email-hints";

describe("e-mail hints", () => {
  it("suggests the provider a domain is one or two letters off", () => {
    expect(emailHint("grace@gmial.com")).toEqual({ typed: "gmial.com", domain: "gmail.com", email: "grace@gmail.com" });
    for (const [typed, meant] of [
      ["a@gmail.con", "a@gmail.com"],
      ["a@gamil.com", "a@gmail.com"],
      ["a@gmai.com", "a@gmail.com"],
      ["A@Hotmial.com ", "a@hotmail.com"],
      ["a@yaho.com", "a@yahoo.com"],
      ["a@yahoo.co", "a@yahoo.com"],
      ["a@outlok.com", "a@outlook.com"],
      ["a@yahooo.co.in", "a@yahoo.co.in"],
    ] as const)
      expect(emailHint(typed)?.email, typed).toBe(meant);
  });

  it("says nothing of a known provider, a domain of its own or a provider's country domain", () => {
    for (const typed of [
      "a@gmail.com",
      "a@mail.com",
      "a@email.com",
      "a@protonmail.ch",
      "a@example.lk",
      "a@safaricom.co.ke",
      "a@yahoo.fr",
      "a@hotmail.co.jp",
      "a@gmx.de",
      "a@gmail",
      "gmial.com",
      "@gmial.com",
      "",
    ])
      expect(emailHint(typed), typed).toBeNull();
  });

  it("asks a short domain only one letter off", () => {
    expect(emailHint("a@me.co")?.domain).toBe("me.com");
    expect(emailHint("a@mx.co")).toBeNull();
  });

  it("stops asking once the buyer kept the address as typed", () => {
    expect(emailHintToAsk("grace@gmial.com", null)?.domain).toBe("gmail.com");
    expect(emailHintToAsk("grace@gmial.com", "someone@gmial.com")?.domain).toBe("gmail.com");
    expect(emailHintToAsk("grace@gmial.com", " Grace@gmial.com ")).toBeNull();
  });
});
