import { type DB, nowIso } from "~/db/db.server";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import type { Refusal } from "~/domain/refusal";
import type { MediaStore } from "~/domain/media/media-store.server";
import type { DocumentStore } from "~/domain/media/document-store.server";
import { DocumentError } from "~/domain/media/document-check.server";
import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import type { Problem } from "~/i18n/problem";
import { log } from "~/utils/log.server";
import { type ImportPreview, planImport } from "./import-plan.server";
import { MAX_ZIP_BYTES, photoIndex, zipProblem } from "./import-photos.server";
import { type FailedRow, ImportStopped, writeRows } from "./import-write.server";
import { importFrom, type ImportStatus, importTo } from "./import-status";
import { readStockFile } from "./stock-file.server";
import { ZipError } from "./zip-read.server";

/*
 * A stock import from the owner's side (issue 23): the file and its ZIP are
 * read and previewed, nothing written; they wait (the file in stock_imports,
 * the ZIP in the private documents' storage) until the owner confirms. Then
 * the plan is made again against the stock as it is, the photos of the good
 * rows go through the image pipeline (the progress counts them), and the good
 * rows are written in one transaction: all of them or, if anything fails,
 * none (the photos stored for them are removed again): that writing is
 * import-write.server.ts's.
 */

/** How long a previewed import waits for the owner's word. */
export const STAGED_HOURS = 24;
/** How long an import's record (and its file) is kept afterwards. */
const KEPT_DAYS = 7;

export type UploadedFile = { name: string; data: Buffer };
export type StageOutcome =
  { ok: true; id: number } | { ok: false; field: "file" | "photos"; problem: Problem; refusal: Refusal };

type Services = { db: DB; media: MediaStore; documents: DocumentStore };

/** What the import did, kept with it for the owner to read. */
export type ImportResult = {
  created: number;
  updated: number;
  unchanged: number;
  /** Rows not written: the preview's errors, and rows whose photos the pipeline refused when they were stored. */
  failed: FailedRow[];
  photos: number;
  /** Why nothing was written, when the run failed. */
  problem: Problem | null;
  seconds: number;
};

export type ImportView = {
  id: number;
  kind: StockKind;
  fileName: string;
  zipName: string | null;
  status: ImportStatus;
  progress: { done: number; total: number };
  preview: ImportPreview;
  result: ImportResult | null;
  createdAt: string;
  /** Past its time to be confirmed. */
  expired: boolean;
};

