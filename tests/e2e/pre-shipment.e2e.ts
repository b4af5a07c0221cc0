import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import type { DB } from "~/db/db.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLinkPath } from "~/domain/sale/order-links.server";
import { launchBrowser, pageAt, seriousAccessibilityProblems } from "../support/browser";
import { acceptedDeal, dealShopData } from "../support/orders";
import { freePort, runShop } from "../support/shop-process";

/*
 * The vehicle at the port before loading (issue 45.3), in the browser at
 * 390 px: the owner adds photos from a phone (a file that is not a photo
 * keeps the whole upload out) and a video link (an http address refused,
 * what was typed kept); the buyer, reading Vietnamese, sees the photos and
 * the link on the order's page and its timeline; nobody else gets a photo.
 */

const STAFF = { adminId: "photo-owner", password: "photo-owner password 1" };
const BUYER = { email: "nguyen@example.vn", password: "nguyen password 12", fullName: "Nguyen Van An" };
const OTHER = { email: "other@example.ke", password: "other password 123", fullName: "Other Buyer" };
const SECRET = "photos-secret-photos-secret-photos-secret";
const PHONE = 390;

let shop: ReturnType<typeof runShop>;
let dataDir: string;
let db: DB;
let browser: Browser;
let orderNumber: string;

beforeAll(async () => {
  let customerIds: number[];
  ({ dataDir, db, customerIds } = await dealShopData("pre-shipment", STAFF, [
    { ...BUYER, country: "Vietnam", phone: "+84 90 123 4567" },
    { ...OTHER, country: "Kenya", phone: "+254 700 000 001" },
  ]));
  const setup = { dataDir, secret: SECRET, ownerEmail: "owner@photos.example" };
  const deal = await acceptedDeal(db, setup, {
    customerId: customerIds[0]!,
    name: BUYER.fullName,
    email: BUYER.email,
    key: "photos-e2e-key-00000001",
    vehicleName: "2016 Toyota Hiace",
  });
  orderNumber = deal.number;
  shop = runShop({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    OWNER_EMAIL: "owner@photos.example",
    PAGE_CACHE_SECONDS: "0",
  });
  await shop.ready;
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await db?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** SHOTS=<folder> keeps screenshots of what the tests saw, for a person to look at. */
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  fs.mkdirSync(process.env.SHOTS, { recursive: true });
  await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
}

/** A photo file for the browser's file input, of its own colour. */
async function photoFile(name: string, colour: string, width = 1200, height = 900): Promise<string> {
  const file = path.join(dataDir, name);
  fs.writeFileSync(
    file,
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );
  return file;
}

const widest = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("the vehicle before loading", () => {
  it("is added by the owner on a phone and seen by the buyer in Vietnamese, and by nobody else", async () => {
    const owner = await pageAt(browser, shop.url, PHONE, STAFF);
    await owner.goto(`/admin/orders/${orderNumber}`, { waitUntil: "networkidle" });
    const card = owner.getByTestId("pre-shipment-upload");
    const notPhoto = path.join(dataDir, "papers.jpg");
    fs.writeFileSync(notPhoto, "<html><script>alert(1)</script></html>");
    await card.getByLabel("Photos").setInputFiles([await photoFile("front.jpg", "#9fb4c8"), notPhoto]);
    await card.getByRole("button", { name: "Add photos" }).click();
    await expect.poll(() => owner.getByTestId("pre-shipment-refused").textContent()).toContain("papers.jpg");
    expect(await db.selectFrom("order_photos").select("id").execute()).toEqual([]);

    await owner
      .getByTestId("pre-shipment-upload")
      .getByLabel("Photos")
      .setInputFiles([
        await photoFile("front.jpg", "#9fb4c8"),
        await photoFile("side.jpg", "#c8b49f"),
        await photoFile("chassis.jpg", "#a0a0a0", 900, 1200),
      ]);
    await owner.getByTestId("pre-shipment-upload").getByRole("button", { name: "Add photos" }).click();
    await owner.waitForURL(/done=photosAdded/);
    await expect.poll(() => owner.getByTestId("pre-shipment-photos").getByRole("img").count()).toBe(3);

    const video = owner.getByLabel("Video link");
    await video.fill("http://youtu.be/port-check");
    await owner.getByRole("button", { name: "Save video link" }).click();
    await expect.poll(() => owner.getByText("full https address").count()).toBeGreaterThan(0);
    expect(await owner.getByLabel("Video link").inputValue()).toBe("http://youtu.be/port-check");
    await owner.getByLabel("Video link").fill("https://youtu.be/port-check");
    await owner.getByRole("button", { name: "Save video link" }).click();
    await owner.waitForURL(/done=videoSaved/);
    expect(await owner.getByTestId("pre-shipment-video").textContent()).toBe("Video on youtu.be");
    expect(await widest(owner)).toBeLessThanOrEqual(PHONE);
    await shot(owner, "pre-shipment-owner-390");

    const buyer = await pageAt(browser, shop.url, PHONE, BUYER);
    await buyer.context().addCookies([{ name: "lang", value: "vi", url: shop.url }]);
    await buyer.goto(`/orders/${orderNumber}`, { waitUntil: "networkidle" });
    const photos = buyer.getByTestId("order-photos").getByRole("img");
    expect(await photos.count()).toBe(3);
    expect(await photos.first().getAttribute("alt")).toBe("Ảnh 1/3 trước khi xếp lên tàu");
    // Every thumbnail arrived as a picture, upright as taken.
    await expect
      .poll(() => photos.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth)))
      .toEqual([480, 480, 480]);
    expect(await buyer.getByTestId("order-video").getByRole("link").textContent()).toBe("Xem video trên youtu.be");
    expect(await buyer.getByTestId("order-video").getByRole("link").getAttribute("rel")).toContain("noopener");
    expect(await buyer.getByTestId("order-history").textContent()).toContain("Đã thêm 3 ảnh xe trước khi xếp lên tàu");
    expect(await widest(buyer)).toBeLessThanOrEqual(PHONE);
    expect(await seriousAccessibilityProblems(buyer)).toEqual([]);
    await shot(buyer, "pre-shipment-vi-390");

    // The full-size photo is a picture of the order's buyer only, kept by no shared cache.
    const src = (await photos.first().getAttribute("src"))!.replace("w=480", "w=1600");
    const large = await buyer.request.get(src);
    expect(large.status()).toBe(200);
    expect(large.headers()["content-type"]).toBe("image/webp");
    expect(large.headers()["cache-control"]).toBe("private, no-store");
    expect((await sharp(await large.body()).metadata()).width).toBe(1200);
    const other = await pageAt(browser, shop.url, PHONE, OTHER);
    expect((await other.request.get(src)).status()).toBe(404);
    const nobody = await pageAt(browser, shop.url, PHONE, null);
    expect((await nobody.request.get(src)).status()).toBe(404);
    expect((await buyer.request.get(src.replace("w=1600", "w=2000"))).status()).toBe(404);
    // The order mail's link shows the photos to whoever holds it, and to no other order.
    const link = orderLinkPath(SECRET, orderNumber);
    const sig = new URL(link, shop.url).searchParams.get("sig")!;
    const byLink = `${src.split("?")[0]}?${new URLSearchParams({ sig, w: "480" })}`;
    expect((await nobody.request.get(byLink)).status()).toBe(200);
  }, 90_000);
});
