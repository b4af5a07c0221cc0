import { createElement } from "react";
import { renderToString } from "react-dom/server";
import sharp from "sharp";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { DEAL, dealWorldForFile, paymentFields, shopDayIn, STAFF } from "../../../tests/support/deal-world";
import { buyerPages } from "../../../tests/support/buyer-pages";
import { moveOrderByStaff, recordPayment, saveShipment } from "~/domain/sale/orders.server";
import { formatDate } from "~/i18n/format";
import { I18nProvider, i18nFor, type Messages } from "~/i18n/i18n";
import account from "~/i18n/locales/en/account.json";
import common from "~/i18n/locales/en/common.json";
import messages from "~/i18n/locales/en/messages.json";
import orders from "~/i18n/locales/en/orders.json";
import jaAccount from "~/i18n/locales/ja/account.json";
import jaCommon from "~/i18n/locales/ja/common.json";
import jaMessages from "~/i18n/locales/ja/messages.json";
import jaOrders from "~/i18n/locales/ja/orders.json";
import OrderPage, { action, loader } from "./order";

/*
 * The buyer's order page (issue 42.7), through its loader and action as the
 * signed-in buyer and drawn as the server sends it: after a receipt, "What
 * happens next" says the payment is being checked and by when; a ship marked
 * Shipped before its ETD is dated by the ship, not by the owner's click; a
 * moved ETD is told with the date it replaces; and how to check an invoice.
 */

const w = dealWorldForFile();
const { context, cookieOf } = buyerPages(w, "order-page");
const buyerCookie = () => cookieOf(0);

type Loaded = Awaited<ReturnType<typeof loader>>;

async function load(number: string, cookie: string): Promise<Loaded> {
  const request = new Request(`https://shop.example/orders/${number}`, { headers: { Cookie: cookie } });
  return loader({ request, context: context(), params: { number } } as never);
}

const english = i18nFor({
  language: "en",
  version: "order-page-test",
  resources: { orders, account, messages, common } as Record<string, Messages>,
});

const japanese = i18nFor({
  language: "ja",
  version: "order-page-test-ja",
  resources: { orders: jaOrders, account: jaAccount, messages: jaMessages, common: jaCommon } as Record<
    string,
    Messages
  >,
});

/** The page as the server draws it on the shop day `today`. */
function draw(data: Loaded, today: string, { i18n } = { i18n: english }): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => createElement(Outlet),
      children: [
        {
          id: "page",
          path: "orders/:number",
          Component: (props: object) =>
            createElement(I18nProvider, { i18n, children: createElement(OrderPage as never, props) }),
        },
      ],
    },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [`/orders/${data.order.number}`],
      hydrationData: { loaderData: { root: { day: today }, page: data } },
    }),
  );
}

/** The words a reader sees inside the element with this test id (up to its closing tag). */
function words(html: string, testId: string, closing = "p"): string {
  const found = new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</${closing}>`).exec(html)?.[1] ?? "";
  return found
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}

/** Each row of the progress list, in words. */
const progress = (html: string) =>
  (/data-testid="order-progress"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "")
    .split("</li>")
    .map((row) =>
      row
        .replace(/<!-- -->/g, "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .replace("✓", "")
        .trim(),
    )
    .filter(Boolean);

/** A day as the page writes it: "10 Dec", or "10 Dec 2026" with the year. */
const short = (day: string) => formatDate(`${day}T12:00:00+09:00`, "en", { day: "numeric", month: "short" });
const long = (day: string) => formatDate(`${day}T12:00:00+09:00`, "en");

async function sendReceipt(number: string, cookie: string) {
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "receipt.png");
  const request = new Request(`https://shop.example/orders/${number}`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie },
  });
  return (await action({ request, context: context(), params: { number } } as never)) as Response;
}

