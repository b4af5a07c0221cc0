import { availableParallelism } from "node:os";
import { type DB, nowIso } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import { removeUnusedPhotos } from "~/domain/inventory/admin-stock.server";
import type { PartInput, VehicleInput } from "~/domain/inventory/inventory";
import { uniqueRefId } from "~/domain/inventory/inventory.server";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import { repositoryOf } from "~/domain/inventory/stock-repository.server";
import type { ImageRef } from "~/domain/media/image-url";
import { MediaError, type MediaStore } from "~/domain/media/media-store.server";
import { fileName } from "~/domain/media/multipart.server";
import type { DocumentStore } from "~/domain/orders/document-store.server";
import { DocumentError } from "~/domain/orders/document-check.server";
import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import type { Problem } from "~/i18n/problem";
import { log } from "~/utils/log.server";
import {
  type ImportPreview,
  lockedFingerprints,
  planImport,
  type RowProblem,
  type RowWork,
} from "./import-plan.server";
import { MAX_ZIP_BYTES, photoBytes, photoIndex, zipProblem } from "./import-photos.server";
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
 * none (the photos stored for them are removed again).
 */

/** How long a previewed import waits for the owner's word. */
export const STAGED_HOURS = 24;
/** How long an import's record (and its file) is kept afterwards. */
const KEPT_DAYS = 7;

export type UploadedFile = { name: string; data: Buffer };
export type StageOutcome =
  { ok: true; id: number } | { ok: false; field: "file" | "photos"; problem: Problem; status: number };

type Services = { db: DB; media: MediaStore; documents: DocumentStore };

