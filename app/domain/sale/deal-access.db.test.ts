import { describe, expect, it } from "vitest";
import { dealWorldForFile } from "../../../tests/support/deal-world";
import { startCustomerSession } from "~/domain/accounts/sessions.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { startStaffSession } from "~/domain/staff/staff-sessions.server";
import { dealVisitor, invoiceDealKeys } from "./deal-access.server";

/*
 * Who is asking, as the deal's pages read it from a request's cookies, and
 * which deal an invoice opens: the two readings that feed the table in
 * deal-access.server.ts (tried on its own in deal-access.test.ts).
 */

const w = dealWorldForFile();
const services = () => ({ db: w.db, config: { publicUrl: new URL("http://localhost:3000") } });
const asking = (...cookies: string[]) =>
  new Request("http://localhost:3000/orders/x", {
    headers: { Cookie: cookies.map((c) => c.split(";")[0]).join("; ") },
  });
const NO_LINKS = { orderLink: null, offerLink: null };

describe("the visitor of a deal's page", () => {
  it("is the signed-in buyer by their account, and nobody without a session", async () => {
    const buyer = await startCustomerSession(services(), w.buyerIds[0]!);
    expect(await dealVisitor(services(), asking(buyer), NO_LINKS, "order")).toEqual({
      staff: false,
      customerId: w.buyerIds[0],
      ...NO_LINKS,
    });
    expect(await dealVisitor(services(), asking(), NO_LINKS, "order")).toEqual({
      staff: false,
      customerId: null,
      ...NO_LINKS,
    });
    // Not the staff either, where the staff may come.
    expect((await dealVisitor(services(), asking(buyer), NO_LINKS, "invoice")).staff).toBe(false);
    expect((await dealVisitor(services(), asking(), NO_LINKS, "document")).staff).toBe(false);
  });

  it("counts the owner's session only where the owner may come: the invoice yes, the buyer's quote page no", async () => {
    await ensureStaffAccount(w.db, "clerk", "a long enough staff password");
    const staff = await w.db.selectFrom("staff").select("id").where("admin_id", "=", "clerk").executeTakeFirstOrThrow();
    const cookie = await startStaffSession(services(), staff.id, false);
    expect((await dealVisitor(services(), asking(cookie), NO_LINKS, "invoice")).staff).toBe(true);
    expect((await dealVisitor(services(), asking(cookie), NO_LINKS, "document")).staff).toBe(true);
    expect((await dealVisitor(services(), asking(cookie), NO_LINKS, "quote")).staff).toBe(false);
    // The links the address gave are kept as they are, for the table to check.
    const links = { orderLink: { number: "2026-00001", sig: "s".repeat(30) }, offerLink: null };
    expect(await dealVisitor(services(), asking(), links, "order")).toMatchObject(links);
  });
});

describe("the deal an invoice belongs to", () => {
  it("is its quote's buyer, the quote's latest offer (an older offer's link opens nothing) and its order", async () => {
    const { number } = await w.offered(0);
    const replaced = await w.offer(number, "45,000", { message: "A better price" });
    expect(replaced.ok).toBe(true);
    const quote = await w.db.selectFrom("quotes").select("id").where("number", "=", number).executeTakeFirstOrThrow();
    const latest = await w.db
      .selectFrom("offers")
      .select(["id", "valid_until"])
      .where("quote_id", "=", quote.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(await invoiceDealKeys(w.db, { number: "2026-00077", quoteId: quote.id })).toEqual({
      customerId: w.buyerIds[0],
      quoteNumber: number,
      latestOffer: latest,
      orderNumber: "2026-00077",
    });
  });

  it("is no deal at all when its quote is gone", async () => {
    expect(await invoiceDealKeys(w.db, { number: "2026-00078", quoteId: 999_999 })).toBeNull();
  });
});
