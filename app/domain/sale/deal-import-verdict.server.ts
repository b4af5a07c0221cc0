import type { DB } from "~/db/db.server";
import { logActivity, type ActivityEntry } from "~/domain/activity/activity.server";
import { portLabel } from "~/domain/freight/freight";
import { listFreightPorts } from "~/domain/freight/freight.server";
import type { FieldProblems } from "~/utils/forms";
import type { Refusal } from "~/domain/refusal";
import { ageStart, countryKey, earliestFor, importVerdict, vehicleKind } from "~/domain/imports/import-rules";
import { monthText, yearOf } from "~/domain/inventory/months";
import { getImportSettings, importLimit, ruleForCountry, shippingMonths } from "~/domain/imports/import-rules.server";
import { problem, type Problem } from "~/i18n/problem";
import {
  type DealImportCheck,
  IMPORT_OVERRIDE_FIELD,
  IMPORT_READ_FIELD,
  IMPORT_REASON_FIELD,
  IMPORT_REASON_MAX,
  refusesVehicle,
} from "./deal-import";
import type { InvoiceDocument } from "./deal-types";

/*
 * The import rule at the deal (issue 40). The site told the buyer a car was
 * too old for Kenya, and yet the owner could offer it C&F Mombasa and the
 * buyer accept it. Here, in one place, the verdict of a quote's vehicle for
 * an offer's destination (importVerdict with the rule and months of
 * import-rules.server.ts, never a copy): shown on the owner's and the buyer's
 * pages, required to be overridden with a reason to send the offer, checked
 * again when the buyer accepts (a rule may have come or tightened since), and
 * kept on the invoice. Parts are not judged by age and have no verdict here.
 */

export type { DealImportCheck };

/** A port as written in an offer or a quote, matched whatever its case and spacing. */
/** A port label as the freight table and the buyer may write it: case and spacing do not count. */
export const portKey = (text: string) => countryKey(text);

/**
 * The country an offer goes to: its port's (a port of the freight table, else
 * the country after the label's last comma, "Mombasa, Kenya"), else the
 * quote's port's, else the country the buyer gave.
 */
export async function destinationCountry(
  db: DB,
  quote: { destination: string | null; country: string },
  port: string | null,
): Promise<string | null> {
  const ports = await listFreightPorts(db);
  const countryOf = (text: string | null): string | null => {
    if (!text || !text.trim()) return null;
    const known = ports.find((p) => portKey(portLabel(p)) === portKey(text));
    if (known) return known.country;
    const comma = text.lastIndexOf(",");
    const after = comma >= 0 ? text.slice(comma + 1).trim() : "";
    return after === "" ? null : after;
  };
  return countryOf(port) ?? countryOf(quote.destination) ?? (quote.country.trim() || null);
}

/**
 * The verdict of the quote's vehicle for the offer's destination (`port`: the
 * offer's, or null to go by the quote's), at `now`. Null for a part, or a
 * vehicle no longer in the stock.
 */
export async function dealImportCheck(
  db: DB,
  quoteId: number,
  port: string | null,
  now = new Date(),
): Promise<DealImportCheck | null> {
  const quote = await db
    .selectFrom("quotes")
    .select(["kind", "vehicle_id", "destination", "country"])
    .where("id", "=", quoteId)
    .executeTakeFirst();
  if (!quote || quote.kind !== "vehicle" || quote.vehicle_id === null) return null;
  const v = await db
    .selectFrom("vehicles")
    .select(["year", "manufactured_month", "registered_month", "steering", "type", "sub_type", "seats"])
    .where("id", "=", quote.vehicle_id)
    .executeTakeFirst();
  if (!v) return null;
  const country = await destinationCountry(db, quote, port);
  if (!country) return null;
  const rule = await ruleForCountry(db, country);
  const when = shippingMonths(await getImportSettings(db), now);
  const facts = {
    year: Number(v.year),
    manufactured: v.manufactured_month === null ? null : Number(v.manufactured_month),
    registered: v.registered_month === null ? null : Number(v.registered_month),
    steering: v.steering,
    importKind: vehicleKind({ type: v.type, subType: v.sub_type, seats: v.seats }),
  };
  const verdict = importVerdict(facts, rule?.country ?? country, rule, when);
  const limit = importLimit(rule?.country ?? country, rule, when);
  const age =
    verdict.kind === "too_old" && limit.admits && earliestFor(limit, facts.importKind) !== null
      ? {
          from: limit.from,
          start: ageStart(facts, limit.from),
          earliest: earliestFor(limit, facts.importKind)!,
          byYear: verdict.rule.ageCount === "years" || verdict.rule.ageFrom === "year_after_manufacture",
        }
      : null;
  return { country: rule?.country ?? country, verdict, refused: refusesVehicle(verdict), age };
}

