import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// Keyword search that uses an index on both databases, and an index behind every
// public filter (issue: lists stay fast at 100,000 vehicles). Frozen once landed.

const FTS_COLUMNS = ["name", "description", "model", "ref_id"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "sqlite") {
    for (const table of ["vehicles", "parts"]) {
      const cols = FTS_COLUMNS.join(", ");
      const newCols = FTS_COLUMNS.map((c) => `new.${c}`).join(", ");
      const oldCols = FTS_COLUMNS.map((c) => `old.${c}`).join(", ");
      // An external-content FTS5 table with trigrams: substring matches of 3+
      // characters through the index, kept in step by triggers.
      await sql
        .raw(
          `create virtual table ${table}_fts using fts5(${cols}, content='${table}', content_rowid='id', tokenize='trigram')`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_fts_insert after insert on ${table} begin
             insert into ${table}_fts(rowid, ${cols}) values (new.id, ${newCols});
           end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_fts_delete after delete on ${table} begin
             insert into ${table}_fts(${table}_fts, rowid, ${cols}) values ('delete', old.id, ${oldCols});
           end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_fts_update after update of ${cols} on ${table} begin
             insert into ${table}_fts(${table}_fts, rowid, ${cols}) values ('delete', old.id, ${oldCols});
             insert into ${table}_fts(rowid, ${cols}) values (new.id, ${newCols});
           end`,
        )
        .execute(db);
      await sql.raw(`insert into ${table}_fts(${table}_fts) values ('rebuild')`).execute(db);
    }
  } else {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const table of ["vehicles", "parts"]) {
      // Must stay the same expression as keywordText() in the search repository.
      await sql
        .raw(
          `create index ${table}_keyword_idx on ${table} using gin ((lower(name || ' ' || description || ' ' || model || ' ' || ref_id)) gin_trgm_ops)`,
        )
        .execute(db);
    }
  }

  for (const column of ["model", "sub_type", "transmission", "fuel", "steering", "color", "drive", "stock_status"]) {
    await db.schema.createIndex(`vehicles_${column}_idx`).on("vehicles").column(column).execute();
  }
  // The newest-first list of one make or one type without sorting the whole subset.
  await db.schema.createIndex("vehicles_make_created_idx").on("vehicles").columns(["make", "created_at"]).execute();
  await db.schema.createIndex("vehicles_type_created_idx").on("vehicles").columns(["type", "created_at"]).execute();
  for (const column of ["model", "sub_type"]) {
    await db.schema.createIndex(`parts_${column}_idx`).on("parts").column(column).execute();
  }
  // The counts beside each make and type come from one pass over these.
  for (const table of ["vehicles", "parts"]) {
    await db.schema
      .createIndex(`${table}_facets_idx`)
      .on(table)
      .columns(["make", "model", "type", "sub_type"])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "sqlite") {
    for (const table of ["vehicles", "parts"]) {
      for (const t of ["insert", "delete", "update"])
        await sql.raw(`drop trigger if exists ${table}_fts_${t}`).execute(db);
      await sql.raw(`drop table if exists ${table}_fts`).execute(db);
    }
  } else {
    await sql`drop index if exists vehicles_keyword_idx`.execute(db);
    await sql`drop index if exists parts_keyword_idx`.execute(db);
  }
  for (const column of ["model", "sub_type", "transmission", "fuel", "steering", "color", "drive", "stock_status"]) {
    await db.schema.dropIndex(`vehicles_${column}_idx`).ifExists().execute();
  }
  await db.schema.dropIndex("vehicles_make_created_idx").ifExists().execute();
  await db.schema.dropIndex("vehicles_type_created_idx").ifExists().execute();
  for (const column of ["model", "sub_type"]) await db.schema.dropIndex(`parts_${column}_idx`).ifExists().execute();
  for (const table of ["vehicles", "parts"]) await db.schema.dropIndex(`${table}_facets_idx`).ifExists().execute();
}
