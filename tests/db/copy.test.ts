import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { bulkInsertStock } from "~/db/seed/bulk.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { setFavourite } from "~/domain/accounts/favourites.server";
import { getCustomer, startCustomerSession } from "~/domain/accounts/sessions.server";
import { copyShop, TargetNotEmptyError } from "~/domain/ops/copy.server";
import { createQuote } from "~/domain/quotes/quotes.server";
import { QuoteRequestSchema } from "~/domain/quotes/quotes.schema";
import { formInput } from "~/utils/forms";
import { readVehicleQuery } from "~/domain/search/filters";
import { searchVehicles } from "~/domain/search/search.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { getStaff, startStaffSession } from "~/domain/staff/staff-sessions.server";
import { createTestDb, type TestDb } from "../support/test-db";

/*
 * npm run db:copy's work: an embedded shop with stock, buyers, sessions,
 * favourites, quotes and their mails, staff and the activity log, copied into
 * an empty PostgreSQL database. Runs in the PostgreSQL test project.
 */

const postgresOnly = process.env.TEST_DIALECT !== "postgres";
const services = (db: DB) => ({ db, config: { publicUrl: new URL("http://localhost:3000") } });
const request = (token: string, name: string) =>
  new Request("http://localhost:3000/account", {
    headers: { Cookie: `${name}=${token.split(";")[0]!.split("=")[1]}` },
  });

describe.skipIf(postgresOnly)("copying an embedded shop into PostgreSQL", () => {
  let dir: string;
  let source: DB;
  let target: TestDb;
  let buyerCookie: string;
  let staffCookie: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-copy-"));
    source = openDatabase({ dialect: "sqlite", file: path.join(dir, "shop.sqlite") });
    await migrateToLatest(source);
    await bulkInsertStock(source, { vehicles: 1500, parts: 300, photos: [], seed: 4 });
    // A gap in the ids, as deleted stock leaves.
    await source.deleteFrom("vehicles").where("id", "in", [3, 4, 5]).execute();
    const buyer = (await createCustomer(source, {
      email: "moved@example.lk",
      password: "moved password 1",
      fullName: "Moved Buyer",
      country: "Sri Lanka",
      phone: "+94 77 3",
    }))!;
    buyerCookie = await startCustomerSession(services(source), buyer.id);
    await setFavourite(source, buyer.id, "vehicle", 10, true);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      kind: "vehicle",
      itemId: "10",
      submissionKey: "copy-test-key-000000001",
      name: "Moved Buyer",
      country: "Sri Lanka",
      email: "moved@example.lk",
      phone: "+94 77 3",
      message: "Price to Colombo",
    }))
      form.set(k, v);
    const parsed = QuoteRequestSchema.safeParse(formInput(form));
    await createQuote(source, parsed.data!, buyer.id, {
      ownerEmail: "owner@example.com",
      shopName: "Shop",
      publicUrl: new URL("http://localhost:3000"),
    });
    await ensureStaffAccount(source, "mover", "mover password 1");
    const staffId = (await source.selectFrom("staff").select("id").executeTakeFirstOrThrow()).id;
    staffCookie = await startStaffSession(services(source), staffId, true);
    target = await createTestDb();
  }, 120_000);

  afterAll(async () => {
    await source?.destroy();
    await target?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("copies every table with the same rows, and the shop works on the copy", async () => {
    const lines: string[] = [];
    const counts = await copyShop(source, target.db, (line) => lines.push(line));
    const tables = counts.map((c) => c.table);
    for (const table of [
      "vehicles",
      "parts",
      "customers",
      "customer_sessions",
      "favourites",
      "quotes",
      "mail_outbox",
      "staff",
      "staff_sessions",
      "activity_log",
      "stock_facets",
    ])
      expect(tables).toContain(table);
    for (const c of counts) expect(c.target, c.table).toBe(c.source);
    expect(counts.find((c) => c.table === "vehicles")!.source).toBe(1497);
    expect(counts.find((c) => c.table === "mail_outbox")!.source).toBe(2);
    // Parents before children.
    expect(tables.indexOf("customers")).toBeLessThan(tables.indexOf("customer_sessions"));
    expect(tables.indexOf("vehicles")).toBeLessThan(tables.indexOf("favourites"));

    // Same rows, column by column: ids, timestamps and all.
    const a = await source
      .selectFrom("vehicles")
      .selectAll()
      .where("id", "in", [1, 2, 6, 1500])
      .orderBy("id")
      .execute();
    const b = await target.db
      .selectFrom("vehicles")
      .selectAll()
      .where("id", "in", [1, 2, 6, 1500])
      .orderBy("id")
      .execute();
    // PostgreSQL keeps a vehicle's words lowered for its keyword search (a column of its own, made from the others).
    expect(b.map(({ keyword_text: _made, ...row }: Record<string, unknown>) => row)).toEqual(a);
    expect(b.map((row: Record<string, unknown>) => row.keyword_text)).toEqual(
      a.map((v) => `${v.name} ${v.description} ${v.model} ${v.ref_id}`.toLowerCase()),
    );
    const quoteA = await source.selectFrom("quotes").selectAll().executeTakeFirstOrThrow();
    const quoteB = await target.db.selectFrom("quotes").selectAll().executeTakeFirstOrThrow();
    expect(quoteB).toEqual(quoteA);

    // Sessions made on the embedded shop still sign in.
    expect((await getCustomer(services(target.db), request(buyerCookie, "sid")))?.email).toBe("moved@example.lk");
    expect((await getStaff(services(target.db), request(staffCookie, "staff_sid")))?.adminId).toBe("mover");
    // New rows are numbered after the copied ones.
    const next = await target.db
      .insertInto("customers")
      .values({
        email: "new@example.com",
        password_hash: "x",
        full_name: "New",
        country: "Kenya",
        phone: "+254 1",
        created_at: "2026-11-21T00:00:00.000Z",
        updated_at: "2026-11-21T00:00:00.000Z",
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(1);
    // Lists and counts work on the copy.
    const query = readVehicleQuery(new URLSearchParams("Make=Toyota"));
    const [fromSqlite, fromPostgres] = await Promise.all([
      searchVehicles(source, query),
      searchVehicles(target.db, query),
    ]);
    expect(fromPostgres.total).toBe(fromSqlite.total);
    expect(fromPostgres.items.map((i) => i.id)).toEqual(fromSqlite.items.map((i) => i.id));
  });

  it("refuses a target that is not empty, and changes nothing there", async () => {
    const before = await target.db
      .selectFrom("vehicles")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    await expect(copyShop(source, target.db)).rejects.toBeInstanceOf(TargetNotEmptyError);
    const after = await target.db
      .selectFrom("vehicles")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});
