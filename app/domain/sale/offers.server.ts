import { z } from "zod";
import type { DB } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import { landedPrice, portLabel } from "~/domain/freight/freight";
import { sizeClassOf } from "~/domain/inventory/size-class";
import { listFreightPorts } from "~/domain/freight/freight.server";
import { formatYen, parseYen } from "~/domain/inventory/price";
import { offerMail } from "./buyer-mails.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { canOffer, type QuoteStatus } from "./quote-status";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { parseForm, typedValues, type FieldProblems, type TypedValues } from "~/utils/forms";
import { formatDate, shopDay } from "~/i18n/format";
import { isLanguage } from "~/i18n/languages";
import { issue, problem, type Problem, type ProblemValues } from "~/i18n/problem";
import { getBankAccount, getDealSettings } from "./deal-settings.server";
import { endOfShopDay, shopDayAfter } from "./deal-time";
import { isRealDay } from "~/i18n/format";
import { OFFER_LINE_LABEL, OFFER_TERMS, type OfferLine, type OfferTerms } from "./deal-types";
import { buyerQuoteLink } from "./offer-links.server";
import type { DealImportCheck } from "./deal-import";
import { offerImportGate, recordImportOverride } from "./deal-import-verdict.server";
import { applyQuoteMove, lockQuote } from "./quote-moves.server";
import { fillTemplate } from "./reply-template-text";
import { getTemplate } from "./reply-templates.server";
import type { ShopSettings } from "~/domain/settings/settings";
import type { Refusal } from "~/domain/refusal";

import { mayPromise } from "./stock-moves.server";
/*
 * The owner's offer on a quote (issue 20.1): priced lines in whole yen, terms,
 * the destination port, how long it stands and a message. Writing one moves
 * the quote to Offered (replacing an open offer), and mails it to the buyer in
 * the language they asked in, with the way to answer it.
 */

/** The most one line may say: far above any vehicle, far below what whole yen can count exactly. */
export const OFFER_LINE_MAX = 1_000_000_000;
/** How far ahead an offer may stand. */
export const OFFER_VALID_MAX_DAYS = 90;
/** Named fees besides the shop's own lines. */
export const OTHER_FEES = 3;

const offerProblem = (key: string, values?: ProblemValues) => problem(`messages.offer.${key}`, values);

/** An amount field: empty is no line; otherwise whole yen, "¥1,250,000" or "1250000". */
const yenField = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim())
  .superRefine((v, ctx) => {
    if (v === "") return;
    const yen = parseYen(v);
    if (yen === null) ctx.addIssue({ code: "custom", message: issue(offerProblem("wholeYen")) });
    else if (yen > OFFER_LINE_MAX)
      ctx.addIssue({ code: "custom", message: issue(offerProblem("tooMuch", { max: formatYen(OFFER_LINE_MAX) })) });
  })
  .transform((v) => (v === "" ? null : parseYen(v)));

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= max, issue(offerProblem("tooLong", { max })));

const otherFields = Object.fromEntries(
  Array.from({ length: OTHER_FEES }, (_, i) => [
    [`otherName${i + 1}`, text(60)],
    [`otherAmount${i + 1}`, yenField],
  ]).flat(),
) as Record<string, typeof yenField | ReturnType<typeof text>>;

export const OfferFormSchema = z
  .object({
    fob: yenField,
    freight: yenField,
    insurance: yenField,
    inspection: yenField,
    ...otherFields,
    terms: z.enum(OFFER_TERMS, { error: issue(offerProblem("terms")) }),
    port: text(120),
    validUntil: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim())
      // A real day: "2026-02-30" is not one (Date would roll it over to March).
      .refine(isRealDay, {
        message: issue(offerProblem("validUntil")),
      }),
    message: text(4000),
    // The reply template chosen; its text is the message when none was typed (a browser without scripts).
    template: z
      .string()
      .optional()
      .transform((v) => (/^\d{1,9}$/.test((v ?? "").trim()) ? Number(v) : null)),
  })
  .superRefine((form, ctx) => {
    const value = form as Record<string, unknown>;
    if (form.fob === null) ctx.addIssue({ code: "custom", path: ["fob"], message: issue(offerProblem("fobRequired")) });
    for (let i = 1; i <= OTHER_FEES; i++) {
      const name = value[`otherName${i}`] as string;
      const amount = value[`otherAmount${i}`] as number | null;
      if (amount !== null && name === "")
        ctx.addIssue({ code: "custom", path: [`otherName${i}`], message: issue(offerProblem("feeName")) });
      if (amount === null && name !== "")
        ctx.addIssue({ code: "custom", path: [`otherAmount${i}`], message: issue(offerProblem("feeAmount")) });
    }
    if (form.terms !== "FOB" && form.freight === null)
      ctx.addIssue({ code: "custom", path: ["freight"], message: issue(offerProblem("freightNeeded")) });
    if (form.terms === "CIF" && form.insurance === null)
      ctx.addIssue({ code: "custom", path: ["insurance"], message: issue(offerProblem("insuranceNeeded")) });
    if (form.terms !== "FOB" && form.port === "")
      ctx.addIssue({ code: "custom", path: ["port"], message: issue(offerProblem("portNeeded")) });
  });

