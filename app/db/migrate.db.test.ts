import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../tests/support/test-db";
import { migrateToLatest, migratorFor } from "./migrate.server";
import { nowIso } from "./db.server";
import { SEED_RULES } from "./migrations/2026-11-25-01-import-rules";

/** This release's migrations, oldest first. */
const THIS_RELEASE = [
  "2026-11-24-01-part-favourites",
  "2026-11-24-02-menu-count-indexes",
  "2026-11-24-03-facets-unsold",
  "2026-11-24-04-deals",
  "2026-11-24-05-orders",
  "2026-11-25-01-import-rules",
  "2026-11-25-02-import-indexes",
  "2026-11-26-01-part-fitment",
  "2026-11-26-02-stock-imports",
  "2026-11-27-01-model-price-index",
  "2026-11-28-01-order-indexes",
  "2026-11-29-01-import-make-indexes",
  "2026-11-30-01-offer-import-override",
  "2026-12-02-01-invoice-pdf-kept",
  "2026-12-02-02-part-deals-due",
  "2026-12-02-11-mail-digests",
  "2026-12-02-21-order-parties",
  "2026-12-02-31-party-changes",
  "2026-12-03-01-import-rules-checks",
  "2026-12-03-02-port-inspection",
  "2026-12-03-03-landed-tables",
  "2026-12-03-04-rule-regimes",
  "2026-12-03-05-import-unsold",
  "2026-12-03-06-vehicle-papers",
  "2026-12-03-07-paper-readings",
  "2026-12-03-08-proof-packs",
  "2026-12-03-09-order-photos",
  "2026-12-03-10-sheet-filters",
  "2026-12-03-11-purchase-records",
  "2026-12-03-12-export-papers",
  "2026-12-03-13-invoice-files",
  "2026-12-04-01-import-price-indexes",
  "2026-12-04-02-menu-count-covering",
  "2026-12-04-03-keyword-text",
  "2026-12-04-04-import-price-indexes-sqlite",
  "2026-12-04-05-menu-count-covering-sqlite",
  "2026-12-05-01-fitment-spellings",
  "2026-12-05-02-owner-counts",
  "2026-12-05-03-owner-search",
  "2026-12-05-04-keyword-statistics",
];
/** The migrations of this release after `name`. */
const after = (name: string) => THIS_RELEASE.slice(THIS_RELEASE.indexOf(name) + 1);

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe("migrations", () => {
  it("running them again changes nothing", async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it("refuses a second quote with the same number and a negative price", async () => {
    const now = nowIso();
    const quote = {
      number: "1234567890",
      kind: "vehicle" as const,
      ref_id: "V-1",
      item_name: "Car",
      name: "A",
      country: "Sri Lanka",
      email: "a@example.com",
      phone: "1",
      message: "Hi",
      created_at: now,
      updated_at: now,
    };
    await t.db.insertInto("quotes").values(quote).execute();
    await expect(t.db.insertInto("quotes").values(quote).execute()).rejects.toThrow();
    await expect(
      t.db
        .insertInto("vehicles")
        .values({
          ref_id: "V-NEG",
          name: "x",
          make: "Toyota",
          model: "Corolla",
          year: 2015,
          price: -1,
          created_at: now,
          updated_at: now,
        } as never)
        .execute(),
    ).rejects.toThrow();
  });

  it("deleting a vehicle removes its images and favourites but keeps its quotes", async () => {
    const now = nowIso();
    const v = await t.db
      .insertInto("vehicles")
      .values({
        ref_id: "V-DEL",
        name: "x",
        make: "Toyota",
        model: "Corolla",
        year: 2015,
        price: 100,
        description: "",
        stock_status: "available",
        created_at: now,
        updated_at: now,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("vehicle_images")
      .values({ vehicle_id: v.id, position: 0, media_key: "k", width: 1, height: 1, variants: "1", created_at: now })
      .execute();
    const q = await t.db
      .insertInto("quotes")
      .values({
        number: "2234567890",
        kind: "vehicle",
        vehicle_id: v.id,
        ref_id: "V-DEL",
        item_name: "x",
        name: "A",
        country: "Nepal",
        email: "a@example.com",
        phone: "1",
        message: "Hi",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom("vehicles").where("id", "=", v.id).execute();
    const images = await sql<{ n: number }>`select count(*) as n from vehicle_images`.execute(t.db);
    expect(Number(images.rows[0]?.n)).toBe(0);
    const kept = await t.db
      .selectFrom("quotes")
      .select(["vehicle_id", "ref_id"])
      .where("id", "=", q.id)
      .executeTakeFirst();
    expect(kept).toEqual({ vehicle_id: null, ref_id: "V-DEL" });
  });

  it("corrects the seeded import rules the owner has not changed, and gives every rule a day to check it again", async () => {
    const migrator = await migratorFor(t.db);
    expect((await migrator.migrateTo("2026-12-02-31-party-changes")).error).toBeUndefined();
    // Undone, the corrected rules are the seed's again.
    const seeded = await t.db
      .selectFrom("import_rules")
      .select(["country", "max_age_years", "age_count", "note", "source_url", "updated_at", "created_at"])
      .where("country", "in", ["Uganda", "Kenya"])
      .orderBy("country")
      .execute();
    expect(seeded.map((r) => [r.country, r.max_age_years, r.age_count, r.updated_at === r.created_at])).toEqual([
      ["Kenya", 8, "years", true],
      ["Uganda", 15, "months", true],
    ]);
    expect(seeded.map((r) => r.note)).toEqual(
      ["Kenya", "Uganda"].map((c) => SEED_RULES.find((r) => r.country === c)!.note),
    );
    // The owner changed Uganda's rule: theirs stays as they wrote it.
    await t.db
      .updateTable("import_rules")
      .set({ note: "Checked with our agent in Kampala.", checked_on: "2026-11-30", updated_at: nowIso() })
      .where("country", "=", "Uganda")
      .execute();
    expect(await migrateToLatest(t.db)).toEqual(after("2026-12-02-31-party-changes"));
    const rules = await t.db
      .selectFrom("import_rules")
      .select([
        "country",
        "max_age_years",
        "age_by_kind",
        "age_count",
        "note",
        "checked_on",
        "check_by",
        "used_parts_refused",
        "confirmed",
      ])
      .execute();
    const of = (country: string) => rules.find((r) => r.country === country)!;
    expect(of("Uganda")).toMatchObject({
      max_age_years: 15,
      age_count: "months",
      note: "Checked with our agent in Kampala.",
      check_by: "2027-11-30",
    });
    expect(of("Kenya")).toMatchObject({ checked_on: "2026-12-01", check_by: "2027-01-01" });
    expect(JSON.parse(of("Kenya").used_parts_refused)).toEqual([
      "Clutch Kit",
      "Control Arm",
      "Stabilizer Link",
      "Wheel Hub",
    ]);
    expect(of("Pakistan").note).not.toContain("baggage scheme:");
    expect(of("Pakistan").note).toContain("abolished");
    expect(of("Pakistan").check_by).toBe("2026-12-01");
    expect(of("Sri Lanka")).toMatchObject({ confirmed: 1, check_by: "2027-02-01" });
    // Special-purpose vehicles under 10 since the next migration.
    expect(JSON.parse(of("Sri Lanka").age_by_kind)).toEqual({ goods: 5, bus: 5, special: 10 });
    expect(JSON.parse(of("Pakistan").age_by_kind)).toEqual({ pickup: 5, goods: 5, bus: 5 });
    expect(of("India").age_by_kind).toBe("{}");
    // A rule no correction names is checked again a year after it was last checked.
    expect(of("India")).toMatchObject({ checked_on: "2026-11-24", check_by: "2027-11-24", used_parts_refused: "[]" });
  });

  it("gives the seeded rules their inspection bodies and Pakistan its commercial regime, and undoes it", async () => {
    const migrator = await migratorFor(t.db);
    const read = () =>
      t.db
        .selectFrom("import_rules")
        .select(["country", "note", "age_by_kind"])
        .where("country", "in", ["Kenya", "Pakistan", "Sri Lanka", "Tanzania"])
        .orderBy("country")
        .execute();
    expect((await migrator.migrateTo("2026-12-03-03-landed-tables")).error).toBeUndefined();
    const before = await read();
    // The owner rewrote Tanzania's rule: theirs keeps its note and gets no inspection body.
    await t.db
      .updateTable("import_rules")
      .set({ note: "Ask our Dar agent.", updated_at: nowIso() })
      .where("country", "=", "Tanzania")
      .execute();
    // And changed only Sri Lanka's ages, its note left as it was: their ages stay.
    await t.db
      .updateTable("import_rules")
      .set({ age_by_kind: JSON.stringify({ goods: 6, bus: 5 }) })
      .where("country", "=", "Sri Lanka")
      .execute();
    expect(await migrateToLatest(t.db)).toEqual(after("2026-12-03-03-landed-tables"));
    const rules = await t.db
      .selectFrom("import_rules")
      .select(["country", "note", "inspection", "commercial", "age_by_kind"])
      .execute();
    const of = (country: string) => rules.find((r) => r.country === country)!;
    expect(of("Kenya").inspection).toBe("QISJ (Quality Inspection Services Japan)");
    expect(of("Kenya").note).not.toContain("QISJ");
    expect(JSON.parse(of("Sri Lanka").age_by_kind)).toEqual({ goods: 6, bus: 5 });
    expect(of("Tanzania")).toMatchObject({ note: "Ask our Dar agent.", inspection: "" });
    expect(of("India")).toMatchObject({ inspection: "", commercial: "" });
    expect(JSON.parse(of("Pakistan").commercial)).toMatchObject({ maxAgeYears: 5, ageByKind: {} });
    expect(of("Pakistan").note).not.toContain("SRO");
    // With the ages as the correction left them, Sri Lanka gets the special-purpose vehicles' 10 years.
    expect((await migrator.migrateTo("2026-12-03-03-landed-tables")).error).toBeUndefined();
    await t.db
      .updateTable("import_rules")
      .set({ age_by_kind: JSON.stringify({ goods: 5, bus: 5 }) })
      .where("country", "=", "Sri Lanka")
      .execute();
    expect(await migrateToLatest(t.db)).toEqual(after("2026-12-03-03-landed-tables"));
    const lanka = await t.db
      .selectFrom("import_rules")
      .select(["inspection", "age_by_kind"])
      .where("country", "=", "Sri Lanka")
      .executeTakeFirstOrThrow();
    expect(lanka.inspection).toBe("JEVIC, JAAI or Bureau Veritas");
    expect(JSON.parse(lanka.age_by_kind)).toEqual({ goods: 5, bus: 5, special: 10 });
    // Undone: the notes and ages as they were, Tanzania's as the owner wrote it.
    expect((await migrator.migrateTo("2026-12-03-03-landed-tables")).error).toBeUndefined();
    const undone = await read();
    expect(undone.filter((r) => r.country !== "Tanzania")).toEqual(before.filter((r) => r.country !== "Tanzania"));
    expect(undone.find((r) => r.country === "Tanzania")!.note).toBe("Ask our Dar agent.");
    expect(await migrateToLatest(t.db)).toEqual(after("2026-12-03-03-landed-tables"));
  });

  it("corrects Uganda's seeded rule to count by calendar year, as URA does", async () => {
    const migrator = await migratorFor(t.db);
    expect((await migrator.migrateTo("2026-12-02-31-party-changes")).error).toBeUndefined();
    await t.db
      .updateTable("import_rules")
      .set({
        max_age_years: 15,
        age_count: "months",
        note: SEED_RULES.find((r) => r.country === "Uganda")!.note,
        updated_at: sql<string>`created_at` as never,
      })
      .where("country", "=", "Uganda")
      .execute();
    expect(await migrateToLatest(t.db)).toEqual(after("2026-12-02-31-party-changes"));
    const uganda = await t.db
      .selectFrom("import_rules")
      .select(["max_age_years", "age_count", "source_url"])
      .where("country", "=", "Uganda")
      .executeTakeFirstOrThrow();
    expect(uganda).toEqual({
      max_age_years: 16,
      age_count: "years",
      source_url: "https://softpower.ug/ura-effects-ban-on-vehicles-manufactured-before-2003",
    });
  });

  it("this release's migrations undo and redo, with stock in the shop, and the counts come back exact", async () => {
    const now = nowIso();
    const row = (ref: string, make: string, status: "available" | "sold") => ({
      ref_id: ref,
      name: `${make} ${ref}`,
      make,
      model: "Model",
      year: 2016,
      price: 900_000,
      description: "",
      stock_status: status,
      created_at: now,
      updated_at: now,
    });
    await t.db
      .insertInto("vehicles")
      .values([row("UNDO-1", "Undo", "available"), row("UNDO-2", "Undo", "sold")] as never)
      .execute();
    const facets = () =>
      t.db
        .selectFrom("stock_facets")
        .select(["n", "unsold"])
        .where("kind", "=", "vehicle")
        .where("make", "=", "Undo")
        .executeTakeFirstOrThrow();
    expect(await facets()).toEqual({ n: 2, unsold: 1 });
    const migrator = await migratorFor(t.db);
    const back = await migrator.migrateTo("2026-11-23-04-find-requests");
    expect(back.error).toBeUndefined();
    expect(back.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual(
      [...THIS_RELEASE].reverse().map((name) => [name, "Down", "Success"]),
    );
    // The earlier triggers count on without the unsold column.
    await t.db.updateTable("vehicles").set({ stock_status: "available" }).where("ref_id", "=", "UNDO-2").execute();
    await t.db
      .insertInto("vehicles")
      .values(row("UNDO-3", "Undo", "sold") as never)
      .execute();
    expect(await migrateToLatest(t.db)).toEqual(THIS_RELEASE);
    expect(await facets()).toEqual({ n: 3, unsold: 2 });
    await t.db.updateTable("vehicles").set({ stock_status: "sold" }).where("ref_id", "=", "UNDO-1").execute();
    expect(await facets()).toEqual({ n: 3, unsold: 1 });
    await t.db.deleteFrom("vehicles").where("make", "=", "Undo").execute();
    expect(await facets()).toEqual({ n: 0, unsold: 0 });
  });

  it.runIf(process.env.TEST_DIALECT === "postgres")(
    "vacuums the tables the keyword text was added to, after the migrations' transaction",
    async () => {
      const lastVacuum = async () =>
        (
          await sql<{ at: Date | null }>`select last_vacuum as at from pg_stat_user_tables
            where schemaname = current_schema() and relname = 'vehicles'`.execute(t.db)
        ).rows[0]?.at ?? null;
      const migrator = await migratorFor(t.db);
      expect((await migrator.migrateTo("2026-12-04-02-menu-count-covering")).error).toBeUndefined();
      const before = await lastVacuum();
      expect(await migrateToLatest(t.db)).toEqual(after("2026-12-04-02-menu-count-covering"));
      const vacuumed = await lastVacuum();
      expect(vacuumed).not.toBeNull();
      expect(vacuumed!.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
    },
  );

  it("quotes answered outside the shop (responded) become closed, and undoing the deals keeps every quote", async () => {
    const now = nowIso();
    const migrator = await migratorFor(t.db);
    expect((await migrator.migrateTo("2026-11-24-03-facets-unsold")).error).toBeUndefined();
    const quote = (number: string, status: string) => ({
      number,
      kind: "vehicle",
      ref_id: "V-1",
      item_name: "Car",
      name: "Buyer",
      country: "Kenya",
      email: "b@example.com",
      phone: "+254700000000",
      message: "Price?",
      status,
      created_at: now,
      updated_at: now,
    });
    await t.db
      .insertInto("quotes")
      .values([
        quote("9000000001", "pending"),
        quote("9000000002", "responded"),
        quote("9000000003", "closed"),
      ] as never)
      .execute();
    expect(await migrateToLatest(t.db)).toEqual(after("2026-11-24-03-facets-unsold"));
    const statuses = () =>
      t.db
        .selectFrom("quotes")
        .select(["number", "status"])
        .where("number", "like", "900000000%")
        .orderBy("number")
        .execute();
    expect(await statuses()).toEqual([
      { number: "9000000001", status: "pending" },
      { number: "9000000002", status: "closed" },
      { number: "9000000003", status: "closed" },
    ]);
    await t.db.updateTable("quotes").set({ status: "offered" }).where("number", "=", "9000000001").execute();
    await expect(
      t.db
        .updateTable("quotes")
        .set({ status: "responded" as never })
        .where("number", "=", "9000000001")
        .execute(),
    ).rejects.toThrow();
    expect((await migrator.migrateTo("2026-11-24-03-facets-unsold")).error).toBeUndefined();
    expect((await statuses()).map((q) => q.status)).toEqual(["responded", "closed", "closed"]);
    expect(await migrateToLatest(t.db)).toEqual(after("2026-11-24-03-facets-unsold"));
    await t.db.deleteFrom("quotes").where("number", "like", "900000000%").execute();
  });
  it("fills the searched part number of the parts already listed, and undoes it with their cars", async () => {
    const now = nowIso();
    const migrator = await migratorFor(t.db);
    expect((await migrator.migrateTo("2026-11-25-02-import-indexes")).error).toBeUndefined();
    const part = (ref: string, partNumber: string | null) => ({
      ref_id: ref,
      name: `Brake pads ${ref}`,
      make: "Toyota",
      model: "Corolla",
      type: "Suspension",
      sub_type: "Wheel Hub",
      price: 6_800,
      description: "",
      part_number: partNumber,
      quantity: 4,
      stock_status: "available",
      created_at: now,
      updated_at: now,
    });
    await t.db
      .insertInto("parts")
      .values([
        part("KEY-1", "04465-33450"),
        part("KEY-2", " a 000 420 53 02 "),
        part("KEY-3", null),
        part("KEY-4", "--"),
      ] as never)
      .execute();
    expect(await migrateToLatest(t.db)).toEqual(after("2026-11-25-02-import-indexes"));
    const keys = await t.db
      .selectFrom("parts")
      .select(["ref_id", "part_number_key"])
      .where("ref_id", "like", "KEY-%")
      .orderBy("ref_id")
      .execute();
    expect(keys).toEqual([
      { ref_id: "KEY-1", part_number_key: "0446533450" },
      { ref_id: "KEY-2", part_number_key: "A0004205302" },
      { ref_id: "KEY-3", part_number_key: null },
      { ref_id: "KEY-4", part_number_key: null },
    ]);
    // A part's cars go with it.
    const { id } = await t.db.selectFrom("parts").select("id").where("ref_id", "=", "KEY-1").executeTakeFirstOrThrow();
    await t.db
      .insertInto("part_fitments")
      .values({
        part_id: id,
        position: 0,
        make: "Toyota",
        model: "Camry",
        model_code: "ACV40",
        year_from: 2006,
        year_to: 2011,
      })
      .execute();
    await expect(
      t.db
        .insertInto("part_fitments")
        .values({
          part_id: id,
          position: 1,
          make: "Toyota",
          model: "Camry",
          model_code: null,
          year_from: 2012,
          year_to: 2011,
        })
        .execute(),
    ).rejects.toThrow();
    await t.db.deleteFrom("parts").where("id", "=", id).execute();
    expect(await t.db.selectFrom("part_fitments").select("id").where("part_id", "=", id).execute()).toEqual([]);
    expect((await migrator.migrateTo("2026-11-25-02-import-indexes")).error).toBeUndefined();
    expect(await migrateToLatest(t.db)).toEqual(after("2026-11-25-02-import-indexes"));
    await t.db.deleteFrom("parts").where("ref_id", "like", "KEY-%").execute();
  });
});
