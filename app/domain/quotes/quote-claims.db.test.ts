import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AMAL, DEAL, dealWorldForFile, OTHER_BUYER } from "../../../tests/support/deal-world";
import { routeContext } from "../../../tests/support/route-context";
import { loadConfig } from "~/config.server";
import { startCustomerSession } from "~/domain/accounts/sessions.server";
import { action, loader } from "~/routes/account/quote-claim";
import { claimLinkPath, claimQuote } from "./quote-claims.server";

/*
 * A quote sent while signed out joins the buyer's account through the link
 * its confirmation mail carries, opened while signed in to the account of
 * that address (issue 42.8): never by the address alone, since the shop does
 * not check addresses when an account is made.
 */

const w = dealWorldForFile();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quote-claims-"));
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", SESSION_SECRET: DEAL.sessionSecret });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const AMAL_ACCOUNT = () => ({ id: w.buyerIds[0]!, email: AMAL.email });
const OTHER_ACCOUNT = () => ({ id: w.buyerIds[1]!, email: OTHER_BUYER.email });
const sigOf = (number: string, email: string) =>
  new URL(claimLinkPath(DEAL.sessionSecret, number, email), "http://x").searchParams.get("sig")!;
const quoteOwner = async (number: string) =>
  (await w.db.selectFrom("quotes").select("customer_id").where("number", "=", number).executeTakeFirstOrThrow())
    .customer_id;

describe("a quote sent without an account", () => {
  it("joins the account of its address, with the order made from it, only through its mailed link", async () => {
    const { number: order, quoteNumber } = await w.accepted({ guest: true });
    // A link for another quote, or signed for another address, opens nothing.
    const { quoteNumber: otherQuote } = await w.accepted({ guest: true });
    for (const sig of [sigOf(otherQuote, AMAL.email), sigOf(quoteNumber, OTHER_BUYER.email), "x".repeat(43)])
      expect(await claimQuote(w.db, DEAL.sessionSecret, AMAL_ACCOUNT(), quoteNumber, sig)).toMatchObject({
        ok: false,
        refusal: "not-found",
      });
    expect(await quoteOwner(quoteNumber)).toBeNull();

    // The right link, but signed in to another account: told which address to sign in with, nothing joined.
    const sig = sigOf(quoteNumber, AMAL.email.toUpperCase());
    expect(await claimQuote(w.db, DEAL.sessionSecret, OTHER_ACCOUNT(), quoteNumber, sig)).toEqual({
      ok: false,
      refusal: "conflict",
      reason: "other-email",
      email: AMAL.email,
    });
    expect(await quoteOwner(quoteNumber)).toBeNull();

    // The account of that address: the quote and its order are the buyer's, listed with their own.
    expect(await claimQuote(w.db, DEAL.sessionSecret, AMAL_ACCOUNT(), quoteNumber, sig)).toEqual({
      ok: true,
      number: quoteNumber,
      already: false,
    });
    expect(await quoteOwner(quoteNumber)).toBe(w.buyerIds[0]);
    const row = await w.db
      .selectFrom("orders")
      .select("customer_id")
      .where("number", "=", order)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(w.buyerIds[0]);
    // Used again, it changes nothing; nor can another account take it then.
    expect(await claimQuote(w.db, DEAL.sessionSecret, AMAL_ACCOUNT(), quoteNumber, sig)).toMatchObject({
      ok: true,
      already: true,
    });
    expect(
      await claimQuote(w.db, DEAL.sessionSecret, { ...OTHER_ACCOUNT(), email: AMAL.email }, quoteNumber, sig),
    ).toMatchObject({ ok: false, refusal: "not-found" });
    expect(await quoteOwner(quoteNumber)).toBe(w.buyerIds[0]);
  });

  it("asks a signed-out buyer to sign in first and brings them back to the link; one button adds it", async () => {
    const { quoteNumber } = await w.accepted({ guest: true });
    const link = claimLinkPath(DEAL.sessionSecret, quoteNumber, AMAL.email);
    const url = `http://localhost:3000${link}`;
    const args = (request: Request) =>
      ({ request, params: { number: quoteNumber }, context: routeContext(config, w.db), url: new URL(url) }) as never;
    const signedOut = await loader(args(new Request(url))).catch((thrown: unknown) => thrown);
    expect(signedOut).toBeInstanceOf(Response);
    expect((signedOut as Response).headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(link)}`);

    const cookie = (await startCustomerSession({ db: w.db, config }, w.buyerIds[0]!)).split(";")[0]!;
    const page = await loader(args(new Request(url, { headers: { Cookie: cookie } })));
    expect(page).toMatchObject({ number: quoteNumber, sentFrom: AMAL.email, sameAddress: true });
    // Looking changes nothing: only the button adds it.
    expect(await quoteOwner(quoteNumber)).toBeNull();
    const posted = await action(
      args(new Request(url, { method: "POST", headers: { Cookie: cookie, Origin: "http://localhost:3000" } })),
    ).catch((thrown: unknown) => thrown);
    expect((posted as Response).headers.get("Location")).toBe(`/quotes/${quoteNumber}`);
    expect(await quoteOwner(quoteNumber)).toBe(w.buyerIds[0]);
  });
});
