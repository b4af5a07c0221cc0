import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// The home page's make links say how many of each make are in stock (issue
// 18.2): the stock counts now also keep how many are not sold ("unsold"),
// kept exact by the same triggers, which now also follow a change of stock
// status. The lists' menus go on counting all stock, as the lists show it.
// Frozen once landed.

const TABLES = [
  ["vehicles", "vehicle"],
  ["parts", "part"],
] as const;

type Kind = (typeof TABLES)[number][1];

/** The trigger statements of migration 02, or these with the unsold count. */
function statements(kind: Kind, withUnsold: boolean) {
  const key = (row: "new" | "old") =>
    `'${kind}', ${row}.make, ${row}.model, coalesce(${row}.type, ''), coalesce(${row}.sub_type, '')`;
  const where = (row: "new" | "old") =>
    `kind = '${kind}' and make = ${row}.make and model = ${row}.model and type = coalesce(${row}.type, '') and sub_type = coalesce(${row}.sub_type, '')`;
  const unsold = (row: "new" | "old") => `case when ${row}.stock_status <> 'sold' then 1 else 0 end`;
  if (!withUnsold)
    return {
      add: (row: "new" | "old") =>
        `insert into stock_facets (kind, make, model, type, sub_type, n) values (${key(row)}, 1)
         on conflict (kind, make, model, type, sub_type) do update set n = stock_facets.n + 1;`,
      remove: (row: "new" | "old") => `update stock_facets set n = n - 1 where ${where(row)};`,
      columns: "make, model, type, sub_type",
    };
  return {
    add: (row: "new" | "old") =>
      `insert into stock_facets (kind, make, model, type, sub_type, n, unsold) values (${key(row)}, 1, ${unsold(row)})
       on conflict (kind, make, model, type, sub_type) do update set n = stock_facets.n + 1, unsold = stock_facets.unsold + excluded.unsold;`,
    remove: (row: "new" | "old") =>
      `update stock_facets set n = n - 1, unsold = unsold - ${unsold(row)} where ${where(row)};`,
    columns: "make, model, type, sub_type, stock_status",
  };
}

async function replaceTriggers(db: Kysely<any>, withUnsold: boolean) {
  const sqlite = dialectOf(db) === "sqlite";
  for (const [table, kind] of TABLES) {
    const { add, remove, columns } = statements(kind, withUnsold);
    if (sqlite) {
      for (const t of ["insert", "delete", "update"])
        await sql.raw(`drop trigger if exists ${table}_facets_${t}`).execute(db);
      await sql
        .raw(`create trigger ${table}_facets_insert after insert on ${table} begin ${add("new")} end`)
        .execute(db);
      await sql
        .raw(`create trigger ${table}_facets_delete after delete on ${table} begin ${remove("old")} end`)
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_facets_update after update of ${columns} on ${table} begin ${remove("old")} ${add("new")} end`,
        )
        .execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${table}_facets on ${table}`).execute(db);
      await sql
        .raw(
          `create or replace function ${table}_facets() returns trigger language plpgsql as $$
           begin
             if tg_op in ('DELETE', 'UPDATE') then ${remove("old")} end if;
             if tg_op in ('INSERT', 'UPDATE') then ${add("new")} end if;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_facets after insert or delete or update of ${columns} on ${table}
           for each row execute function ${table}_facets()`,
        )
        .execute(db);
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("stock_facets")
    .addColumn("unsold", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await replaceTriggers(db, true);
  for (const [table, kind] of TABLES) {
    await sql
      .raw(
        `update stock_facets set unsold = (
           select count(*) from ${table} s
           where s.make = stock_facets.make and s.model = stock_facets.model
             and coalesce(s.type, '') = stock_facets.type and coalesce(s.sub_type, '') = stock_facets.sub_type
             and s.stock_status <> 'sold'
         ) where kind = '${kind}'`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceTriggers(db, false);
  await db.schema.alterTable("stock_facets").dropColumn("unsold").execute();
}
