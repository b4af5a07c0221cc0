import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, openPage } from "../support/browser";

/*
 * Every page says what it may load (Content-Security-Policy with a nonce per
 * response), the shop's own scripts run under it without a single violation,
 * https is remembered behind a proxy, and no secret reaches the browser's code.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PAGES = [
  "/",
  "/vehicles?Make=Toyota",
  "/vehicles/1",
  "/parts/1",
  "/login",
  "/register",
  "/admin/login",
  "/no-such-page",
];

function directives(header: string | null): Map<string, string> {
  return new Map(
    (header ?? "")
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(" ")[0]!, d.slice(d.indexOf(" ") + 1)]),
  );
}

describe("content security policy", () => {
  it("every page has one, with a fresh nonce that only the page's own inline scripts carry", async () => {
    const nonces = new Set<string>();
    for (const p of PAGES) {
      const res = await fetch(baseUrl() + p);
      const csp = directives(res.headers.get("content-security-policy"));
      expect(csp.get("object-src"), p).toBe("'none'");
      expect(csp.get("base-uri"), p).toBe("'none'");
      expect(csp.get("frame-ancestors"), p).toBe("'none'");
      expect(csp.get("default-src"), p).toBe("'self'");
      const nonce = /'nonce-([^']+)'/.exec(csp.get("script-src") ?? "")?.[1];
      expect(nonce, p).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      expect(csp.get("script-src"), p).not.toContain("unsafe-inline");
      nonces.add(nonce!);
      const html = await res.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
      expect(inline.length, p).toBeGreaterThan(0);
      for (const attrs of inline) {
        if (attrs.includes('type="application/ld+json"')) continue;
        expect(attrs, `${p}: inline script without the nonce`).toContain(`nonce="${nonce}"`);
      }
    }
    expect(nonces.size).toBe(PAGES.length);
  });

  it("the shop runs under it: no violation while browsing and filtering", async () => {
    const page = await openPage(browser);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const violations: string[] = [];
    for (const p of ["/", "/vehicles", "/vehicles/1", "/login", "/admin/login"]) {
      await page.goto(p, { waitUntil: "networkidle" });
      violations.push(...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)));
    }
    await page.goto("/vehicles", { waitUntil: "networkidle" });
    await page.locator("select[name=Make]").selectOption("Toyota");
    await page.waitForURL(/Make=Toyota/);
    // The list came through the router: its scripts ran.
    await expect.poll(() => page.getByTestId("stock-card-link").count()).toBeGreaterThan(0);
    violations.push(...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)));
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it("an injected inline script would not run", async () => {
    const page = await openPage(browser);
    await page.goto("/", { waitUntil: "networkidle" });
    const { ran, refused } = await page.evaluate(async () => {
      // An inline script runs as it is added, or is refused and the page told so: wait for that word.
      const violation = new Promise<string>((resolve) =>
        document.addEventListener("securitypolicyviolation", (e) => resolve(e.effectiveDirective), { once: true }),
      );
      const s = document.createElement("script");
      s.textContent = "window.__injected = true";
      document.body.appendChild(s);
      const ran = (window as unknown as { __injected?: boolean }).__injected === true;
      return { ran, refused: ran ? null : await violation };
    });
    expect(ran).toBe(false);
    expect(refused).toMatch(/^script-src/);
    await page.context().close();
  });
});

describe("other headers", () => {
  it("HSTS only when the request came over https through the proxy", async () => {
    const plain = await fetch(baseUrl() + "/");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const proxied = await fetch(baseUrl() + "/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(proxied.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
  });

  it("nosniff, a referrer policy and no framing on pages, photos, data and errors", async () => {
    for (const p of [
      "/",
      "/vehicles.data",
      "/robots.txt",
      "/sitemap.xml",
      "/healthz",
      "/media/zz/nothing.webp",
      "/no-such",
    ]) {
      const res = await fetch(baseUrl() + p);
      expect(res.headers.get("x-content-type-options"), p).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), p).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options"), p).toBe("DENY");
    }
  });
});

describe("the browser's code", () => {
  it("holds no secret and no server-only setting name", () => {
    const dir = path.join(process.cwd(), "build/client/assets");
    const files = readdirSync(dir).filter((f) => f.endsWith(".js"));
    expect(files.length).toBeGreaterThan(5);
    const names = [
      "SESSION_SECRET",
      "RATES_API_KEY",
      "DATABASE_URL",
      "SMTP_URL",
      "ADMIN_PASSWORD",
      "TEST_DATABASE_URL",
    ];
    const found: string[] = [];
    for (const f of files) {
      const text = readFileSync(path.join(dir, f), "utf8");
      for (const n of names) if (text.includes(n)) found.push(`${f}: ${n}`);
      if (/postgres:\/\/|sqlite:|argon2|nodemailer|better-sqlite3/.test(text)) found.push(`${f}: server code`);
    }
    expect(found).toEqual([]);
  });
});
