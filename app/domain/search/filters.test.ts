import { describe, expect, it } from "vitest";
import { convertYen } from "~/domain/rates/currencies";
import {
  AMOUNT_MAX,
  hasFilters,
  listSearch,
  PART_FILTER_KEYS,
  pricesInYen,
  readPartQuery,
  readVehicleQuery,
  VEHICLE_FILTER_KEYS,
  withoutFilter,
} from "./filters";
import { adminListHref, adminPageNumbers, clampPage, pageItems, readAdminPaging } from "~/domain/lists/pagination";

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

  it("reads amounts as typed, a decimal part dropped, and ignores what is not an amount", () => {
    expect(read("PriceTo=8,000.00&Currency=USD").filters).toEqual({ PriceTo: 8000, Currency: "USD" });
    expect(read("PriceFrom=US$%205,000.50&Currency=USD").filters).toEqual({ PriceFrom: 5000, Currency: "USD" });
    expect(read("PriceFrom=-500&MileageTo=90,000%20km").filters).toEqual({ MileageTo: 90_000 });
  });

  it("reads the currency of the prices, only with a price and only a known one", () => {
    expect(read("PriceFrom=5000&Currency=usd").filters).toEqual({ PriceFrom: 5000, Currency: "USD" });
    expect(read("Currency=USD").filters).toEqual({});
    expect(read("PriceFrom=5000&Currency=JPY").filters).toEqual({ PriceFrom: 5000 });
    expect(read("PriceFrom=5000&Currency=%3Cb%3E").filters).toEqual({ PriceFrom: 5000 });
    expect(hasFilters(read("PriceFrom=5000&Currency=USD").filters)).toBe(true);
    expect(hasFilters({ Currency: "USD" })).toBe(false);
  });

  it("keeps a script in a make as plain text (it is escaped when shown)", () => {
    expect(read("Make=%3Cscript%3E").filters.Make).toBe("<script>");
  });
});

describe("pricesInYen", () => {
  const rate = 0.00654; // US dollars for one yen

  it("searches exactly the prices a buyer sees in their currency", () => {
    const f = pricesInYen({ Make: "Toyota", PriceFrom: 5000, PriceTo: 8000, Currency: "USD" }, rate);
    expect(f.Currency).toBeUndefined();
    expect(f.Make).toBe("Toyota");
    // The first yen shown as US$5,000 or more, and the last shown as US$8,000 or less.
    expect(convertYen(f.PriceFrom!, rate)).toBe(5000);
    expect(convertYen(f.PriceFrom! - 1, rate)).toBe(4999);
    expect(convertYen(f.PriceTo!, rate)).toBe(8000);
    expect(convertYen(f.PriceTo! + 1, rate)).toBe(8001);
  });

  it("holds for any amount and rate", () => {
    for (const r of [0.0065, 0.00533, 1.98, 0.047, 172.3, 0.0049]) {
      for (const amount of [0, 1, 7, 999, 5000, 123_457]) {
        const f = pricesInYen({ PriceFrom: amount, PriceTo: amount, Currency: "LKR" }, r);
        expect(convertYen(f.PriceFrom!, r)).toBeGreaterThanOrEqual(amount);
        if (f.PriceFrom! > 0) expect(convertYen(f.PriceFrom! - 1, r)).toBeLessThan(amount);
        if (f.PriceTo! >= 0) expect(convertYen(f.PriceTo!, r)).toBeLessThanOrEqual(amount);
        expect(convertYen(f.PriceTo! + 1, r)).toBeGreaterThan(amount);
      }
    }
  });

  it("keeps amounts within what the price column holds, however large the amount or small the rate", () => {
    expect(read("PriceTo=9999999999").filters.PriceTo).toBe(AMOUNT_MAX);
    expect(pricesInYen({ PriceFrom: 20_000_000, PriceTo: 9_000_000_000, Currency: "USD" }, rate)).toEqual({
      PriceFrom: AMOUNT_MAX,
      PriceTo: AMOUNT_MAX,
    });
  });

  it("leaves yen as they are, and drops prices it cannot read", () => {
    expect(pricesInYen({ PriceFrom: 500_000 }, null)).toEqual({ PriceFrom: 500_000 });
    expect(pricesInYen({ Make: "Honda", PriceFrom: 5000, Currency: "USD" }, null)).toEqual({ Make: "Honda" });
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

describe("Fits my car on the parts list (issue 23)", () => {
  const parts = (qs: string) => readPartQuery(new URLSearchParams(qs), now).filters;

  it("reads the car's make, model and year; a model or year without a make, or a year out of range, is ignored", () => {
    expect(parts("FitMake=%20Toyota%20&FitModel=Land%20%20Cruiser&FitYear=2012")).toEqual({
      FitMake: "Toyota",
      FitModel: "Land Cruiser",
      FitYear: 2012,
    });
    expect(parts("FitModel=Corolla&FitYear=2012")).toEqual({});
    expect(parts("FitMake=Toyota&FitYear=1850")).toEqual({ FitMake: "Toyota" });
    expect(parts("FitMake=Toyota&FitYear=20x2")).toEqual({ FitMake: "Toyota" });
    expect(parts("FitMake=&FitModel=Corolla")).toEqual({});
  });

  it("writes them in a fixed place of the address, and dropping the make drops the car", () => {
    const filters = { Keyword: "pads", FitYear: 2012, FitModel: "Camry", FitMake: "Toyota", Make: "Toyota" };
    expect(listSearch(PART_FILTER_KEYS, { filters })).toBe(
      "?Make=Toyota&FitMake=Toyota&FitModel=Camry&FitYear=2012&Keyword=pads",
    );
    expect(withoutFilter(filters, "FitMake")).toEqual({ Keyword: "pads", Make: "Toyota" });
    expect(withoutFilter(filters, "FitYear")).toEqual({
      Keyword: "pads",
      FitModel: "Camry",
      FitMake: "Toyota",
      Make: "Toyota",
    });
  });
});
