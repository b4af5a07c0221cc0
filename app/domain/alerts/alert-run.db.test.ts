import { monthNumber } from "~/domain/inventory/months";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMail } from "../../../tests/support/mime";
import { startSmtp } from "../../../tests/support/smtp";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import type { VehicleInput } from "~/domain/inventory/inventory";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { editStock } from "~/domain/stock-io/stock-edit.server";
import { createSender, sendDueMail } from "~/domain/mail/outbox.server";
import { storeOwnerRates } from "~/domain/rates/rates.server";
import type { LanguageCode } from "~/i18n/languages";
import { runSearchAlerts, startAlertWorker } from "./alert-run.server";
import { saveSearch, setAlertsByToken, unsubscribeToken } from "./saved-searches.server";

/*
 * The alert run against a real database and a real SMTP server: what is news
 * (new listings, price cuts, only matching, only available), at most one mail
 * a day per search with the news gathered, nothing once unsubscribed, and one
 * mail when two runs meet. Each case has filters of its own (its own make and
 * model), so the others' stock is never its news.
 */

let t: TestDb;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const SECRET = "alert-run-test-secret-alert-run-test-secret";
const options = { publicUrl: "https://shop.example", secret: SECRET, shopName: "Sakura Auto Export" };
const rng = createRng(21);
// Real time, so that an edit made now (its price cut is stamped with the clock) falls inside the runs.
const T = new Date(Date.now() + 1000);
const at = (minutes: number) => new Date(T.getTime() + minutes * 60_000);

beforeAll(async () => {
  t = await createTestDb();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.stop();
  await t.cleanup();
});

let buyers = 0;
async function buyer(name: string) {
  const email = `buyer${++buyers}-${name.toLowerCase().replace(/\W/g, "")}@example.com`;
  const row = await createCustomer(t.db, {
    email,
    password: "a long enough password",
    fullName: name,
    country: "Sri Lanka",
    phone: "+94 77 123 4567",
  });
  return { id: row!.id, email };
}

async function saved(customerId: number, name: string, query: string, when: Date, language: LanguageCode = "en") {
  const outcome = await saveSearch(t.db, { customerId, name, query, language, secret: SECRET }, when);
  if (!outcome.ok) throw new Error(outcome.error.key);
  return outcome.search;
}

async function listed(overrides: Partial<VehicleInput>, when: Date) {
  const input = vehicleFactory(rng, 0, { stockStatus: "available", ...overrides });
  const v = await createVehicle(t.db, input, [], { kind: "system", id: null }, when.toISOString());
  return { ...v, name: input.name!, price: input.price };
}

/** A price change as the owner makes it: through the edit screen's service. */
async function reprice(id: number, price: number) {
  const v = await t.db.selectFrom("vehicles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const fields = new Map<string, string[]>(
    Object.entries({
      refId: v.ref_id,
      name: v.name,
      make: v.make,
      model: v.model,
      year: String(v.year),
      price: String(price),
      type: v.type ?? "",
      subType: v.sub_type ?? "",
      stockStatus: v.stock_status,
      description: v.description,
    }).map(([k, value]) => [k, [value]]),
  );
  const outcome = await editStock(
    t.db,
    null as never,
    "vehicles",
    id,
    { fields, files: [] },
    { id: 1, adminId: "owner" },
  );
  expect(outcome).toEqual({ ok: true });
}

