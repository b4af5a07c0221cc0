import { describe, expect, it } from "vitest";
import { loggedPath } from "./app";

describe("the request log", () => {
  it("leaves an invoice's verification code out of the paths it keeps", () => {
    expect(loggedPath("/verify/7KQ2-M9XD-4HRT-WB3N")).toBe("/verify/:code");
    expect(loggedPath("/verify/7KQ2M9XD4HRTWB3N.data")).toBe("/verify/:code");
    expect(loggedPath("/verify")).toBe("/verify");
    expect(loggedPath("/vehicles/12")).toBe("/vehicles/12");
  });

  it("leaves a stock feed's token out, keeping which feed was asked for", () => {
    expect(loggedPath("/feeds/q3Vx-9_kLmN0pQrStUvWxYz0123456789abcdefGHIJ/vehicles.csv")).toBe(
      "/feeds/:token/vehicles.csv",
    );
    expect(loggedPath("/feeds")).toBe("/feeds");
  });
});
