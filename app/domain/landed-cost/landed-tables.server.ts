import { isRowId, nowIso, type DB } from "~/db/db.server";
import { refusingDuplicates } from "~/db/unique-refusal.server";
import { logActivity } from "~/domain/activity/activity.server";
import { isRealDay, shopDay } from "~/i18n/format";
import type { LoadedTable, LoadedTables } from "./estimate";

export type { TablePreview, TableVersion, UploadProblem };
import {
  isLoadableTable,
  readLandedTable,
  TABLE_COLUMNS,
  type LoadableTable,
  type TablePreview,
  type TableRow,
  type TableVersion,
  type UploadProblem,
} from "./tables";

/*
 * The owner's landed-cost tables in the database. An upload is read whole
 * (tables.ts) and kept as a preview; nothing an estimate reads changes until
 * the owner confirms it, which makes it the table's next version. Earlier
 * versions stay: an estimate names the version it used ("kenya_crsp v3").
 */

/** What the owner sends with a file: which table, where its figures come from and of when. */
export type TableUpload = {
  name: string;
  source: string;
  /** YYYY-MM-DD: the day the source is dated (a gazette's, a list's effective day) or was checked. */
  sourceDate: string;
  fileName: string;
  bytes: Uint8Array;
  /** Demo tables are samples, and say so wherever they are used. */
  sample?: boolean;
};

const PREVIEW_ROWS = 10;
const MAX_SOURCE = 300;

/** The version in use of every table that has one, with its rows. */
export async function loadedTables(db: DB): Promise<LoadedTables> {
  const rows = await db
    .selectFrom("landed_tables as t")
    .select(["t.name", "t.version", "t.source_date", "t.rows", "t.sample"])
    .where("t.version", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("landed_tables as later")
            .select("later.id")
            .whereRef("later.name", "=", "t.name")
            .whereRef("later.version", ">", "t.version"),
        ),
      ),
    )
    .execute();
  const tables: LoadedTables = {};
  for (const row of rows) {
    if (!isLoadableTable(row.name)) continue;
    const table: LoadedTable<LoadableTable> = {
      rows: JSON.parse(row.rows) as TableRow<LoadableTable>[],
      ref: { name: `${row.name} v${row.version}`, date: row.source_date },
      sample: row.sample === 1,
    };
    (tables as Record<string, unknown>)[row.name] = table;
  }
  return tables;
}

/** Every confirmed version, newest first per table. */
export async function tableVersions(db: DB): Promise<TableVersion[]> {
  const rows = await db
    .selectFrom("landed_tables")
    .select([
      "id",
      "name",
      "version",
      "source",
      "source_date",
      "file_name",
      "row_count",
      "sample",
      "created_by",
      "confirmed_at",
    ])
    .where("version", "is not", null)
    .orderBy("name")
    .orderBy("version", "desc")
    .execute();
  return rows.flatMap((r) =>
    isLoadableTable(r.name) && r.version !== null && r.confirmed_at !== null
      ? [
          {
            id: r.id,
            name: r.name,
            version: r.version,
            source: r.source,
            sourceDate: r.source_date,
            fileName: r.file_name,
            rowCount: r.row_count,
            sample: r.sample === 1,
            by: r.created_by,
            confirmedAt: r.confirmed_at,
          },
        ]
      : [],
  );
}

function checkUpload(upload: TableUpload, today: string): UploadProblem[] {
  const problems: UploadProblem[] = [];
  if (!isLoadableTable(upload.name)) problems.push({ kind: "unknown_table" });
  const source = upload.source.trim();
  if (source === "") problems.push({ kind: "no_source" });
  else if (source.length > MAX_SOURCE) problems.push({ kind: "source_too_long" });
  const date = upload.sourceDate.trim();
  if (!isRealDay(date)) problems.push({ kind: "bad_source_date", reason: "not_a_date" });
  // A source dated after today is a typing slip: the figures could not have been checked yet.
  else if (date > today) problems.push({ kind: "bad_source_date", reason: "in_future" });
  return problems;
}

/** A row's key as the table defines it, case-blind for text. */
function keyOf(name: LoadableTable, row: Record<string, unknown>): string {
  const keys = TABLE_COLUMNS[name].filter((c) => "key" in c && c.key).map((c) => c.name);
  return JSON.stringify(keys.map((k) => (typeof row[k] === "string" ? (row[k] as string).toLowerCase() : row[k])));
}

function compare(name: LoadableTable, next: Record<string, unknown>[], current: Record<string, unknown>[] | null) {
  if (!current) return { added: next.length, removed: 0, changed: 0 };
  const before = new Map(current.map((r) => [keyOf(name, r), JSON.stringify(r)]));
  let added = 0;
  let changed = 0;
  const seen = new Set<string>();
  for (const row of next) {
    const key = keyOf(name, row);
    seen.add(key);
    const old = before.get(key);
    if (old === undefined) added++;
    else if (old !== JSON.stringify(row)) changed++;
  }
  return { added, changed, removed: [...before.keys()].filter((k) => !seen.has(k)).length };
}

