import type { DB } from "~/db/db.server";
import { type ActivityEntry } from "~/domain/activity/activity.server";
import type { DealContext } from "./offers.server";
import { type MailOrder, type OrderChange, orderChangesMail, orderUpdateMail } from "./buyer-mails.server";
import { gatherMail } from "~/domain/mail/outbox.server";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import type { z } from "zod";
import { type FieldProblems, parseForm, type TypedValues } from "~/utils/forms";
import { isLanguage } from "~/i18n/languages";
import { issue, problem, type Problem, type ProblemValues } from "~/i18n/problem";
import { orderLink } from "./order-links.server";
import { lockOrder, type OrderRow } from "./order-moves.server";
import type { Refusal } from "~/domain/refusal";

/*
 * How one change of an order is made (issue 21): in a transaction with the
 * order locked, a refusal rolling back whatever it had begun, the buyer told
 * by one mail in their language. Shared by the owner's changes
 * (orders.server.ts) and the deal's documents (order-documents.server.ts).
 */

export type Actor = ActivityEntry["actor"];

/** A problem of the owner's order page, from the `messages.order` catalogue. */
export const orderProblem = (key: string, values?: ProblemValues) => problem(`messages.order.${key}`, values);
export const orderIssue = (key: string, values?: ProblemValues) => issue(orderProblem(key, values));

export type OrderOutcome =
  | { ok: true; message: Problem }
  | { ok: false; refusal: Refusal; message: Problem; errors?: FieldProblems; values?: TypedValues };

/** A refusal of the order page: why, and the catalogue's sentence for it. */
export const orderRefusal = (refusal: Refusal, key: string, values?: ProblemValues): OrderOutcome => ({
  ok: false,
  refusal,
  message: orderProblem(key, values),
});

export const NOT_FOUND = { ok: false, refusal: "not-found", message: orderProblem("notFound") } as const;

/** The order's status does not allow this step: the sentence names the status. */
export const notNow = (key: string, order: Pick<OrderRow, "status">): OrderOutcome =>
  orderRefusal("conflict", key, { status: statusName(order.status) });

/** A form its schema refused: the problem of each field, and what was typed, to show again. */
export const refusedForm = (parsed: { errors: FieldProblems; values: TypedValues }): OrderOutcome => ({
  ok: false,
  refusal: "invalid",
  message: orderProblem("fix"),
  errors: parsed.errors,
  values: parsed.values,
});

/** An order form's fields as the route read them (a name sent once is its text). */
export type OrderFields = Record<string, unknown>;

/** One of the owner's changes of an order, from its form's fields. */
export type StaffChange = (
  db: DB,
  deal: DealContext,
  number: string,
  fields: OrderFields,
  staff: Staff,
  now?: Date,
) => Promise<OrderOutcome>;

/** An order form read through its schema, or its refusal to give back. */
export function parseOrderForm<S extends z.ZodType>(
  fields: OrderFields,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; refused: OrderOutcome } {
  const parsed = parseForm(fields, schema);
  return parsed.status === "success" ? { ok: true, value: parsed.value } : { ok: false, refused: refusedForm(parsed) };
}

export const staffActor = (staff: Staff): Actor => ({ kind: "staff", id: staff.adminId });

/** How long an order's first change waits for others before the buyer is told of them all in one mail (issue 42.6). */
export const ORDER_MAIL_WINDOW_MS = 10 * 60_000;

/**
 * The buyer's mail about a change, in their language, with the link to the
 * order: gathered with the order's other changes of the next 10 minutes, so
 * an owner's run of clicks reaches the buyer as one mail listing them all.
 */
export async function tellBuyer(
  trx: DB,
  deal: DealContext,
  order: OrderRow,
  change: OrderChange,
  now = new Date(Date.now()),
): Promise<void> {
  const language = isLanguage(order.language) ? order.language : "en";
  const about: MailOrder = {
    name: order.buyer_name,
    number: order.number,
    item: order.item_name,
    ref: order.ref_id,
    link: orderLink(deal, order),
    shopName: deal.shopName,
  };
  await gatherMail(
    trx,
    {
      to: order.buyer_email,
      replyTo: deal.ownerEmail,
      quoteId: order.quote_id,
      ...orderUpdateMail(language, about, change),
    },
    {
      key: `order:${order.number}`,
      windowMs: ORDER_MAIL_WINDOW_MS,
      part: change,
      write: (changes) => orderChangesMail(language, about, changes),
      // "Make no further payment" cannot wait ten minutes.
      urgent: change.kind === "cancelled",
    },
    now,
  );
}

/** Runs one change of an order in a transaction, the order locked; a refusal writes nothing. */
export async function withOrder(
  db: DB,
  number: string,
  change: (trx: DB, order: OrderRow) => Promise<OrderOutcome>,
): Promise<OrderOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, number);
      if (!order) return NOT_FOUND;
      const outcome = await change(trx, order);
      // A refusal writes nothing, whatever it had begun: it rolls back.
      if (!outcome.ok) throw new Refused(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

/** Carries a refusal out of its transaction, which it rolls back. */
class Refused extends Error {
  constructor(readonly outcome: OrderOutcome) {
    super("refused");
  }
}

/** A status as the owner's sentences name it. */
export const statusName = (status: string): Problem => problem(`messages.orderStatusNames.${status}`);