/** Reads, checks and previews an uploaded stock file and its ZIP; nothing is written to the stock. */
export async function stageImport(
  { db, documents }: Pick<Services, "db" | "documents">,
  staff: Staff,
  kind: StockKind,
  file: UploadedFile,
  zip: UploadedFile | null,
): Promise<StageOutcome> {
  await forgetOldImports({ db, documents });
  const read = readStockFile(kind, file.data);
  if (!read.ok) return { ok: false, field: "file", problem: read.problem, refusal: "invalid" };
  let photos = null;
  if (zip) {
    if (zip.data.length > MAX_ZIP_BYTES)
      return {
        ok: false,
        field: "photos",
        problem: staffPattern("import.zip.tooLarge", { name: zip.name }),
        refusal: "too-large",
      };
    try {
      photos = { data: zip.data, index: photoIndex(zip.data) };
    } catch (error) {
      if (!(error instanceof ZipError)) throw error;
      return { ok: false, field: "photos", problem: zipProblem(error), refusal: "invalid" };
    }
  }
  const { preview } = await planImport(db, kind, read.file, photos);
  let zipKey: string | null = null;
  if (zip) {
    try {
      zipKey = await documents.putStaged(zip.data);
    } catch (error) {
      if (error instanceof DocumentError)
        return { ok: false, field: "photos", problem: staffText("photoStorageDown"), refusal: "unavailable" };
      throw error;
    }
  }
  const at = nowIso();
  try {
    const row = await db
      .insertInto("stock_imports")
      .values({
        kind,
        file_name: file.name.slice(0, 200) || "stock.csv",
        file_text: file.data.toString("utf8"),
        zip_name: zip ? zip.name.slice(0, 200) || "photos.zip" : null,
        zip_key: zipKey,
        preview: JSON.stringify(preview),
        status: "previewed",
        created_by: staff.adminId,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, id: row.id };
  } catch (error) {
    if (zipKey) await documents.removeStaged(zipKey);
    throw error;
  }
}

/** A run that has not moved for this long was cut off (the shop restarted): it says so, and waits no more. */
const STALLED_MINUTES = 15;

/**
 * Tidies the imports: a run cut off by a restart ends failed (its
 * transaction never committed: nothing was written); previews past their
 * time lose their ZIPs; records go after a week. Runs when the owner opens
 * the import pages or uploads.
 */
export async function forgetOldImports({ db, documents }: Pick<Services, "db" | "documents">) {
  const stalledBefore = new Date(Date.now() - STALLED_MINUTES * 60_000).toISOString();
  const interrupted: ImportResult = {
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: [],
    photos: 0,
    problem: staffText("import.interrupted"),
    seconds: 0,
  };
  await db
    .updateTable("stock_imports")
    .set({ status: importTo("fail"), result: JSON.stringify(interrupted), updated_at: nowIso() })
    .where("status", "=", importFrom("fail"))
    .where("updated_at", "<", stalledBefore)
    .execute();
  const staleBefore = new Date(Date.now() - STAGED_HOURS * 3600_000).toISOString();
  const stale = await db
    .selectFrom("stock_imports")
    .select(["id", "zip_key"])
    .where("zip_key", "is not", null)
    .where("status", "!=", "running")
    .where("updated_at", "<", staleBefore)
    .execute();
  for (const row of stale)
    if (await documents.removeStaged(row.zip_key!))
      await db.updateTable("stock_imports").set({ zip_key: null }).where("id", "=", row.id).execute();
  const forgetBefore = new Date(Date.now() - KEPT_DAYS * 24 * 3600_000).toISOString();
  await db
    .deleteFrom("stock_imports")
    .where("status", "!=", "running")
    .where("zip_key", "is", null)
    .where("updated_at", "<", forgetBefore)
    .execute();
}

/** One import as its page shows it; null when there is none. */
export async function getImport(db: DB, id: number): Promise<ImportView | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = await db
    .selectFrom("stock_imports")
    .select([
      "id",
      "kind",
      "file_name",
      "zip_name",
      "status",
      "progress_done",
      "progress_total",
      "preview",
      "result",
      "created_at",
      "updated_at",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.file_name,
    zipName: row.zip_name,
    status: row.status,
    progress: { done: row.progress_done, total: row.progress_total },
    preview: JSON.parse(row.preview) as ImportPreview,
    result: row.result ? (JSON.parse(row.result) as ImportResult) : null,
    createdAt: row.created_at,
    expired: row.status === "previewed" && Date.parse(row.created_at) < Date.now() - STAGED_HOURS * 3600_000,
  };
}

/** The progress of a running import, for the page's bar. */
export async function importProgress(db: DB, id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = await db
    .selectFrom("stock_imports")
    .select(["status", "progress_done", "progress_total"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { status: row.status, done: row.progress_done, total: row.progress_total } : null;
}

export type ConfirmOutcome = { ok: true; run: Promise<void> } | { ok: false; refusal: Refusal; problem: Problem };

/**
 * The owner's word: the import runs. Only a previewed import in its time
 * starts, and only once however many times it is confirmed (the status moves
 * in the same statement that checks it). The run goes on after the answer;
 * its promise is returned for whoever wants to wait.
 */
export async function confirmImport(services: Services, staff: Staff, id: number): Promise<ConfirmOutcome> {
  const view = await getImport(services.db, id);
  if (!view) return { ok: false, refusal: "not-found", problem: staffText("import.notFound") };
  if (view.expired) return { ok: false, refusal: "conflict", problem: staffText("import.expired") };
  const moved = await services.db
    .updateTable("stock_imports")
    .set({ status: importTo("confirm"), updated_at: nowIso() })
    .where("id", "=", id)
    .where("status", "=", importFrom("confirm"))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1)
    return { ok: false, refusal: "conflict", problem: staffText("import.notWaiting") };
  const run = runImport(services, staff, id).catch((error: unknown) =>
    log("error", "stock import could not be run", { id, error: String(error) }),
  );
  return { ok: true, run };
}

/** Drops a previewed import: nothing is written, its ZIP goes. */
export async function cancelImport({ db, documents }: Pick<Services, "db" | "documents">, id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return false;
  const row = await db.selectFrom("stock_imports").select(["zip_key"]).where("id", "=", id).executeTakeFirst();
  const moved = await db
    .updateTable("stock_imports")
    .set({ status: importTo("cancel"), updated_at: nowIso() })
    .where("id", "=", id)
    .where("status", "=", importFrom("cancel"))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  // The ZIP goes now; one the storage would not remove is tried again by forgetOldImports.
  if (row?.zip_key && (await documents.removeStaged(row.zip_key)))
    await db.updateTable("stock_imports").set({ zip_key: null }).where("id", "=", id).execute();
  return true;
}

/** Runs a confirmed import to its end; never throws (a failure is recorded on the import). */
async function runImport(services: Services, staff: Staff, id: number): Promise<void> {
  const { db, documents } = services;
  const started = Date.now();
  let zipKey: string | null = null;
  const finish = async (status: ImportStatus, result: ImportResult) => {
    await db
      .updateTable("stock_imports")
      .set({ status, result: JSON.stringify(result), updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    if (zipKey && (await documents.removeStaged(zipKey)))
      await db.updateTable("stock_imports").set({ zip_key: null }).where("id", "=", id).execute();
  };
  const empty = (problem: Problem): ImportResult => ({
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: [],
    photos: 0,
    problem,
    seconds: (Date.now() - started) / 1000,
  });
  try {
    const row = await db
      .selectFrom("stock_imports")
      .select(["kind", "file_name", "file_text", "zip_key", "preview"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    zipKey = row.zip_key;
    const read = readStockFile(row.kind, Buffer.from(row.file_text, "utf8"));
    if (!read.ok) return await finish(importTo("fail"), empty(read.problem));
    let zip = null;
    if (row.zip_key) {
      const data = await documents.readStaged(row.zip_key);
      if (!data) return await finish(importTo("fail"), empty(staffText("import.zipGone")));
      zip = { data, index: photoIndex(data) };
    }
    // What the owner saw of each row's listing: a listing changed since is left out, not overwritten.
    const preview = JSON.parse(row.preview) as ImportPreview;
    const seen = new Map(preview.rows.map((r) => [r.line, r.seen ?? null]));
    const plan = await planImport(db, row.kind, read.file, zip, { seen });
    const failed = plan.preview.rows
      .filter((r) => r.outcome === "error")
      .map((r) => ({ line: r.line, refId: r.refId, problems: r.problems }));
    const written = await writeRows(
      services,
      staff,
      row.kind,
      row.file_name,
      plan.work,
      zip?.data ?? null,
      async (done, total) => {
        await db
          .updateTable("stock_imports")
          .set({ progress_done: done, progress_total: total, updated_at: nowIso() })
          .where("id", "=", id)
          .execute();
      },
    );
    await finish(importTo("finish"), {
      created: written.created,
      updated: written.updated,
      unchanged: plan.preview.counts.unchanged,
      failed: [...failed, ...written.failed].sort((a, b) => a.line - b.line),
      photos: written.photos,
      problem: null,
      seconds: (Date.now() - started) / 1000,
    });
  } catch (error) {
    log("error", "stock import failed; nothing was written", { id, error: String(error) });
    const problem =
      error instanceof ImportStopped
        ? error.problem
        : staffPattern("import.stopped", {
            reason: String(error instanceof Error ? error.message : error).slice(0, 200),
          });
    await finish(importTo("fail"), empty(problem)).catch((e: unknown) =>
      log("error", "stock import's failure could not be recorded", { id, error: String(e) }),
    );
  }
}

/** The latest imports, newest first, for the import page. */
export async function recentImports(db: DB, limit: number) {
  const rows = await db
    .selectFrom("stock_imports")
    .select(["id", "kind", "file_name", "status", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    fileName: r.file_name,
    status: r.status,
    createdAt: r.created_at,
  }));
}
