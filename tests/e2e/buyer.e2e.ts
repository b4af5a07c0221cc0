import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  buyerPage,
  fillRegistration,
  launchBrowser,
  mailTo,
  makePart,
  makeVehicle,
  openPage,
  uniqueEmail,
  withShopDb,
  writeShopDb,
} from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Each test makes the buyers and stock it uses: the files share one shop, in no fixed order.

describe("a buyer", () => {
  it("registering from a car's page, with scripts or without, goes back to the car with the welcome", async () => {
    const vehicle = await makeVehicle();
    for (const javaScriptEnabled of [true, false]) {
      const page = await openPage(browser, { javaScriptEnabled });
      await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: "networkidle" });
      await page.getByRole("banner").getByRole("link", { name: "Register" }).first().click();
      await page.waitForURL(/\/register\?redirectTo=/);
      await page.getByLabel("Full name").fill("Amani Otieno");
      await page.getByLabel("Country").fill("Kenya");
      await page.getByLabel("Mobile number").fill("+254 712 000111");
      await page.getByLabel("Email").fill(uniqueEmail("amani"));
      // A first try refused (passwords differ) keeps the way back.
      await page.getByLabel("Password", { exact: true }).fill("a long enough password");
      await page.getByLabel("Confirm password").fill("another long password");
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByText("Passwords do not match").first().waitFor();
      await page.getByLabel("Password", { exact: true }).fill("a long enough password");
      await page.getByLabel("Confirm password").fill("a long enough password");
      await page.getByRole("button", { name: "Register" }).click();
      await page.waitForURL((u) => u.pathname === `/vehicles/${vehicle.id}` && u.search === "?welcome=1");
      expect(await page.getByTestId("welcome").innerText(), `scripts ${javaScriptEnabled}`).toContain(
        "Welcome, Amani Otieno.",
      );
      await page.context().close();
    }
  });

  it("signing in from a filtered list, by way of registering's page, goes back to the list as it was", async () => {
    const page = await openPage(browser);
    await page.goto("/vehicles?Make=Toyota&Sort=price_asc", { waitUntil: "networkidle" });
    await page.getByRole("banner").getByRole("link", { name: "Login" }).first().click();
    await page.waitForURL(/\/login\?redirectTo=/);
    // Changing one's mind: registering's page (from the header) keeps the way back, and so does its link to sign in.
    await page.getByRole("banner").getByRole("link", { name: "Register" }).first().click();
    await page.waitForURL(/\/register\?redirectTo=/);
    await page
      .getByRole("link", { name: /log ?in/i })
      .last()
      .click();
    await page.waitForURL(/\/login\?redirectTo=/);
    await page.getByLabel("Email").fill("buyer@example.com");
    await page.getByLabel("Password", { exact: true }).fill("demo-buyer-2026");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((u) => u.pathname === "/vehicles" && u.search === "?Make=Toyota&Sort=price_asc");
    await page.context().close();
  });

  it("registers, saves a favourite, asks for a quote, and finds both on /account, /favorites and /quotes", async () => {
    const email = uniqueEmail("sunil");
    const page = await openPage(browser);
    await fillRegistration(page, { email });
    await page.waitForURL(/\/vehicles\?welcome=1$/);
    // A word says who is signed in; closing it leaves the plain list.
    const welcome = page.getByTestId("welcome");
    expect(await welcome.innerText()).toContain("Welcome, Sunil Fernando. Your account is ready.");
    await welcome.getByRole("link", { name: "Close" }).click();
    await page.waitForURL(/\/vehicles$/);
    await expect.poll(() => welcome.count()).toBe(0);
    // No quotes yet: the page says so and leads on to the stock.
    await page.goto("/quotes");
    const none = page.getByTestId("no-quotes");
    expect(await none.innerText()).toContain("No quotes yet.");
    expect(await none.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/vehicles",
      "/parts",
    ]);
    const session = (await page.context().cookies()).find((c) => c.name === "sid")!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(session.value.length).toBeGreaterThanOrEqual(43);

    const vehicle = await makeVehicle();
    await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: "networkidle" });
    const heart = page.getByTestId("favourite-button");
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    await page.reload({ waitUntil: "networkidle" });
    expect(await heart.getAttribute("aria-pressed")).toBe("true");

    const form = page.getByTestId("quote-form");
    // Prefilled from the profile.
    expect(await form.getByLabel("Name").inputValue()).toBe("Sunil Fernando");
    expect(await form.getByLabel("Email").inputValue()).toBe(email);
    await form.getByLabel("Message").fill("Please quote CIF Colombo for this one, thank you.");
    await form.getByLabel("WhatsApp").check();
    await form.getByRole("button", { name: "Get Free Quote" }).dblclick();
    await page.getByText("Quote request sent successfully!").waitFor();
    // The panel with the quote number takes the form's place: there is no empty form to send twice (issue 18.4).
    await expect.poll(() => page.getByTestId("quote-form").count()).toBe(0);
    await page.getByText("Quote request sent successfully!").waitFor();
    const quotes = await withShopDb((db) =>
      db.selectFrom("quotes").select(["number", "message"]).where("email", "=", email).execute(),
    );
    expect(quotes).toHaveLength(1);
    const owner = await mailTo("sales@sakura-auto.example", quotes[0]!.number);
    expect(owner).toContain(`ref_id: ${vehicle.refId}`);
    expect(owner).toContain("contact_methods: WhatsApp");

    await page.goto("/account", { waitUntil: "networkidle" });
    expect(await page.getByTestId("favourite-list").textContent()).toContain(vehicle.name);
    expect(await page.getByTestId("quote-list").textContent()).toContain("Please quote CIF Colombo for this");
    await page.goto("/favorites");
    expect(await page.getByRole("heading", { name: "Your Favorites" }).count()).toBe(1);
    expect(await page.getByTestId("favourite-list").textContent()).toContain(vehicle.name);

    // A part is kept the same way, beside the vehicle (issue 18.3).
    const part = await makePart();
    await page.goto(`/parts/${part.id}`, { waitUntil: "networkidle" });
    const partHeart = page.getByTestId("favourite-button");
    expect(await partHeart.getAttribute("aria-pressed")).toBe("false");
    await partHeart.click();
    await expect.poll(() => partHeart.getAttribute("aria-pressed")).toBe("true");
    await page.reload({ waitUntil: "networkidle" });
    expect(await partHeart.getAttribute("aria-pressed")).toBe("true");
    await page.goto("/favorites");
    const kept = page.getByTestId("favourite-list").getByRole("link");
    expect(await kept.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      `/parts/${part.id}`,
      `/vehicles/${vehicle.id}`,
    ]);
    expect(await kept.first().textContent()).toContain(part.name);
    await page.goto("/quotes");
    const row = page.getByTestId("quote-row").first();
    expect(await row.textContent()).toContain(vehicle.refId);
    // The first 40 characters of the message.
    expect(await row.textContent()).toContain("Please quote CIF Colombo for this one, t");
    expect(await row.textContent()).not.toContain("thank you");

    // Logout asks first, then goes home signed out.
    // The click waits on the confirmation, so it is started, then the confirmation is read and accepted.
    const confirmation = page.waitForEvent("dialog");
    const clicked = page.getByRole("button", { name: "Logout" }).first().click();
    const dialog = await confirmation;
    expect(dialog.message()).toBe("Are you sure you want to log out?");
    await dialog.accept();
    await clicked;
    await page.waitForURL((u) => u.pathname === "/");
    await page.goto("/account");
    expect(await page.getByText("You are not logged in.").count()).toBe(1);
    await page.context().close();
  });

  it("is told 'Invalid email or password' and keeps the e-mail typed", async () => {
    const page = await openPage(browser);
    await page.goto("/login", { waitUntil: "networkidle" });
    await page.getByLabel("Email").fill("buyer@example.com");
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Invalid email or password").waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe("buyer@example.com");
    await page.context().close();
  });

  it("resets a forgotten password from the mailed link, and the old session ends", async () => {
    const { page: first, buyer } = await buyerPage(browser, { password: "the first password" });
    const email = buyer.email;

    const page = await openPage(browser);
    await page.goto("/reset-password", { waitUntil: "networkidle" });
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Password reset email sent. Please check your inbox.").waitFor();
    const mail = await mailTo(email, "reset-password?token=");
    const link = /http:\/\/\S+reset-password\?token=[A-Za-z0-9_-]+/.exec(mail)![0];
    expect(link.startsWith(baseUrl()) || link.startsWith("http://localhost")).toBe(true);
    await page.goto(new URL(link).pathname + new URL(link).search, { waitUntil: "networkidle" });
    await page.getByLabel("New password", { exact: true }).fill("the second password");
    await page.getByLabel("Confirm new password").fill("the second password");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.waitForURL(/\/account/);
    await page.getByText("Your new password is saved.").waitFor();

    await first.goto("/account");
    expect(await first.getByText("You are not logged in.").count()).toBe(1);
    // The link works once.
    await page.goto(new URL(link).pathname + new URL(link).search);
    expect(await page.getByText("This reset link is no longer valid.", { exact: false }).count()).toBe(1);
    await first.context().close();
    await page.context().close();
  });

  it("a signed-out visitor gets the same answer for an unknown address", async () => {
    const res = await fetch(`${baseUrl()}/reset-password?index`, {
      method: "POST",
      body: new URLSearchParams({ intent: "request", email: uniqueEmail("nobody") }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Password reset email sent. Please check your inbox.");
  });
});

describe("the quote form", () => {
  it("shows a message beside each missing field and keeps what was typed", async () => {
    const part = await makePart();
    const bishnu = uniqueEmail("bishnu");
    const page = await openPage(browser);
    await page.goto(`/parts/${part.id}`, { waitUntil: "networkidle" });
    const form = page.getByTestId("quote-form");
    await form.getByLabel("Name").fill("Bishnu Thapa");
    await form.getByLabel("Email").fill(bishnu);
    await form.getByRole("button", { name: "Get Free Quote" }).click();
    await page.getByText("Please correct the fields marked below").waitFor();
    expect(await form.getByText("Country is required").count()).toBe(1);
    expect(await form.getByText("Phone is required").count()).toBe(1);
    expect(await form.getByText("Message is required").count()).toBe(1);
    expect(await form.getByLabel("Name").inputValue()).toBe("Bishnu Thapa");
    await form.getByLabel("Country").fill("Nepal");
    await form.getByLabel("Phone").fill("+977 98 0000 0000");
    await form.getByLabel("Message").fill("Price to Kathmandu via Kolkata?");
    await form.getByRole("button", { name: "Get Free Quote" }).click();
    await page.getByText("Quote request sent successfully!").waitFor();
    const saved = await withShopDb((db) =>
      db.selectFrom("quotes").select(["kind", "item_name", "customer_id"]).where("email", "=", bishnu).execute(),
    );
    expect(saved).toEqual([{ kind: "part", item_name: part.name, customer_id: null }]);
    await page.context().close();
  });

  it("cannot be sent for sold stock", async () => {
    const sold = await makeVehicle({ stockStatus: "sold" });
    const page = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`/vehicles/${sold.id}`);
    expect(await page.getByRole("button", { name: "Sold: cannot be quoted" }).isDisabled()).toBe(true);
    await page.context().close();
  });
});

