import http from "node:http";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";

/**
 * How much JavaScript a page makes the browser download: raw, and as the shop
 * sends it to a browser that reads gzip only, and to one that reads brotli
 * (most phones, over https).
 * Usage: tsx scripts/bench-page-weight.ts [base URL] [path...]  (a running shop)
 */

/** The bytes the shop sends for a file when the browser accepts this encoding, before any decoding. */
function sentBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": encoding } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
for (const p of paths.length > 0 ? paths : ["/"]) {
  const page = await browser.newPage();
  const urls: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") urls.push(response.url());
  });
  await page.goto(base + p, { waitUntil: "networkidle" });
  const scripts = await Promise.all(
    urls.map(async (url) => ({
      url: new URL(url).pathname,
      raw: await sentBytes(url, "identity"),
      gzip: await sentBytes(url, "gzip"),
      br: await sentBytes(url, "br"),
    })),
  );
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const sum = (key: "raw" | "gzip" | "br") => kb(scripts.reduce((total, x) => total + x[key], 0));
  console.log(`${p}: ${scripts.length} scripts, ${sum("raw")} raw, ${sum("gzip")} gzip, ${sum("br")} brotli`);
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${kb(s.gzip).padStart(9)} ${kb(s.br).padStart(9)}  ${s.url}`);
  await page.close();
}
await browser.close();
