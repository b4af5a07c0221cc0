import { describe, expect, it } from "vitest";
import { loggedPath } from "./app";

describe("the request log", () => {
  it("leaves an invoice's verification code out of the paths it keeps", () => {
    expect(loggedPath("/verify/7KQ2-M9XD-4HRT-WB3N")).toBe("/verify/:code");
    expect(loggedPath("/verify/7KQ2M9XD4HRTWB3N.data")).toBe("/verify/:code");
    expect(loggedPath("/verify")).toBe("/verify");
    expect(loggedPath("/vehicles/12")).toBe("/vehicles/12");
  });
});