describe("the buyer's order page", () => {
  it("after a receipt says the shop is checking the payment and by when it answers, until the payment is recorded", async () => {
    const { number } = await w.accepted();
    const cookie = await buyerCookie();
    const today = shopDayIn(0);
    const before = draw(await load(number, cookie), today);
    expect(words(before, "order-next-text")).toMatch(/^Pay ¥1,000,000 by .* into our bank account below\./);

    const sent = await sendReceipt(number, cookie);
    expect(sent.headers.get("Location")).toBe(`/orders/${number}?receipt=sent`);
    const data = await load(number, cookie);
    const check = data.order.paymentCheck!;
    expect(check.answerBy > today).toBe(true);
    const after = draw(data, today);
    expect(words(after, "order-next-text")).toBe(
      `Thank you: we have your receipt of ${short(today)} and are checking the payment with our bank. We will answer by ${long(check.answerBy)} (Japan time).`,
    );

    expect((await recordPayment(w.db, DEAL, number, paymentFields("1000000"), STAFF)).ok).toBe(true);
    const paid = await load(number, cookie);
    expect(paid.order.paymentCheck).toBeNull();
    expect(words(draw(paid, today), "order-next-text")).toMatch(/^Paid in full, thank you\./);
  });

  it("dates Shipped by the ship when it was marked before the ETD, and tells a moved ETD with the old one", async () => {
    const { number } = await w.accepted();
    const cookie = await buyerCookie();
    const today = shopDayIn(0);
    const etd = shopDayIn(8);
    expect((await recordPayment(w.db, DEAL, number, paymentFields("1000000"), STAFF)).ok).toBe(true);
    const shipment = { vessel: "Morning Star", portOfLoading: "Yokohama", etd, eta: shopDayIn(30) };
    expect((await saveShipment(w.db, DEAL, number, shipment, STAFF)).ok).toBe(true);
    expect((await moveOrderByStaff(w.db, DEAL, number, "ship", { beforeEtd: "on" }, STAFF)).ok).toBe(true);

    const html = draw(await load(number, cookie), today);
    const shipped = progress(html).find((row) => row.startsWith("Shipped"));
    expect(shipped).toBe(`Shipped Leaves on ${short(etd)}`);
    expect(words(html, "order-next-text")).toBe(
      `Your order is handed over for shipping. The ship leaves Yokohama on ${long(etd)} for Colombo, Sri Lanka; the original documents follow by courier after it leaves.`,
    );
    expect(words(html, "order-history", "ol")).toContain(
      `Handed over for shipping on Morning Star, leaving on ${long(etd)}`,
    );

    // The ship is held two more days.
    const later = shopDayIn(10);
    expect((await saveShipment(w.db, DEAL, number, { ...shipment, etd: later }, STAFF)).ok).toBe(true);
    const moved = draw(await load(number, cookie), today);
    expect(words(moved, "order-history", "ol")).toContain(`Departure (ETD) moved from ${long(etd)} to ${long(later)}`);
    expect(progress(moved).find((row) => row.startsWith("Shipped"))).toBe(`Shipped Leaves on ${short(later)}`);
    // Once the day has come, the ship has left.
    const sailed = draw(await load(number, cookie), later);
    expect(progress(sailed).find((row) => row.startsWith("Shipped"))).toBe(`Shipped Left on ${short(later)}`);
    expect(words(sailed, "order-next-text")).toMatch(/^Your order is on its way: expected at Colombo/);
  });

  it("names the port in the buyer's language: what happens next, the shipment, the arrival in the history", async () => {
    const { number } = await w.accepted();
    const cookie = `${await buyerCookie()}; lang=ja`;
    const today = shopDayIn(0);
    expect((await recordPayment(w.db, DEAL, number, paymentFields("1000000"), STAFF)).ok).toBe(true);
    // A ship booked before the owner names the port it leaves from: from Japan, named as countries are.
    const booked = { vessel: "Morning Star", portOfLoading: "", etd: today, eta: shopDayIn(20) };
    expect((await saveShipment(w.db, DEAL, number, booked, STAFF)).ok).toBe(true);
    const paid = draw(await load(number, cookie), today, { i18n: japanese });
    expect(words(paid, "order-next-text")).toContain("日本");
    expect(paid).not.toMatch(/Japan/);
    const shipment = { ...booked, portOfLoading: "Yokohama" };
    expect((await saveShipment(w.db, DEAL, number, shipment, STAFF)).ok).toBe(true);
    const loading = draw(await load(number, cookie), today, { i18n: japanese });
    expect(words(loading, "order-next-text")).toContain("横浜");
    expect(words(loading, "order-loading", "dd")).toBe("横浜");
    expect(loading).not.toMatch(/Yokohama/);
    expect((await moveOrderByStaff(w.db, DEAL, number, "ship", {}, STAFF)).ok).toBe(true);
    const shipped = draw(await load(number, cookie), today, { i18n: japanese });
    // The order stored the owner's English, "Colombo, Sri Lanka".
    expect(words(shipped, "order-next-text")).toContain("コロンボ（スリランカ）");
    expect(words(shipped, "order-port", "dd")).toBe("コロンボ（スリランカ）");

    expect((await moveOrderByStaff(w.db, DEAL, number, "arrive", {}, STAFF)).ok).toBe(true);
    const arrived = draw(await load(number, cookie), today, { i18n: japanese });
    expect(words(arrived, "order-next-text")).toContain("コロンボ（スリランカ）");
    expect(words(arrived, "order-history", "ol")).toContain("コロンボ（スリランカ）");
    expect(arrived).not.toMatch(/Colombo|Sri Lanka/);
    // In English, as the owner wrote it.
    expect(words(draw(await load(number, await buyerCookie()), today), "order-port", "dd")).toBe("Colombo, Sri Lanka");
  });

  it("links to the page that explains how to check an invoice is the shop's", async () => {
    const { number } = await w.accepted();
    const html = draw(await load(number, await buyerCookie()), shopDayIn(0));
    expect(html).toMatch(
      /<a href="\/verify"[^>]*data-testid="verify-link"[^>]*>How to check that an invoice is really ours<\/a>/,
    );
  });
});
