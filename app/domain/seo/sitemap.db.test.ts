import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { repositoryOf } from "~/domain/inventory/stock-repository.server";
import { robotsTxt, sitemapFile, sitemapIndex } from "./sitemap.server";

let t: TestDb;
const ids: number[] = [];
beforeAll(async () => {
  t = await createTestDb();
  const rng = createRng(5);
  for (let i = 0; i < 5; i++)
    ids.push((await createVehicle(t.db, vehicleFactory(rng, i), [], { kind: "system", id: null })).id);
  await createPart(t.db, partFactory(rng, 0), [], { kind: "system", id: null });
});
afterAll(() => t.cleanup());

describe("sitemap", () => {
  it("lists every vehicle and part with its last change", async () => {
    const index = await sitemapIndex(t.db, "https://shop.example");
    expect(index).toContain("<loc>https://shop.example/sitemaps/pages.xml</loc>");
    expect(index).toContain("<loc>https://shop.example/sitemaps/vehicles-1.xml</loc>");
    expect(index).toContain("<loc>https://shop.example/sitemaps/parts-1.xml</loc>");
    expect(index).not.toContain("vehicles-2.xml");
    const vehicles = (await sitemapFile(t.db, "https://shop.example", "vehicles-1.xml"))!;
    for (const id of ids)
      expect(vehicles).toMatch(
        new RegExp(`<loc>https://shop.example/vehicles/${id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\d</lastmod>`),
      );
    expect(await sitemapFile(t.db, "https://shop.example", "vehicles-2.xml")).toBeNull();
    expect(await sitemapFile(t.db, "https://shop.example", "../../etc/passwd")).toBeNull();
  });

  it("splits the stock into windows that hold each item once, in id order, across gaps in the ids", async () => {
    const vehicles = repositoryOf("vehicles");
    const extra = (await createVehicle(t.db, vehicleFactory(createRng(6), 9), [], { kind: "system", id: null })).id;
    const gone = (await createVehicle(t.db, vehicleFactory(createRng(6), 10), [], { kind: "system", id: null })).id;
    await createVehicle(t.db, vehicleFactory(createRng(6), 11), [], { kind: "system", id: null });
    await vehicles.remove(t.db, [gone]);
    const all = (await t.db.selectFrom("vehicles").select("id").orderBy("id").execute()).map((r) => r.id);
    expect(all).toContain(extra);
    expect(await vehicles.count(t.db)).toBe(all.length);
    const windows: number[][] = [];
    for (let offset = 0; offset < all.length + 2; offset += 2)
      windows.push((await vehicles.idsInOrder(t.db, offset, 2)).map((r) => r.id));
    expect(windows.flat()).toEqual(all);
    expect(windows.at(-1)).toEqual([]);
  });

  it("robots.txt points to the sitemap and keeps crawlers out of private pages", () => {
    const robots = robotsTxt("https://shop.example");
    expect(robots).toContain("Sitemap: https://shop.example/sitemap.xml");
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /account");
  });
});
