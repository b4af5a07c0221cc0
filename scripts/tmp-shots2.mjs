import { chromium } from "playwright-core";
const base = "http://127.0.0.1:3901";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const pages = [["/", "home"], ["/vehicles/1", "vehicle"], ["/parts/1", "part"], ["/vehicles?View=list", "list"], ["/vehicles?Page=2", "grid-p2"]];
for (const width of [390, 1366]) {
  const c = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  const p = await c.newPage();
  for (const [path, name] of pages) {
    await p.goto(path, { waitUntil: "networkidle" });
    await p.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: name !== "home" ? false : false });
    const wide = await p.evaluate(() => document.documentElement.scrollWidth);
    if (wide > width) console.log("overflow", path, width, wide);
  }
  await p.goto("/admin/login");
  await p.getByLabel("Admin ID").fill("owner");
  await p.getByLabel("Password", { exact: true }).fill("demo-owner-2026");
  await p.getByRole("button", { name: "Sign in" }).click();
  await p.waitForURL(/\/admin$/);
  for (const [path, name] of [["/admin/upload-vehicle", "upload-vehicle"], ["/admin/upload-part", "upload-part"], ["/admin/all-products", "all-products"]]) {
    await p.goto(path, { waitUntil: "networkidle" });
    await p.screenshot({ path: `/tmp/shots/${name}-${width}.png` });
  }
  await c.close();
}
await browser.close();
