import { createHmac, randomInt } from "node:crypto";
import type { DB } from "~/db/db.server";
import { logActivity, type ActivityEntry } from "~/domain/activity/activity.server";
import { verifyPassword } from "~/domain/auth/password.server";
import { countTries } from "~/domain/auth/rate-limit.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import type { Refusal } from "~/domain/refusal";
import { isLanguage, type LanguageCode } from "~/i18n/languages";
import { type Problem, problem } from "~/i18n/problem";
import type { FieldProblems, TypedValues } from "~/utils/forms";
import { changeCodeMail, partyChangeMail, type PartyChangeStage } from "./buyer-mails.server";
import type { InvoiceParty } from "./deal-types";
import type { DealContext } from "./offers.server";
import { addOrderEvent, lockOrder, type OrderRow } from "./order-moves.server";
import { changeBlockedBy, type PartiesInput, partiesOf, writeParties } from "./order-parties.server";
import { codesFailedOwnerMail, partyChangeOwnerMail } from "./owner-mails.server";
import {
  CHANGE_WAIT_MS,
  CHANGES_PER_DAY,
  CODE_TRIES,
  CODE_VALID_MS,
  nextPartyChangeStatus,
  OPEN_PARTY_CHANGE,
  type PartyChangeActor,
  type PartyChangeEvent,
  type PartyChangeStatus,
} from "./party-change-status";

/*
 * A change of an order's consignee and notify party once they are on its
 * invoice (issue 42.2), moved only by `moveChange` below, where each move's
 * effect is written: the code confirms it (everyone is mailed, the timeline
 * shows it waiting), the clock or the owner applies it (the parties and the
 * invoice change, the timeline keeps both), the owner refuses or the buyer
 * withdraws it. The statuses and moves are in party-change-status.ts.
 */

/** A problem of the buyer's consignee page, from the `messages` catalogue. */
const changeProblem = (key: string, values?: Record<string, string>) => problem(`consignee.change.${key}`, values);

export type ChangeOutcome =
  | { ok: true; message: Problem }
  | { ok: false; refusal: Refusal; message: Problem; errors?: FieldProblems; values?: TypedValues };

const refused = (refusal: Refusal, key: string, errors?: FieldProblems): ChangeOutcome => ({
  ok: false,
  refusal,
  message: changeProblem(key),
  ...(errors ? { errors } : {}),
});

type Parties = { consignee: InvoiceParty | null; notify: InvoiceParty | null };
type ChangeRow = {
  id: number;
  order_id: number;
  status: PartyChangeStatus;
  parties: string;
  previous: string;
  code_hash: string;
  code_expires_at: string;
  wrong_codes: number;
  requested_at: string;
  due_at: string | null;
};

/** The mailed code as the change keeps it: keyed by the shop's secret and the order (the mail itself holds it plainly until sent). */
const codeHash = (secret: string, orderId: number, code: string) =>
  createHmac("sha256", secret).update(`party-change:${orderId}:${code}`).digest("hex");

const same = (a: InvoiceParty | null | undefined, b: InvoiceParty | null | undefined) =>
  (["name", "address", "phone", "taxId", "email"] as const).every((k) => (a?.[k] ?? "") === (b?.[k] ?? ""));

/** The buyer's own order, locked; null for any other (told apart from none by nobody). */
async function lockBuyersOrder(trx: DB, orderNumber: string, buyer: { customerId: number }) {
  const order = await lockOrder(trx, orderNumber);
  return order && order.customer_id === buyer.customerId ? order : null;
}

async function openChange(trx: DB, orderId: number): Promise<ChangeRow | undefined> {
  return trx
    .selectFrom("party_changes")
    .select([
      "id",
      "order_id",
      "status",
      "parties",
      "previous",
      "code_hash",
      "code_expires_at",
      "wrong_codes",
      "requested_at",
      "due_at",
    ])
    .where("order_id", "=", orderId)
    .where("status", "in", OPEN_PARTY_CHANGE)
    .executeTakeFirst();
}

/**
 * The buyer asks to change the parties they gave: with their password, for
 * their own order, while no other change is open and before the bill of
 * lading is made out. A code goes to the address on the account; nothing
 * changes until it comes back.
 */
