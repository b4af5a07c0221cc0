import { expect } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, staffCookie, withShopDb } from "./browser";

/**
 * Chooses where the buyer imports to in the page's place form (the chip at
 * the top of lists and car pages, issue 44.1), then waits until the page has
 * answered: the chip is drawn afresh once the choice changed, with scripts
 * (the form is sent in place) or without them (the page is loaded again).
 */
export async function choosePlace(
  page: Page,
  choice: { country?: string; port?: string; currency?: string },
): Promise<void> {
  const place = page.getByTestId("place-choice").first();
  if (!(await place.evaluate((details) => (details as HTMLDetailsElement).open)))
    await place.locator("summary").click();
  const form = place.getByTestId("place-form");
  if (choice.country !== undefined) await form.getByLabel("Importing into").selectOption(choice.country);
  if (choice.port !== undefined) await form.getByLabel("Ship to").selectOption(choice.port);
  if (choice.currency !== undefined) await form.getByLabel("Currency").selectOption(choice.currency);
  const before = await place.elementHandle();
  await form.getByRole("button", { name: "Show my prices" }).click();
  await expect
    .poll(() => before!.evaluate((details) => details.isConnected).catch(() => false), { timeout: 15_000 })
    .toBe(false);
  await page.waitForLoadState("networkidle");
}

/** A port with its rates, added through the owner's freight form when the shop has none of that name. */
export async function freightPort(fields: Record<string, string> & { port: string; country: string }): Promise<number> {
  const row = () =>
    withShopDb((db) => db.selectFrom("freight_ports").select("id").where("port", "=", fields.port).executeTakeFirst());
  const found = await row();
  if (found) return found.id;
  const res = await fetch(`${baseUrl()}/admin/freight`, {
    method: "POST",
    body: new URLSearchParams({ intent: "add", insurance: "1.5", ...fields }),
    headers: { Cookie: await staffCookie() },
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return (await row())!.id;
}

/** The Mombasa port, with its inspection fee. */
export const mombasa = () =>
  freightPort({
    country: "Kenya",
    port: "Mombasa",
    small: "90000",
    medium: "110000",
    large: "150000",
    inspection: "20000",
  });
