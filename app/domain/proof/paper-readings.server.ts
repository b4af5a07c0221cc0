import type { DB } from "~/db/db.server";
import type { Refusal } from "~/domain/refusal";
import { logActivity } from "~/domain/activity/activity.server";
import type { DocumentStore } from "~/domain/media/document-store.server";
import { staffText } from "~/domain/staff/staff-problems";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { shopDay } from "~/i18n/format";
import type { Problem } from "~/i18n/problem";
import { type FieldProblems, parseForm, type TypedValues, typedValues } from "~/utils/forms";
import { type AuctionSheet, readAuctionSheet } from "./auction-sheets.server";
import { PAPER_SAVED, type PaperReadingFields, paperReadingSchema } from "./auction-sheet.schema";
import { disagreements, type Reading, type ReadingKind, READING_KINDS } from "./paper-check";
import { checkUpload, savePaper, type SheetUpload } from "./papers.server";

/*
 * The export certificate's and the pre-shipment inspection's readings (issue
 * 45.2): typed by the owner from the paper, with the paper's file when they
 * have it (kept privately: a buyer sees its fingerprint, not the paper, which
 * names the seller in Japan). Each save is the next version; nothing is
 * deleted. `vehicleReadings` puts every paper's figures beside the listing's.
 */

const PAPER_REFUSED = staffText("paperRefused");

export type SavePaperOutcome =
  | { ok: true; version: number; message: Problem; disagree: boolean }
  | { ok: false; refusal: Refusal; message: Problem; errors: FieldProblems; values: TypedValues };

export function isReadingKind(value: string): value is ReadingKind {
  return (READING_KINDS as readonly string[]).includes(value);
}

/** Saves what a paper reads, with its file when sent; a refusal stores nothing. */
export async function savePaperReadings(
  db: DB,
  store: DocumentStore,
  vehicleId: number,
  kind: ReadingKind,
  form: Record<string, unknown>,
  upload: SheetUpload | null,
  staff: Staff,
  now = new Date(),
): Promise<SavePaperOutcome> {
  const submission = parseForm(form, paperReadingSchema(kind, shopDay(now)));
  const values = typedValues(form);
  const refuse = (refusal: Refusal, errors: FieldProblems, message = PAPER_REFUSED): SavePaperOutcome => ({
    ok: false,
    refusal,
    message,
    errors,
    values,
  });
  const file = await checkUpload(upload);
  if (!file.ok) {
    const errors = { ...(submission.status === "error" ? submission.errors : {}), file: file.problem };
    return refuse(file.tooLarge && submission.status !== "error" ? "too-large" : "invalid", errors);
  }
  if (submission.status === "error") return refuse("invalid", submission.errors);
  const exists = await db.selectFrom("vehicles").select("id").where("id", "=", vehicleId).executeTakeFirst();
  if (!exists) return refuse("not-found", {}, staffText("productNotFound"));
  const fields = submission.value;
  const at = now.toISOString();
  const saved = await savePaper(db, store, vehicleId, kind, file.checked, staff, at, async (trx, added) => {
    const last = await trx
      .selectFrom("paper_readings")
      .select((eb) => eb.fn.max("version").as("version"))
      .where("vehicle_id", "=", vehicleId)
      .where("kind", "=", kind)
      .executeTakeFirst();
    const next = Number(last?.version ?? 0) + 1;
    await trx
      .insertInto("paper_readings")
      .values({
        vehicle_id: vehicleId,
        kind,
        version: next,
        reference: fields.reference,
        issued_on: fields.issuedOn,
        mileage_km: fields.mileageKm,
        manufactured_month: fields.manufactured,
        registered_month: fields.registered,
        paper_id: added.paper?.id ?? null,
        saved_at: at,
        saved_by: staff.adminId,
      })
      .execute();
    await logActivity(trx, {
      actor: { kind: "staff", id: String(staff.id) },
      action: "vehicle.paper",
      subject: { kind: "vehicle", id: String(vehicleId) },
      summary: `${kind === "inspection" ? "Inspection" : "Export certificate"} of vehicle ${vehicleId}: readings ${next}${added.kept ? `, file ${added.paper!.version}` : ""}`,
      at,
    });
    return next;
  });
  if (!saved.ok)
    return saved.refusal === "unavailable"
      ? refuse("unavailable", { file: saved.problem })
      : refuse("not-found", {}, staffText("productNotFound"));
  const disagree = disagreements(await vehicleReadings(db, vehicleId)).length > 0;
  return { ok: true, version: saved.value, message: PAPER_SAVED, disagree };
}

/** The current readings of each paper kind the owner typed, by kind. */
export async function currentPaperReadings(db: DB, vehicleId: number) {
  const rows = await db
    .selectFrom("paper_readings as r")
    .leftJoin("vehicle_papers as p", "p.id", "r.paper_id")
    .select([
      "r.kind",
      "r.version",
      "r.reference",
      "r.issued_on",
      "r.mileage_km",
      "r.manufactured_month",
      "r.registered_month",
      "r.saved_at",
      "p.version as paper_version",
      "p.sha256",
    ])
    .where("r.vehicle_id", "=", vehicleId)
    .orderBy("r.version", "desc")
    .execute();
  const out: Partial<
    Record<ReadingKind, PaperReadingFields & { version: number; savedAt: string; sha256: string | null }>
  > = {};
  for (const r of rows) {
    if (out[r.kind]) continue;
    out[r.kind] = {
      kind: r.kind,
      version: r.version,
      reference: r.reference,
      issuedOn: r.issued_on,
      mileageKm: r.mileage_km,
      manufactured: r.manufactured_month,
      registered: r.registered_month,
      savedAt: r.saved_at,
      sha256: r.sha256,
    };
  }
  return out;
}

/** The listing's figures and every paper's, for `disagreements` and the pages' side-by-side table. */
export async function vehicleReadings(
  db: DB,
  vehicleId: number,
  /** The vehicle's current sheet when the caller has read it already. */
  known?: AuctionSheet | null,
): Promise<Reading[]> {
  const vehicle = await db
    .selectFrom("vehicles")
    .select(["mileage", "manufactured_month", "registered_month"])
    .where("id", "=", vehicleId)
    .executeTakeFirst();
  if (!vehicle) return [];
  const readings: Reading[] = [
    {
      source: "listing",
      mileageKm: vehicle.mileage,
      manufactured: vehicle.manufactured_month,
      registered: vehicle.registered_month,
      on: null,
    },
  ];
  const sheet = known === undefined ? await readAuctionSheet(db, vehicleId) : known;
  if (sheet)
    readings.push({
      source: "auction_sheet",
      mileageKm: sheet.fields.mileageKm,
      manufactured: sheet.fields.manufactured,
      registered: sheet.fields.registered,
      on: sheet.fields.auctionDate,
    });
  const papers = await currentPaperReadings(db, vehicleId);
  for (const kind of READING_KINDS) {
    const p = papers[kind];
    if (p)
      readings.push({
        source: kind,
        mileageKm: p.mileageKm,
        manufactured: p.manufactured,
        registered: p.registered,
        on: p.issuedOn,
      });
  }
  return readings;
}
