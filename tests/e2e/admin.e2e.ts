import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF } from "~/db/seed/seed.server";
import { tokenHash } from "~/domain/auth/tokens.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { base32Decode, totpCode, totpStep } from "~/domain/staff/totp.server";
import { pixelBombPng } from "../support/images";
import {
  baseUrl,
  launchBrowser,
  openPage,
  seriousAccessibilityProblems,
  staffCookie,
  withShopDb,
  writeShopDb,
  shopDataDir,
} from "../support/browser";
import { e2eShop } from "../support/e2e-shop";
import { cookieFrom, setCookieLine } from "../support/set-cookie";
import { signInBuyer, signInStaff } from "../support/sign-in";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The owner's session cookie line as the shop sets it, attributes and all. */
const staffSessionLine = async (remember: boolean) =>
  setCookieLine(await signInStaff(baseUrl(), DEMO_STAFF, remember), "staff_sid");

const png = (w = 800, h = 600, colour = "#4a7") =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();

function vehicleForm(files: { name: string; data: Buffer; type?: string }[], fields: Record<string, string> = {}) {
  const form = new FormData();
  const all = { make: "Toyota", model: "Corolla", year: "2017", price: "1,150,000", ...fields };
  for (const [k, v] of Object.entries(all)) form.set(k, v);
  for (const f of files)
    form.append("images", new Blob([new Uint8Array(f.data)], { type: f.type ?? "image/jpeg" }), f.name);
  return form;
}

async function upload(cookie: string, form: FormData, to = "/admin/upload-vehicle") {
  const res = await fetch(`${baseUrl()}${to}`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie.split(";")[0]! },
  });
  return { status: res.status, html: await res.text() };
}

