import { describe, expect, it } from "vitest";
import { listSearch, readPartQuery, readVehicleQuery, VEHICLE_FILTER_KEYS } from "./filters";
import { adminListHref, adminPageNumbers, clampPage, pageItems, readAdminPaging } from "./pagination";

const now = new Date("2026-11-21T00:00:00Z");
const read = (qs: string) => readVehicleQuery(new URLSearchParams(qs), now);

describe("readVehicleQuery", () => {
  it("reads SPEC's parameters and the added ones", () => {
    const q = read(
      "Type=SUV&SubType=Crossover&Make=Honda&Model=Vezel&YearFrom=2015&YearTo=2020&Transmission=automatic&Fuel=hybrid" +
        "&Keyword=%20white%20&PriceFrom=%C2%A5500%2C000&PriceTo=2000000&MileageFrom=0&MileageTo=90000&Steering=Right" +
        "&Color=White&Drive=2WD&Sort=price_asc&Page=3&PerPage=40",
    );
    expect(q).toEqual({
      filters: {
        Type: "SUV",
        SubType: "Crossover",
        Make: "Honda",
        Model: "Vezel",
        YearFrom: 2015,
        YearTo: 2020,
        Transmission: "automatic",
        Fuel: "hybrid",
        Keyword: "white",
        PriceFrom: 500_000,
        PriceTo: 2_000_000,
        MileageFrom: 0,
        MileageTo: 90_000,
        Steering: "Right",
        Color: "White",
        Drive: "2WD",
      },
      sort: "price_asc",
      page: 3,
      perPage: 40,
    });
  });

  it("has defaults: newest first, page 1, 20 per page, no filters", () => {
    expect(read("")).toEqual({ filters: {}, sort: "newest", page: 1, perPage: 20 });
  });

  it("ignores or clamps what makes no sense", () => {
    expect(read("YearFrom=abc&YearTo=1850").filters).toEqual({});
    expect(read("YearFrom=2027").filters).toEqual({}); // after this year
    expect(read("YearFrom=1981").filters).toEqual({ YearFrom: 1981 });
    expect(read("PerPage=100000").perPage).toBe(100);
    expect(read("PerPage=33").perPage).toBe(20);
    expect(read("PerPage=-5").perPage).toBe(20);
    expect(read("Page=-3").page).toBe(1);
    expect(read("Page=abc").page).toBe(1);
    expect(read("Sort=drop table").sort).toBe("newest");
    expect(read(`Keyword=${"a".repeat(5000)}`).filters.Keyword).toHaveLength(100);
    expect(read(`Make=${"x".repeat(61)}`).filters).toEqual({});
    expect(read("PriceFrom=cheap").filters).toEqual({});
    expect(read("Keyword=%20%20").filters).toEqual({});
  });

  it("swaps bounds given the wrong way round", () => {
    expect(read("YearFrom=2020&YearTo=2010").filters).toEqual({ YearFrom: 2010, YearTo: 2020 });
    expect(read("PriceFrom=900000&PriceTo=100000").filters).toEqual({ PriceFrom: 100_000, PriceTo: 900_000 });
  });

  it("keeps a script in a make as plain text (it is escaped when shown)", () => {
    expect(read("Make=%3Cscript%3E").filters.Make).toBe("<script>");
  });
});

describe("readPartQuery", () => {
  it("reads only the parts parameters and applies every sort", () => {
    expect(readPartQuery(new URLSearchParams("Type=Engine&YearFrom=2010&Sort=oldest&Transmission=manual"))).toEqual({
      filters: { Type: "Engine", YearFrom: 2010 },
      sort: "oldest",
      page: 1,
      perPage: 20,
    });
  });

  it("reads the years as the vehicle list does: public years only, swapped when given the wrong way round", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    const read = (qs: string) => readPartQuery(new URLSearchParams(qs), now).filters;
    expect(read("YearFrom=2014&YearTo=2014")).toEqual({ YearFrom: 2014, YearTo: 2014 });
    expect(read("YearFrom=2020&YearTo=2010")).toEqual({ YearFrom: 2010, YearTo: 2020 });
    expect(read("YearFrom=1980&YearTo=2027")).toEqual({});
    expect(read("YearFrom=abc&YearTo=1981")).toEqual({ YearTo: 1981 });
  });
});

