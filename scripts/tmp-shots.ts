import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";

const base = "http://localhost:3000";
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const [lang, width] of [["en", 390], ["si", 390], ["vi", 1366]] as const) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/?x=${Date.now()}`, { waitUntil: "networkidle" });
  const box = page.locator('section[aria-labelledby="makes-title"]');
  await box.scrollIntoViewIfNeeded();
  await box.screenshot({ path: `/tmp/home-makes-${lang}-${width}.png` });
  await context.close();
}
await browser.close();
