import { describe, expect, it } from "vitest";
import { pageUrl } from "./page-url";

describe("the page a request is for", () => {
  it.each([
    ["https://s.example/admin.data", "https://s.example/admin"],
    ["https://s.example/vehicles/_.data", "https://s.example/vehicles/"],
    [
      "https://s.example/vehicles.data?Make=Toyota&_routes=root%2Croutes%2Fstore%2Fvehicles",
      "https://s.example/vehicles?Make=Toyota",
    ],
    ["https://s.example/admin/quotes/123?index&x=1", "https://s.example/admin/quotes/123?x=1"],
    ["https://s.example/vehicles/12", "https://s.example/vehicles/12"],
    // Trailing-slash-aware data requests.
    ["https://s.example/_.data?lng=vi", "https://s.example/?lng=vi"],
    ["https://s.example/admin/edit/5/_.data", "https://s.example/admin/edit/5/"],
  ])("%s → %s", (raw, page) => {
    expect(pageUrl(raw).href).toBe(page);
  });
});