describe("listSearch", () => {
  it("gives one address per list: set values only, in a fixed order, defaults left out", () => {
    expect(
      listSearch(VEHICLE_FILTER_KEYS, {
        filters: { Keyword: "white", Make: "Toyota", Type: "SUV" },
        sort: "newest",
        page: 1,
        perPage: 20,
      }),
    ).toBe("?Type=SUV&Make=Toyota&Keyword=white");
    expect(listSearch(VEHICLE_FILTER_KEYS, { filters: {}, sort: "price_desc", page: 2, perPage: 40 })).toBe(
      "?Sort=price_desc&PerPage=40&Page=2",
    );
    expect(listSearch(VEHICLE_FILTER_KEYS, { filters: {} })).toBe("");
  });
});

describe("pageItems", () => {
  const show = (current: number, count: number) =>
    pageItems(current, count)
      .map((i) => (i.kind === "gap" ? "…" : i.current ? `[${i.page}]` : String(i.page)))
      .join(" ");

  it("shows every page up to 7", () => {
    expect(show(1, 1)).toBe("");
    expect(show(3, 7)).toBe("1 2 [3] 4 5 6 7");
  });

  it("shows first, last and the neighbours of the current page with ellipses beyond 7", () => {
    expect(show(1, 20)).toBe("[1] 2 … 20");
    expect(show(10, 20)).toBe("1 … 9 [10] 11 … 20");
    expect(show(20, 20)).toBe("1 … 19 [20]");
    // No ellipsis for a single missing page.
    expect(show(4, 20)).toBe("1 2 3 [4] 5 … 20");
  });

  it("clamps the page to the filtered total", () => {
    expect(clampPage(999_999, 45, 20)).toEqual({ page: 3, pageCount: 3 });
    expect(clampPage(2, 0, 20)).toEqual({ page: 1, pageCount: 1 });
  });
});

describe("owner's table pages (SPEC 9)", () => {
  it("shows five page buttons with the current one in the middle where the ends allow", () => {
    expect(adminPageNumbers(1, 1)).toEqual([1]);
    expect(adminPageNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(adminPageNumbers(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(adminPageNumbers(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(adminPageNumbers(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it("offers 20, 40, 60, 80, 100 and 200 a page, 20 by default, and the first page for a page that is not one", () => {
    const read = (qs: string) => readAdminPaging(new URLSearchParams(qs));
    expect(read("")).toEqual({ page: 1, perPage: 20 });
    for (const n of [20, 40, 60, 80, 100, 200]) expect(read(`perPage=${n}`).perPage).toBe(n);
    for (const bad of ["10", "0", "-40", "400", "40.0001", "abc"]) expect(read(`perPage=${bad}`).perPage).toBe(20);
    expect(read("page=7").page).toBe(7);
    for (const bad of ["0", "-2", "2.5", "x", "1e400", "99999999999999999999"])
      expect(read(`page=${bad}`).page).toBe(1);
  });

  it("links a page with the search, filters and page size kept, and the defaults left out", () => {
    const query = { q: "Chen & Co", status: "pending", perPage: 40, page: 1 };
    expect(adminListHref("/admin/vehicle-quotes", { ...query, page: 3 })).toBe(
      "/admin/vehicle-quotes?q=Chen+%26+Co&status=pending&perPage=40&page=3",
    );
    expect(adminListHref("/admin/parts-quotes", { q: "", status: "", perPage: 20, page: 1 })).toBe(
      "/admin/parts-quotes",
    );
    expect(adminListHref("/admin/all-products", { min: null, max: 5000, perPage: 200, page: 2 })).toBe(
      "/admin/all-products?max=5000&perPage=200&page=2",
    );
  });
});
