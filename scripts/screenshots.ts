import fs from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";

/**
 * Screenshots of shop pages at phone and desktop widths, for a person to look at.
 * Usage: tsx scripts/screenshots.ts [base URL] [out folder] [path...]
 */
const [base = "http://localhost:3000", out = "test-results/screenshots", ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ["/", "/about", "/no-such-page", "/admin/login"];
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
for (const [label, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1366, height: 900 }],
] as const) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    const name = p === "/" ? "home" : p.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
    await page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage: true });
    console.log(`${out}/${name}-${label}.png`);
  }
  await context.close();
}
await browser.close();
