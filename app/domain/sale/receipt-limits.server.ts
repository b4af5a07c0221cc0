import type { DB } from "~/db/db.server";
import { addressKey, countTries } from "~/domain/auth/rate-limit.server";
import { problem, type Problem } from "~/i18n/problem";

/*
 * Receipts within reason (issue 40): anyone holding an order's signed link
 * may upload a receipt, and one person sent 45 in 4 seconds (52 MB kept, 49
 * mails to the owner). An order keeps a bounded number and weight of
 * receipts, uploads are counted per order and per client address (the
 * shop's database counters, as for sign-in and quotes), and the owner gets
 * one mail for receipts that arrive close together; every receipt is still
 * on the order's timeline.
 */

const HOUR = 60 * 60 * 1000;

export const RECEIPT_LIMITS = {
  /** Live receipts on one order: one per instalment and a few sent again still leaves room. */
  count: 20,
  /** Bytes of live receipts on one order: twenty phone photos of 2.5 MB; no disk is filled through one link. */
  bytes: 50 * 1024 * 1024,
  /** Uploads to one order an hour: a buyer sending a blurred photo again a few times stays inside. */
  perOrder: { tries: 10, windowMs: HOUR },
  /** Uploads from one client address an hour, any order: an importer paying a few orders at once stays inside. */
  perAddress: { tries: 20, windowMs: HOUR },
  /** Receipts within this long of the owner's last mail about the order's receipts add no mail: one read covers them. */
  ownerMailQuietMs: 10 * 60 * 1000,
};

const MB = 1024 * 1024;

/**
 * Counts a receipt upload against the limits per order and per client
 * address, before its body is read. `retryAfterSeconds` is set when refused;
 * every try counts, a refused one too.
 */
export async function countReceiptUpload(
  db: DB,
  number: string,
  clientIp: string,
  now = new Date(),
): Promise<{ retryAfterSeconds: number | null }> {
  const gates = [
    await countTries(db, [`receipt:order:${number}`], RECEIPT_LIMITS.perOrder, now),
    await countTries(db, [`receipt:ip:${addressKey(clientIp)}`], RECEIPT_LIMITS.perAddress, now),
  ];
  const refused = gates.filter((gate) => !gate.allowed);
  return { retryAfterSeconds: refused.length > 0 ? Math.max(...refused.map((g) => g.retryAfterSeconds)) : null };
}

/** Why one more receipt of `size` bytes does not fit on the order (its live receipts), or null when it does. */
export async function receiptRoomProblem(db: DB, orderId: number, size: number): Promise<Problem | null> {
  const live = await db
    .selectFrom("order_documents")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.sum<number | string | null>("size").as("bytes"),
    ])
    .where("order_id", "=", orderId)
    .where("kind", "=", "receipt")
    .where("removed_at", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(live.count) >= RECEIPT_LIMITS.count)
    return problem("documents.receiptsFull", { max: RECEIPT_LIMITS.count });
  if (Number(live.bytes ?? 0) + size > RECEIPT_LIMITS.bytes)
    return problem("documents.receiptsTooLarge", { max: RECEIPT_LIMITS.bytes / MB });
  return null;
}

/** The timeline's mark on a receipt's step that the owner was mailed about it. */
// Stryker disable next-line StringLiteral: a mark written and read by this name only.
export const OWNER_MAILED = "ownerMailed";

/**
 * Whether the owner was mailed about a receipt of this order within
 * RECEIPT_LIMITS.ownerMailQuietMs before `now` (read from the order's
 * timeline, where each receipt's step says whether it was mailed).
 */
export async function ownerMailedLately(db: DB, orderId: number, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - RECEIPT_LIMITS.ownerMailQuietMs).toISOString();
  const steps = await db
    .selectFrom("order_events")
    .select("data")
    .where("order_id", "=", orderId)
    .where("kind", "=", "document")
    .where("at", ">", since)
    .where("at", "<=", now.toISOString())
    .execute();
  return steps.some((step) => (JSON.parse(step.data) as Record<string, unknown>)[OWNER_MAILED] === true);
}
