import { describe, expect, it } from "vitest";
import { own } from "./own";

describe("own", () => {
  it("finds a record's own entries and nothing inherited from Object", () => {
    const models: Record<string, string[]> = { Toyota: ["Corolla"] };
    expect(own(models, "Toyota")).toEqual(["Corolla"]);
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty", "Honda", "", null, undefined])
      expect(own(models, key)).toBeUndefined();
  });
});
