import type { DB } from "~/db/db.server";
import type { Refusal } from "~/domain/refusal";
import { logActivity } from "~/domain/activity/activity.server";
import type { DocumentStore } from "~/domain/media/document-store.server";
import { staffText } from "~/domain/staff/staff-problems";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { shopDay } from "~/i18n/format";
import type { Problem } from "~/i18n/problem";
import { type FieldProblems, parseForm, type TypedValues, typedValues } from "~/utils/forms";
import { log } from "~/utils/log.server";
import type { Transaction } from "kysely";
import type { Database, SheetState } from "~/db/schema";
import type { AuctionSheetFields, SheetFlag } from "./auction-sheet";
import { checkUpload, latestPaper, safeJson, savePaper, type SheetUpload } from "./papers.server";
import { auctionSheetSchema, SHEET_SAVED, StoredSheetFields } from "./auction-sheet.schema";

/*
 * A vehicle's auction sheet and its translation (issue 45.1). The sheet's
 * file goes through the documents' check (its bytes decide what it is; a
 * picture is written again without what rode along) and into the private
 * documents store; the page shows it through a route that serves only a
 * listed vehicle's current sheet. Each new file is the next version of the
 * vehicle's "auction_sheet" paper, with its SHA-256; each save of the
 * translation is the next version of the translation. Nothing is deleted:
 * what a buyer saw once can be shown again. The translation's grades are
 * the vehicle's own grades too (its cards, search and feeds read those), so
 * both are written together.
 */

export type SheetPaper = {
  version: number;
  sha256: string;
  contentType: string;
  size: number;
  addedAt: string;
};

export type AuctionSheet = {
  version: number;
  fields: AuctionSheetFields;
  savedAt: string;
  savedBy: string;
  /** The sheet's file this translation reads; null when the file has gone. */
  paper: SheetPaper | null;
};

export type { SheetUpload };

export type SaveSheetOutcome =
  | { ok: true; version: number; message: Problem }
  | {
      ok: false;
      refusal: Refusal;
      message: Problem;
      errors: FieldProblems;
      values: TypedValues;
      /** The mark rows and flags as typed, row by row, to give back to the form. */
      lists: { markCode: string[]; markPlace: string[]; flags: string[] };
    };

const SHEET_REFUSED = staffText("sheetRefused");
const SHEET_FILE_REQUIRED = staffText("sheetFileRequired");
const VEHICLE_NOT_FOUND = staffText("productNotFound");

/**
 * The flags that make a car "flagged" for the list's "leave out flagged cars"
 * (issue 45.5, decision 25): a repair history, flood or fire, and a mileage
 * the sheet cannot vouch for. Hail, modifications and a rental or business
 * past are told on the page but leave the car in.
 */
export const FLAGS_LEFT_OUT: readonly SheetFlag[] = [
  "repaired",
  "flood",
  "fire",
  "mileage_unknown",
  "meter_replaced",
  "meter_tampered",
];
/** Overall grades that mean a repaired car, whatever the flags say. */
export const REPAIRED_GRADES: readonly string[] = ["R", "RA"];

/** What a translation says for the list filters: clear, or flagged (FLAGS_LEFT_OUT, or graded R or RA). */
export function sheetState(fields: Pick<AuctionSheetFields, "flags" | "overallGrade">): SheetState {
  return fields.flags.some((f) => FLAGS_LEFT_OUT.includes(f)) || REPAIRED_GRADES.includes(fields.overallGrade)
    ? "flagged"
    : "clear";
}

/**
 * Writes a translation as the vehicle's next sheet version and makes the
 * vehicle say what it says: its grades (the sheet's, where it gives them)
 * and its `sheet_state`, which the lists filter by. The one place either is
 * written; the form's save and the stock import both come here, inside
 * their own transaction. Returns the version.
 */