/** What an upload could leave behind: rows and stored files. */
async function footprint() {
  const media = path.join(shopDataDir(), "media");
  const files = fs.existsSync(media) ? fs.readdirSync(media, { recursive: true }).length : 0;
  return withShopDb(async (db) => ({
    vehicles: Number(
      (
        await db
          .selectFrom("vehicles")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    parts: Number(
      (
        await db
          .selectFrom("parts")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    images: Number(
      (
        await db
          .selectFrom("vehicle_images")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    files,
  }));
}

const ADMIN_PAGES = [
  "/admin",
  "/admin/upload-vehicle",
  "/admin/upload-part",
  "/admin/all-products",
  "/admin/all-parts-products",
  "/admin/edit/1",
  "/admin/edit/1/auction-sheet",
  "/admin/edit/1/books",
  "/admin/books",
  "/admin/edit-parts/1",
  "/admin/edit-part/1",
  "/admin/vehicle-quotes",
  "/admin/parts-quotes",
  "/admin/quotes/1234567890",
  "/admin/orders",
  "/admin/orders/2026-00001",
  "/admin/security",
  "/admin/freight",
  "/admin/no-such-page",
];
const ADMIN_MARKERS = [
  "Total Vehicles",
  "Upload Vehicle</h1>",
  "Upload Part</h1>",
  "Signed in as",
  "Page Not Found",
  "Edit Vehicle",
  "Edit Part",
  "Delete selected",
  "Two-step sign-in</h2>",
];

describe("the admin guard", () => {
  it("answers every admin page, data request and action with a redirect to login and no admin data, for no session, a buyer's session and an expired staff session", async () => {
    const expired = await staffCookie();
    await withShopDb((db) =>
      db
        .updateTable("staff_sessions")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("id_hash", "=", tokenHash(expired.split(";")[0]!.split("=")[1]!))
        .execute(),
    );
    const before = await footprint();
    for (const [who, cookie] of [
      ["nobody", ""],
      ["a buyer", cookieFrom(await signInBuyer(baseUrl()), "sid")],
      ["an expired staff session", expired.split(";")[0]!],
    ] as const) {
      const papers = [
        "/admin/quotes-export/vehicle",
        "/admin/orders-export",
        "/admin/orders/2026-00001/bl-instructions.pdf",
        "/admin/books/purchases.csv",
        "/admin/books/purchases.pdf",
        "/admin/edit/1/books/permit",
        "/admin/books/sales.csv?month=2026-11",
        "/admin/books/tax-purchases.csv?month=2026-11",
      ];
      for (const page of [...ADMIN_PAGES, ...papers]) {
        for (const url of [page, `${page === "/admin" ? "/admin/_root" : page}.data`]) {
          const res = await fetch(`${baseUrl()}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });
          const body = await res.text();
          expect([302, 202, 204], `${who} GET ${url}: ${res.status}`).toContain(res.status);
          expect(res.headers.get("location") ?? body, `${who} GET ${url}`).toMatch(/\/admin\/login\?redirectTo=/);
          for (const marker of ADMIN_MARKERS) expect(body, `${who} GET ${url}`).not.toContain(marker);
        }
      }
      for (const action of [
        "/admin/upload-vehicle",
        "/admin/upload-part",
        "/admin/api/upload/vehicle",
        "/admin/api/upload/part",
        "/admin/edit/1",
        "/admin/edit/1/auction-sheet",
        "/admin/edit/1/books",
        "/admin/edit-part/1",
        "/admin/all-products",
        "/admin/all-parts-products",
        "/admin/vehicle-quotes",
        "/admin/parts-quotes",
        "/admin/quotes/1234567890",
        "/admin/orders/2026-00001",
        "/admin/security",
        "/admin/freight",
      ]) {
        const res = await fetch(`${baseUrl()}${action}`, {
          method: "POST",
          body: vehicleForm([{ name: "a.png", data: await png() }], {
            refId: "P-1",
            name: "x",
            type: "Engine",
            subType: "Radiator",
          }),
          headers: { Cookie: cookie },
          redirect: "manual",
        });
        expect(res.status, `${who} POST ${action}`).toBe(302);
        expect(res.headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);
      }
    }
    expect(await footprint()).toEqual(before);
  });

  it("sends the unprefixed paths of SPEC to their /admin forms", async () => {
    for (const [from, to] of [
      ["/upload-vehicle", "/admin/upload-vehicle"],
      ["/upload-part", "/admin/upload-part"],
      ["/all-products", "/admin/all-products"],
      ["/all-parts-products", "/admin/all-parts-products"],
      ["/all-quotes", "/admin/vehicle-quotes"],
      ["/edit/5", "/admin/edit/5"],
      ["/edit-parts/5", "/admin/edit-parts/5"],
      ["/edit-part/5", "/admin/edit-part/5"],
    ]) {
      const res = await fetch(`${baseUrl()}${from}`, { redirect: "manual" });
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location")).toBe(to);
    }
  });

  it("keeps a plain staff session 24 hours and a remembered one 30 days", async () => {
    expect(await staffSessionLine(false)).toContain("Max-Age=86400");
    expect(await staffSessionLine(true)).toContain("Max-Age=2592000");
    const cookie = await staffSessionLine(true);
    expect(cookie).toContain("HttpOnly");
    const row = await withShopDb((db) =>
      db
        .selectFrom("staff_sessions")
        .select(["expires_at", "created_at"])
        .where("id_hash", "=", tokenHash(cookie.split(";")[0]!.split("=")[1]!))
        .executeTakeFirstOrThrow(),
    );
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(30 * 24 * 3600 * 1000);
  });
});

describe("staff sign-in", () => {
  it("sends a signed-in staff member straight to the panel, and only to admin paths", async () => {
    const staff = await staffCookie();
    const res = await fetch(`${baseUrl()}/admin/login?redirectTo=/admin/all-products`, {
      headers: { Cookie: staff },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/all-products");
    const elsewhere = await fetch(`${baseUrl()}/admin/login?redirectTo=//evil.example/`, {
      headers: { Cookie: staff },
      redirect: "manual",
    });
    expect(elsewhere.headers.get("location")).toBe("/admin");
  });

  it("is refused with 429 after 10 failed tries for one Admin ID, even from 11 different addresses", async () => {
    // Each try comes from its own client behind the local proxy, so only the limit per Admin ID can refuse.
    const attempt = (n: number) =>
      fetch(`${baseUrl()}/admin/login`, {
        method: "POST",
        body: new URLSearchParams({ adminId: "nobody-here", password: "wrong password" }),
        headers: { "X-Forwarded-For": `203.0.113.${50 + n}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i)).status);
    expect(statuses).toEqual(Array(10).fill(400));
    const last = await attempt(10);
    expect(last.status).toBe(429);
    expect(await last.text()).toContain("Too many attempts. Please wait a few minutes and try again.");
  });
});

describe("the staff's screens as SPEC draws them", () => {
  const legends = (html: string) => [...html.matchAll(/<legend[^>]*>([^<]+)<\/legend>/g)].map((m) => m[1]);

  it("Edit Vehicle has its six sections and Upload Vehicle its own five, each with the export papers after them", async () => {
    const cookie = await staffCookie();
    const id = await withShopDb(
      async (db) => (await db.selectFrom("vehicles").select("id").orderBy("id").executeTakeFirstOrThrow()).id,
    );
    const edit = await fetch(`${baseUrl()}/admin/edit/${id}`, { headers: { Cookie: cookie } });
    expect(legends(await edit.text())).toEqual([
      "Basic Information",
      "Vehicle Details",
      "Specifications",
      "Condition &amp; Appearance",
      "Export papers",
      "Description",
      "Images",
    ]);
    const upload = await fetch(`${baseUrl()}/admin/upload-vehicle`, { headers: { Cookie: cookie } });
    expect(legends(await upload.text())).toEqual([
      "Basic Information",
      "Vehicle Specifications",
      "Features &amp; Condition",
      "Export papers",
      "Description",
      "Vehicle Images",
    ]);
  });

  it("a failed sign-in clears both fields, every time, with and without JavaScript", async () => {
    // An address of its own behind the local proxy, so other tests' tries do not count here.
    const page = await openPage(browser, { extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.201" } });
    await page.goto("/admin/login", { waitUntil: "networkidle" });
    const adminId = page.getByLabel("Admin ID");
    const password = page.getByLabel("Password", { exact: true });
    for (const attempt of [1, 2]) {
      await adminId.fill(`not-the-owner-${attempt}`);
      await password.fill("not the password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByText("Invalid Admin ID or Password. Please try again.").waitFor();
      await expect.poll(() => adminId.inputValue(), { message: `attempt ${attempt}` }).toBe("");
      expect(await password.inputValue()).toBe("");
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("adminId");
    }
    await page.context().close();
    const plain = await fetch(`${baseUrl()}/admin/login`, {
      method: "POST",
      body: new URLSearchParams({ adminId: "typed-admin-id", password: "typed password" }),
      headers: { "X-Forwarded-For": "203.0.113.202" },
    });
    expect(plain.status).toBe(400);
    const html = await plain.text();
    expect(html).toContain("Invalid Admin ID or Password. Please try again.");
    expect(html).not.toContain("typed-admin-id");
    expect(html).not.toContain("typed password");
  });
});

describe("the progress upload endpoint", () => {
  it("lists a part and answers JSON", async () => {
    const staff = await staffCookie();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      refId: "PART-API-1",
      name: "Toyota Hiace Radiator",
      price: "18,000",
      make: "Toyota",
      model: "Hiace",
      type: "Engine",
      subType: "Radiator",
      quantity: "4",
    }))
      form.set(k, v);
    form.append(
      "images",
      new Blob([new Uint8Array(await png(640, 480, "#864"))], { type: "image/png" }),
      "radiator.png",
    );
    const res = await fetch(`${baseUrl()}/admin/api/upload/part`, {
      method: "POST",
      body: form,
      headers: { Cookie: staff.split(";")[0]! },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; message: string; id: number };
    expect(body).toMatchObject({ ok: true, message: "Upload complete" });
    const part = await withShopDb((db) =>
      db.selectFrom("parts").selectAll().where("id", "=", body.id).executeTakeFirstOrThrow(),
    );
    expect(part).toMatchObject({ ref_id: "PART-API-1", quantity: 4, category: "Engine", price: 18_000 });
    expect((await fetch(`${baseUrl()}/parts/${body.id}`)).status).toBe(200);
  });
});

/** A multipart POST written by hand, as a broken client would send it. */
function rawMultipart(
  path: string,
  cookie: string,
  body: string,
  contentLength?: number,
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        method: "POST",
        path,
        headers: {
          Cookie: cookie.split(";")[0]!,
          "Content-Type": "multipart/form-data; boundary=XYZ",
          ...(contentLength ? { "Content-Length": contentLength } : {}),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("uploads refuse bad input with a clear message and keep nothing", () => {
  let staff: string;
  beforeAll(async () => {
    staff = await staffCookie();
  });

  async function refused(form: FormData, status: number, message: string) {
    const before = await footprint();
    const answer = await upload(staff, form);
    expect(answer.status, message).toBe(status);
    expect(answer.html).toContain(message);
    expect(await footprint(), message).toEqual(before);
  }

  it("an SVG with a script", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await refused(
      vehicleForm([{ name: "car.svg", data: svg, type: "image/svg+xml" }]),
      400,
      "Image upload failed: car.svg: Only JPG, PNG or WebP images are accepted.",
    );
  });

  it("a PHP file named .jpg", async () => {
    await refused(
      vehicleForm([{ name: "car.jpg", data: Buffer.from("<?php system($_GET['c']); ?>") }]),
      400,
      "Image upload failed: car.jpg: Only JPG, PNG or WebP images are accepted.",
    );
  });

  it("a file that starts like a JPEG but is not one", async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<?php echo 1; ?>".repeat(20))]);
    await refused(
      vehicleForm([{ name: "poly.jpg", data: broken }]),
      400,
      "Image upload failed: poly.jpg: The image could not be read.",
    );
  });

  it("an image over 25 MB (a phone's full-size photo of 8 to 15 MB is taken)", async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(26 * 1024 * 1024)]);
    await refused(vehicleForm([{ name: "big.png", data: big }]), 413, "is larger than 25 MB.");
  });

  it("a small PNG that decodes to 14,000 x 14,000 pixels, with the server's memory watched", async () => {
    const pid = e2eShop().pid;
    const status = () => fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status())![1]);
    // The peak is the process's since start, raised by whatever ran before (other files share this shop):
    // reset it to the present size (Linux: 5 into clear_refs), so it is this upload's peak that is read.
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    const idle = kb("VmRSS");
    await refused(
      vehicleForm([{ name: "bomb.png", data: await pixelBombPng(14_000, 14_000) }]),
      400,
      "The image has too many pixels",
    );
    const peak = kb("VmHWM");
    console.log(
      `pixel bomb: server memory idle ${(idle / 1024).toFixed(0)} MB, peak during the upload ${(peak / 1024).toFixed(0)} MB, rise ${((peak - idle) / 1024).toFixed(0)} MB`,
    );
    expect((peak - idle) / 1024).toBeLessThan(300);
  });

  it("11 files in one upload", async () => {
    const one = await png(100, 80);
    await refused(
      vehicleForm(Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, data: one }))),
      400,
      "At most 10 images per upload.",
    );
  });

  it("a negative price, year 1850 and a 10,000-character name", async () => {
    await refused(vehicleForm([], { price: "-500000" }), 400, "Price must be a whole number of yen (no minus sign)");
    await refused(vehicleForm([], { year: "1850" }), 400, "Year must be from 1980 to");
    await refused(vehicleForm([], { name: "x".repeat(10_000) }), 400, "Name must be at most 200 characters");
  });

  it("a part without its required fields", async () => {
    const form = new FormData();
    form.set("name", "Radiator");
    const before = await footprint();
    const answer = await upload(staff, form, "/admin/upload-part");
    expect(answer.status).toBe(400);
    expect(answer.html).toContain("Please fill in all required fields");
    expect(await footprint()).toEqual(before);
  });

  it("a truncated multipart body and a field without a name", async () => {
    const before = await footprint();
    const truncated = await rawMultipart(
      "/admin/upload-vehicle",
      staff,
      '--XYZ\r\nContent-Disposition: form-data; name="make"\r\n\r\nToyota\r\n--XYZ\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    );
    expect(truncated.status).toBe(400);
    expect(truncated.text).toContain("Upload failed: The upload was cut off or malformed. Please try again.");
    const unnamed = await rawMultipart(
      "/admin/upload-vehicle",
      staff,
      '--XYZ\r\nContent-Disposition: form-data; name=""\r\n\r\nvalue\r\n--XYZ--\r\n',
    );
    expect(unnamed.status).toBe(400);
    expect(unnamed.text).toContain("Upload failed: The form has a field without a name.");
    expect(await footprint()).toEqual(before);
    // The server is still up.
    expect((await fetch(`${baseUrl()}/healthz`)).status).toBe(200);
  });

  it("accepts a PNG named .jpg as a PNG, and a JPEG with text hidden in it comes out re-encoded without it", async () => {
    const hidden = Buffer.concat([
      await sharp({ create: { width: 640, height: 480, channels: 3, background: "#357" } })
        .jpeg()
        .toBuffer(),
      Buffer.from("<?php echo 'owned'; ?>"),
    ]);
    const answer = await upload(
      staff,
      vehicleForm(
        [
          { name: "photo.jpg", data: await png(900, 600) },
          { name: "poly.jpg", data: hidden },
        ],
        { refId: "UPLOAD-OK-1" },
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("Upload complete");
    const images = await withShopDb(async (db) => {
      const v = await db
        .selectFrom("vehicles")
        .select("id")
        .where("ref_id", "=", "UPLOAD-OK-1")
        .executeTakeFirstOrThrow();
      return db
        .selectFrom("vehicle_images")
        .select(["media_key", "variants"])
        .where("vehicle_id", "=", v.id)
        .orderBy("position")
        .execute();
    });
    expect(images).toHaveLength(2);
    for (const image of images) {
      for (const w of image.variants.split(",")) {
        const file = fs.readFileSync(
          path.join(shopDataDir(), "media", image.media_key.slice(0, 2), `${image.media_key}-${w}.webp`),
        );
        expect(file.subarray(8, 12).toString("latin1")).toBe("WEBP");
        expect(file.includes(Buffer.from("<?php"))).toBe(false);
      }
    }
  });
});

describe("two-step sign-in in the browser", () => {
  it("is set up from the Security page with the app's code, shows ten recovery codes, then asks for a code at sign-in", async () => {
    const who = { adminId: "browser-2fa", password: "browser 2fa password" };
    await writeShopDb((db) => ensureStaffAccount(db, who.adminId, who.password));
    const shots = path.resolve("test-results/two-factor");
    fs.mkdirSync(shots, { recursive: true });
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto("/admin/login", { waitUntil: "networkidle" });
    await page.getByLabel("Admin ID").fill(who.adminId);
    await page.getByLabel("Password", { exact: true }).fill(who.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/admin$/);
    await page.goto("/admin/security", { waitUntil: "networkidle" });
    expect(await page.getByTestId("two-factor-status").textContent()).toBe("Off");
    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
    const key = (await page.getByTestId("setup-key").textContent({ timeout: 10_000 }))!;
    expect(await page.getByRole("img", { name: "QR code for your authenticator app" }).count()).toBe(1);
    await page.screenshot({ path: path.join(shots, "setup-390.png"), fullPage: true });
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    const step = totpStep(new Date());
    await page.getByRole("textbox", { name: "Code" }).fill("000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByText("That code is not right. Please try again.").waitFor();
    await page.getByRole("textbox", { name: "Code" }).fill(totpCode(base32Decode(key), step));
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByTestId("recovery-codes").waitFor();
    expect(await page.getByTestId("recovery-codes").locator("li").count()).toBe(10);
    // The codes come with the form's answer; the status line with the page's data, a moment later on a busy machine.
    await expect.poll(() => page.getByTestId("two-factor-status").textContent()).toMatch(/^On since /);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: path.join(shots, "codes-1366.png"), fullPage: true });
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // Signing in again: the password, then the code step.
    await page.context().clearCookies();
    await page.goto("/admin/login", { waitUntil: "networkidle" });
    await page.getByLabel("Admin ID").fill(who.adminId);
    await page.getByLabel("Password", { exact: true }).fill(who.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/admin\/login\/code/);
    await page.getByLabel("Code", { exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(shots, "code-step-390.png"), fullPage: true });
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    // The code that turned it on was used; the next one works.
    await page.getByRole("textbox", { name: "Code" }).fill(totpCode(base32Decode(key), step + 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/admin$/);
    await page.context().close();
  });
});

describe("the owner in the browser", () => {
  it("signs in, uploads a vehicle with 3 photos, sees it on /vehicles, edits it, then bulk-deletes it", async () => {
    const dir = fs.mkdtempSync(path.join(shopDataDir(), "photos-"));
    const files = await Promise.all(
      ["#a33", "#3a3", "#33a"].map(async (colour, i) => {
        const file = path.join(dir, `photo-${i + 1}.jpg`);
        fs.writeFileSync(
          file,
          await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
            .jpeg()
            .toBuffer(),
        );
        return file;
      }),
    );
    const page = await openPage(browser);
    await page.goto("/admin/upload-vehicle", { waitUntil: "networkidle" });
    await page.getByLabel("Admin ID").fill(DEMO_STAFF.adminId);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_STAFF.password);
    await page.getByLabel("Remember me for 30 days").check();
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/admin\/upload-vehicle$/);
    const form = page.getByTestId("upload-vehicle-form");
    await form.getByLabel("Make").selectOption("Nissan");
    await form.getByLabel(/^Model(?! code)/).selectOption("Serena");
    // Changing Make clears Model.
    await form.getByLabel("Make").selectOption("Mazda");
    expect(await form.getByLabel(/^Model(?! code)/).inputValue()).toBe("");
    await form.getByLabel(/^Model(?! code)/).selectOption("CX-5");
    await form.getByLabel("Year").selectOption("2020");
    await form.getByLabel("Price (¥)").fill("2,150,000");
    await form.getByLabel("Type", { exact: true }).selectOption("SUV");
    await form.getByLabel("SubType").selectOption("Compact SUV");
    await form.getByLabel("Ref ID").fill("E2E-CX5-2020");
    await form.getByLabel("Photos (the first is the cover)").setInputFiles(files);
    await form.getByRole("button", { name: "Upload vehicle" }).click();
    await page.getByText("Upload complete").waitFor();
    const vehicle = await withShopDb((db) =>
      db.selectFrom("vehicles").select(["id", "name"]).where("ref_id", "=", "E2E-CX5-2020").executeTakeFirstOrThrow(),
    );
    expect(vehicle.name).toBe("2020 Mazda CX-5");
    await page.goto("/vehicles?Keyword=E2E-CX5-2020", { waitUntil: "networkidle" });
    expect(await page.getByTestId("list-results").getByTestId("stock-card-link").allTextContents()).toEqual([
      "2020 Mazda CX-5",
    ]);
    await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: "networkidle" });
    expect(await page.getByRole("button", { name: /Show photo \d of 3/ }).count()).toBe(3);
    const activity = await withShopDb((db) =>
      db
        .selectFrom("activity_log")
        .select(["actor_kind", "actor_id", "action"])
        .where("subject_id", "=", String(vehicle.id))
        .execute(),
    );
    expect(activity).toContainEqual({ actor_kind: "staff", actor_id: DEMO_STAFF.adminId, action: "vehicle.created" });

    // Edit: a new price, the last photo removed, the second made the cover.
    const original = await withShopDb((db) =>
      db
        .selectFrom("vehicle_images")
        .select(["media_key"])
        .where("vehicle_id", "=", vehicle.id)
        .orderBy("position")
        .execute(),
    );
    await page.goto("/admin/all-products?q=E2E-CX5-2020", { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Edit 2020 Mazda CX-5" }).click();
    await page.waitForURL(new RegExp(`/admin/edit/${vehicle.id}$`));
    const edit = page.getByTestId("edit-form");
    expect(await edit.getByLabel(/^Model(?! code)/).inputValue()).toBe("CX-5");
    await edit.getByLabel("Price (¥)").fill("1,990,000");
    await edit.getByRole("button", { name: "Remove photo 3" }).click();
    await edit.getByRole("button", { name: "Move photo 2 earlier" }).click();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(/\/admin\/all-products\?notice=updated$/);
    await page.getByText("Product updated successfully!").waitFor();
    const after = await withShopDb(async (db) => ({
      price: (await db.selectFrom("vehicles").select("price").where("id", "=", vehicle.id).executeTakeFirstOrThrow())
        .price,
      images: await db
        .selectFrom("vehicle_images")
        .select("media_key")
        .where("vehicle_id", "=", vehicle.id)
        .orderBy("position")
        .execute(),
    }));
    expect(after.price).toBe(1_990_000);
    expect(after.images.map((i) => i.media_key)).toEqual([original[1]!.media_key, original[0]!.media_key]);
    const removedFile = path.join(
      shopDataDir(),
      "media",
      original[2]!.media_key.slice(0, 2),
      `${original[2]!.media_key}-480.webp`,
    );
    expect(fs.existsSync(removedFile)).toBe(false);

    // Bulk delete from All Vehicles: asks first, then the vehicle and its photos are gone.
    const photos = await withShopDb((db) =>
      db.selectFrom("vehicle_images").select(["media_key", "variants"]).where("vehicle_id", "=", vehicle.id).execute(),
    );
    await page.goto("/admin/all-products?q=E2E-CX5-2020", { waitUntil: "networkidle" });
    expect(await page.getByTestId("table-total").textContent()).toContain("1 vehicle · ");
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    // The click waits on the confirmation, so it is started, then the confirmation is read and accepted.
    const confirmation = page.waitForEvent("dialog");
    const clicked = page.getByRole("button", { name: "Delete selected" }).click();
    const dialog = await confirmation;
    expect(dialog.message()).toBe("Are you sure you want to delete 1 vehicle?");
    await dialog.accept();
    await clicked;
    await page.getByText("Deleted 1 vehicle.").waitFor();
    // The selection is cleared with the rows (SPEC 4): nothing is left to delete again.
    await expect.poll(() => page.getByTestId("table-total").textContent()).toBe("0 vehicles · 0 selected");
    expect(await page.getByRole("button", { name: "Delete selected" }).isDisabled()).toBe(true);
    expect(
      await withShopDb((db) => db.selectFrom("vehicles").select("id").where("id", "=", vehicle.id).execute()),
    ).toEqual([]);
    for (const p of photos) {
      const file = path.join(
        shopDataDir(),
        "media",
        p.media_key.slice(0, 2),
        `${p.media_key}-${p.variants.split(",")[0]}.webp`,
      );
      expect(fs.existsSync(file)).toBe(false);
    }
    expect((await fetch(`${baseUrl()}/vehicles/${vehicle.id}`)).status).toBe(404);
    await page.context().close();
  });
});

describe("the edit screen", () => {
  it("refuses a 13th image with 'Maximum 12 images allowed.' and keeps the 12", async () => {
    const staff = await staffCookie();
    const one = await png(300, 200, "#777");
    const first = await upload(
      staff,
      vehicleForm(
        Array.from({ length: 10 }, (_, i) => ({ name: `a${i}.png`, data: one })),
        { refId: "TWELVE-1" },
      ),
    );
    expect(first.html).toContain("Upload complete");
    const { id, keep } = await withShopDb(async (db) => {
      const v = await db.selectFrom("vehicles").select("id").where("ref_id", "=", "TWELVE-1").executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom("vehicle_images")
        .select("id")
        .where("vehicle_id", "=", v.id)
        .orderBy("position")
        .execute();
      return { id: v.id, keep: rows.map((r) => String(r.id)) };
    });
    const editForm = (extra: number, keepIds: string[]) => {
      const form = vehicleForm(
        Array.from({ length: extra }, (_, i) => ({ name: `b${i}.png`, data: one })),
        { refId: "TWELVE-1" },
      );
      for (const k of keepIds) form.append("keep", k);
      return form;
    };
    const twelve = await fetch(`${baseUrl()}/admin/edit/${id}`, {
      method: "POST",
      body: editForm(2, keep),
      headers: { Cookie: staff.split(";")[0]! },
      redirect: "manual",
    });
    expect(twelve.status).toBe(302);
    const keep12 = await withShopDb(async (db) =>
      (
        await db.selectFrom("vehicle_images").select("id").where("vehicle_id", "=", id).orderBy("position").execute()
      ).map((r) => String(r.id)),
    );
    expect(keep12).toHaveLength(12);
    const before = await footprint();
    const thirteen = await fetch(`${baseUrl()}/admin/edit/${id}`, {
      method: "POST",
      body: editForm(1, keep12),
      headers: { Cookie: staff.split(";")[0]! },
    });
    expect(thirteen.status).toBe(400);
    expect(await thirteen.text()).toContain("Maximum 12 images allowed.");
    expect(await footprint()).toEqual(before);
  });

  it("another item's photos cannot be taken over by naming their ids", async () => {
    const staff = await staffCookie();
    const mine = await upload(
      staff,
      vehicleForm([{ name: "own.png", data: await png(400, 300, "#246") }], { refId: "OWN-PHOTOS-1" }),
    );
    expect(mine.html).toContain("Upload complete");
    const [a, b] = await withShopDb(async (db) => {
      const own = await db
        .selectFrom("vehicles")
        .select("id")
        .where("ref_id", "=", "OWN-PHOTOS-1")
        .executeTakeFirstOrThrow();
      const other = await db
        .selectFrom("vehicle_images")
        .select(["vehicle_id", "id"])
        .where("vehicle_id", "!=", own.id)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      return [{ vid: own.id }, { vid: other.vehicle_id, iid: other.id }];
    });
    const form = vehicleForm([], { refId: "OWN-PHOTOS-1" });
    form.append("keep", String(b!.iid));
    const res = await fetch(`${baseUrl()}/admin/edit/${a!.vid}`, {
      method: "POST",
      body: form,
      headers: { Cookie: staff.split(";")[0]! },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const owner = await withShopDb((db) =>
      db.selectFrom("vehicle_images").select("vehicle_id").where("id", "=", b!.iid).executeTakeFirstOrThrow(),
    );
    expect(owner.vehicle_id).toBe(b!.vid);
  });

  it("a missing id says 'Product not found' and goes back to the dashboard", async () => {
    const staff = await staffCookie();
    const res = await fetch(`${baseUrl()}/admin/edit/999999`, {
      headers: { Cookie: staff.split(";")[0]! },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin?notice=product-not-found");
    const page = await fetch(`${baseUrl()}/admin?notice=product-not-found`, {
      headers: { Cookie: staff.split(";")[0]! },
    });
    expect(await page.text()).toContain("Product not found");
  });

  it("says 'Image upload failed.' for a refused photo and 'Upload failed.' for a form cut off, each with its reason, and changes nothing", async () => {
    const staff = await staffCookie();
    const made = await upload(staff, vehicleForm([], { refId: "EDIT-MESSAGES-1" }));
    expect(made.html).toContain("Upload complete");
    const id = await withShopDb(
      async (db) =>
        (await db.selectFrom("vehicles").select("id").where("ref_id", "=", "EDIT-MESSAGES-1").executeTakeFirstOrThrow())
          .id,
    );
    const before = await footprint();
    const refused = await upload(
      staff,
      vehicleForm([{ name: "notes.jpg", data: Buffer.from("not a photo at all") }], {
        refId: "EDIT-MESSAGES-1",
        price: "999,000",
      }),
      `/admin/edit/${id}`,
    );
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Image upload failed. notes.jpg: Only JPG, PNG or WebP images are accepted.");
    const cut = await rawMultipart(
      `/admin/edit/${id}`,
      staff,
      '--XYZ\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    );
    expect(cut.status).toBe(400);
    expect(cut.text).toContain("Upload failed. The upload was cut off or malformed. Please try again.");
    expect(await footprint()).toEqual(before);
    const price = await withShopDb(
      async (db) =>
        (await db.selectFrom("vehicles").select("price").where("id", "=", id).executeTakeFirstOrThrow()).price,
    );
    expect(price).toBe(1_150_000);
    await writeShopDb((db) => db.deleteFrom("vehicles").where("id", "=", id).execute());
  });
});

describe("a quote's life in the back office", () => {
  it("sent from the public page, it is pending on the dashboard, opened, answered, closed and exported", async () => {
    const vehicle = await withShopDb((db) =>
      db
        .selectFrom("vehicles")
        .select(["id", "name", "ref_id"])
        .where("stock_status", "=", "available")
        .orderBy("id")
        .executeTakeFirstOrThrow(),
    );
    const buyer = await openPage(browser);
    await buyer.goto(`/vehicles/${vehicle.id}`, { waitUntil: "networkidle" });
    const form = buyer.getByTestId("quote-form");
    await form.getByLabel("Name").fill("Chen Wei, Ltd");
    await form.getByLabel("Country").fill("China");
    await form.getByLabel("Email").fill("chen@example.cn");
    await form.getByLabel("Phone").fill("+86 138 0000 0000");
    await form.getByLabel("Message").fill('Price to Shanghai?\nWe need 3 units, "urgent".');
    await form.getByRole("button", { name: "Get Free Quote" }).click();
    await buyer.getByText("Quote request sent successfully!").waitFor();
    await buyer.context().close();
    const number = await withShopDb(
      async (db) =>
        (
          await db
            .selectFrom("quotes")
            .select("number")
            .where("email", "=", "chen@example.cn")
            .executeTakeFirstOrThrow()
        ).number,
    );

    const page = await openPage(browser);
    await page.goto("/admin", { waitUntil: "networkidle" });
    await page.getByLabel("Admin ID").fill(DEMO_STAFF.adminId);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_STAFF.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/admin$/);
    const pending = await withShopDb(async (db) =>
      Number(
        (
          await db
            .selectFrom("quotes")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("kind", "=", "vehicle")
            .where("status", "=", "pending")
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    const card = page.getByTestId("dashboard-cards").locator("li", { hasText: "Vehicle Quotes" });
    expect(await card.getByTestId("card-value").textContent()).toBe(String(pending));
    expect(await page.getByTestId("recent-activity").textContent()).toContain(
      `Quote request ${number} from Chen Wei, Ltd (China)`,
    );

    // Times are the shop's (Tokyo), as the dashboard speaks: the quote's day and time there.
    const createdAt = await withShopDb(
      async (db) =>
        (await db.selectFrom("quotes").select("created_at").where("number", "=", number).executeTakeFirstOrThrow())
          .created_at,
    );
    const inTokyo = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Tokyo", ...options }).format(new Date(createdAt));
    await page.goto("/admin/vehicle-quotes?q=Chen", { waitUntil: "networkidle" });
    expect(await page.getByTestId("admin-quote-row").first().innerText()).toContain(inTokyo({ dateStyle: "medium" }));
    await page.getByRole("link", { name: "Chen Wei, Ltd · China" }).click();
    await page.waitForURL(new RegExp(`/admin/quotes/${number}$`));
    await expect
      .poll(() => page.locator("main").innerText())
      .toContain(inTokyo({ dateStyle: "medium", timeStyle: "short" }));
    expect(await page.getByTestId("quote-status").textContent()).toBe("Pending");
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect.poll(() => page.getByTestId("quote-status").textContent()).toBe("Closed");
    await page.getByRole("button", { name: "Reopen" }).click();
    await expect.poll(() => page.getByTestId("quote-status").textContent()).toBe("Pending");
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect.poll(() => page.getByTestId("quote-status").textContent()).toBe("Closed");

    // The parts list is its own: the vehicle quote is not there.
    await page.goto("/admin/parts-quotes?q=Chen", { waitUntil: "networkidle" });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Parts Quotes");
    expect(await page.getByText("No quotes found").count()).toBe(1);

    const csv = await page.evaluate(async () => {
      const res = await fetch("/admin/quotes-export/vehicle?q=Chen");
      return {
        type: res.headers.get("content-type"),
        text: await res.text(),
        bom: new Uint8Array(await (await fetch("/admin/quotes-export/vehicle?q=Chen")).arrayBuffer())
          .slice(0, 3)
          .join(","),
      };
    });
    expect(csv.type).toBe("text/csv; charset=utf-8");
    expect(csv.bom).toBe("239,187,191");
    expect(csv.text).toContain(`"${number}",`);
    // The date is the shop's (Tokyo is nine hours ahead of UTC all year).
    expect(csv.text).toContain('"date (Asia/Tokyo)"');
    const tokyo = new Date(Date.parse(createdAt) + 9 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
    expect(csv.text).toContain(`"${number}","${tokyo}",`);
    expect(csv.text).toContain(',"closed",');
    expect(csv.text).toContain('"Chen Wei, Ltd"');
    // A textarea sends its line breaks as CRLF; either way the field is quoted whole.
    expect(csv.text).toMatch(/"Price to Shanghai\?\r?\nWe need 3 units, ""urgent""\."/);

    // Deleting it from the list asks first, and clears the selection with the row (SPEC 4).
    await page.goto("/admin/vehicle-quotes?q=Chen", { waitUntil: "networkidle" });
    await page.getByRole("checkbox", { name: `Select quote ${number}` }).check();
    // The count follows the box in React's next render, which a busy machine may delay.
    await expect.poll(() => page.getByText("1 quote · 1 selected").count()).toBe(1);
    const confirmation = page.waitForEvent("dialog");
    const clicked = page.getByRole("button", { name: "Delete selected" }).click();
    const dialog = await confirmation;
    expect(dialog.message()).toBe("Are you sure you want to delete 1 quote?");
    await dialog.accept();
    await clicked;
    await page.getByText("Deleted 1 quote.").waitFor();
    await expect.poll(() => page.getByText("0 quotes · 0 selected").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Delete selected" }).isDisabled()).toBe(true);
    await page.context().close();
  });
});