export async function requestPartyChange(
  db: DB,
  deal: Pick<DealContext, "shopName" | "sessionSecret">,
  buyer: { customerId: number },
  orderNumber: string,
  input: { password: string; parties: PartiesInput },
  now = new Date(Date.now()),
): Promise<ChangeOutcome> {
  // Password tries are counted as the sign-in counts them: a stolen session must not guess it here.
  const gate = await countTries(db, [`party-change:${buyer.customerId}`], undefined, now);
  if (!gate.allowed) return refused("too-many", "tooManyTries");
  // The password is checked before the order is locked: its slow hash must not hold the database.
  const account = await db
    .selectFrom("customers")
    .select(["email", "password_hash"])
    .where("id", "=", buyer.customerId)
    .executeTakeFirst();
  if (!account || input.password.length > 128 || !(await verifyPassword(account.password_hash, input.password)))
    return refused("invalid", "wrongPassword", { password: changeProblem("wrongPassword") });
  await gate.giveBack();
  return db.transaction().execute(async (trx): Promise<ChangeOutcome> => {
    const order = await lockBuyersOrder(trx, orderNumber, buyer);
    if (!order) return refused("not-found", "notFound");
    const blocked = await changeBlockedBy(trx, order);
    if (blocked) return refused("conflict", blocked);
    const given = await partiesOf(trx, order.id);
    if (!given.consignee) return refused("conflict", "notGiven");
    if (await openChange(trx, order.id)) return refused("conflict", "waiting");
    // Each change mails people the buyer names: a few a day is all a real change needs.
    const since = new Date(now.getTime() - CHANGE_WAIT_MS).toISOString();
    const recent = await trx
      .selectFrom("party_changes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("order_id", "=", order.id)
      .where("requested_at", ">", since)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= CHANGES_PER_DAY) return refused("too-many", "tooManyChanges");
    const previous: Parties = { consignee: given.consignee, notify: given.notify ?? null };
    if (same(previous.consignee, input.parties.consignee) && same(previous.notify, input.parties.notify))
      return refused("invalid", "nothingChanged");

    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    await trx
      .insertInto("party_changes")
      .values({
        order_id: order.id,
        status: "awaiting_code",
        parties: JSON.stringify(input.parties),
        previous: JSON.stringify(previous),
        code_hash: codeHash(deal.sessionSecret, order.id, code),
        code_expires_at: new Date(now.getTime() + CODE_VALID_MS).toISOString(),
        requested_at: now.toISOString(),
      })
      .execute();
    const language = languageOf(order);
    await enqueueMail(trx, {
      to: account.email,
      quoteId: order.quote_id,
      ...changeCodeMail(language, { name: order.buyer_name, order: order.number, code, shopName: deal.shopName }),
    });
    return { ok: true, message: changeProblem("codeSent", { email: account.email }) };
  });
}

/**
 * The buyer gives the mailed code. Right and in time: the change waits its
 * day and everyone is told. Wrong: counted, and the change lapses at the
 * last try allowed; late: it lapses.
 */
export async function confirmPartyChange(
  db: DB,
  deal: DealContext,
  buyer: { customerId: number },
  orderNumber: string,
  code: string,
  now = new Date(Date.now()),
): Promise<ChangeOutcome> {
  // A refusal returns (never throws), so a wrong code's count is kept.
  return db.transaction().execute(async (trx) => {
    const order = await lockBuyersOrder(trx, orderNumber, buyer);
    if (!order) return refused("not-found", "notFound");
    const change = await openChange(trx, order.id);
    if (!change || change.status !== "awaiting_code") return refused("conflict", "noCodeAsked");
    const at = now.toISOString();
    // The bill of lading was made out while the code was on its way: the change can no longer be.
    const blocked = await changeBlockedBy(trx, order);
    if (blocked) {
      await moveChange(trx, deal, order, change, "block", "system", at);
      return refused("conflict", blocked);
    }
    if (change.code_expires_at < at) {
      await moveChange(trx, deal, order, change, "lapse", "customer", at);
      return refused("gone", "codeExpired");
    }
    const typed = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(typed) || codeHash(deal.sessionSecret, order.id, typed) !== change.code_hash) {
      const wrong = change.wrong_codes + 1;
      await trx.updateTable("party_changes").set({ wrong_codes: wrong }).where("id", "=", change.id).execute();
      if (wrong >= CODE_TRIES) {
        await moveChange(trx, deal, order, change, "lapse", "customer", at);
        // The right password and then wrong codes: someone else may know the password.
        await logActivity(trx, {
          actor: { kind: "customer", id: String(buyer.customerId) },
          action: "order.partiesChangeCodeFailed",
          subject: { kind: "order", id: String(order.id) },
          summary: `Order ${order.number}: change of consignee cancelled after ${CODE_TRIES} wrong codes`,
          at,
        });
        await enqueueMail(trx, {
          to: deal.ownerEmail,
          replyTo: order.buyer_email,
          quoteId: order.quote_id,
          ...codesFailedOwnerMail({ publicUrl: deal.publicUrl, order: order.number, buyer: order.buyer_name }),
        });
        return refused("too-many", "tooManyCodes");
      }
      return refused("invalid", "wrongCode", { code: changeProblem("wrongCode") });
    }
    await moveChange(trx, deal, order, change, "confirm", "customer", at);
    return { ok: true, message: changeProblem("waitingNow") };
  });
}