describe("another buyer", () => {
  it("sees none of the first buyer's favourites or quotes, and is greeted by name", async () => {
    // The first buyer, with a favourite and a quote of their own.
    const { page: first } = await buyerPage(browser, { fullName: "Sunil Fernando" });
    const theirVehicle = await makeVehicle();
    await first.goto(`/vehicles/${theirVehicle.id}`, { waitUntil: "networkidle" });
    await first.getByTestId("favourite-button").click();
    await expect.poll(() => first.getByTestId("favourite-button").getAttribute("aria-pressed")).toBe("true");
    await first.reload({ waitUntil: "networkidle" });
    await first.getByTestId("quote-form").getByLabel("Message").fill("Is this still available?");
    await first.getByTestId("quote-form").getByRole("button", { name: "Get Free Quote" }).click();
    await first.getByText("Quote request sent successfully!").waitFor();
    await first.context().close();

    const page = await openPage(browser);
    await page.goto("/login", { waitUntil: "networkidle" });
    await page.getByLabel("Email").fill("buyer@example.com");
    await page.getByLabel("Password", { exact: true }).fill("demo-buyer-2026");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(/\/account/);
    const theirs = await withShopDb((db) =>
      db
        .selectFrom("quotes")
        .innerJoin("customers", "customers.id", "quotes.customer_id")
        .select("quotes.number")
        .where("customers.email", "!=", "buyer@example.com")
        .execute(),
    );
    expect(theirs.length).toBeGreaterThan(0);
    for (const p of ["/account", "/favorites", "/quotes"]) {
      await page.goto(p);
      const html = await page.content();
      expect(html).not.toContain("Sunil Fernando");
      for (const q of theirs) expect(html).not.toContain(q.number);
    }
    await page.goto("/", { waitUntil: "networkidle" });
    expect(await page.getByText("Welcome back, Nimal Perera.").count()).toBe(1);
    await page.context().close();
  });
});

describe("a quote whose vehicle is gone", () => {
  it("is dimmed, not clickable, and named 'Vehicle not found' on /quotes", async () => {
    const { page } = await buyerPage(browser);
    // A vehicle of its own to remove: the other files' stock stays as it is.
    const vehicle = await makeVehicle();
    await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: "networkidle" });
    const form = page.getByTestId("quote-form");
    await form.getByLabel("Message").fill("Is this still available?");
    await form.getByRole("button", { name: "Get Free Quote" }).click();
    await page.getByText("Quote request sent successfully!").waitFor();
    // The owner sells and removes it.
    await writeShopDb((db) => db.deleteFrom("vehicles").where("id", "=", vehicle.id).execute());
    await page.goto("/quotes", { waitUntil: "networkidle" });
    const row = page.getByTestId("quote-row").first();
    expect(await row.textContent()).toContain("Vehicle not found");
    expect(await row.textContent()).toContain(vehicle.refId);
    expect(await row.textContent()).not.toContain(vehicle.name);
    expect(await row.getByRole("link").count()).toBe(0);
    expect(await row.locator('[aria-disabled="true"]').count()).toBe(1);
    await page.context().close();
  });
});
