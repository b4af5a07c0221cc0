import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// Lists that stay fast at 100,000 vehicles: keyword search through an index on
// both databases, an index behind every public filter, and the stock counted
// by make, model, type and subtype as it changes. Frozen once landed.

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
  // Wide ranges on year, price and mileage together are counted from this index, not the table.
  await db.schema.createIndex("vehicles_ranges_idx").on("vehicles").columns(["year", "price", "mileage"]).execute();
  await createFacets(db, dialectOf(db) === "sqlite");
}

/**
 * stock_facets holds how many vehicles (kind 'vehicle') and parts (kind 'part')
 * there are per make, model, type and subtype, kept exact by triggers. The menu
 * counts and the totals of make/type lists read a few hundred rows instead of
 * counting the stock. A missing type or subtype is stored as ''.
 */
async function createFacets(db: Kysely<any>, sqlite: boolean) {
  await db.schema
    .createTable("stock_facets")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("make", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("sub_type", "text", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("stock_facets_pk", ["kind", "make", "model", "type", "sub_type"])
    .execute();
  for (const [table, kind] of [
    ["vehicles", "vehicle"],
    ["parts", "part"],
  ] as const) {
    const key = (row: "new" | "old") =>
      `'${kind}', ${row}.make, ${row}.model, coalesce(${row}.type, ''), coalesce(${row}.sub_type, '')`;
    const where = (row: "new" | "old") =>
      `kind = '${kind}' and make = ${row}.make and model = ${row}.model and type = coalesce(${row}.type, '') and sub_type = coalesce(${row}.sub_type, '')`;
    const add = (row: "new" | "old") =>
      `insert into stock_facets (kind, make, model, type, sub_type, n) values (${key(row)}, 1)
         on conflict (kind, make, model, type, sub_type) do update set n = stock_facets.n + 1;`;
    const remove = (row: "new" | "old") => `update stock_facets set n = n - 1 where ${where(row)};`;
    if (sqlite) {
      await sql
        .raw(`create trigger ${table}_facets_insert after insert on ${table} begin ${add("new")} end`)
        .execute(db);
      await sql
        .raw(`create trigger ${table}_facets_delete after delete on ${table} begin ${remove("old")} end`)
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_facets_update after update of make, model, type, sub_type on ${table} begin ${remove("old")} ${add("new")} end`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create function ${table}_facets() returns trigger language plpgsql as $$
           begin
             if tg_op in ('DELETE', 'UPDATE') then ${remove("old")} end if;
             if tg_op in ('INSERT', 'UPDATE') then ${add("new")} end if;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_facets after insert or delete or update of make, model, type, sub_type on ${table}
           for each row execute function ${table}_facets()`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `insert into stock_facets (kind, make, model, type, sub_type, n)
         select '${kind}', make, model, coalesce(type, ''), coalesce(sub_type, ''), count(*) from ${table}
         group by make, model, coalesce(type, ''), coalesce(sub_type, '')`,
      )
      .execute(db);
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
  await db.schema.dropIndex("vehicles_ranges_idx").ifExists().execute();
  for (const column of ["model", "sub_type"]) await db.schema.dropIndex(`parts_${column}_idx`).ifExists().execute();
  for (const table of ["vehicles", "parts"]) {
    if (dialectOf(db) === "sqlite") {
      for (const t of ["insert", "delete", "update"])
        await sql.raw(`drop trigger if exists ${table}_facets_${t}`).execute(db);
    } else {
      await sql.raw(`drop function if exists ${table}_facets() cascade`).execute(db);
    }
  }
  await db.schema.dropTable("stock_facets").ifExists().execute();
}
