import { z } from "zod";
import type { DB } from "~/db/db.server";
import { INVALID_EMAIL, requiredText, tooLong } from "~/domain/buyer-fields";
import { PHONE_PROBLEMS } from "~/domain/contact-fields";
import { type CountryCode, findCountry } from "~/domain/countries";
import { readPhone } from "~/domain/phone-numbers";
import type { Refusal } from "~/domain/refusal";
import { readTaxId, TAX_IDS } from "~/domain/tax-ids";
import { issue, type Problem, problem } from "~/i18n/problem";
import { type FieldProblems, fieldProblems, type TypedValues, typedValues } from "~/utils/forms";
import type { InvoiceDocument, InvoiceParty } from "./deal-types";
import { addOrderEvent, lockOrder } from "./order-moves.server";
import type { DealContext } from "./offers.server";
import { partiesGivenMail } from "./owner-mails.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { hasShipped, type OrderStatus } from "./order-status";

/*
 * Who the bill of lading names (issue 42.1): the consignee, who takes the
 * vehicle at the destination's port (the buyer, another person or company,
 * or their clearing agent), and the party the ship's agent notifies. The
 * buyer gives them once the offer is accepted, until the bill of lading is
 * made out; they print on the invoice from then on. Once given, a change
 * goes through the shop, never a form alone, and the owner is mailed to
 * confirm the first by phone: a hijacked mailbox must not be able to send
 * a car to someone else unseen.
 */

export const PARTY_ROLES = ["consignee", "notify"] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

/** A problem of the buyer's consignee form, from the `messages` catalogue. */
const partiesProblem = (key: string, values?: Record<string, string>) => problem(`consignee.${key}`, values);

export type PartiesOutcome =
  | { ok: true; message: Problem }
  | { ok: false; refusal: Refusal; message: Problem; errors?: FieldProblems; values?: TypedValues };

const refused = (refusal: Refusal, key: string): PartiesOutcome => ({
  ok: false,
  refusal,
  message: partiesProblem(key),
});

/** One party's four fields, read for the destination `country` (local phone numbers, its tax number); each field's problem at once. */
function partySchema(prefix: PartyRole, country: CountryCode | null) {
  return z.object({
    name: requiredText(`${prefix}Name`, 140),
    address: requiredText(`${prefix}Address`, 300),
    phone: requiredText(`${prefix}Phone`, 30).transform((text, ctx) => {
      const phone = readPhone(text, country);
      if (phone.ok) return phone.phone;
      ctx.addIssue({ code: "custom", message: PHONE_PROBLEMS[phone.reason] });
      return z.NEVER;
    }),
    taxId: z
      .string()
      .default("")
      .transform((text, ctx) => {
        // Customs ask the consignee's number; the notify party's is given only when the buyer wishes.
        const taxId = readTaxId(text, prefix === "consignee" ? country : null);
        if (taxId.ok) return taxId.taxId;
        const kinds = taxId.kinds.map((k) => k.name).join(" / ");
        const examples = taxId.kinds.map((k) => k.example).join(" / ");
        ctx.addIssue({ code: "custom", message: issue(`consignee.taxId${cap(taxId.reason)}`, { kinds, examples }) });
        return z.NEVER;
      }),
    email: z
      .string()
      .default("")
      .transform((text) => text.trim())
      .pipe(z.union([z.literal(""), z.string().max(254, tooLong("email", 254)).pipe(z.email(INVALID_EMAIL))]))
      .transform((email) => email || undefined),
  }) satisfies z.ZodType<InvoiceParty, unknown>;
}

const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The form's flat fields as one party's object: consigneeName → { name }. */
function partyFields(form: Record<string, unknown>, prefix: PartyRole) {
  const field = (name: string) => (typeof form[`${prefix}${name}`] === "string" ? form[`${prefix}${name}`] : "");
  return {
    name: field("Name"),
    address: field("Address"),
    phone: field("Phone"),
    taxId: field("TaxId"),
    email: field("Email"),
  };
}

export type PartiesInput = { consignee: InvoiceParty; notify: InvoiceParty | null };

/**
 * The consignee form as typed, for an order bound for `destination` (the
 * country as the shop stores it): the parties, or each field's problem and
 * what was typed. `notifySame` leaves the notify party as the consignee.
 */
export function readPartiesForm(
  form: Record<string, unknown>,
  destination: string,
): { ok: true; parties: PartiesInput } | { ok: false; errors: FieldProblems; values: TypedValues } {
  const country = findCountry(destination);
  const same = form.notifySame === "on" || form.notifySame === "true";
  const schema = z.object({
    consignee: partySchema("consignee", country),
    notify: same ? z.null() : partySchema("notify", country),
  });
  const parsed = schema.safeParse({
    consignee: partyFields(form, "consignee"),
    notify: same ? null : partyFields(form, "notify"),
  });
  if (parsed.success) return { ok: true, parties: parsed.data };
  // Problems come back at consignee.name; the form's fields are named consigneeName.
  const errors = fieldProblems(
    parsed.error.issues.map((found) => ({
      ...found,
      path: [`${String(found.path[0])}${cap(String(found.path[1] ?? ""))}`],
    })),
  );
  return { ok: false, errors, values: typedValues(form) };
}

const fromRow = (row: {
  name: string;
  address: string;
  phone: string;
  tax_id: string;
  email: string;
}): InvoiceParty => ({
  name: row.name,
  address: row.address,
  phone: row.phone,
  taxId: row.tax_id,
  ...(row.email ? { email: row.email } : {}),
});

/** The parties given for an order; both absent until the buyer gives them, notify absent when it is the consignee. */
export type GivenParties = { consignee?: InvoiceParty; notify?: InvoiceParty };

