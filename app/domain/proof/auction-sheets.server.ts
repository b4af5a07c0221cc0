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
import type { AuctionSheetFields } from "./auction-sheet";
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
        paper_id: paper?.id ?? null,
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
        updated_at: at,
      })
      .where("id", "=", vehicleId)
      .execute();
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
