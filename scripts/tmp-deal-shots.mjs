import { chromium } from "playwright-core";
const base = process.env.BASE ?? "http://127.0.0.1:3901";
const number = process.env.QUOTE;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
async function ctx(width) {
  const c = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  const p = await c.newPage();
  p.setDefaultTimeout(15000);
  return p;
}
const owner = await ctx(1366);
await owner.goto("/admin/login");
await owner.getByLabel("Admin ID").fill("owner");
await owner.getByLabel("Password", { exact: true }).fill("demo-owner-2026");
await owner.getByRole("button", { name: "Sign in" }).click();
await owner.waitForURL(/\/admin$/);
await owner.goto(`/admin/quotes/${number}`, { waitUntil: "networkidle" });
await owner.screenshot({ path: "/tmp/shots/admin-quote-1366.png", fullPage: true });
const phoneOwner = await ctx(390);
await phoneOwner.context().addCookies(await owner.context().cookies());
await phoneOwner.goto(`/admin/quotes/${number}`, { waitUntil: "networkidle" });
await phoneOwner.screenshot({ path: "/tmp/shots/admin-quote-390.png", fullPage: true });
if (process.env.SEND) {
  await owner.getByTestId("offer-form").getByRole("button", { name: "Send offer to the buyer" }).click();
  await owner.getByText("Offer sent to the buyer.").waitFor();
  await owner.screenshot({ path: "/tmp/shots/admin-quote-sent-1366.png", fullPage: true });
}
const buyer = await ctx(390);
await buyer.goto("/login");
await buyer.getByLabel("Email").fill(process.env.BUYER_EMAIL);
await buyer.getByLabel("Password", { exact: true }).fill(process.env.BUYER_PASSWORD);
await buyer.getByRole("button", { name: "Login" }).click();
await buyer.waitForURL((u) => !u.pathname.startsWith("/login"));
await buyer.goto("/quotes", { waitUntil: "networkidle" });
await buyer.screenshot({ path: "/tmp/shots/buyer-quotes-390.png", fullPage: true });
await buyer.goto(`/quotes/${number}`, { waitUntil: "networkidle" });
await buyer.screenshot({ path: "/tmp/shots/buyer-quote-390.png", fullPage: false });
await buyer.screenshot({ path: "/tmp/shots/buyer-quote-390-full.png", fullPage: true });
if (process.env.ACCEPT) {
  await buyer.getByRole("button", { name: "Accept offer" }).click();
  await buyer.getByTestId("deal-invoice").waitFor();
  await buyer.screenshot({ path: "/tmp/shots/buyer-accepted-390.png", fullPage: true });
  const wide = await ctx(1366);
  await wide.context().addCookies(await buyer.context().cookies());
  await wide.goto(`/quotes/${number}`, { waitUntil: "networkidle" });
  await wide.screenshot({ path: "/tmp/shots/buyer-accepted-1366.png", fullPage: true });
  await owner.goto(`/admin/quotes/${number}`, { waitUntil: "networkidle" });
  await owner.screenshot({ path: "/tmp/shots/admin-accepted-1366.png", fullPage: true });
}
await browser.close();