/** What the import did, kept with it for the owner to read. */
export type ImportResult = {
  created: number;
  updated: number;
  unchanged: number;
  /** Rows not written: the preview's errors, and rows whose photos the pipeline refused when they were stored. */
  failed: { line: number; refId: string | null; problems: RowProblem[] }[];
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
  if (!read.ok) return { ok: false, field: "file", problem: read.problem, status: 400 };
  let photos = null;
  if (zip) {
    if (zip.data.length > MAX_ZIP_BYTES)
      return {
        ok: false,
        field: "photos",
        problem: staffPattern("import.zip.tooLarge", { name: zip.name }),
        status: 413,
      };
    try {
      photos = { data: zip.data, index: photoIndex(zip.data) };
    } catch (error) {
      if (!(error instanceof ZipError)) throw error;
      return { ok: false, field: "photos", problem: zipProblem(error), status: 400 };
    }
  }
  const { preview } = await planImport(db, kind, read.file, photos);
  let zipKey: string | null = null;
  if (zip) {
    try {
      zipKey = await documents.putStaged(zip.data);
    } catch (error) {
      if (error instanceof DocumentError)
        return { ok: false, field: "photos", problem: staffText("photoStorageDown"), status: 503 };
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

export type ConfirmOutcome = { ok: true; run: Promise<void> } | { ok: false; status: number; problem: Problem };

/**
 * The owner's word: the import runs. Only a previewed import in its time
 * starts, and only once however many times it is confirmed (the status moves
 * in the same statement that checks it). The run goes on after the answer;
 * its promise is returned for whoever wants to wait.
 */
export async function confirmImport(services: Services, staff: Staff, id: number): Promise<ConfirmOutcome> {
  const view = await getImport(services.db, id);
  if (!view) return { ok: false, status: 404, problem: staffText("import.notFound") };
  if (view.expired) return { ok: false, status: 409, problem: staffText("import.expired") };
  const moved = await services.db
    .updateTable("stock_imports")
    .set({ status: importTo("confirm"), updated_at: nowIso() })
    .where("id", "=", id)
    .where("status", "=", importFrom("confirm"))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return { ok: false, status: 409, problem: staffText("import.notWaiting") };
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

/** A run stopped for a reason the owner can act on. */
class ImportStopped extends Error {
  constructor(readonly problem: Problem) {
    super("stock import stopped");
  }
}

type Stored = { work: RowWork; images: (ImageRef & { hash: string })[] };

/**
 * Stores the photos of the rows that bring new ones, then writes every good
 * row in one transaction. A row whose photo the pipeline refuses is left out
 * (with its reason); a failure of the storage or the database stops it all.
 */
export async function writeRows(
  { db, media }: Pick<Services, "db" | "media">,
  staff: Staff,
  kind: StockKind,
  fileName_: string,
  work: RowWork[],
  zip: Buffer | null,
  progress: (done: number, total: number) => Promise<void>,
): Promise<{ created: number; updated: number; photos: number; failed: ImportResult["failed"] }> {
  const total = work.reduce((n, w) => n + (w.photos?.length ?? 0), 0) + work.length;
  let done = 0;
  let lastReport = 0;
  const report = async (force = false) => {
    if (force || Date.now() - lastReport > 500) {
      lastReport = Date.now();
      await progress(done, total);
    }
  };
  await report(true);
  // Photos are re-encoded a few at a time (one per core): most of an import with photos is this.
  const slots = work.map(() => [] as Stored["images"]);
  const refused = new Map<number, Problem>();
  const jobs = work.flatMap((w, row) => (w.photos ?? []).map((photo, place) => ({ row, place, photo })));
  let next = 0;
  let stop: unknown = null;
  const worker = async () => {
    while (next < jobs.length && stop === null) {
      const { row, place, photo } = jobs[next++]!;
      if (refused.has(row)) continue;
      try {
        slots[row]![place] = { ...(await media.put(photoBytes(zip!, photo))), hash: photo.hash };
      } catch (error) {
        if (!(error instanceof MediaError) || error.code === "storage") {
          stop ??= error instanceof MediaError ? new ImportStopped(error.problem) : error;
          return;
        }
        refused.set(row, staffPattern("fileProblem", { name: fileName(photo.name), reason: error.problem }));
      }
      done++;
      await report().catch((error: unknown) => {
        stop ??= error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), 4) }, worker));
  const allImages = () => slots.flat().filter(Boolean);
  if (stop !== null) {
    await Promise.all(allImages().map((image) => media.remove(image)));
    throw stop;
  }
  const failed: ImportResult["failed"] = [];
  const stored: Stored[] = [];
  for (const [row, w] of work.entries()) {
    const problem = refused.get(row);
    if (problem) {
      await Promise.all(slots[row]!.filter(Boolean).map((image) => media.remove(image)));
      slots[row] = [];
      failed.push({ line: w.line, refId: w.refId, problems: [{ cell: null, column: null, message: problem }] });
    } else stored.push({ work: w, images: slots[row]! });
  }

  const repository = repositoryOf(kind);
  const at = nowIso();
  let replaced: { media_key: string; variants: string }[] = [];
  let skipped: Stored[] = [];
  let created = 0;
  let updated = 0;
  try {
    await db.transaction().execute(async (trx) => {
      replaced = [];
      skipped = [];
      // The last look, with the listings locked: one changed while the photos were made is left as it is.
      const now = await lockedFingerprints(
        trx,
        kind,
        stored.flatMap((s) => (s.work.targetId === null ? [] : [s.work.targetId])),
      );
      for (const entry of stored) {
        const { work: w, images } = entry;
        if (w.targetId !== null && now.get(w.targetId) !== w.seen) {
          skipped.push(entry);
          continue;
        }
        let id = w.targetId;
        const refId = w.refId ?? (await uniqueRefId(trx, kind));
        if (id === null) {
          id = await repository.insert(trx, w.input as VehicleInput & PartInput, refId, at);
          created++;
        } else {
          await repository.update(trx, id, w.input as VehicleInput & PartInput, refId, at);
          updated++;
        }
        if (w.photos) {
          const old = await repository.photos.ofItem(trx, id);
          replaced.push(...old.map((o) => ({ media_key: o.media_key, variants: o.variants })));
          await repository.photos.remove(
            trx,
            old.map((o) => o.id),
          );
          await repository.photos.add(trx, id, images, 0, at);
          const table = kind === "vehicle" ? "vehicle_images" : "part_images";
          for (const image of images)
            await trx.updateTable(table).set({ source_hash: image.hash }).where("media_key", "=", image.key).execute();
        }
        done++;
      }
      await logActivity(trx, {
        actor: { kind: "staff", id: staff.adminId },
        action: kind === "vehicle" ? "vehicle.imported" : "part.imported",
        summary: `Stock file ${fileName_} imported: ${created} new, ${updated} updated`,
        at,
      });
    });
  } catch (error) {
    await Promise.all(allImages().map((image) => media.remove(image)));
    throw error;
  }
  await report(true);
  await removeUnusedPhotos(db, media, replaced);
  for (const { work: w, images } of skipped) {
    await Promise.all(images.map((image) => media.remove(image)));
    failed.push({
      line: w.line,
      refId: w.refId,
      problems: [{ cell: null, column: null, message: staffText("import.changedSincePreview") }],
    });
  }
  const kept = skipped.reduce((n, s) => n + s.images.length, 0);
  return { created, updated, photos: allImages().length - kept, failed };
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