/** The verdict in English, as the invoice prints it (the language of the trade, like the rest of it). */
export function importCheckText(check: DealImportCheck): string {
  const { country, verdict, age } = check;
  const rule = "rule" in verdict ? verdict.rule : null;
  const checked = rule ? ` (rule checked ${rule.checkedOn}${rule.confirmed ? "" : ", unconfirmed"})` : "";
  const when = (m: number) => (age?.byYear ? String(yearOf(m)) : monthText(m));
  switch (verdict.kind) {
    case "too_old":
      return age
        ? `Too old for ${country}: ${age.from === "registration" ? "first registered" : "manufactured"} ${when(age.start)}, ${country} admits ${when(age.earliest)} or later${checked}.`
        : `Too old for ${country}: it had to ship by ${monthText(verdict.lastShip)}${checked}.`;
    case "wrong_steering":
      return `${country} admits only ${verdict.required.toLowerCase()}-hand drive vehicles; this one is not${checked}.`;
    case "steering_unknown":
      return `${country} admits only ${verdict.required.toLowerCase()}-hand drive vehicles; this one's steering is not on file${checked}.`;
    case "not_admitted":
      return `${country} admits no used vehicles${checked}.`;
    case "importable":
      return verdict.shipBy === null
        ? `Can be imported into ${country}${checked}.`
        : `Can be imported into ${country} if it ships by ${monthText(verdict.shipBy)}${checked}.`;
    default:
      return `No import rule on file for ${country}: the buyer confirms with their importer.`;
  }
}

const ticked = (value: unknown) => value === "on" || value === "1" || value === "true" || value === true;

export type OfferImportGate =
  | { ok: true; check: DealImportCheck | null; reason: string | null }
  | { ok: false; check: DealImportCheck; errors: FieldProblems };

/**
 * Whether the owner may send an offer to `port` (the offer's, or "" for the
 * quote's): a destination that refuses the vehicle needs the override ticked
 * and a reason. `reason` is null when no override is needed or given.
 */
export async function offerImportGate(
  db: DB,
  quoteId: number,
  port: string,
  fields: Record<string, unknown>,
  now = new Date(),
): Promise<OfferImportGate> {
  const check = await dealImportCheck(db, quoteId, port, now);
  if (!check?.refused) return { ok: true, check, reason: null };
  const reason = String(fields[IMPORT_REASON_FIELD] ?? "").trim();
  const errors: FieldProblems = {};
  if (!ticked(fields[IMPORT_OVERRIDE_FIELD]))
    errors[IMPORT_OVERRIDE_FIELD] = problem("messages.offer.importRefused", { country: check.country });
  else if (reason === "") errors[IMPORT_REASON_FIELD] = problem("messages.offer.importReason");
  else if (reason.length > IMPORT_REASON_MAX)
    errors[IMPORT_REASON_FIELD] = problem("messages.offer.tooLong", { max: IMPORT_REASON_MAX });
  if (Object.keys(errors).length > 0) return { ok: false, check, errors };
  return { ok: true, check, reason };
}

/** Keeps the owner's override and its reason on the offer just written, and logs it. */
export async function recordImportOverride(
  trx: DB,
  offer: { id: number; quoteId: number; quoteNumber: string },
  gate: OfferImportGate,
  actor: ActivityEntry["actor"],
  at: string,
): Promise<void> {
  if (!gate.ok || !gate.check || gate.reason === null) return;
  await trx
    .updateTable("offers")
    .set({ import_override: 1, import_override_reason: gate.reason })
    .where("id", "=", offer.id)
    .execute();
  await logActivity(trx, {
    actor,
    action: "offer.import_override",
    subject: { kind: "quote", id: String(offer.quoteId) },
    summary: `Offer on quote ${offer.quoteNumber} sent despite the import rule: ${importCheckText(gate.check)} Reason: ${gate.reason}`,
    at,
  });
}

/** What the buyer's accept form sends besides the answer. */
export type AcceptConfirmations = { importWarningRead?: boolean };

/** The buyer's tick from the accept form. */
export function acceptConfirmations(fields: Record<string, unknown>): AcceptConfirmations {
  return { importWarningRead: ticked(fields[IMPORT_READ_FIELD]) };
}

/**
 * Whether the buyer may accept this offer as the import rule stands now (it
 * may have come or tightened since the offer): null when they may; refused
 * when the rule refuses the vehicle and the owner did not override it, or
 * did and the buyer has not ticked that they read the warning.
 */
export async function acceptImportRefusal(
  trx: DB,
  quoteId: number,
  offer: { port: string; import_override: number },
  confirm: AcceptConfirmations,
  now: Date,
): Promise<{ ok: false; refusal: Refusal; message: Problem } | null> {
  const check = await dealImportCheck(trx, quoteId, offer.port, now);
  if (!check?.refused) return null;
  if (!Number(offer.import_override))
    return {
      ok: false,
      refusal: "conflict",
      message: problem("deal.problems.importRefused", { country: check.country }),
    };
  if (!confirm.importWarningRead)
    return {
      ok: false,
      refusal: "invalid",
      message: problem("deal.problems.importUnread", { country: check.country }),
    };
  return null;
}

/** What the invoice of an accepted offer keeps of the rule: the verdict at acceptance, and the override if any. */
export async function invoiceImportCheck(
  trx: DB,
  quoteId: number,
  offerId: number,
  now: Date,
): Promise<InvoiceDocument["importCheck"]> {
  const offer = await trx
    .selectFrom("offers")
    .select(["port", "import_override", "import_override_reason"])
    .where("id", "=", offerId)
    .executeTakeFirst();
  if (!offer) return undefined;
  const check = await dealImportCheck(trx, quoteId, offer.port, now);
  if (!check) return undefined;
  // Accepted while refused: only with the owner's override and the buyer's tick (acceptImportRefusal).
  const override =
    check.refused && Number(offer.import_override)
      ? `Offered by the seller despite the rule: ${(offer.import_override_reason ?? "").replace(/[.\s]+$/, "")}. The buyer confirmed having read this warning.`
      : null;
  return {
    country: check.country,
    verdict: check.verdict.kind,
    refused: check.refused,
    text: importCheckText(check),
    override,
  };
}
