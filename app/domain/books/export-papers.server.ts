import type { DB } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import { checkUpload, forgetFile, type SheetUpload, storeFile } from "~/domain/proof/papers.server";
import type { DocumentStore } from "~/domain/media/document-store.server";
import type { Refusal } from "~/domain/refusal";
import { staffText } from "~/domain/staff/staff-problems";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { shopDay } from "~/i18n/format";
import type { Problem } from "~/i18n/problem";
import { type FieldProblems, parseForm, type TypedValues } from "~/utils/forms";
import {
  type Deadline,
  deadlineOf,
  type ExportPaperFields,
  type ExportPapers,
  PERMIT_KEEP_YEARS,
} from "./export-papers";
import { EXPORT_PAPERS_SAVED, exportPapersSchema } from "./export-papers.schema";
import { keepUntil } from "./purchase";
import { hasShipped, ORDER_STATUSES } from "~/domain/sale/order-status";
import { lockVehicle } from "~/domain/proof/papers.server";

/*
 * A vehicle's export papers (issue 46.3): saved whole as a new version each
 * time, the permit's file checked and kept privately; the deadlines of the
 * certificates whose car has not left. Staff-only.
 */

export type SaveExportPapersOutcome =
  | { ok: true; message: Problem }
  | { ok: false; refusal: Refusal; message: Problem; errors?: FieldProblems; values?: TypedValues };

/** Papers without a permit are kept as the customs books are: five years. */
const PAPERS_KEEP_YEARS = 5;
const NOTHING_CHANGED = staffText("exportPapersUnchanged");
/** Orders whose vehicle has left Japan, as the order's state machine says. */
const LEFT = ORDER_STATUSES.filter(hasShipped);

type Row = {
  vehicle_id: number | null;
  ref_id: string;
  vehicle_name: string;
  version: number;
  fields: string;
  permit_sha256: string | null;
  permit_content_type: string | null;
  permit_size: number | null;
  permit_added_at: string | null;
  saved_at: string;
  saved_by: string;
};

function papersOf(row: Row): ExportPapers {
  return {
    ...(JSON.parse(row.fields) as ExportPaperFields),
    vehicleId: row.vehicle_id,
    refId: row.ref_id,
    vehicleName: row.vehicle_name,
    version: row.version,
    savedAt: row.saved_at,
    savedBy: row.saved_by,
    permitFile:
      row.permit_sha256 && row.permit_content_type && row.permit_added_at
        ? {
            sha256: row.permit_sha256,
            contentType: row.permit_content_type,
            size: Number(row.permit_size ?? 0),
            addedAt: row.permit_added_at,
          }
        : null,
  };
}

const COLUMNS = [
  "vehicle_id",
  "ref_id",
  "vehicle_name",
  "version",
  "fields",
  "permit_sha256",
  "permit_content_type",
  "permit_size",
  "permit_added_at",
  "saved_at",
  "saved_by",
] as const;

