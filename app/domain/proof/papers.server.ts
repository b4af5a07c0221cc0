import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import { dialectOf, type DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import {
  checkDocument,
  type CheckedDocument,
  DocumentError,
  documentProblem,
} from "~/domain/media/document-check.server";
import type { DocumentStore } from "~/domain/media/document-store.server";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import type { Problem } from "~/i18n/problem";
import { log } from "~/utils/log.server";
import type { PaperKind } from "./paper-check";
import { ensurePack } from "./packs.server";

/*
 * A vehicle's papers as files (issue 45): checked by their bytes, kept in the
 * private documents store, each new file of a kind the next version of it
 * with its SHA-256, the old ones kept. What the auction sheet's and the other
 * papers' forms share.
 */

export type SheetUpload = { data: Buffer; filename: string };

/** An upload checked, or why it was refused (in the staff's words), or null when none was sent. */
export async function checkUpload(
  upload: SheetUpload | null,
): Promise<{ ok: true; checked: CheckedDocument | null } | { ok: false; problem: Problem; tooLarge: boolean }> {
  if (!upload || upload.data.length === 0) return { ok: true, checked: null };
  try {
    return { ok: true, checked: await checkDocument(upload.data) };
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return { ok: false, problem: documentProblem(error.code, "staff"), tooLarge: error.code === "size" };
  }
}

/** A checked file put in the store, with its fingerprint; the storage's refusal as a problem. */
export async function storeFile(
  store: DocumentStore,
  checked: CheckedDocument,
): Promise<{ ok: true; key: string; sha256: string } | { ok: false; problem: Problem }> {
  try {
    const stored = await store.put(checked);
    return { ok: true, key: stored.key, sha256: createHash("sha256").update(checked.data).digest("hex") };
  } catch (error) {
    if (error instanceof DocumentError) return { ok: false, problem: documentProblem(error.code, "staff") };
    throw error;
  }
}

/** Holds the vehicle's row for the rest of the transaction, so two saves never take the same version; false when it is gone. */
export async function lockVehicle(trx: Transaction<Database>, vehicleId: number): Promise<boolean> {
  const row = await trx
    .selectFrom("vehicles")
    .select("id")
    .where("id", "=", vehicleId)
    .$if(dialectOf(trx) === "postgres", (q) => q.forUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

export async function latestPaper(db: DB, vehicleId: number, kind: PaperKind) {
  return db
    .selectFrom("vehicle_papers")
    .select(["id", "version", "sha256", "file_key"])
    .where("vehicle_id", "=", vehicleId)
    .where("kind", "=", kind)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * The file as the paper's next version, unless it is the current one again:
 * returns the current paper (new or not) and whether the stored file was kept.
 */
export async function addPaperVersion(
  trx: Transaction<Database>,
  vehicleId: number,
  kind: PaperKind,
  file: { checked: CheckedDocument; key: string; sha256: string } | null,
  staff: Staff,
  at: string,
) {
  const current = await latestPaper(trx, vehicleId, kind);
  if (!file || current?.sha256 === file.sha256) return { paper: current ?? null, kept: false };
  const paper = await trx
    .insertInto("vehicle_papers")
    .values({
      vehicle_id: vehicleId,
      kind,
      version: (current?.version ?? 0) + 1,
      file_key: file.key,
      content_type: file.checked.contentType,
      size: file.checked.data.length,
      sha256: file.sha256,
      added_at: at,
      added_by: staff.adminId,
    })
    .returning(["id", "version", "sha256", "file_key"])
    .executeTakeFirstOrThrow();
  return { paper, kept: true };
}

export type PaperAdded = Awaited<ReturnType<typeof addPaperVersion>>;

/**
 * One save of a vehicle's paper: the checked file (if any) stored, then in one
 * transaction the vehicle held, its pack made if new, the file added as the
 * paper's next version and `write` run with it. A file not kept (the same as
 * the current one, or a write that failed or found the vehicle gone) is
 * removed. "not-found": the vehicle is gone; "unavailable": the store refused.
 */
export async function savePaper<T>(
  db: DB,
  store: DocumentStore,
  vehicleId: number,
  kind: PaperKind,
  checked: CheckedDocument | null,
  staff: Staff,
  at: string,
  write: (trx: Transaction<Database>, added: PaperAdded) => Promise<T>,
): Promise<
  { ok: true; value: T } | { ok: false; refusal: "not-found" } | { ok: false; refusal: "unavailable"; problem: Problem }
> {
  const stored = checked ? await storeFile(store, checked) : null;
  if (stored && !stored.ok) return { ok: false, refusal: "unavailable", problem: stored.problem };
  let kept = false;
  try {
    const written = await db.transaction().execute(async (trx) => {
      if (!(await lockVehicle(trx, vehicleId))) return null;
      await ensurePack(trx, vehicleId, at);
      const file = checked && stored?.ok ? { checked, key: stored.key, sha256: stored.sha256 } : null;
      const added = await addPaperVersion(trx, vehicleId, kind, file, staff, at);
      return { value: await write(trx, added), kept: added.kept };
    });
    if (!written) return { ok: false, refusal: "not-found" };
    // Whether the file is kept is known once the whole write is in (a failure before this rolled it back).
    kept = written.kept;
    return { ok: true, value: written.value };
  } finally {
    if (stored?.ok && !kept) await forgetFile(store, stored.key);
  }
}

/** Removes stored bytes nobody can reach; a storage failure is logged, not put to the owner. */
export async function forgetFile(store: DocumentStore, key: string): Promise<void> {
  try {
    await store.remove(key);
  } catch (error) {
    log("error", "a paper's file could not be removed", { key, error: String(error) });
  }
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