/** Sends what the outbox holds to the SMTP server; returns the mails that arrived for `to`. */
async function deliveredTo(to: string) {
  await sendDueMail(t.db, createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" }), "shop@shop.example");
  return smtp.received.filter((m) => m.to.includes(to)).map((m) => readMail(m.raw));
}

async function row(id: number) {
  return t.db.selectFrom("saved_searches").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

const yen = (n: number) => `¥${n.toLocaleString("en-US")}`;

describe("saved search alerts", () => {
  it("a new matching listing: one mail with it (not the stock that was there before, not other makes)", async () => {
    const kamal = await buyer("Kamal Silva");
    const before = await listed(
      { make: "Toyota", model: "Land Cruiser", name: "2012 Land Cruiser already here" },
      at(-20),
    );
    const search = await saved(
      kamal.id,
      "Land Cruisers",
      "Make=Toyota&Model=Land+Cruiser&Sort=price_asc&Page=3",
      at(-10),
    );
    expect(search.query).toBe("Make=Toyota&Model=Land+Cruiser");
    const fresh = await listed(
      { make: "Toyota", model: "Land Cruiser", name: "2019 Land Cruiser ZX", year: 2019, price: 6_480_000 },
      at(-5),
    );
    await listed({ make: "Toyota", model: "Corolla", name: "2018 Corolla not wanted" }, at(-5));
    await listed(
      { make: "Toyota", model: "Land Cruiser", name: "2020 Land Cruiser sold", stockStatus: "sold" },
      at(-4),
    );

    await runSearchAlerts(t.db, options, T);
    const mails = await deliveredTo(kamal.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("New for your saved search “Land Cruisers”");
    expect(mail.text).toContain("Hello Kamal Silva,");
    // The name already says the year; the price follows, then the vehicle's own page.
    expect(mail.text).toContain(
      `\n- 2019 Land Cruiser ZX: ${yen(6_480_000)}\n  https://shop.example/vehicles/${fresh.id}\n`,
    );
    expect(mail.text).toContain("https://shop.example/vehicles?Make=Toyota&Model=Land+Cruiser");
    expect(mail.text).not.toContain(before.name);
    expect(mail.text).not.toContain("Corolla not wanted");
    expect(mail.text).not.toContain("2020 Land Cruiser sold");
    expect(mail.html).toContain(`<a href="https://shop.example/vehicles/${fresh.id}">2019 Land Cruiser ZX`);
    // The one-click unsubscribe headers (RFC 8058), with the same address as the mail's own link.
    const token = unsubscribeToken(SECRET, search.id);
    const link = `https://shop.example/alerts/unsubscribe?token=${token}`;
    expect(mail.headers.get("list-unsubscribe")).toBe(`<${link}>`);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain(link);
    const stored = await row(search.id);
    expect(stored.last_alert_at).toBe(T.toISOString());
    expect(stored.checked_until).toBe(T.toISOString());
  });

  it("a price cut of a matching vehicle: the mail shows the new and the old price; a raise is no news", async () => {
    const nimal = await buyer("Nimal Perera");
    const cut = await listed(
      { make: "Nissan", model: "X-Trail", name: "2017 X-Trail 20Xi", year: 2017, price: 2_000_000 },
      at(-20),
    );
    const raised = await listed(
      { make: "Nissan", model: "X-Trail", name: "2016 X-Trail raised", price: 1_500_000 },
      at(-20),
    );
    const search = await saved(nimal.id, "X-Trail", "Make=Nissan&Model=X-Trail", at(-10));
    await reprice(cut.id, 1_800_000);
    await reprice(raised.id, 1_600_000);
    const stored = await t.db
      .selectFrom("vehicles")
      .select(["id", "price", "previous_price", "price_dropped_at"])
      .where("id", "in", [cut.id, raised.id])
      .orderBy("id")
      .execute();
    expect(stored[0]).toMatchObject({ price: 1_800_000, previous_price: 2_000_000 });
    expect(stored[0]!.price_dropped_at).not.toBeNull();
    expect(stored[1]).toMatchObject({ price: 1_600_000, previous_price: null, price_dropped_at: null });

    await runSearchAlerts(t.db, options, at(1));
    const mails = await deliveredTo(nimal.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`- 2017 X-Trail 20Xi: now ${yen(1_800_000)}, was ${yen(2_000_000)}\n`);
    expect(mails[0]!.html).toContain(`now ${yen(1_800_000)}, was ${yen(2_000_000)}`);
    expect(mails[0]!.text).not.toContain("raised");
    expect((await row(search.id)).last_alert_at).toBe(at(1).toISOString());
  });

  it("a new listing that does not match: no mail, and the search moves on", async () => {
    const asha = await buyer("Asha Rao");
    const search = await saved(asha.id, "CX-5 under 2 million", "Make=Mazda&Model=CX-5&PriceTo=2000000", at(-10));
    await listed({ make: "Mazda", model: "CX-5", name: "2021 CX-5 too dear", price: 2_600_000 }, at(-5));
    await listed({ make: "Honda", model: "Fit", name: "2018 Fit other make", price: 700_000 }, at(-5));
    await runSearchAlerts(t.db, options, T);
    expect(await deliveredTo(asha.email)).toHaveLength(0);
    const stored = await row(search.id);
    expect(stored.last_alert_at).toBeNull();
    expect(stored.checked_until).toBe(T.toISOString());
  });

  it("a budget saved in dollars is read at the shop's rate: a car shown under it is news, one over it is not", async () => {
    // ¥150 to the dollar: US$8,000 is ¥1,200,000 (¥1,200,074 still shows as US$8,000).
    await storeOwnerRates(t.db, { id: 1, adminId: "owner" }, { USD: 150 });
    const ravi = await buyer("Ravi Kumar");
    const search = await saved(
      ravi.id,
      "Jimny up to $8,000",
      "Make=Suzuki&Model=Jimny&PriceTo=8,000&Currency=USD",
      at(-10),
    );
    expect(search.query).toBe("Make=Suzuki&Model=Jimny&PriceTo=8000&Currency=USD");
    await listed({ make: "Suzuki", model: "Jimny", name: "2016 Jimny within budget", price: 1_200_074 }, at(-5));
    await listed({ make: "Suzuki", model: "Jimny", name: "2019 Jimny over budget", price: 1_200_075 }, at(-5));
    await runSearchAlerts(t.db, options, T);
    const mails = await deliveredTo(ravi.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("2016 Jimny within budget");
    expect(mails[0]!.text).not.toContain("2019 Jimny over budget");
  });

  it("a search kept with 'Only what I can import': only vehicles the country's rule admits at the run are news", async () => {
    const nimal = await buyer("Nimal Perera");
    const search = await saved(nimal.id, "Kenya Fit", "Make=Honda&Model=Fit&ImportTo=Kenya", at(-10));
    expect(search.query).toBe("Make=Honda&Model=Fit&ImportTo=Kenya");
    // Kenya: right-hand drive, under 8 calendar years from first registration at arrival.
    const year = new Date(T).getUTCFullYear();
    const young = { year: year - 2, manufactured: monthNumber(year - 2, 1), registered: monthNumber(year - 2, 2) };
    await listed({ make: "Honda", model: "Fit", name: "Fit for Kenya", steering: "Right", ...young }, at(-5));
    await listed({ make: "Honda", model: "Fit", name: "Fit left-hand drive", steering: "Left", ...young }, at(-5));
    await listed(
      {
        make: "Honda",
        model: "Fit",
        name: "Fit too old for Kenya",
        steering: "Right",
        year: year - 12,
        manufactured: monthNumber(year - 12, 1),
        registered: monthNumber(year - 12, 3),
      },
      at(-5),
    );
    await runSearchAlerts(t.db, options, T);
    const mails = await deliveredTo(nimal.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Fit for Kenya");
    expect(mails[0]!.text).not.toContain("Fit left-hand drive");
    expect(mails[0]!.text).not.toContain("Fit too old for Kenya");
  });

  it("at most one mail a day: news after an alert waits, then comes in one mail 24 hours later", async () => {
    const lin = await buyer("Lin Wei");
    const search = await saved(lin.id, "Foresters", "Make=Subaru&Model=Forester", at(-10));
    const first = await listed({ make: "Subaru", model: "Forester", name: "2015 Forester first" }, at(-5));
    await runSearchAlerts(t.db, options, T);
    const day1 = await deliveredTo(lin.email);
    expect(day1).toHaveLength(1);
    expect(day1[0]!.text).toContain(first.name);

    await listed({ make: "Subaru", model: "Forester", name: "2016 Forester second" }, at(60));
    await runSearchAlerts(t.db, options, at(120));
    expect(await deliveredTo(lin.email)).toHaveLength(1);
    // Left alone: the news since the alert is still news.
    expect((await row(search.id)).checked_until).toBe(T.toISOString());

    await listed({ make: "Subaru", model: "Forester", name: "2017 Forester third" }, at(180));
    await runSearchAlerts(t.db, options, at(24 * 60 - 1));
    expect(await deliveredTo(lin.email)).toHaveLength(1);
    await runSearchAlerts(t.db, options, at(24 * 60));
    const all = await deliveredTo(lin.email);
    expect(all).toHaveLength(2);
    expect(all[1]!.text).toContain("2016 Forester second");
    expect(all[1]!.text).toContain("2017 Forester third");
    expect(all[1]!.text).not.toContain("2015 Forester first");
    const stored = await row(search.id);
    expect(stored.last_alert_at).toBe(at(24 * 60).toISOString());
    expect(stored.checked_until).toBe(at(24 * 60).toISOString());
  });

  it("unsubscribed: no mail", async () => {
    const ravi = await buyer("Ravi Kumar");
    const search = await saved(ravi.id, "Pajero", "Make=Mitsubishi&Model=Pajero", at(-10));
    const off = await setAlertsByToken(t.db, unsubscribeToken(SECRET, search.id), false, at(-8));
    expect(off?.alertsOn).toBe(false);
    await listed({ make: "Mitsubishi", model: "Pajero", name: "2014 Pajero Exceed" }, at(-5));
    await runSearchAlerts(t.db, options, T);
    expect(await deliveredTo(ravi.email)).toHaveLength(0);
    expect((await row(search.id)).alerts_on).toBe(0);
  });

  it("two runs at once send one mail", async () => {
    const sunil = await buyer("Sunil Fernando");
    const search = await saved(sunil.id, "Alto", "Make=Suzuki&Model=Alto", at(-10));
    await listed({ make: "Suzuki", model: "Alto", name: "2019 Alto F" }, at(-5));
    const [a, b] = await Promise.all([runSearchAlerts(t.db, options, T), runSearchAlerts(t.db, options, T)]);
    expect(a.mailed + b.mailed).toBeGreaterThanOrEqual(1);
    const queued = await t.db.selectFrom("mail_outbox").select("id").where("to_address", "=", sunil.email).execute();
    expect(queued).toHaveLength(1);
    expect(await deliveredTo(sunil.email)).toHaveLength(1);
    expect((await row(search.id)).last_alert_at).toBe(T.toISOString());
  });

  it("writes in the language of the search, and lists the newest 10 of more", async () => {
    const yuki = await buyer("Yuki Tanaka");
    await saved(yuki.id, "ムーヴ", "Make=Daihatsu&Model=Move", at(-10), "ja");
    for (let i = 0; i < 12; i++) {
      await listed(
        { make: "Daihatsu", model: "Move", name: `Move number ${i}`, year: 2016, price: 500_000 + i * 10_000 },
        at(-9 + i / 2),
      );
    }
    await runSearchAlerts(t.db, options, T);
    const [mail] = await deliveredTo(yuki.email);
    expect(mail!.subject).toBe("保存した検索条件「ムーヴ」の新着情報");
    expect(mail!.text).toContain("Yuki Tanaka 様");
    expect(mail!.text).toContain("12件のうち、新しい10件を掲載しています。");
    expect(mail!.text).toContain("- Move number 11（2016年）：￥610,000\n");
    expect(mail!.text).toContain("Move number 2");
    expect(mail!.text).not.toContain("Move number 1（");
    expect(mail!.html).toContain('<html lang="ja">');
  });

  it("escapes what it puts into the HTML part", async () => {
    const sam = await buyer("Sam <b>Reed</b>");
    await saved(sam.id, "Civic <script>", "Make=Honda&Model=Civic", at(-10));
    await listed({ make: "Honda", model: "Civic", name: "2018 Civic & <i>Type R</i>" }, at(-5));
    await runSearchAlerts(t.db, options, T);
    const [mail] = await deliveredTo(sam.email);
    expect(mail!.html).toContain("2018 Civic &amp; &lt;i&gt;Type R&lt;/i&gt;");
    expect(mail!.html).toContain("Sam &lt;b&gt;Reed&lt;/b&gt;");
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).not.toContain("<i>");
    expect(mail!.text).toContain("2018 Civic & <i>Type R</i>");
  });

  it("after SESSION_SECRET changed, the new mail's unsubscribe link works (the old one no longer does)", async () => {
    const priya = await buyer("Priya Shah");
    const search = await saved(priya.id, "Serena", "Make=Nissan&Model=Serena", at(-10));
    await listed({ make: "Nissan", model: "Serena", name: "2017 Serena Highway Star" }, at(-5));
    const newSecret = "a-new-session-secret-after-rotation-0123456789";
    await runSearchAlerts(t.db, { ...options, secret: newSecret }, T);
    const [mail] = await deliveredTo(priya.email);
    const link = /https:\/\/shop\.example\/alerts\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)!;
    expect(link[1]).toBe(unsubscribeToken(newSecret, search.id));
    expect(await setAlertsByToken(t.db, unsubscribeToken(SECRET, search.id), false)).toBeNull();
    expect((await setAlertsByToken(t.db, link[1], false))?.alertsOn).toBe(false);
  });

  it("the worker runs the alerts on its own until stopped", async () => {
    const mei = await buyer("Mei Chen");
    await saved(mei.id, "Vezel", "Make=Honda&Model=Vezel", new Date(Date.now() - 60_000));
    await listed({ make: "Honda", model: "Vezel", name: "2020 Vezel Z" }, new Date(Date.now() - 30_000));
    const stop = startAlertWorker(t.db, options, 20);
    try {
      await expect
        .poll(
          async () =>
            (await t.db.selectFrom("mail_outbox").select("id").where("to_address", "=", mei.email).execute()).length,
          { timeout: 5000 },
        )
        .toBe(1);
    } finally {
      await stop();
    }
  });
});
