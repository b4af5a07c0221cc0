import type { DB } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import { lockVehicle } from "~/domain/proof/papers.server";
import type { Refusal } from "~/domain/refusal";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { staffText } from "~/domain/staff/staff-problems";
import { shopDay } from "~/i18n/format";
import type { Problem } from "~/i18n/problem";
import { type FieldProblems, parseForm, type TypedValues } from "~/utils/forms";
import { keepUntil, PURCHASE_KEEP_YEARS, type PurchaseFields, type PurchaseRecord, totalCost } from "./purchase";
import { PURCHASE_SAVED, purchaseSchema } from "./purchase.schema";

/*
 * A vehicle's purchase record and costs (issue 46.1, 46.2): saved whole as a
 * new version each time (the earlier ones stay readable), the vehicle's facts
 * copied in so the record outlives a deleted listing, kept at least three
 * years from the purchase. Staff-only: nothing here is read by a buyer's page.
 */

export type SavePurchaseOutcome =
  | { ok: true; version: number; message: Problem }
  | { ok: false; refusal: Refusal; message: Problem; errors?: FieldProblems; values?: TypedValues };

const NOTHING_CHANGED = staffText("purchaseUnchanged");

type RecordRow = {
  id: number;
  vehicle_id: number | null;
  ref_id: string;
  vehicle_name: string;
  fields: string;
  version: number;
  keep_until: string;
  saved_at: string;
  saved_by: string;
};

function recordOf(row: RecordRow): PurchaseRecord {
  return {
    ...(JSON.parse(row.fields) as PurchaseFields),
    id: row.id,
    vehicleId: row.vehicle_id,
    refId: row.ref_id,
    vehicleName: row.vehicle_name,
    version: row.version,
    savedAt: row.saved_at,
    savedBy: row.saved_by,
    keepUntil: row.keep_until,
  };
}

const RECORD_COLUMNS = [
  "id",
  "vehicle_id",
  "ref_id",
  "vehicle_name",
  "fields",
  "version",
  "keep_until",
  "saved_at",
  "saved_by",
] as const;

/** What the purchase form starts from for a vehicle: its reference, name and the facts the record copies. */
export async function vehicleForBooks(db: DB, vehicleId: number) {
  const row = await db
    .selectFrom("vehicles")
    .select(["id", "ref_id", "name", "chassis_number", "year", "color"])
    .where("id", "=", vehicleId)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        refId: row.ref_id,
        name: row.name,
        chassisNumber: row.chassis_number ?? "",
        year: row.year,
        colour: row.color ?? "",
      }
    : null;
}

/** The vehicle's purchase record, or null when the owner has not entered it. */
export async function purchaseOf(db: DB, vehicleId: number): Promise<PurchaseRecord | null> {
  const row = await db
    .selectFrom("purchase_records")
    .select(RECORD_COLUMNS)
    .where("vehicle_id", "=", vehicleId)
    .executeTakeFirst();
  return row ? recordOf(row) : null;
}

/** Every saved version of a record, newest first, each as it was saved. */
export async function purchaseVersions(db: DB, recordId: number) {
  const rows = await db
    .selectFrom("purchase_record_versions")
    .select(["version", "fields", "saved_at", "saved_by"])
    .where("record_id", "=", recordId)
    .orderBy("version", "desc")
    .execute();
  return rows.map((r) => ({
    version: r.version,
    fields: JSON.parse(r.fields) as PurchaseFields,
    savedAt: r.saved_at,
    savedBy: r.saved_by,
  }));
}

/** The purchase records of vehicles bought from `from` to `to` (shop days, both included), in the order bought. */
export async function purchaseLedger(db: DB, from: string, to: string): Promise<PurchaseRecord[]> {
  const rows = await db
    .selectFrom("purchase_records")
    .select(RECORD_COLUMNS)
    .where("bought_on", ">=", from)
    .where("bought_on", "<=", to)
    .orderBy("bought_on")
    .orderBy("id")
    .execute();
  return rows.map(recordOf);
}

/**
 * Saves the owner's purchase record and costs of a vehicle from its form.
 * Refused with every field's problem and what was typed; a save that changes
 * nothing makes no version.
 */
export async function savePurchase(
  db: DB,
  vehicleId: number,
  form: Record<string, unknown>,
  staff: Staff,
  now = new Date(),
): Promise<SavePurchaseOutcome> {
  const vehicle = await db
    .selectFrom("vehicles")
    .select(["id", "ref_id", "name", "chassis_number"])
    .where("id", "=", vehicleId)
    .executeTakeFirst();
  if (!vehicle) return { ok: false, refusal: "not-found", message: staffText("vehicleNotFound") };
  const today = shopDay(now);
  const parsed = parseForm(form, purchaseSchema(today, { chassisNumber: vehicle.chassis_number }));
  if (parsed.status !== "success")
    return {
      ok: false,
      refusal: "invalid",
      message: staffText("purchaseRefused"),
      errors: parsed.errors,
      values: parsed.values,
    };
  const fields = parsed.value;
  const json = JSON.stringify(fields);
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<SavePurchaseOutcome> => {
    // One save of a vehicle's record at a time: a double submit waits, then finds its twin saved.
    if (!(await lockVehicle(trx, vehicle.id)))
      return { ok: false, refusal: "not-found", message: staffText("vehicleNotFound") };
    const current = await trx
      .selectFrom("purchase_records")
      .select(["id", "version", "fields", "created_at", "keep_until"])
      .where("vehicle_id", "=", vehicle.id)
      .executeTakeFirst();
    if (current && current.fields === json) return { ok: true, version: current.version, message: NOTHING_CHANGED };
    const version = (current?.version ?? 0) + 1;
    const values = {
      ref_id: vehicle.ref_id,
      vehicle_name: vehicle.name,
      bought_on: fields.boughtOn,
      price: fields.price,
      total_cost: totalCost(fields),
      seller_kind: fields.sellerKind,
      chassis_number: fields.chassisNumber,
      fields: json,
      version,
      // Three years from the last entry (古物営業法 18), never earlier than a save before promised.
      keep_until: [
        keepUntil(fields.boughtOn > today ? fields.boughtOn : today, PURCHASE_KEEP_YEARS),
        current?.keep_until ?? "",
      ].sort()[1]!,
      saved_at: at,
      saved_by: staff.adminId,
    };
    const recordId = current
      ? (await trx.updateTable("purchase_records").set(values).where("id", "=", current.id).execute(), current.id)
      : (
          await trx
            .insertInto("purchase_records")
            .values({ ...values, vehicle_id: vehicle.id, created_at: at })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
    await trx
      .insertInto("purchase_record_versions")
      .values({ record_id: recordId, version, fields: json, saved_at: at, saved_by: staff.adminId })
      .execute();
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "books.purchase_saved",
      subject: { kind: "vehicle", id: String(vehicle.id) },
      // No amounts in the log: the dashboard's activity list is read by every member of the staff.
      summary: `Purchase record of ${vehicle.ref_id} saved (version ${version})`,
      at,
    });
    return { ok: true, version, message: PURCHASE_SAVED };
  });
}
