import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type { DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { formatVerificationCode, newVerificationCode } from "~/utils/verification-code.server";
import type { PaperKind } from "./paper-check";

/*
 * A vehicle's proof pack (issue 45.4): what the shop holds of its papers,
 * checkable at /verify/{code} as an invoice is. The code is made with the
 * vehicle's first paper; the pack lists every version of every file with its
 * SHA-256 and when it was added, and every saved version of the translation
 * and the readings with a fingerprint of what was saved, so a file or a
 * translation changed after a buyer checked it shows as a new version, the
 * old one still listed.
 */

/** The vehicle's pack code, made now if it has none (inside the paper's own save). */
export async function ensurePack(trx: Transaction<Database>, vehicleId: number, at: string): Promise<void> {
  const found = await trx.selectFrom("proof_packs").select("id").where("vehicle_id", "=", vehicleId).executeTakeFirst();
  if (found) return;
  await trx
    .insertInto("proof_packs")
    .values({ vehicle_id: vehicleId, code: newVerificationCode(), published_at: at })
    .execute();
}

export type PackEntry = { version: number; at: string; sha256: string; current: boolean };

export type ProofPack = {
  code: string;
  publishedAt: string;
  vehicle: { id: number; name: string; refId: string };
  files: Partial<Record<PaperKind, PackEntry[]>>;
  /** The translation's and the readings' saved versions; `sha256` is of the fields as saved. */
  translations: PackEntry[];
  readings: Partial<Record<"export_certificate" | "inspection", PackEntry[]>>;
};

const fingerprint = (text: string) => createHash("sha256").update(text).digest("hex");

/** Marks the highest version current, newest first. */
function entries(rows: { version: number; at: string; sha256: string }[]): PackEntry[] {
  const sorted = [...rows].sort((a, b) => b.version - a.version);
  return sorted.map((r, i) => ({ ...r, current: i === 0 }));
}

/** The pack of the stored code `code` (as normaliseVerificationCode gives it), or null. */
export async function findPack(db: DB, code: string): Promise<ProofPack | null> {
  const pack = await db
    .selectFrom("proof_packs as k")
    .innerJoin("vehicles as v", "v.id", "k.vehicle_id")
    .select(["k.code", "k.published_at", "v.id", "v.name", "v.ref_id"])
    .where("k.code", "=", code)
    .executeTakeFirst();
  if (!pack) return null;
  const papers = await db
    .selectFrom("vehicle_papers")
    .select(["kind", "version", "sha256", "added_at"])
    .where("vehicle_id", "=", pack.id)
    .execute();
  const files: ProofPack["files"] = {};
  for (const kind of ["auction_sheet", "export_certificate", "inspection"] as const) {
    const rows = papers
      .filter((p) => p.kind === kind)
      .map((p) => ({ version: p.version, at: p.added_at, sha256: p.sha256 }));
    if (rows.length) files[kind] = entries(rows);
  }
  const sheets = await db
    .selectFrom("auction_sheets")
    .select(["version", "saved_at", "fields"])
    .where("vehicle_id", "=", pack.id)
    .execute();
  const readingRows = await db
    .selectFrom("paper_readings")
    .select([
      "kind",
      "version",
      "saved_at",
      "reference",
      "issued_on",
      "mileage_km",
      "manufactured_month",
      "registered_month",
    ])
    .where("vehicle_id", "=", pack.id)
    .execute();
  const readings: ProofPack["readings"] = {};
  for (const kind of ["export_certificate", "inspection"] as const) {
    const rows = readingRows
      .filter((r) => r.kind === kind)
      .map((r) => {
        const { kind: _kind, version, saved_at, ...fields } = r;
        return { version, at: saved_at, sha256: fingerprint(JSON.stringify(fields)) };
      });
    if (rows.length) readings[kind] = entries(rows);
  }
  return {
    code: formatVerificationCode(pack.code),
    publishedAt: pack.published_at,
    vehicle: { id: pack.id, name: pack.name, refId: pack.ref_id },
    files,
    translations: entries(sheets.map((s) => ({ version: s.version, at: s.saved_at, sha256: fingerprint(s.fields) }))),
    readings,
  };
}

/** The vehicle's pack code as printed ("7KQ2-M9XD-4HRT-WB3N"), or null before its first paper. */
export async function packCodeOf(db: DB, vehicleId: number): Promise<string | null> {
  const row = await db.selectFrom("proof_packs").select("code").where("vehicle_id", "=", vehicleId).executeTakeFirst();
  return row ? formatVerificationCode(row.code) : null;
}