export type OfferForm = z.output<typeof OfferFormSchema>;

/** The offer's lines from the form, in the invoice's order; empty amounts are no line. */
export function offerLines(form: OfferForm): OfferLine[] {
  const value = form as Record<string, unknown>;
  const lines: OfferLine[] = [];
  for (const kind of ["fob", "freight", "insurance", "inspection"] as const) {
    const amount = value[kind] as number | null;
    if (amount !== null) lines.push({ kind, label: OFFER_LINE_LABEL[kind], amount });
  }
  for (let i = 1; i <= OTHER_FEES; i++) {
    const amount = value[`otherAmount${i}`] as number | null;
    if (amount !== null) lines.push({ kind: "other", label: value[`otherName${i}`] as string, amount });
  }
  return lines;
}

/** What the offer form starts with: the item's price, freight and insurance to the buyer's port from the freight table, the usual validity. */
export async function offerDefaults(db: DB, quoteId: number, now = new Date()): Promise<TypedValues> {
  const quote = await db
    .selectFrom("quotes")
    .select(["kind", "vehicle_id", "part_id", "quantity", "destination"])
    .where("id", "=", quoteId)
    .executeTakeFirstOrThrow();
  const settings = await getDealSettings(db);
  const values: TypedValues = { validUntil: shopDayAfter(now, settings.offerValidDays), terms: "FOB", port: "" };
  let fob: number | null = null;
  let size: ReturnType<typeof sizeClassOf> | null = null;
  if (quote.kind === "vehicle" && quote.vehicle_id !== null) {
    const v = await db
      .selectFrom("vehicles")
      .select(["price", "type", "sub_type", "engine_cc"])
      .where("id", "=", quote.vehicle_id)
      .executeTakeFirst();
    if (v) {
      fob = Number(v.price);
      size = sizeClassOf({ type: v.type, subType: v.sub_type, engineCc: v.engine_cc });
    }
  } else if (quote.part_id !== null) {
    const p = await db.selectFrom("parts").select("price").where("id", "=", quote.part_id).executeTakeFirst();
    if (p) fob = Number(p.price) * (quote.quantity ?? 1);
  }
  if (fob !== null) values.fob = String(fob);
  if (quote.destination) {
    values.port = quote.destination;
    const port = (await listFreightPorts(db)).find((p) => portLabel(p) === quote.destination);
    const landed = port && fob !== null && size ? landedPrice(fob, size, port) : null;
    if (landed) {
      values.freight = String(landed.freight);
      values.terms = landed.terms;
      if (landed.insurance > 0) values.insurance = String(landed.insurance);
      if (landed.inspection > 0) values.inspection = String(landed.inspection);
    }
  }
  return values;
}

/** Where mails and links point, and the secret that signs the answer links. */
export type DealContext = {
  ownerEmail: string;
  shopName: string;
  publicUrl: URL;
  sessionSecret: string;
  shop: ShopSettings;
};

/** The deal context from the shop's configuration. */
export function dealContext(config: {
  ownerEmail: string;
  publicUrl: URL;
  sessionSecret: string;
  shop: ShopSettings;
}): DealContext {
  return {
    ownerEmail: config.ownerEmail,
    shopName: config.shop.name,
    publicUrl: config.publicUrl,
    sessionSecret: config.sessionSecret,
    shop: config.shop,
  };
}

export type OfferOutcome =
  | { ok: true; offerId: number; total: number }
  | {
      ok: false;
      refusal: Refusal;
      message: Problem;
      errors: FieldProblems;
      values: TypedValues;
      /** The destination's import verdict, when the refusal is that it refuses the vehicle (issue 40). */
      importCheck?: DealImportCheck;
    };

const refused = (
  refusal: Refusal,
  message: Problem,
  values: TypedValues,
  errors: FieldProblems = {},
): OfferOutcome => ({ ok: false, refusal, message, errors, values });

/**
 * Writes the owner's offer from the form: checked in full first (a refusal
 * changes nothing and gives back what was typed), then saved with the quote's
 * move to Offered, the buyer's mail and the log, in one transaction.
 */
