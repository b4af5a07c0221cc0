import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
for (const width of [390, 1366]) {
  const c = await browser.newContext({ baseURL: "http://127.0.0.1:3901", viewport: { width, height: 900 } });
  const p = await c.newPage();
  await p.goto("/verify", { waitUntil: "networkidle" });
  await p.screenshot({ path: "/tmp/shots/verify-" + width + ".png", fullPage: true });
  await p.goto("/verify/AFPDR58CSPSQHRTX", { waitUntil: "networkidle" });
  await p.screenshot({ path: "/tmp/shots/verify-found-" + width + ".png", fullPage: true });
  await p.goto("/admin/login");
  await p.getByLabel("Admin ID").fill("owner");
  await p.getByLabel("Password", { exact: true }).fill("demo-owner-2026");
  await p.getByRole("button", { name: "Sign in" }).click();
  await p.waitForURL(/\/admin$/);
  for (const path of ["/admin/invoicing", "/admin/templates", "/admin"]) {
    await p.goto(path, { waitUntil: "networkidle" });
    await p.screenshot({ path: "/tmp/shots/" + path.replaceAll("/", "_") + "-" + width + ".png", fullPage: true });
  }
  await c.close();
}
await browser.close();