export async function writeSheetVersion(
  trx: Transaction<Database>,
  vehicleId: number,
  fields: AuctionSheetFields,
  paperId: number | null,
  staff: Pick<Staff, "adminId">,
  at: string,
): Promise<number> {
  const last = await trx
    .selectFrom("auction_sheets")
    .select((eb) => eb.fn.max("version").as("version"))
    .where("vehicle_id", "=", vehicleId)
    .executeTakeFirst();
  const next = Number(last?.version ?? 0) + 1;
  await trx
    .insertInto("auction_sheets")
    .values({
      vehicle_id: vehicleId,
      version: next,
      fields: JSON.stringify(fields),
      paper_id: paperId,
      saved_at: at,
      saved_by: staff.adminId,
    })
    .execute();
  await trx
    .updateTable("vehicles")
    .set({
      auction_grade: fields.overallGrade,
      // A grade the sheet does not give leaves the owner's own.
      ...(fields.exteriorGrade ? { exterior_grade: fields.exteriorGrade } : {}),
      ...(fields.interiorGrade ? { interior_grade: fields.interiorGrade } : {}),
      sheet_state: sheetState(fields),
      updated_at: at,
    })
    .where("id", "=", vehicleId)
    .execute();
  return next;
}

/** A vehicle's current translation for the stock file, and the sheet's file it would read. */
export type CurrentSheet = { fields: AuctionSheetFields | null; paperId: number | null };

/**
 * The current translation (null when it has none, or when it cannot be read)
 * and the latest sheet file of each vehicle that has either, in one read of
 * each table: the stock export writes them, the import lays a row over them.
 */
export async function currentSheets(db: DB, vehicleIds: readonly number[]): Promise<Map<number, CurrentSheet>> {
  const out = new Map<number, CurrentSheet>();
  if (vehicleIds.length === 0) return out;
  const [sheets, papers] = await Promise.all([
    db
      .selectFrom("auction_sheets")
      .select(["vehicle_id", "version", "fields"])
      .where("vehicle_id", "in", vehicleIds)
      .execute(),
    db
      .selectFrom("vehicle_papers")
      .select(["vehicle_id", "id", "version"])
      .where("vehicle_id", "in", vehicleIds)
      .where("kind", "=", "auction_sheet")
      .execute(),
  ]);
  const top = new Map<number, { version: number; fields: string }>();
  for (const s of sheets) if ((top.get(s.vehicle_id)?.version ?? 0) < s.version) top.set(s.vehicle_id, s);
  const file = new Map<number, { version: number; id: number }>();
  for (const p of papers) if ((file.get(p.vehicle_id)?.version ?? 0) < p.version) file.set(p.vehicle_id, p);
  for (const id of new Set([...top.keys(), ...file.keys()])) {
    const stored = top.get(id);
    const parsed = stored ? StoredSheetFields.safeParse(safeJson(stored.fields)) : null;
    out.set(id, { fields: parsed?.success ? parsed.data : null, paperId: file.get(id)?.id ?? null });
  }
  return out;
}

/**
 * Saves what the owner typed from the sheet, with the sheet's file when one
 * is given (the first save needs one). A refusal stores nothing: the file is
 * checked and the fields read before anything is written, and a file stored
 * for a write that then failed is removed.
 */