async function versionOf(db: DB, name: LoadableTable, version: number) {
  return db
    .selectFrom("landed_tables")
    .select(["version", "rows"])
    .where("name", "=", name)
    .where("version", "=", version)
    .executeTakeFirst();
}

async function currentVersion(db: DB, name: LoadableTable) {
  return db
    .selectFrom("landed_tables")
    .select(["version", "rows"])
    .where("name", "=", name)
    .where("version", "is not", null)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Reads an upload and keeps it as a preview; nothing an estimate reads
 * changes. Problems: every one found in the fields and the file, nothing kept.
 */
export async function previewLandedTable(
  db: DB,
  staff: { adminId: string },
  upload: TableUpload,
  now = new Date(),
): Promise<{ ok: true; preview: TablePreview } | { ok: false; problems: UploadProblem[] }> {
  const problems = checkUpload(upload, shopDay(now));
  if (!isLoadableTable(upload.name)) return { ok: false, problems };
  const read = readLandedTable(upload.name, upload.bytes);
  if (!read.ok) problems.push(...read.problems);
  if (problems.length > 0 || !read.ok) return { ok: false, problems };
  const name = upload.name;
  const at = nowIso();
  const row = await db
    .insertInto("landed_tables")
    .values({
      name,
      version: null,
      source: upload.source.trim(),
      source_date: upload.sourceDate.trim(),
      file_name: upload.fileName.slice(0, 200),
      rows: JSON.stringify(read.rows),
      row_count: read.rows.length,
      sample: upload.sample ? 1 : 0,
      created_by: staff.adminId,
      created_at: at,
      confirmed_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Previews the owner never confirmed are not kept past a day.
  await db
    .deleteFrom("landed_tables")
    .where("version", "is", null)
    .where("created_at", "<", new Date(now.getTime() - 86_400_000).toISOString())
    .execute();
  const preview = await getPreview(db, row.id);
  return { ok: true, preview: preview! };
}

/** A preview (or a confirmed upload) by its id, compared with the version in use. */
export async function getPreview(db: DB, id: number): Promise<TablePreview | null> {
  if (!isRowId(id)) return null;
  const row = await db.selectFrom("landed_tables").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || !isLoadableTable(row.name)) return null;
  const rows = JSON.parse(row.rows) as Record<string, string | number | null>[];
  // A preview is compared with the version in use; a confirmed version with the one before it.
  const comparedWith =
    row.version === null ? await currentVersion(db, row.name) : await versionOf(db, row.name, row.version - 1);
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    sourceDate: row.source_date,
    fileName: row.file_name,
    rowCount: row.row_count,
    rows: rows.slice(0, PREVIEW_ROWS),
    changes: {
      ...compare(row.name, rows, comparedWith ? (JSON.parse(comparedWith.rows) as Record<string, unknown>[]) : null),
      current: comparedWith?.version ?? null,
    },
    confirmed: row.version !== null,
    sample: row.sample === 1,
  };
}

export type ConfirmResult =
  | { ok: true; name: LoadableTable; version: number }
  | { ok: false; problem: "not_found" | "already_confirmed" | "loaded_meanwhile" };

/**
 * Makes a preview the table's next version: estimates use it from the next
 * page on. Two previews of one table confirmed at once: the unique (name,
 * version) index refuses the second, which is told another was just loaded.
 */
export async function confirmLandedTable(db: DB, staff: { adminId: string }, id: number): Promise<ConfirmResult> {
  if (!isRowId(id)) return { ok: false, problem: "not_found" };
  return refusingDuplicates(() => confirm(db, staff, id), { ok: false, problem: "loaded_meanwhile" });
}

async function confirm(db: DB, staff: { adminId: string }, id: number): Promise<ConfirmResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("landed_tables")
      .select(["name", "version", "row_count", "source_date"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row || !isLoadableTable(row.name)) return { ok: false, problem: "not_found" } as const;
    if (row.version !== null) return { ok: false, problem: "already_confirmed" } as const;
    const last = await currentVersion(trx, row.name);
    const version = (last?.version ?? 0) + 1;
    const at = nowIso();
    // Only a row still a preview: the same preview confirmed twice at once becomes one version.
    const done = await trx
      .updateTable("landed_tables")
      .set({ version, confirmed_at: at })
      .where("id", "=", id)
      .where("version", "is", null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return { ok: false, problem: "already_confirmed" } as const;
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "landed.loaded",
      subject: { kind: "landed_table", id: String(id) },
      summary: `Table ${row.name} v${version} of ${row.source_date} in use (${row.row_count} rows)`,
      at,
    });
    return { ok: true, name: row.name, version } as const;
  });
}
