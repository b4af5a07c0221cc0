import { describe, expect, it } from "vitest";
import {
  CODE_LENGTH,
  formatVerificationCode,
  newVerificationCode,
  normaliseVerificationCode,
} from "./verification-code.server";

describe("invoice verification codes", () => {
  it("are 16 characters of an alphabet without I, L, O and U, and differ each time", () => {
    const codes = Array.from({ length: 2000 }, newVerificationCode);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // Every character of the alphabet turns up: the bits are used, not a part of them.
    expect(new Set(codes.join("")).size).toBe(32);
    expect(CODE_LENGTH * 5).toBeGreaterThanOrEqual(80);
  });

  it("are shown in groups of four and read back however they were typed", () => {
    expect(formatVerificationCode("7KQ2M9XD4HRTWB3N")).toBe("7KQ2-M9XD-4HRT-WB3N");
    expect(normaliseVerificationCode("7kq2 m9xd 4hrt wb3n")).toBe("7KQ2M9XD4HRTWB3N");
    expect(normaliseVerificationCode(" 7KQ2-M9XD-4HRT-WB3N ")).toBe("7KQ2M9XD4HRTWB3N");
    // Letters read wrongly from paper.
    expect(normaliseVerificationCode("OOOO-IIII-LLLL-0000")).toBe("0000111111110000");
  });

  it("refuse what cannot be a code", () => {
    expect(normaliseVerificationCode("")).toBeNull();
    expect(normaliseVerificationCode("7KQ2-M9XD-4HRT")).toBeNull();
    expect(normaliseVerificationCode("7KQ2-M9XD-4HRT-WB3NX")).toBeNull();
    expect(normaliseVerificationCode("7KQ2-M9XD-4HRT-WB3U")).toBeNull();
    expect(normaliseVerificationCode("<script>alert(1)</script>")).toBeNull();
  });
});
