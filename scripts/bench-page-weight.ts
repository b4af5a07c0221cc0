import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";

/**
 * How much JavaScript a page makes the browser download, raw and gzip.
 * Usage: tsx scripts/bench-page-weight.ts [base URL] [path...]  (a running shop)
 */
const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
for (const p of paths.length > 0 ? paths : ["/"]) {
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (body)
      scripts.push({
        url: new URL(response.url()).pathname,
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 6 }).length,
      });
  });
  await page.goto(base + p, { waitUntil: "networkidle" });
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `${p}: ${scripts.length} scripts, ${kb(scripts.reduce((s, x) => s + x.raw, 0))} raw, ${kb(scripts.reduce((s, x) => s + x.gzip, 0))} gzip`,
  );
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(s.gzip).padStart(9)}  ${s.url}`);
  await page.close();
}
await browser.close();