export async function createOffer(
  db: DB,
  deal: DealContext,
  number: string,
  fields: Record<string, unknown>,
  staff: Staff,
  now = new Date(),
): Promise<OfferOutcome> {
  const submission = parseForm(fields, OfferFormSchema);
  if (submission.status === "error")
    return refused("invalid", offerProblem("fix"), submission.values, submission.errors);
  const offer = submission.value;
  const typed = typedValues(fields);
  const today = shopDay(now);
  if (offer.validUntil < today)
    return refused("invalid", offerProblem("fix"), typed, { validUntil: offerProblem("validPast") });
  if (offer.validUntil > shopDayAfter(now, OFFER_VALID_MAX_DAYS))
    return refused("invalid", offerProblem("fix"), typed, {
      validUntil: offerProblem("validTooFar", { days: OFFER_VALID_MAX_DAYS }),
    });
  const lines = offerLines(offer);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (lines.length === 0 || total <= 0) return refused("invalid", offerProblem("noLines"), typed);
  if (total > OFFER_LINE_MAX)
    return refused("invalid", offerProblem("totalTooMuch", { max: formatYen(OFFER_LINE_MAX) }), typed);
  if (!(await getBankAccount(db))) return refused("conflict", offerProblem("noBank"), typed);
  const settings = await getDealSettings(db);

  return db.transaction().execute(async (trx) => {
    const quote = await lockQuote(trx, number);
    if (!quote) return refused("not-found", problem("messages.text.quoteNotFound"), typed);
    if (!canOffer(quote.status as QuoteStatus))
      return refused(
        "conflict",
        offerProblem("cannotOffer", { status: problem(`messages.statusNames.${quote.status}`) }),
        typed,
      );
    const row = await trx
      .selectFrom("quotes")
      .select(["name", "email", "item_name", "ref_id", "language", "customer_id"])
      .where("id", "=", quote.id)
      .executeTakeFirstOrThrow();
    if (quote.kind === "vehicle") {
      const vehicle = quote.vehicle_id
        ? await trx.selectFrom("vehicles").select("stock_status").where("id", "=", quote.vehicle_id).executeTakeFirst()
        : undefined;
      if (!vehicle) return refused("conflict", offerProblem("itemGone"), typed);
      if (vehicle.stock_status === "sold") return refused("conflict", offerProblem("itemSold"), typed);
    } else {
      const part = quote.part_id
        ? await trx.selectFrom("parts").select("stock_status").where("id", "=", quote.part_id).executeTakeFirst()
        : undefined;
      if (!part) return refused("conflict", offerProblem("itemGone"), typed);
      if (part.stock_status === "sold") return refused("conflict", offerProblem("itemSold"), typed);
      const wanted = Math.max(
        (await trx.selectFrom("quotes").select("quantity").where("id", "=", quote.id).executeTakeFirst())?.quantity ??
          1,
        1,
      );
      const promise = await mayPromise(trx, quote.part_id!, wanted);
      if (!promise.ok) return refused("conflict", offerProblem("onlyLeft", { left: promise.left, wanted }), typed);
    }
    // A destination whose import rule refuses the vehicle needs the owner's override and its reason.
    const gate = await offerImportGate(trx, quote.id, offer.port, fields, now);
    if (!gate.ok)
      return {
        ok: false,
        refusal: "invalid",
        message: offerProblem("fix"),
        errors: gate.errors,
        values: typed,
        importCheck: gate.check,
      };
    const at = now.toISOString();
    const actor = { kind: "staff" as const, id: staff.adminId };
    const moved = await applyQuoteMove(trx, quote, "offer", "staff", actor, at);
    if (!moved.ok) return refused("conflict", moved.message, typed);
    const validUntil = endOfShopDay(offer.validUntil);
    const port = offer.port || "Japan";
    const chosen = offer.message === "" && offer.template !== null ? await getTemplate(trx, offer.template) : null;
    const message = fillTemplate(chosen?.body ?? offer.message, {
      buyer_name: row.name,
      vehicle: row.item_name,
      total: formatYen(total),
      port,
      valid_until: formatDate(validUntil, "en"),
    });
    const inserted = await trx
      .insertInto("offers")
      .values({
        quote_id: quote.id,
        lines: JSON.stringify(lines),
        total,
        terms: offer.terms as OfferTerms,
        port,
        valid_until: validUntil,
        message,
        created_by: staff.adminId,
        created_at: at,
        answered_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordImportOverride(trx, { id: inserted.id, quoteId: quote.id, quoteNumber: quote.number }, gate, actor, at);
    const link = buyerQuoteLink(
      deal,
      { number: quote.number, customerId: row.customer_id },
      { id: inserted.id, valid_until: validUntil },
    );
    await enqueueMail(trx, {
      to: row.email,
      replyTo: deal.ownerEmail,
      quoteId: quote.id,
      ...offerMail(isLanguage(row.language) ? row.language : "en", {
        name: row.name,
        item: row.item_name,
        ref: row.ref_id,
        number: quote.number,
        lines,
        total,
        terms: offer.terms,
        port,
        validUntil,
        holdDays: settings.holdWorkingDays,
        message,
        link,
        shopName: deal.shopName,
        vehicle: quote.kind === "vehicle",
      }),
    });
    await logActivity(trx, {
      actor,
      action: "offer.created",
      subject: { kind: "quote", id: String(quote.id) },
      summary: `Offer on quote ${quote.number}: ${offer.terms} ${port} ${formatYen(total)}, valid until ${offer.validUntil}`,
      at,
    });
    return { ok: true, offerId: inserted.id, total } as const;
  });
}
