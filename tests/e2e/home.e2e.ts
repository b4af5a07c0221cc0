import http from "node:http";
import zlib from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF } from "~/db/seed/seed.server";
import { latestParts, latestVehicles } from "~/domain/inventory/inventory.server";
import { imageSrcSet } from "~/domain/media/image-url";
import { COOKIES } from "~/utils/cookies";
import { baseUrl, launchBrowser, openPage, seriousAccessibilityProblems, withShopDb } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

function newestInStock() {
  return withShopDb(async (db) => ({ vehicles: await latestVehicles(db), parts: await latestParts(db) }));
}

/** A file as the shop sends it for this Accept-Encoding: its headers and its bytes undecoded (fetch would decode them). */
function sentFrom(href: string, encoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${baseUrl()}${href}`, { headers: { "Accept-Encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          res.statusCode === 200
            ? resolve({ headers: res.headers, body: Buffer.concat(chunks) })
            : reject(new Error(`${href}: ${res.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}

/** The scripts a page names at its start (its module preloads). */
const pageScripts = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload"[^>]* href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);

/** Counts the Intl formatters of one kind a page makes from its start (the first of each loads its locale data). */
async function countFormatters(page: Page, kind: "DateTimeFormat" | "NumberFormat") {
  await page.addInitScript((name) => {
    const made = { count: 0 };
    (window as unknown as Record<string, typeof made>)[`made${name}`] = made;
    const real = Intl[name] as unknown as new (...args: unknown[]) => object;
    (Intl as unknown as Record<string, unknown>)[name] = new Proxy(real, {
      construct(target, args: unknown[]) {
        made.count++;
        return new target(...args);
      },
      apply(target, _this, args: unknown[]) {
        made.count++;
        return (target as unknown as (...a: unknown[]) => object)(...args);
      },
    });
  }, kind);
}

const formattersMade = (page: Page, kind: "DateTimeFormat" | "NumberFormat") =>
  page.evaluate((name) => (window as unknown as Record<string, { count: number }>)[`made${name}`]!.count, kind);

describe("home page", () => {
  it("shows the 6 newest vehicles and parts with JavaScript disabled", async () => {
    const { vehicles, parts } = await newestInStock();
    expect(vehicles).toHaveLength(6);
    const page = await openPage(browser, { javaScriptEnabled: false });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const vehicleCards = page.getByTestId("latest-vehicles").getByTestId("stock-card-link");
    expect(await vehicleCards.allTextContents()).toEqual(vehicles.map((v) => v.name));
    expect(await vehicleCards.first().getAttribute("href")).toBe(`/vehicles/${vehicles[0]!.id}`);
    const partCards = page.getByTestId("latest-parts").getByTestId("stock-card-link");
    expect(await partCards.allTextContents()).toEqual(parts.map((p) => p.name));
    // Prices in yen with separators.
    const firstCard = page.getByTestId("latest-vehicles").locator("article").first();
    expect(await firstCard.textContent()).toContain(`¥${vehicles[0]!.price.toLocaleString("en-US")}`);
    // Under the name: mileage, engine and gearbox, not the year the name already says.
    const shown = vehicles.findIndex(
      (x) => x.mileage !== null && x.engineCc !== null && x.name.includes(String(x.year)),
    );
    expect(shown).toBeGreaterThanOrEqual(0);
    const v = vehicles[shown]!;
    const facts = (await vehicleCards
      .nth(shown)
      .locator("xpath=ancestor::article")
      .getByTestId("stock-card-facts")
      .textContent())!;
    expect(facts).toContain(`${v.mileage!.toLocaleString("en-US")} km`);
    expect(facts).toContain(`${v.engineCc!.toLocaleString("en-US")} cc`);
    expect(facts).not.toContain(String(v.year));
    // Photos reserve their space: width and height are set, with a srcset of every stored size.
    const withPhoto = vehicles.findIndex((v) => v.image);
    const img = page.getByTestId("latest-vehicles").locator("article").nth(withPhoto).locator("img");
    expect(await img.getAttribute("width")).toBe(String(vehicles[withPhoto]!.image!.width));
    expect(await img.getAttribute("height")).toBe(String(vehicles[withPhoto]!.image!.height));
    expect(await img.getAttribute("srcset")).toBe(imageSrcSet(vehicles[withPhoto]!.image!));
    await page.context().close();
  });

  it("serves the photos with a long cache lifetime", async () => {
    const { vehicles } = await newestInStock();
    const image = vehicles.find((v) => v.image)!.image!;
    const res = await fetch(`${baseUrl()}/media/${image.key.slice(0, 2)}/${image.key}-${image.variants[0]}.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("sends the page's scripts compressed once at the build, brotli or gzip as the browser reads", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const entry = /<link rel="modulepreload"[^>]* href="(\/assets\/entry\.client-[^"]+\.js)"/.exec(html)?.[1];
    expect(entry, "the page names its entry script").toBeTruthy();
    const sent = (encoding: string) => sentFrom(entry!, encoding);
    const plain = await sent("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    const br = await sent("gzip, deflate, br, zstd");
    const gzip = await sent("gzip, deflate");
    for (const [encoding, answer] of [
      ["br", br],
      ["gzip", gzip],
    ] as const) {
      expect(answer.headers["content-encoding"], encoding).toBe(encoding);
      expect(answer.headers["content-type"], encoding).toBe("text/javascript; charset=utf-8");
      expect(answer.headers["vary"], encoding).toContain("Accept-Encoding");
      expect(answer.headers["cache-control"], encoding).toBe("public, max-age=31536000, immutable");
    }
    // A name never holds other bytes: no validator nor range, which would only add to each of some thirty answers.
    for (const answer of [plain, br, gzip]) {
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(answer.headers).not.toHaveProperty("etag");
      expect(answer.headers).not.toHaveProperty("last-modified");
      expect(answer.headers).not.toHaveProperty("accept-ranges");
    }
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    // A browser that refuses brotli gets gzip; one that reads neither, the file itself.
    expect((await sent("br;q=0, gzip")).headers["content-encoding"]).toBe("gzip");
    const neither = await sent("br;q=0, gzip;q=0");
    expect(neither.headers["content-encoding"]).toBeUndefined();
    expect(neither.body.equals(plain.body)).toBe(true);
    // Small scripts too (under 1 KB), which compressing each answer would leave as they are: looked for among every
    // script the list of the shop's pages names, since a public page's small modules mostly travel together.
    const manifest = pageScripts(html).find((href) => /\/manifest-[^/]+\.js$/.test(href));
    expect(manifest, "the page names the list of the shop's pages").toBeTruthy();
    const named = new Set((await sentFrom(manifest!, "identity")).body.toString().match(/\/assets\/[^"]+\.js/g));
    const everyScript = await Promise.all(
      [...named].map(async (href) => ({ href, bytes: (await sentFrom(href, "identity")).body.length })),
    );
    const small = everyScript.filter((s) => s.bytes > 300 && s.bytes < 1024);
    expect(small.length, "the shop has small scripts").toBeGreaterThan(2);
    for (const { href, bytes } of small) {
      const answer = await sentFrom(href, "gzip, deflate");
      expect(answer.headers["content-encoding"], href).toBe("gzip");
      expect(answer.body.length, href).toBeLessThan(bytes);
    }
    // A script of a line or two, whose gzip copy would not be smaller, goes as it is to a browser that reads only gzip.
    const tiny = everyScript.filter((s) => s.bytes > 0 && s.bytes < 150);
    expect(tiny.length, "some page has scripts of a line or two").toBeGreaterThan(0);
    for (const { href, bytes } of tiny) {
      const answer = await sentFrom(href, "gzip, deflate");
      expect(answer.headers["content-encoding"], href).toBeUndefined();
      expect(answer.headers["content-type"], href).toBe("text/javascript; charset=utf-8");
      expect(answer.headers["vary"], href).toContain("Accept-Encoding");
      expect(answer.body.length, href).toBe(bytes);
    }
    // Smaller than compressing for each request could afford (brotli's quality 4, gzip's level 6, as for pages).
    const quick = zlib.brotliCompressSync(plain.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(br.body.length).toBeLessThan(quick.length * 0.95);
    expect(gzip.body.length).toBeLessThan(zlib.gzipSync(plain.body, { level: 6 }).length);
  });

  it("the public pages' scripts weigh under 140 KB for a browser that reads only gzip", async () => {
    // The shared script carries whatever its modules import: a library drawn into it would land on every page
    // (issue 24's limit, for the scripts a page names at its start; bench:page-weight and bench:lighthouse also
    // count what it loads later, and print the figures).
    const { vehicles, parts } = await newestInStock();
    const pages = [
      "/",
      "/vehicles?Make=Toyota&Sort=price_asc",
      "/parts",
      `/vehicles/${vehicles[0]!.id}`,
      `/parts/${parts[0]!.id}`,
      `/compare?ids=${vehicles
        .slice(0, 3)
        .map((v) => v.id)
        .join(",")}`,
      "/login",
      "/about",
    ];
    for (const path of pages) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status, path).toBe(200);
      const scripts = pageScripts(await response.text());
      expect(scripts.length, path).toBeGreaterThan(5);
      let bytes = 0;
      for (const href of scripts) {
        // As a browser that reads only gzip gets it: compressed, or as it is when its copy would not be smaller.
        const answer = await sentFrom(href, "gzip");
        expect([undefined, "gzip"], href).toContain(answer.headers["content-encoding"]);
        bytes += answer.body.length;
      }
      expect(bytes / 1024, path).toBeLessThan(140);
    }
  });

  it("the head preloads no photo ahead of the style sheet but a list's first, the page's largest", async () => {
    // React preloads every picture that is not lazy or "low" before the style sheet; on a slow line
    // three card photos and the logo held up the first paint of home's text.
    const imagePreloads = async (path: string) => {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      return [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    };
    expect(await imagePreloads("/")).toEqual([]);
    // A list whose first card has a photo, whatever other test files have listed since.
    const { vehicles } = await newestInStock();
    const withPhoto = vehicles.find((v) => v.image)!;
    const list = await imagePreloads(`/vehicles?Keyword=${withPhoto.refId}`);
    expect(list).toHaveLength(1);
    expect(list[0]).toContain(imageSrcSet(withPhoto.image!));
  });

  /** When the page's first photo arrived and its first script was asked for, as the browser measured them. */
  const photoAndScripts = () => {
    const photo = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')!;
    const files = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const scripts = files.filter((e) => /\/assets\/.*\.js$/.test(new URL(e.name).pathname));
    return {
      photoArrived: files.find((e) => e.name === photo.currentSrc)?.responseEnd ?? Number.NaN,
      firstScript: Math.min(...scripts.map((e) => e.startTime)),
      scripts: scripts.length,
    };
  };

  it("a phone is sent the page's first photo, and asks for its scripts only once the photo can be drawn", async () => {
    const { vehicles } = await newestInStock();
    const withPhoto = vehicles.find((v) => v.image)!;
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const priorities = new Map<string, string>();
    cdp.on("Network.requestWillBeSent", (e) => {
      if (e.type) priorities.set(`${e.type} ${new URL(e.request.url).pathname}`, e.request.initialPriority);
    });
    // The photos are held back until the page has been read: its scripts wait for the first one.
    let releasePhotos!: () => void;
    const photosHeld = new Promise<void>((resolve) => (releasePhotos = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/media/"),
      async (route) => {
        await photosHeld;
        await route.continue();
      },
    );
    const scriptsAsked: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scriptsAsked.push(request.url());
    });
    await page.goto(`/vehicles?Keyword=${withPhoto.refId}`, { waitUntil: "domcontentloaded" });
    // Nothing in the page's head asks for a script (on a slow line they would share it with the photo)...
    const html = await page.content();
    expect(html.slice(0, html.indexOf("</head>"))).not.toMatch(/modulepreload|as="fetch"/);
    // ...and the scripts at its end are still put by.
    expect(await page.locator("template#page-scripts").count()).toBe(1);
    expect(scriptsAsked).toEqual([]);
    releasePhotos();
    await page.waitForLoadState("networkidle");
    const of = (type: string) => [...priorities].filter(([key]) => key.startsWith(`${type} `)).map(([, p]) => p);
    expect(of("Stylesheet")).toEqual(["VeryHigh"]);
    const photo = [...priorities].find(([key]) => key.startsWith("Image /media/"));
    expect(photo?.[1]).toBe("High");
    const timing = await page.evaluate(photoAndScripts);
    expect(timing.scripts).toBeGreaterThan(10);
    // Only once the photo had arrived (and been decoded, which the timings do not show).
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.photoArrived);
    // The scripts arrived all the same: the page answers a click without a new page load.
    await page.getByRole("button", { name: "List", exact: true }).click();
    await page.getByRole("button", { name: "List", pressed: true }).waitFor();
    await page.context().close();
  });

  it("a page whose first photo never comes still gets its scripts, a few seconds late", async () => {
    const { vehicles } = await newestInStock();
    const withPhoto = vehicles.find((v) => v.image)!;
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const held: (() => void)[] = [];
    await page.route(
      (url) => url.pathname.startsWith("/media/"),
      (route) => new Promise<void>((release) => held.push(() => release(route.abort().catch(() => {})))),
    );
    try {
      // Not "load": that waits for the photo.
      await page.goto(`/vehicles/${withPhoto.id}`, { waitUntil: "domcontentloaded" });
      // The page comes alive: the browser's router has taken it over.
      await expect.poll(() => page.evaluate(() => "__reactRouterDataRouter" in window), { timeout: 10_000 }).toBe(true);
      const firstScript = await page.evaluate(() =>
        Math.min(
          ...performance
            .getEntriesByType("resource")
            .filter((e) => /\/assets\/.*\.js$/.test(new URL(e.name).pathname))
            .map((e) => e.startTime),
        ),
      );
      expect(firstScript).toBeGreaterThanOrEqual(2_900);
    } finally {
      for (const release of held) release();
      await page.context().close();
    }
  });

  it("ignores any query string", async () => {
    const res = await fetch(`${baseUrl()}/?Page=-3&Make=%3Cscript%3Ealert(1)%3C/script%3E&x[]=1`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain("<script>alert(1)</script>");
  });

  it("the vehicle search box sends only the fields that have a value", async () => {
    const page = await openPage(browser);
    await page.goto("/", { waitUntil: "networkidle" });
    const box = page.getByTestId("vehicle-search");
    await box.getByLabel("Make").selectOption("Toyota");
    await box.getByLabel("Model").selectOption("Corolla");
    // Changing Make clears Model (SPEC 4).
    await box.getByLabel("Make").selectOption("Honda");
    expect(await box.getByLabel("Model").inputValue()).toBe("");
    await box.getByLabel("Model").selectOption("Fit");
    await box.getByLabel("Year from").selectOption("2015");
    await box.getByLabel("Keyword").fill("hybrid");
    await box.getByRole("button", { name: "Search vehicles" }).click();
    await page.waitForURL(/\/vehicles\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/vehicles");
    expect([...url.searchParams.entries()]).toEqual([
      ["Make", "Honda"],
      ["Model", "Fit"],
      ["YearFrom", "2015"],
      ["Keyword", "hybrid"],
    ]);
    await page.context().close();
  });

  it("the parts search box goes to /parts with its fields", async () => {
    const page = await openPage(browser);
    await page.goto("/", { waitUntil: "networkidle" });
    const box = page.getByTestId("part-search");
    await box.getByLabel("Type").selectOption("Engine");
    await box.getByRole("button", { name: "Search parts" }).click();
    await page.waitForURL(/\/parts\?/);
    expect(new URL(page.url()).search).toBe("?Type=Engine");
    await page.context().close();
  });

  it("shows the ten makes, each in stock linked to the vehicle list, none a link to an empty list", async () => {
    const page = await openPage(browser, { javaScriptEnabled: false });
    // A query string of its own: a home page kept before another file's data is not what it reads.
    await page.goto(`/?makes=${Date.now()}`);
    const links = page.getByRole("link", { name: "Toyota", exact: true });
    expect(await links.getAttribute("href")).toBe("/vehicles?Make=Toyota");
    // The shop's demo makes have stock; Lexus, BMW and Benz have none here.
    const linked = await page.locator('a[href^="/vehicles?Make="]').count();
    const empty = await page.getByTestId("make-empty").count();
    expect(linked + empty).toBe(10);
    expect(await page.getByRole("link", { name: "Benz", exact: true }).count()).toBe(0);
    expect(await page.getByTestId("make-empty").filter({ hasText: "Benz" }).count()).toBe(1);
    await page.context().close();
  });

  it("a page of prices comes alive without making a number or date formatter, and shows the server's figures and currency", async () => {
    for (const [language, yen] of [
      ["en", /^¥\d{1,3}(,\d{3})*$/],
      ["hi", /^JP¥(\d{1,2},)*\d{1,3}$/],
    ] as const) {
      const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
      await page.context().addCookies([{ name: COOKIES.language.name, value: language, url: baseUrl() }]);
      // The first number or date formatter costs a phone its locale data: the page is written without one.
      // (Counted: the formatters' constructors. Plural rules, which cost little, are not.)
      await countFormatters(page, "NumberFormat");
      await countFormatters(page, "DateTimeFormat");
      const response = await page.goto("/vehicles", { waitUntil: "networkidle" });
      const served = await response!.text();
      const prices = await page.locator(".price").evaluateAll((els) => els.map((el) => el.firstChild?.textContent));
      expect(prices.length, language).toBeGreaterThan(5);
      for (const price of prices) expect(price, language).toMatch(yen);
      expect(served, language).toContain(`>${prices[0]}<`);
      // Hindi's first visit shows rupees beside the yen, written without a formatter as well.
      const converted = await page.getByTestId("converted-price").allTextContents();
      expect(converted.length > 0, language).toBe(language === "hi");
      for (const money of converted) expect(money).toMatch(/^≈ ₹(\d{1,2},)*\d{1,3}$/);
      if (converted[0]) expect(served).toContain(converted[0].slice(2));
      expect(await formattersMade(page, "NumberFormat"), language).toBe(0);
      expect(await formattersMade(page, "DateTimeFormat"), language).toBe(0);
      // A vehicle's page: its month of manufacture, and (in Hindi) the day of the rate. A seeded one that has
      // that month: other tests add vehicles without one to this shop.
      const dated = await withShopDb((db) =>
        db
          .selectFrom("vehicles")
          .select("id")
          .where("manufactured_month", "is not", null)
          .where("stock_status", "=", "available")
          .orderBy("id")
          .limit(1)
          .executeTakeFirstOrThrow(),
      );
      await page.goto(`/vehicles/${dated.id}`, { waitUntil: "networkidle" });
      expect(await page.getByTestId("rate-note").count(), language).toBe(language === "hi" ? 1 : 0);
      const months = await page
        .locator("td")
        .evaluateAll((cells) =>
          cells.map((cell) => cell.textContent ?? "").filter((text) => /^[^\s\d]+ \d{4}$/.test(text)),
        );
      expect(months.length, `${language}: a month shown`).toBeGreaterThan(0);
      // The page has come alive, and drew all that without a formatter.
      expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(true);
      expect(await formattersMade(page, "NumberFormat"), language).toBe(0);
      expect(await formattersMade(page, "DateTimeFormat"), language).toBe(0);
      await page.context().close();
    }
  });

  it("the Tokyo clock ticks within 2 seconds", async () => {
    const page = await openPage(browser);
    // Every date formatter the page makes: the first one costs a phone its date data.
    await countFormatters(page, "DateTimeFormat");
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const served = await page.getByTestId("tokyo-clock").elementHandle();
    const clock = page.getByTestId("tokyo-clock");
    const ticked = async (timeout: number) => {
      const before = await clock.textContent();
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid="tokyo-clock"]')?.textContent !== text,
        before,
        { timeout },
      );
      return before;
    };
    // Once the page has come alive (its scripts come after the first paint), each second.
    await ticked(10_000);
    const first = await ticked(2_000);
    expect(await clock.textContent()).not.toBe(first);
    // The day's name the server wrote stays while the time ticks, on the clock the server wrote: the
    // browser made no date formatter for it, nor for anything else on the page.
    expect(await clock.innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}:\d{2}$/);
    expect(await served!.evaluate((element) => element.isConnected)).toBe(true);
    expect(await formattersMade(page, "DateTimeFormat")).toBe(0);
    await page.context().close();
  });

  it("on a phone the clock shows hours and minutes, without the ticking seconds", async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto("/", { waitUntil: "networkidle" });
    expect(await page.getByTestId("tokyo-clock").innerText()).toMatch(/^\d{2}:\d{2}$/);
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await page.getByTestId("tokyo-clock").innerText()).toMatch(/\d{2}:\d{2}:\d{2}$/);
    await page.context().close();
  });

  it.each([
    "/",
    "/about",
    "/no-such-page",
    "/admin/login",
    "/vehicles",
    "/parts",
    "/vehicles/1",
    "/parts/1",
    "/login",
    "/register",
    "/reset-password",
    "/account",
  ])("%s has no serious accessibility problems at phone and desktop widths", async (path) => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      const page = await openPage(browser, { viewport });
      await page.goto(path, { waitUntil: "networkidle" });
      expect(await seriousAccessibilityProblems(page), `${path} at ${viewport.width}px`).toEqual([]);
      await page.context().close();
    }
  });
});

describe("public shell", () => {
  it("shows the top bar and footer on store pages and hides them on /admin/login", async () => {
    const page = await openPage(browser);
    await page.goto("/about");
    expect(await page.getByTestId("top-bar").count()).toBe(1);
    expect(await page.getByTestId("site-footer").count()).toBe(1);
    await page.goto("/admin/login");
    expect(await page.getByRole("heading", { name: "Admin Login" }).count()).toBe(1);
    expect(await page.getByTestId("top-bar").count()).toBe(0);
    expect(await page.getByTestId("site-footer").count()).toBe(0);
    await page.context().close();
  });

  it("answers 404 with a page for unknown paths, public and admin", async () => {
    const page = await openPage(browser);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Page not found" }).count()).toBe(1);
    // Unknown admin pages are behind the guard too: first the login, then the admin 404.
    await page.goto("/admin/no-such-page");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await page.getByLabel("Admin ID").fill(DEMO_STAFF.adminId);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_STAFF.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/admin\/no-such-page$/);
    const admin = await page.goto("/admin/no-such-page");
    expect(admin?.status()).toBe(404);
    expect(await page.getByText("The admin page you're looking for doesn't exist.").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Return to Dashboard" }).count()).toBe(1);
    await page.context().close();
  });

  it("lists the seven languages and keeps the page when one is chosen", async () => {
    const page = await openPage(browser);
    await page.goto("/about", { waitUntil: "networkidle" });
    await page.locator("summary", { hasText: "Language" }).click();
    const names = await page.locator('form[action="/preferences"] button').allTextContents();
    expect(names).toEqual(["English", "සිංහල", "Tiếng Việt", "नेपाली", "हिन्दी", "简体中文", "日本語"]);
    await page.getByRole("button", { name: "日本語" }).click();
    await page.waitForLoadState("networkidle");
    expect(new URL(page.url()).pathname).toBe("/about");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "lang")?.value).toBe("ja");
    await page.context().close();
  });

  it("opens the navigation drawer on a phone", async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto("/", { waitUntil: "networkidle" });
    const drawerLink = page.locator("details nav").getByRole("link", { name: "Parts Stock" });
    expect(await drawerLink.isVisible()).toBe(false);
    await page.locator("summary", { hasText: "Menu" }).click();
    expect(await drawerLink.isVisible()).toBe(true);
    await drawerLink.click();
    await page.waitForURL(/\/parts$/);
    // The drawer closes after the move.
    await drawerLink.waitFor({ state: "hidden", timeout: 3000 });
    await page.context().close();
  });

  it("scrolls to the top when moving to another page", async () => {
    const page = await openPage(browser, { viewport: { width: 1366, height: 700 } });
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByTestId("site-footer").getByRole("link", { name: "Home" }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByTestId("site-footer").getByRole("link", { name: "Vehicles" }).click();
    await page.waitForURL(/\/vehicles$/);
    await page.getByRole("heading", { name: "Vehicle Stock" }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });
});
