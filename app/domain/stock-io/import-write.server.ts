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
import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import type { Problem } from "~/i18n/problem";
import { lockedFingerprints, type RowProblem, type RowWork } from "./import-plan.server";
import { writeSheetVersion } from "~/domain/proof/auction-sheets.server";
import { photoBytes } from "./import-photos.server";

/*
 * The writing half of a confirmed stock import (stock-import.server.ts runs
 * it): the rows' photos through the image pipeline a few at a time, then
 * every good row in one transaction, all or none.
 */

/** A row the import did not write, and why. */
export type FailedRow = { line: number; refId: string | null; problems: RowProblem[] };

/** A run stopped for a reason the owner can act on. */
export class ImportStopped extends Error {
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
  { db, media }: { db: DB; media: MediaStore },
  staff: Staff,
  kind: StockKind,
  fileName_: string,
  work: RowWork[],
  zip: Buffer | null,
  progress: (done: number, total: number) => Promise<void>,
): Promise<{ created: number; updated: number; photos: number; failed: FailedRow[] }> {
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
  const failed: FailedRow[] = [];
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
  let sheets = 0;
  try {
    await db.transaction().execute(async (trx) => {
      replaced = [];
      skipped = [];
      sheets = 0;
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
        // After the row: the sheet's grades are the row's, and the sheet writes the vehicle's sheet_state.
        if (w.sheet) {
          await writeSheetVersion(trx, id, w.sheet.fields, w.sheet.paperId, staff, at);
          sheets++;
        }
        if (w.photos) {
          const old = await repository.photos.ofItem(trx, id);
          replaced.push(...old.map((o) => ({ media_key: o.media_key, variants: o.variants })));
          await repository.photos.remove(
            trx,
            old.map((o) => o.id),
          );
          await repository.photos.add(trx, id, images, 0, at);
          for (const image of images) await repository.photos.setSourceHash(trx, image.key, image.hash);
        }
        done++;
      }
      await logActivity(trx, {
        actor: { kind: "staff", id: staff.adminId },
        action: kind === "vehicle" ? "vehicle.imported" : "part.imported",
        summary: `Stock file ${fileName_} imported: ${created} new, ${updated} updated${sheets ? `, ${sheets} auction sheet translations` : ""}`,
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