async function latestRow(db: DB, vehicleId: number) {
  return db
    .selectFrom("export_papers")
    .select([...COLUMNS, "permit_file_key"])
    .where("vehicle_id", "=", vehicleId)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The vehicle's current export papers, or null when none were entered. */
export async function exportPapersOf(db: DB, vehicleId: number): Promise<ExportPapers | null> {
  const row = await latestRow(db, vehicleId);
  return row ? papersOf(row) : null;
}

/** Every saved version of a vehicle's papers, newest first, each as it was saved. */
export async function exportPaperVersions(db: DB, vehicleId: number): Promise<ExportPapers[]> {
  const rows = await db
    .selectFrom("export_papers")
    .select(COLUMNS)
    .where("vehicle_id", "=", vehicleId)
    .orderBy("version", "desc")
    .execute();
  return rows.map(papersOf);
}

/** The current permit file of a vehicle, to serve to the staff. */
export async function permitFileOf(db: DB, vehicleId: number) {
  const row = await latestRow(db, vehicleId);
  return row?.permit_file_key && row.permit_content_type
    ? { key: row.permit_file_key, contentType: row.permit_content_type, refId: row.ref_id }
    : null;
}

/** The shop day the vehicle's live invoice was issued (its order not cancelled), or null. */
async function invoicedOn(db: DB, vehicleId: number): Promise<string | null> {
  const row = await db
    .selectFrom("orders as o")
    .innerJoin("invoices as i", "i.id", "o.invoice_id")
    .select("i.issued_at")
    .where("o.vehicle_id", "=", vehicleId)
    .where("o.status", "!=", "cancelled")
    .orderBy("o.id", "desc")
    .executeTakeFirst();
  return row ? shopDay(new Date(row.issued_at)) : null;
}

/**
 * How long the papers are kept: the permit seven years after its calendar tax year's return is due (15 March
 * of the next year for a person, earlier for a company), counted from the later of the two.
 */
function keepPapersUntil(fields: ExportPaperFields, today: string): string {
  if (fields.permitDate) return keepUntil(`${Number(fields.permitDate.slice(0, 4)) + 1}-03-16`, PERMIT_KEEP_YEARS);
  return keepUntil(today, PAPERS_KEEP_YEARS);
}

/**
 * Saves a vehicle's export papers from the owner's form and, when given, the
 * permit's file. Refused with each field's problem and what was typed; a
 * refused or unchanged save keeps no file.
 */
export async function saveExportPapers(
  db: DB,
  store: DocumentStore,
  vehicleId: number,
  form: Record<string, unknown>,
  upload: SheetUpload | null,
  staff: Staff,
  now = new Date(),
): Promise<SaveExportPapersOutcome> {
  const vehicle = await db
    .selectFrom("vehicles")
    .select(["id", "ref_id", "name"])
    .where("id", "=", vehicleId)
    .executeTakeFirst();
  if (!vehicle) return { ok: false, refusal: "not-found", message: staffText("vehicleNotFound") };
  const today = shopDay(now);
  const before = await latestRow(db, vehicle.id);
  const previousPermit = before ? (JSON.parse(before.fields) as ExportPaperFields).permitDate : "";
  const parsed = parseForm(form, exportPapersSchema(today, await invoicedOn(db, vehicle.id), previousPermit));
  if (parsed.status !== "success")
    return {
      ok: false,
      refusal: "invalid",
      message: staffText("exportPapersRefused"),
      errors: parsed.errors,
      values: parsed.values,
    };
  const checked = await checkUpload(upload);
  if (!checked.ok)
    return {
      ok: false,
      refusal: checked.tooLarge ? "too-large" : "invalid",
      message: checked.problem,
      errors: { permitFile: checked.problem },
      values: Object.fromEntries(Object.entries(parsed.value).map(([k, v]) => [k, String(v)])) as TypedValues,
    };
  const fields = parsed.value;
  const typed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])) as TypedValues;
  // A permit's file belongs to a permit: its number and day come with it.
  if (checked.checked && !fields.permitNumber) {
    const message = staffText("permitFileWithoutPermit");
    return { ok: false, refusal: "invalid", message, errors: { permitNumber: message }, values: typed };
  }
  const json = JSON.stringify(fields);
  const at = now.toISOString();
  const stored = checked.checked ? await storeFile(store, checked.checked) : null;
  if (stored && !stored.ok) return { ok: false, refusal: "unavailable", message: stored.problem };
  let kept = false;
  try {
    return await db.transaction().execute(async (trx): Promise<SaveExportPapersOutcome> => {
      // One save of a vehicle's papers at a time: two at once would take the same version.
      if (!(await lockVehicle(trx, vehicle.id)))
        return { ok: false, refusal: "not-found", message: staffText("vehicleNotFound") };
      const current = await latestRow(trx, vehicle.id);
      const sameFile = !stored || (current?.permit_sha256 ?? null) === stored.sha256;
      if (current && current.fields === json && sameFile) return { ok: true, message: NOTHING_CHANGED };
      const version = (current?.version ?? 0) + 1;
      const file =
        stored && !sameFile
          ? {
              permit_file_key: stored.key,
              permit_sha256: stored.sha256,
              permit_content_type: checked.checked!.contentType,
              permit_size: checked.checked!.data.length,
              permit_added_at: at,
            }
          : !fields.permitNumber
            ? {
                permit_file_key: null,
                permit_sha256: null,
                permit_content_type: null,
                permit_size: null,
                permit_added_at: null,
              }
            : {
                permit_file_key: current?.permit_file_key ?? null,
                permit_sha256: current?.permit_sha256 ?? null,
                permit_content_type: current?.permit_content_type ?? null,
                permit_size: current?.permit_size ?? null,
                permit_added_at: current?.permit_added_at ?? null,
              };
      await trx
        .insertInto("export_papers")
        .values({
          vehicle_id: vehicle.id,
          ref_id: vehicle.ref_id,
          vehicle_name: vehicle.name,
          version,
          fields: json,
          leave_by: fields.leaveBy,
          ...file,
          keep_until: keepPapersUntil(fields, today),
          saved_at: at,
          saved_by: staff.adminId,
        })
        .execute();
      await logActivity(trx, {
        actor: { kind: "staff", id: staff.adminId },
        action: "books.export_papers_saved",
        subject: { kind: "vehicle", id: String(vehicle.id) },
        summary: `Export papers of ${vehicle.ref_id} saved (version ${version})`,
        at,
      });
      kept = Boolean(stored && !sameFile);
      return { ok: true, message: EXPORT_PAPERS_SAVED };
    });
  } finally {
    if (stored?.ok && !kept) await forgetFile(store, stored.key);
  }
}

/**
 * The certificates the owner must act on today: each vehicle's current
 * papers with a leave-by day, its car not yet left (no permit, no order
 * shipped), the certificate not handed back. Soonest first.
 */
export async function exportDeadlines(db: DB, now = new Date()): Promise<Deadline[]> {
  // The current version of each vehicle (or, once its listing is gone, of its reference) among all saves:
  // a certificate cleared in a later version is no longer current.
  const rows = await db.selectFrom("export_papers").select(COLUMNS).execute();
  const latest = new Map<string, Row>();
  for (const row of rows) {
    const key = row.vehicle_id === null ? `ref:${row.ref_id}` : `id:${row.vehicle_id}`;
    if ((latest.get(key)?.version ?? 0) < row.version) latest.set(key, row);
  }
  const current = [...latest.values()].filter((row) => (JSON.parse(row.fields) as ExportPaperFields).leaveBy !== "");
  const refs = current.map((r) => r.ref_id);
  // Left Japan: an order of the vehicle that shipped, found by its reference (kept when the listing is deleted).
  const left = new Set(
    refs.length === 0
      ? []
      : (
          await db
            .selectFrom("orders")
            .select("ref_id")
            .where("kind", "=", "vehicle")
            .where("ref_id", "in", refs)
            .where("status", "in", LEFT)
            .execute()
        ).map((o) => o.ref_id),
  );
  const today = shopDay(now);
  return current
    .map((row) => deadlineOf(papersOf(row), left.has(row.ref_id), today))
    .filter((d): d is Deadline => d !== null)
    .sort((a, b) => a.date.localeCompare(b.date));
}