export async function partiesOf(db: DB, orderId: number): Promise<GivenParties> {
  const rows = await db.selectFrom("order_parties").selectAll().where("order_id", "=", orderId).execute();
  const found: GivenParties = {};
  for (const row of rows) found[row.role] = fromRow(row);
  return found;
}

/** Why the buyer can no longer give the parties: given already, the order cancelled, or the bill of lading made out. */
export type PartiesLock = "given" | "closed" | "billOfLading" | null;

async function lockOf(db: DB, order: { id: number; status: OrderStatus }): Promise<PartiesLock> {
  // Cancelled or shipped first: then nothing can be given or changed, whether given or not.
  const blocked = await changeBlockedBy(db, order);
  if (blocked) return blocked;
  const given = await db.selectFrom("order_parties").select("id").where("order_id", "=", order.id).executeTakeFirst();
  return given ? "given" : null;
}

/** Why the parties can no longer change at all: the order cancelled, or the bill of lading made out. */
export async function changeBlockedBy(
  db: DB,
  order: { id: number; status: OrderStatus },
): Promise<"closed" | "billOfLading" | null> {
  if (order.status === "cancelled") return "closed";
  const billOfLading = await db
    .selectFrom("order_documents")
    .select("id")
    .where("order_id", "=", order.id)
    .where("kind", "=", "bill_of_lading")
    .where("removed_at", "is", null)
    .executeTakeFirst();
  return hasShipped(order.status) || billOfLading ? "billOfLading" : null;
}

/** A party as the invoice prints it: its e-mail address stays with the shop. */
const printed = ({ email: _email, ...party }: InvoiceParty): InvoiceParty => party;

/**
 * Writes an order's parties in place of any given before, and onto its
 * invoice, whose kept PDF is made again when next asked for. The callers
 * hold the order's lock and have checked who may write them.
 */
export async function writeParties(
  trx: DB,
  order: { id: number; invoice_id: number },
  parties: PartiesInput,
  at: string,
): Promise<void> {
  await trx.deleteFrom("order_parties").where("order_id", "=", order.id).execute();
  const rows = [
    { role: "consignee" as const, party: parties.consignee },
    ...(parties.notify ? [{ role: "notify" as const, party: parties.notify }] : []),
  ];
  for (const { role, party } of rows)
    await trx
      .insertInto("order_parties")
      .values({
        order_id: order.id,
        role,
        name: party.name,
        address: party.address,
        phone: party.phone,
        tax_id: party.taxId,
        email: party.email ?? "",
        given_at: at,
      })
      .execute();
  const invoice = await trx
    .selectFrom("invoices")
    .select(["id", "document"])
    .where("id", "=", order.invoice_id)
    .executeTakeFirstOrThrow();
  const document = JSON.parse(invoice.document) as InvoiceDocument;
  document.consignee = printed(parties.consignee);
  if (parties.notify) document.notify = printed(parties.notify);
  else delete document.notify;
  await trx
    .updateTable("invoices")
    .set({ document: JSON.stringify(document) })
    .where("id", "=", invoice.id)
    .execute();
}

/**
 * The buyer gives the consignee and notify party of their order. Only the
 * order's own buyer, only before the bill of lading is made out (shipped, or
 * its paper uploaded), only once: a second time is refused, the first kept.
 * The invoice prints them from then on (its kept PDF is made again).
 */
export async function giveParties(
  db: DB,
  deal: Pick<DealContext, "ownerEmail" | "publicUrl">,
  buyer: { customerId: number },
  orderNumber: string,
  parties: PartiesInput,
  now = new Date(),
): Promise<PartiesOutcome> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderNumber);
    if (!order || order.customer_id !== buyer.customerId) return refused("not-found", "notFound");
    const lock = await lockOf(trx, order);
    if (lock) return refused("conflict", lock === "given" ? "alreadyGiven" : lock);

    const at = now.toISOString();
    await writeParties(trx, order, parties, at);
    await addOrderEvent(
      trx,
      order.id,
      "parties",
      { consignee: parties.consignee.name, notify: parties.notify?.name ?? null },
      "customer",
      at,
    );
    await enqueueMail(trx, {
      to: deal.ownerEmail,
      replyTo: order.buyer_email,
      quoteId: order.quote_id,
      ...partiesGivenMail({
        publicUrl: deal.publicUrl,
        order: order.number,
        buyer: order.buyer_name,
        consignee: parties.consignee,
        notify: parties.notify?.name ?? null,
      }),
    });
    return { ok: true, message: partiesProblem("saved") };
  });
}

/**
 * What the buyer's consignee page shows for their order: its destination and
 * the numbers its customs take, the parties given and whether the form is
 * still open. Null when it is not this buyer's order.
 */
export async function partiesPage(db: DB, customerId: number, orderNumber: string) {
  const order = await db
    .selectFrom("orders")
    .select(["id", "number", "status", "buyer_name", "buyer_country", "customer_id"])
    .where("number", "=", orderNumber)
    .executeTakeFirst();
  if (!order || order.customer_id !== customerId) return null;
  const given = await partiesOf(db, order.id);
  const lock = await lockOf(db, order);
  const country = findCountry(order.buyer_country);
  return {
    orderId: order.id,
    number: order.number,
    buyerName: order.buyer_name,
    destination: order.buyer_country,
    taxIds: ((country && TAX_IDS[country]) || []).map((k) => ({ name: k.name, example: k.example })),
    given,
    lock,
  };
}

/** The parties given for an order by its number, for the owner's order page (the caller checked who asks). */
export async function partiesOfOrder(db: DB, orderNumber: string): Promise<GivenParties> {
  const order = await db.selectFrom("orders").select("id").where("number", "=", orderNumber).executeTakeFirst();
  return order ? partiesOf(db, order.id) : {};
}
