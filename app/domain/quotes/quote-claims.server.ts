import { createHmac, timingSafeEqual } from "node:crypto";
import type { DB } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import type { Refusal } from "~/domain/refusal";

/*
 * A quote sent without an account (a buyer whose session ended mid-form, or
 * who never signed in) joins the buyer's account through the link in its
 * confirmation mail, opened while signed in. The link is signed for the
 * quote's number and the address it was mailed to, and the account must have
 * that address: the mailbox proves who sent it, the session whose account it
 * joins. An account's address is not proof alone (the shop does not check
 * addresses at registration), so nothing joins by address without the link.
 */

function signature(secret: string, number: string, email: string): string {
  return createHmac("sha256", secret)
    .update(`quote-claim\n${number}\n${email.trim().toLowerCase()}`)
    .digest("base64url");
}

/** The claim link's path for a quote mailed to `email`. */
export function claimLinkPath(secret: string, number: string, email: string): string {
  return `/quotes/${encodeURIComponent(number)}/claim?sig=${signature(secret, number, email)}`;
}

function signatureValid(secret: string, number: string, email: string, sig: string): boolean {
  const expected = Buffer.from(signature(secret, number, email));
  const given = Buffer.from(sig.slice(0, 100));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type ClaimOutcome =
  | { ok: true; number: string; already: boolean }
  | { ok: false; refusal: Extract<Refusal, "not-found">; reason: "not-found" }
  /** The link is right, but the account has another address: the quote's address is named to sign in with. */
  | { ok: false; refusal: Extract<Refusal, "conflict">; reason: "other-email"; email: string };

/** What a claim link shows before it is used: the quote it names, or null when it opens nothing. */
export async function claimableQuote(
  db: DB,
  secret: string,
  number: string,
  sig: string,
): Promise<{ number: string; itemName: string; email: string; customerId: number | null } | null> {
  const quote = await db
    .selectFrom("quotes")
    .select(["number", "item_name", "email", "customer_id"])
    .where("number", "=", number)
    .executeTakeFirst();
  if (!quote || !signatureValid(secret, quote.number, quote.email, sig)) return null;
  return { number: quote.number, itemName: quote.item_name, email: quote.email, customerId: quote.customer_id };
}

/**
 * Joins a quote sent without an account, and the orders made from it, to the
 * signed-in buyer's account: when the link is the quote's and the account's
 * address is the one the quote was sent from. A quote already on another
 * account is not found, as any other.
 */
export async function claimQuote(
  db: DB,
  secret: string,
  customer: { id: number; email: string },
  number: string,
  sig: string,
  now = new Date(),
): Promise<ClaimOutcome> {
  return db.transaction().execute(async (trx) => {
    const quote = await trx
      .selectFrom("quotes")
      .select(["id", "number", "email", "customer_id"])
      .where("number", "=", number)
      .executeTakeFirst();
    if (!quote || !signatureValid(secret, quote.number, quote.email, sig))
      return { ok: false, refusal: "not-found", reason: "not-found" } as const;
    if (quote.customer_id === customer.id) return { ok: true, number: quote.number, already: true } as const;
    if (quote.customer_id !== null) return { ok: false, refusal: "not-found", reason: "not-found" } as const;
    if (quote.email.trim().toLowerCase() !== customer.email.trim().toLowerCase())
      return { ok: false, refusal: "conflict", reason: "other-email", email: quote.email } as const;
    const at = now.toISOString();
    // Only while still nobody's: two claims at once join it once.
    const joined = await trx
      .updateTable("quotes")
      .set({ customer_id: customer.id, updated_at: at })
      .where("id", "=", quote.id)
      .where("customer_id", "is", null)
      .executeTakeFirst();
    if (Number(joined.numUpdatedRows) !== 1) return { ok: false, refusal: "not-found", reason: "not-found" } as const;
    await trx
      .updateTable("orders")
      .set({ customer_id: customer.id, updated_at: at })
      .where("quote_id", "=", quote.id)
      .where("customer_id", "is", null)
      .execute();
    await logActivity(trx, {
      at,
      actor: { kind: "customer", id: String(customer.id) },
      action: "quote.claimed",
      subject: { kind: "quote", id: quote.number },
      summary: `Quote ${quote.number}, sent without an account, joined the buyer's account through its mailed link`,
    });
    return { ok: true, number: quote.number, already: false } as const;
  });
}