/** The buyer withdraws their open change; the parties stay as they are. */
export async function withdrawPartyChange(
  db: DB,
  deal: DealContext,
  buyer: { customerId: number },
  orderNumber: string,
  now = new Date(Date.now()),
): Promise<ChangeOutcome> {
  return db.transaction().execute(async (trx) => {
    const order = await lockBuyersOrder(trx, orderNumber, buyer);
    if (!order) return refused("not-found", "notFound");
    const change = await openChange(trx, order.id);
    if (!change) return refused("conflict", "noneOpen");
    await moveChange(trx, deal, order, change, "withdraw", "customer", now.toISOString());
    return { ok: true, message: changeProblem("withdrawn") };
  });
}

/** The owner approves a waiting change sooner, after calling the buyer, or refuses it. */
export async function decidePartyChange(
  db: DB,
  deal: DealContext,
  staff: ActivityEntry["actor"],
  orderNumber: string,
  decision: "approve" | "refuse",
  now = new Date(Date.now()),
): Promise<ChangeOutcome> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderNumber);
    if (!order) return refused("not-found", "notFound");
    const change = await openChange(trx, order.id);
    if (!change || change.status !== "waiting") return refused("conflict", "noneWaiting");
    const at = now.toISOString();
    const blocked = await changeBlockedBy(trx, order);
    if (decision === "approve" && blocked) {
      await moveChange(trx, deal, order, change, "block", "system", at);
      return refused("conflict", blocked);
    }
    await moveChange(trx, deal, order, change, decision, "staff", at);
    await logActivity(trx, {
      actor: staff,
      action: decision === "approve" ? "order.partiesChangeApproved" : "order.partiesChangeRefused",
      subject: { kind: "order", id: String(order.id) },
      summary: `Order ${order.number}: change of consignee ${decision === "approve" ? "approved" : "refused"}`,
      at,
    });
    return { ok: true, message: changeProblem(decision === "approve" ? "approved" : "refused") };
  });
}

/**
 * The shop's clock: applies each change whose day has passed, and lapses
 * each whose code never came. A change whose order has shipped meanwhile is
 * refused, not applied: the bill of lading is made out.
 */
export async function runPartyChangeClock(db: DB, deal: DealContext, now = new Date(Date.now())) {
  const at = now.toISOString();
  const due = await db
    .selectFrom("party_changes")
    .innerJoin("orders", "orders.id", "party_changes.order_id")
    .select("orders.number")
    .where((eb) =>
      eb.or([
        eb.and([eb("party_changes.status", "=", "waiting"), eb("party_changes.due_at", "<=", at)]),
        eb.and([eb("party_changes.status", "=", "awaiting_code"), eb("party_changes.code_expires_at", "<", at)]),
      ]),
    )
    .limit(500)
    .execute();
  let applied = 0;
  for (const { number } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, number);
      const change = order ? await openChange(trx, order.id) : undefined;
      if (!order || !change) return false;
      if (change.status === "awaiting_code") {
        if (change.code_expires_at >= at) return false;
        return moveChange(trx, deal, order, change, "lapse", "system", at);
      }
      if (!change.due_at || change.due_at > at) return false;
      // Made out meanwhile: the bill of lading names the consignee as it was.
      const blocked = await changeBlockedBy(trx, order);
      return moveChange(trx, deal, order, change, blocked ? "block" : "apply", "system", at);
    });
    if (done) applied++;
  }
  return applied;
}

const languageOf = (order: OrderRow): LanguageCode => (isLanguage(order.language) ? order.language : "en");