export async function saveAuctionSheet(
  db: DB,
  store: DocumentStore,
  vehicleId: number,
  form: Record<string, unknown>,
  upload: SheetUpload | null,
  staff: Staff,
  now = new Date(),
): Promise<SaveSheetOutcome> {
  const submission = parseForm(form, auctionSheetSchema(shopDay(now)));
  const values = typedValues(form);
  const typedList = (name: string) =>
    [form[name] ?? []]
      .flat()
      .map((v) => (typeof v === "string" ? v.slice(0, 40) : ""))
      .slice(0, 100);
  const lists = { markCode: typedList("markCode"), markPlace: typedList("markPlace"), flags: typedList("flags") };
  const refuse = (refusal: Refusal, errors: FieldProblems, message = SHEET_REFUSED): SaveSheetOutcome => ({
    ok: false,
    refusal,
    message,
    errors,
    values,
    lists,
  });
  const file = await checkUpload(upload);
  if (!file.ok) {
    const errors = { ...(submission.status === "error" ? submission.errors : {}), sheet: file.problem };
    return refuse(file.tooLarge && submission.status !== "error" ? "too-large" : "invalid", errors);
  }
  if (submission.status === "error") return refuse("invalid", submission.errors);
  const vehicle = await db.selectFrom("vehicles").select("id").where("id", "=", vehicleId).executeTakeFirst();
  if (!vehicle) return refuse("not-found", {}, VEHICLE_NOT_FOUND);
  if (!file.checked && !(await latestPaper(db, vehicleId, "auction_sheet")))
    return refuse("invalid", { sheet: SHEET_FILE_REQUIRED });

  const fields = submission.value;
  const at = now.toISOString();
  const saved = await savePaper(db, store, vehicleId, "auction_sheet", file.checked, staff, at, async (trx, added) => {
    const paper = added.paper;
    const next = await writeSheetVersion(trx, vehicleId, fields, paper?.id ?? null, staff, at);
    await logActivity(trx, {
      actor: { kind: "staff", id: String(staff.id) },
      action: "vehicle.auction_sheet",
      subject: { kind: "vehicle", id: String(vehicleId) },
      summary: `Auction sheet of vehicle ${vehicleId}: translation ${next}${added.kept ? `, file ${paper!.version}` : ""} (grade ${fields.overallGrade}${fields.flags.length ? `, ${fields.flags.join(", ")}` : ""})`,
      at,
    });
    return next;
  });
  if (saved.ok) return { ok: true, version: saved.value, message: SHEET_SAVED };
  return saved.refusal === "unavailable"
    ? refuse("unavailable", { sheet: saved.problem })
    : refuse("not-found", {}, VEHICLE_NOT_FOUND);
}

/** The vehicle's current sheet and translation, or null when it has none. */
export async function readAuctionSheet(db: DB, vehicleId: number): Promise<AuctionSheet | null> {
  const row = await db
    .selectFrom("auction_sheets as s")
    .leftJoin("vehicle_papers as p", "p.id", "s.paper_id")
    .select([
      "s.version",
      "s.fields",
      "s.saved_at",
      "s.saved_by",
      "p.version as paper_version",
      "p.sha256",
      "p.content_type",
      "p.size",
      "p.added_at",
    ])
    .where("s.vehicle_id", "=", vehicleId)
    .orderBy("s.version", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const parsed = StoredSheetFields.safeParse(safeJson(row.fields));
  if (!parsed.success) {
    // Not as this shop writes it: better no translation than a wrong one.
    log("error", "an auction sheet's stored translation could not be read", { vehicleId, version: row.version });
    return null;
  }
  return {
    version: row.version,
    fields: parsed.data,
    savedAt: row.saved_at,
    savedBy: row.saved_by,
    paper:
      row.paper_version === null || row.sha256 === null
        ? null
        : {
            version: row.paper_version,
            sha256: row.sha256,
            contentType: row.content_type!,
            size: row.size!,
            addedAt: row.added_at!,
          },
  };
}

/** A version of a vehicle's sheet file, to serve: its key in the documents store and its type. */
export async function sheetFile(
  db: DB,
  vehicleId: number,
  version: number,
): Promise<{ key: string; contentType: string; sha256: string } | null> {
  const row = await db
    .selectFrom("vehicle_papers")
    .select(["file_key", "content_type", "sha256"])
    .where("vehicle_id", "=", vehicleId)
    .where("kind", "=", "auction_sheet")
    .where("version", "=", version)
    .executeTakeFirst();
  return row ? { key: row.file_key, contentType: row.content_type, sha256: row.sha256 } : null;
}
