import { sql } from "kysely";
import { type DB, dialectOf } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";

/*
 * Moves an embedded shop (SQLite) into an empty PostgreSQL database: every
 * table, with its ids, timestamps, sessions, mail outbox and activity log,
 * in one transaction on the target. Tables the database keeps up to date by
 * itself (the stock counts, the SQLite search index) are rebuilt there, not
 * copied. The numbering of each table carries on after the highest id copied.
 */

/** Kept up to date by triggers on the target as the stock is copied in. */
const DERIVED = new Set(["stock_facets"]);
/** Filled by a migration (the sourced import rules): the target's are replaced by the source's, as its owner left them. */
const SEEDED = new Set(["import_rules"]);

export class TargetNotEmptyError extends Error {
  constructor(readonly tables: string[]) {
    super(`The target database is not empty (rows in ${tables.join(", ")}); copy only into an empty database.`);
    this.name = "TargetNotEmptyError";
  }
}

export type TableCount = { table: string; source: number; target: number };

type Row = Record<string, unknown>;

/** The shop's own tables in the SQLite file, parents before the tables that refer to them. */
async function tablesInOrder(source: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' and name not like '%_fts%'
    order by name`.execute(source);
  const names = rows.map((r) => r.name);
  const parents = new Map<string, string[]>();
  for (const name of names) {
    const { rows: keys } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(
      source,
    );
    parents.set(
      name,
      keys.map((k) => k.table).filter((t) => t !== name),
    );
  }
  const ordered: string[] = [];
  const visit = (name: string, path: string[] = []) => {
    if (ordered.includes(name) || path.includes(name)) return;
    for (const parent of parents.get(name) ?? []) visit(parent, [...path, name]);
    ordered.push(name);
  };
  names.forEach((n) => visit(n));
  return ordered;
}

async function count(db: DB, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}

export async function copyShop(
  source: DB,
  target: DB,
  progress: (line: string) => void = () => {},
): Promise<TableCount[]> {
  if (dialectOf(source) !== "sqlite") throw new Error("The source must be an embedded (sqlite:) shop.");
  if (dialectOf(target) !== "postgres") throw new Error("The target must be a PostgreSQL (postgres://) database.");
  await migrateToLatest(source);
  await migrateToLatest(target);

  const tables = await tablesInOrder(source);
  const filled: string[] = [];
  for (const table of tables) if (!SEEDED.has(table) && (await count(target, table)) > 0) filled.push(table);
  if (filled.length > 0) throw new TargetNotEmptyError(filled);

  await target.transaction().execute(async (trx) => {
    for (const table of tables) if (SEEDED.has(table)) await trx.deleteFrom(table as never).execute();
    for (const table of tables) {
      if (DERIVED.has(table)) continue;
      const { rows: columns } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(
        source,
      );
      const names = columns.map((c) => c.name);
      // PostgreSQL takes at most 65,535 values per statement.
      const perInsert = Math.max(1, Math.min(1000, Math.floor(60_000 / names.length)));
      let copied = 0;
      let lastRowid = -Infinity;
      for (;;) {
        const { rows } = await sql<Row & { __rowid: number }>`
          select rowid as __rowid, * from ${sql.table(table)}
          where rowid > ${lastRowid === -Infinity ? -9007199254740991 : lastRowid}
          order by rowid limit ${perInsert}`.execute(source);
        if (rows.length === 0) break;
        lastRowid = rows[rows.length - 1]!.__rowid;
        const values = rows.map((row) => Object.fromEntries(names.map((n) => [n, row[n] ?? null])));
        await trx
          .insertInto(table as never)
          .values(values as never)
          .execute();
        copied += rows.length;
      }
      if (names.includes("id")) {
        // The next row made on PostgreSQL gets the id after the highest copied.
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
          trx,
        );
      }
      progress(`${table}: ${copied} rows`);
    }
  });

  const counts: TableCount[] = [];
  for (const table of tables)
    counts.push({ table, source: await count(source, table), target: await count(target, table) });
  return counts;
}
