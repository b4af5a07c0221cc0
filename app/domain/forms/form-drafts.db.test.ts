import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEAL, dealWorldForFile } from "../../../tests/support/deal-world";
import { routeContext } from "../../../tests/support/route-context";
import { loadConfig } from "~/config.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { startStaffSession } from "~/domain/staff/staff-sessions.server";
import { startCustomerSession } from "~/domain/accounts/sessions.server";
import { action as quoteAction, loader as quoteLoader } from "~/routes/admin/quote";
import { action as consigneeAction, loader as consigneeLoader } from "~/routes/account/consignee";
import { DRAFT_MS, keepDraft, MAX_DRAFTS, takeDraft } from "./form-drafts.server";

/*
 * A form sent after its session ended comes back filled once its sender has
 * signed in again (issue 42.8): the owner's offer typed over an hour, the
 * buyer's consignee. Never a password or a code, only for its own page, once,
 * and for an hour.
 */

const w = dealWorldForFile();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "form-drafts-"));
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", SESSION_SECRET: DEAL.sessionSecret });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

describe("what a form held when its session had ended", () => {
  it("comes back once, for its own page, within the hour, without passwords or codes", async () => {
    const at = new Date("2026-12-02T09:00:00Z");
    const page = "/orders/2026-00042/consignee";
    const fields = { intent: "change", consigneeName: "Ceylon Motors", password: "correct horse", code: "123456" };
    const token = await keepDraft(w.db, page, formOf(fields), at);
    expect(token).not.toBeNull();
    // Nothing secret is written down, not even hashed.
    const row = await w.db.selectFrom("form_drafts").select("fields").executeTakeFirstOrThrow();
    expect(row.fields).not.toContain("correct horse");
    expect(row.fields).not.toContain("123456");
    expect(await takeDraft(w.db, token, page, new Date(at.getTime() + DRAFT_MS))).toEqual({
      intent: "change",
      consigneeName: "Ceylon Motors",
    });
    // Once only.
    expect(await takeDraft(w.db, token, page, at)).toBeNull();

    // Another page's draft, or one over an hour old, is no draft (and is gone).
    const other = await keepDraft(w.db, page, formOf(fields), at);
    expect(await takeDraft(w.db, other, "/orders/2026-00043/consignee", at)).toBeNull();
    expect(await takeDraft(w.db, other, page, at)).toBeNull();
    const old = await keepDraft(w.db, page, formOf(fields), at);
    expect(await takeDraft(w.db, old, page, new Date(at.getTime() + DRAFT_MS + 1))).toBeNull();
    // A button with nothing typed is not worth keeping; no token is no draft.
    expect(await keepDraft(w.db, page, formOf({ intent: "withdraw" }), at)).toBeNull();
    expect(await takeDraft(w.db, null, page, at)).toBeNull();
  });

  it("keeps no more than a bounded number at once, since anyone can send a form without a session", async () => {
    const at = new Date("2026-12-03T09:00:00Z");
    const page = "/admin/quotes/1234567890";
    await w.db.deleteFrom("form_drafts").execute();
    for (let i = 0; i < MAX_DRAFTS; i++)
      expect(await keepDraft(w.db, page, formOf({ message: `draft ${i}` }), at)).not.toBeNull();
    expect(await keepDraft(w.db, page, formOf({ message: "one too many" }), at)).toBeNull();
    // An hour later the old ones are gone and drafts are kept again.
    expect(
      await keepDraft(w.db, page, formOf({ message: "later" }), new Date(at.getTime() + DRAFT_MS + 1)),
    ).not.toBeNull();
    const { kept } = await w.db
      .selectFrom("form_drafts")
      .select((eb) => eb.fn.countAll<number>().as("kept"))
      .executeTakeFirstOrThrow();
    expect(Number(kept)).toBe(1);
  });

  it("brings the owner's offer back into the form after signing in again", async () => {
    const { number } = await w.offered(0);
    const url = `http://localhost:3000/admin/quotes/${number}`;
    const args = (request: Request) =>
      ({ request, params: { number }, context: routeContext(config, w.db), url: new URL(request.url) }) as never;
    const typed = { intent: "offer", fob: "1,234,000", message: "Dear Amal, a clean car: inspected, with new tyres." };
    // The session ended while the offer was written: sent, it goes to the sign-in page.
    const sent = await quoteAction(
      args(
        new Request(url, {
          method: "POST",
          body: new URLSearchParams(typed),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
      ),
    ).catch((thrown: unknown) => thrown);
    const location = (sent as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/login\?redirectTo=/);
    const back = new URL(decodeURIComponent(location.split("redirectTo=")[1]!), "http://localhost:3000");
    expect(back.pathname).toBe(`/admin/quotes/${number}`);
    // Nothing was offered meanwhile.
    const offers = () =>
      w.db
        .selectFrom("offers")
        .innerJoin("quotes", "quotes.id", "offers.quote_id")
        .select("offers.id")
        .where("quotes.number", "=", number)
        .execute();
    expect(await offers()).toHaveLength(1);

    // Signed in again, the sign-in page returns to that address: the form holds what was typed.
    await ensureStaffAccount(w.db, "drafter", "a long enough staff password");
    const staff = await w.db
      .selectFrom("staff")
      .select("id")
      .where("admin_id", "=", "drafter")
      .executeTakeFirstOrThrow();
    const cookie = (await startStaffSession({ db: w.db, config }, staff.id, false)).split(";")[0]!;
    const signedIn = (address: string) => args(new Request(address, { headers: { Cookie: cookie } }));
    const page = (await quoteLoader(signedIn(back.href))) as {
      offer: { values: Record<string, string>; restored: boolean };
    };
    expect(page.offer.restored).toBe(true);
    expect(page.offer.values).toMatchObject({ fob: "1,234,000", message: typed.message });
    // Drawn again (a reload), the form is as the shop fills it.
    const again = (await quoteLoader(signedIn(back.href))) as typeof page;
    expect(again.offer.restored).toBe(false);
    expect(again.offer.values.message).not.toBe(typed.message);
  });

  it("brings the buyer's consignee back into the form, without the password, after signing in again", async () => {
    const { number } = await w.accepted();
    const url = `http://localhost:3000/orders/${number}/consignee`;
    const args = (request: Request) =>
      ({ request, params: { number }, context: routeContext(config, w.db), url: new URL(request.url) }) as never;
    const typed = {
      intent: "give",
      consigneeName: "Lanka Clearing Agents",
      consigneeAddress: "45 Front Street, Colombo 11",
    };
    const sent = await consigneeAction(
      args(
        new Request(url, {
          method: "POST",
          body: new URLSearchParams({ ...typed, password: "correct horse battery" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
      ),
    ).catch((thrown: unknown) => thrown);
    const location = (sent as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/login\?redirectTo=/);
    const back = new URL(decodeURIComponent(location.split("redirectTo=")[1]!), "http://localhost:3000");
    const cookie = (await startCustomerSession({ db: w.db, config }, w.buyerIds[0]!)).split(";")[0]!;
    const page = (await consigneeLoader(args(new Request(back.href, { headers: { Cookie: cookie } })))) as {
      draft: Record<string, string> | null;
    };
    expect(page.draft).toEqual(typed);
  });
});
