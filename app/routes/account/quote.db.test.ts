import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { dealWorldForFile, STAFF } from "../../../tests/support/deal-world";
import { buyerPages } from "../../../tests/support/buyer-pages";
import type { Currency } from "~/domain/rates/currencies";
import { displayRate, storeOwnerRates } from "~/domain/rates/rates.server";
import { moneyPattern } from "~/i18n/format";
import { I18nProvider, i18nFor, type Messages } from "~/i18n/i18n";
import account from "~/i18n/locales/en/account.json";
import common from "~/i18n/locales/en/common.json";
import messages from "~/i18n/locales/en/messages.json";
import QuotePage, { loader } from "./quote";

/*
 * The buyer's offer page (issue 42.5): the offer's total in the currency the
 * buyer chose, beside the yen, at the shop's rate of the day and said to be a
 * guide (the yen are what is paid); and the way to check an invoice is ours.
 */

const w = dealWorldForFile();
const { context, cookieOf } = buyerPages(w, "quote-page");

type Loaded = Awaited<ReturnType<typeof loader>>;

async function load(number: string): Promise<Loaded> {
  const cookie = await cookieOf(0);
  const request = new Request(`https://shop.example/quotes/${number}`, { headers: { Cookie: cookie } });
  return loader({ request, context: context(), params: { number } } as never);
}

const i18n = i18nFor({
  language: "en",
  version: "quote-page-test",
  resources: { account, messages, common } as Record<string, Messages>,
});

/** The page as the server draws it for a buyer who chose `currency`: the root's rate, as the root loader reads it. */
async function draw(data: Loaded, currency: Currency): Promise<string> {
  const rate = await displayRate(w.db, currency);
  const root = { rate: rate && { ...rate, pattern: moneyPattern(rate.code, "en") } };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => createElement(Outlet),
      children: [
        {
          id: "page",
          path: "quotes/:number",
          Component: (props: object) =>
            createElement(I18nProvider, { i18n, children: createElement(QuotePage as never, props) }),
        },
      ],
    },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [`/quotes/${data.view.number}`],
      hydrationData: { loaderData: { root, page: data } },
    }),
  );
}

/** The words inside the element with this test id, tags dropped. */
function words(html: string, testId: string): string {
  const found = new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</div>`).exec(html)?.[1] ?? "";
  return found
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("the offer in the buyer's currency", () => {
  it("shows the total in KES beside the yen at today's rate, said to be a guide paid in yen", async () => {
    // 1 KES = ¥1.25, set by the owner today: 0.8 KES to the yen.
    await storeOwnerRates(w.db, STAFF, { KES: 1.25 });
    const { number } = await w.offered(0);
    const data = await load(number);
    const html = await draw(data, "KES");
    // ¥1,136,800 (CIF Colombo) × 0.8 = 909,440 shillings, whole units.
    expect(html).toMatch(/data-testid="offer-total"[^>]*>¥1,136,800</);
    const estimate = words(html, "offer-total-estimate");
    expect(estimate).toMatch(
      /^≈ KES 909,440 Prices in KES are approximate, at the exchange rate of \d{1,2} \w{3} \d{4}\./,
    );
    expect(estimate).toContain("You pay in yen; your bank sets the final rate.");
  });

  it("shows yen alone to a buyer who chose yen", async () => {
    const { number } = await w.offered(0);
    const html = await draw(await load(number), "JPY");
    expect(html).toMatch(/data-testid="offer-total"[^>]*>¥1,136,800</);
    expect(html).not.toContain("offer-total-estimate");
  });

  it("the accepted offer's invoice total has its estimate too, with the one rate note", async () => {
    const { number } = await w.offered(0);
    expect((await w.accept(number)).ok).toBe(true);
    const html = await draw(await load(number), "KES");
    expect(html).toMatch(/data-testid="invoice-total"[^>]*>¥1,136,800</);
    expect(words(html, "invoice-total-estimate")).toMatch(/^≈ KES 909,440 Prices in KES are approximate/);
    // The offer's total too, the rate note said once on the page.
    expect(words(html, "offer-total-estimate")).toBe("≈ KES 909,440");
    expect(html.match(/data-testid="rate-note"/g)).toHaveLength(1);
  });

  it("links to the page that explains how to check an invoice is the shop's", async () => {
    const { number } = await w.offered(0);
    const html = await draw(await load(number), "JPY");
    expect(html).toMatch(/<a href="\/verify"[^>]*data-testid="verify-link"[^>]*>Check an invoice<\/a>/);
  });
});

describe("the destination's rule beside the offer", () => {
  it("comes in the page's words from the server, a business's own ages too where the law has them", async () => {
    const { number } = await w.offered(0);
    const rule = (await load(number)).view.importCheck?.verdict;
    expect(rule && "rule" in rule && rule.rule.words?.lines).toContain(
      "Pre-shipment inspection in Japan: JEVIC, JAAI or Bureau Veritas.",
    );
    // Sri Lanka given a second regime for businesses: the offer says its ages beside the individual's verdict.
    await w.db
      .updateTable("import_rules")
      .set({ commercial: JSON.stringify({ maxAgeYears: 5, ageByKind: {}, note: "" }) })
      .where("country", "=", "Sri Lanka")
      .execute();
    try {
      const html = await draw(await load(number), "JPY");
      expect(words(html, "offer-import")).toContain(
        "Imported by a business for sale (commercial import): Under 5 years old, counted from manufacture to shipping (bill of lading date).",
      );
    } finally {
      await w.db.updateTable("import_rules").set({ commercial: "" }).where("country", "=", "Sri Lanka").execute();
    }
  });
});