/**
 * The one place a change moves, and each move's effect. Returns false when
 * the move is not allowed from the change's status (nothing is written).
 */
async function moveChange(
  trx: DB,
  deal: DealContext,
  order: OrderRow,
  change: ChangeRow,
  event: PartyChangeEvent,
  by: PartyChangeActor,
  at: string,
): Promise<boolean> {
  const status = nextPartyChangeStatus(change.status, event, by);
  if (!status) return false;
  const dueAt = status === "waiting" ? new Date(Date.parse(at) + CHANGE_WAIT_MS).toISOString() : change.due_at;
  const closed = !OPEN_PARTY_CHANGE.includes(status);
  const moved = await trx
    .updateTable("party_changes")
    .set({ status, due_at: dueAt, ...(closed ? { closed_at: at, closed_by: by } : {}) })
    .where("id", "=", change.id)
    .where("status", "=", change.status)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  // A change never confirmed by its code was never told to anyone: it ends quietly.
  if (change.status === "awaiting_code" && status !== "waiting") return true;

  const parties = JSON.parse(change.parties) as PartiesInput;
  const previous = JSON.parse(change.previous) as Parties;
  if (status === "applied") await writeParties(trx, order, parties, at);
  const stage = (status === "waiting" ? "requested" : status) as PartyChangeStage;
  const names = (p: { consignee: InvoiceParty | null; notify: InvoiceParty | null }) => ({
    consignee: p.consignee?.name ?? "",
    notify: p.notify?.name ?? null,
  });
  await addOrderEvent(
    trx,
    order.id,
    "partiesChange",
    { stage, due: dueAt, requestedAt: change.requested_at, from: names(previous), to: names(parties) },
    by,
    at,
  );

  // Everyone who should hear of it: the account, the order's address, the consignees before and after.
  const account = order.customer_id
    ? await trx.selectFrom("customers").select("email").where("id", "=", order.customer_id).executeTakeFirst()
    : undefined;
  const language = languageOf(order);
  // The buyer's addresses read every detail; a consignee's, the names only (no address, phone or tax number).
  const recipients = new Map<string, { name: string; buyer: boolean }>();
  for (const [email, name, buyer] of [
    [account?.email, order.buyer_name, true],
    [order.buyer_email, order.buyer_name, true],
    [previous.consignee?.email, previous.consignee?.name, false],
    [parties.consignee.email, parties.consignee.name, false],
  ] as const)
    if (email && name && !recipients.has(email.toLowerCase())) recipients.set(email.toLowerCase(), { name, buyer });
  const letter = {
    order: order.number,
    requestedAt: change.requested_at,
    due: dueAt ?? at,
    before: previous,
    after: parties,
    shopName: deal.shopName,
    publicUrl: deal.publicUrl,
  };
  for (const [to, { name, buyer }] of recipients)
    await enqueueMail(trx, {
      to,
      quoteId: order.quote_id,
      ...partyChangeMail(language, stage, { ...letter, name, details: buyer }),
    });
  await enqueueMail(trx, {
    to: deal.ownerEmail,
    replyTo: order.buyer_email,
    quoteId: order.quote_id,
    ...partyChangeOwnerMail({ ...letter, stage, buyer: order.buyer_name, by }),
  });
  return true;
}

/** What the pages show of an order's open change, or of its last closed one. */
export type PartyChangeView = {
  status: PartyChangeStatus;
  requestedAt: string;
  dueAt: string | null;
  codeExpiresAt: string;
  parties: PartiesInput;
  previous: Parties;
};

export async function partyChangeOf(db: DB, orderId: number): Promise<PartyChangeView | null> {
  const row = await openChange(db, orderId);
  if (!row) return null;
  return {
    status: row.status,
    requestedAt: row.requested_at,
    dueAt: row.due_at,
    codeExpiresAt: row.code_expires_at,
    parties: JSON.parse(row.parties) as PartiesInput,
    previous: JSON.parse(row.previous) as Parties,
  };
}

/** An order's open change by the order's number, for the owner's order page (the caller checked who asks). */
export async function partyChangeOfOrder(db: DB, orderNumber: string): Promise<PartyChangeView | null> {
  const order = await db.selectFrom("orders").select("id").where("number", "=", orderNumber).executeTakeFirst();
  return order ? partyChangeOf(db, order.id) : null;
}
