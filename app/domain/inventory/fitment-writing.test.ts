import { describe, expect, it } from "vitest";
import { fitmentsText, readFitments } from "./fitment";

/* How the panel's box shows a part's cars back (issue 23): as the owner types them, read back the same. */

describe("a part's cars written for the panel's box", () => {
  const typed =
    "Toyota / Camry / acv40 / 2006-2011\nToyota / Camry / AVV50 / 2012-\nLexus / ES / / -2012\nToyota / Hiace";
  const now = new Date("2026-11-25T00:00:00Z");

  it("are a line each, a blank model code written as typed", () => {
    const read = readFitments(typed, now);
    expect(read.ok).toBe(true);
    const fits = read.ok ? read.fits : [];
    expect(fitmentsText(fits, "\n")).toBe(
      "Toyota / Camry / ACV40 / 2006-2011\nToyota / Camry / AVV50 / 2012-\nLexus / ES / / -2012\nToyota / Hiace",
    );
    expect(fitmentsText(fits, "; ")).toBe(
      "Toyota / Camry / ACV40 / 2006-2011; Toyota / Camry / AVV50 / 2012-; Lexus / ES / / -2012; Toyota / Hiace",
    );
  });

  it("read back to the same cars", () => {
    const read = readFitments(typed, now);
    const again = read.ok ? readFitments(fitmentsText(read.fits, "\n"), now) : read;
    expect(again).toEqual(read);
  });
});
