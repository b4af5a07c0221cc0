import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { seedLandedSamples } from "~/db/seed/demo-landed.server";
import { seedFreightPorts } from "~/db/seed/seed.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { keptReads } from "~/db/kept-reads.server";
import { buyerPlace } from "~/domain/imports/buyer-place.server";
import { createVehicle, getPublicVehicle } from "~/domain/inventory/inventory.server";
import { listFreightPorts } from "~/domain/freight/freight.server";
import { vehicleLanded } from "./landed-page.server";
import { landedView } from "./landed-view.server";
import {
  confirmLandedTable,
  getPreview,
  loadedTables,
  previewLandedTable,
  tableVersions,
} from "./landed-tables.server";

let t: TestDb;
const owner = { adminId: "owner" };
const today = new Date("2026-12-03T03:00:00Z");
const bytes = (text: string) => new TextEncoder().encode(text);
const upload = (name: string, text: string, extra: Partial<{ source: string; sourceDate: string }> = {}) => ({
  name,
  source: "KRA CRSP list",
  sourceDate: "2025-07-01",
  fileName: "crsp.csv",
  bytes: bytes(text),
  ...extra,
});
const CRSP = "make,model,engine_cc,fuel,value_kes\n";
const stored = async () => (await t.db.selectFrom("landed_tables").select("id").execute()).length;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe("the owner's landed-cost tables", () => {
  it("keeps an upload as a preview, uses it only once confirmed, and keeps every version", async () => {
    const first = await previewLandedTable(
      t.db,
      owner,
      upload("kenya_crsp", `${CRSP}Toyota,Vitz,1300,petrol,"1,250,000"\nToyota,Axio,1500,petrol,1800000\n`),
      today,
    );
    if (!first.ok) throw new Error(JSON.stringify(first.problems));
    expect(first.preview).toMatchObject({ rowCount: 2, confirmed: false, changes: { added: 2, current: null } });
    // Previewed, not used.
    expect(await loadedTables(t.db)).toEqual({});
    expect(await confirmLandedTable(t.db, owner, first.preview.id)).toEqual({
      ok: true,
      name: "kenya_crsp",
      version: 1,
    });
    expect(await confirmLandedTable(t.db, owner, first.preview.id)).toEqual({
      ok: false,
      problem: "already_confirmed",
    });

    // The next list: Vitz dearer, Axio gone, Fielder new.
    const second = await previewLandedTable(
      t.db,
      owner,
      upload("kenya_crsp", `${CRSP}toyota,vitz,1300,Petrol,1300000\nToyota,Fielder,1500,petrol,1900000\n`, {
        source: "KRA CRSP list, January",
        sourceDate: "2026-01-01",
      }),
      today,
    );
    if (!second.ok) throw new Error(JSON.stringify(second.problems));
    expect(second.preview.changes).toEqual({ added: 1, changed: 1, removed: 1, current: 1 });
    const inUse = await loadedTables(t.db);
    expect(inUse.kenya_crsp?.ref).toEqual({ name: "kenya_crsp v1", date: "2025-07-01" });
    expect(await confirmLandedTable(t.db, owner, second.preview.id)).toMatchObject({ ok: true, version: 2 });
    const now = await loadedTables(t.db);
    expect(now.kenya_crsp).toMatchObject({ ref: { name: "kenya_crsp v2", date: "2026-01-01" }, sample: false });
    expect(now.kenya_crsp?.rows.map((r) => r.model)).toEqual(["vitz", "Fielder"]);
    expect((await tableVersions(t.db)).map((v) => `${v.name} v${v.version} ${v.source}`)).toEqual([
      "kenya_crsp v2 KRA CRSP list, January",
      "kenya_crsp v1 KRA CRSP list",
    ]);
    // Each version stays readable, as a record, with what it changed against the one before.
    expect(await getPreview(t.db, first.preview.id)).toMatchObject({
      confirmed: true,
      rowCount: 2,
      changes: { added: 2, current: null },
    });
    expect((await getPreview(t.db, second.preview.id))?.changes).toEqual({
      added: 1,
      changed: 1,
      removed: 1,
      current: 1,
    });
    // An id no row can have is no preview, on either database.
    expect(await getPreview(t.db, 99_999_999_999)).toBeNull();
    expect(await confirmLandedTable(t.db, owner, 99_999_999_999)).toEqual({ ok: false, problem: "not_found" });

    const log = await t.db.selectFrom("activity_log").select("summary").where("action", "=", "landed.loaded").execute();
    expect(log.map((l) => l.summary)).toEqual([
      "Table kenya_crsp v1 of 2025-07-01 in use (2 rows)",
      "Table kenya_crsp v2 of 2026-01-01 in use (2 rows)",
    ]);
  });

  it("confirms two uploads sent at once as two versions, or tells the second one; one preview only once", async () => {
    const preview = async (value: number) => {
      const read = await previewLandedTable(
        t.db,
        owner,
        upload("kenya_depreciation", `from_months,to_months,rate_percent\n0,,${value}\n`),
        today,
      );
      if (!read.ok) throw new Error(JSON.stringify(read.problems));
      return read.preview.id;
    };
    const [a, b] = [await preview(10), await preview(20)];
    const both = await Promise.all([confirmLandedTable(t.db, owner, a), confirmLandedTable(t.db, owner, b)]);
    for (const result of both) expect(result.ok || result.problem === "loaded_meanwhile").toBe(true);
    const versions = both.flatMap((r) => (r.ok ? [r.version] : []));
    expect(new Set(versions).size).toBe(versions.length);

    const c = await preview(30);
    const twice = await Promise.all([confirmLandedTable(t.db, owner, c), confirmLandedTable(t.db, owner, c)]);
    expect(twice.filter((r) => r.ok)).toHaveLength(1);
    expect(twice.find((r) => !r.ok)).toMatchObject({ problem: "already_confirmed" });
  });

  it("refuses a bad upload with every problem, and keeps nothing of it", async () => {
    const before = await stored();
    const refused = async (u: ReturnType<typeof upload>) => {
      const read = await previewLandedTable(t.db, owner, u, today);
      if (read.ok) throw new Error("the upload should be refused");
      return read.problems;
    };
    expect(
      await refused(
        upload("kenya_crsp", `${CRSP}Toyota,Vitz,1300,petrol,1\n`, { source: " ", sourceDate: "2027-01-01" }),
      ),
    ).toEqual([{ kind: "no_source" }, { kind: "bad_source_date", reason: "in_future" }]);
    expect(
      await refused(upload("kenya_crsp", `${CRSP}Toyota,Vitz,1300,petrol,1\n`, { sourceDate: "2025-02-30" })),
    ).toEqual([{ kind: "bad_source_date", reason: "not_a_date" }]);
    expect(await refused(upload("japan_tax", `${CRSP}Toyota,Vitz,1300,petrol,1\n`))).toEqual([
      { kind: "unknown_table" },
    ]);
    expect(
      await refused(upload("kenya_crsp", `${CRSP}Toyota,Vitz,1300,petrol,1\nTOYOTA,vitz,1300,petrol,2\n`)),
    ).toEqual([{ kind: "duplicate_key", line: 3, firstLine: 2, columns: ["make", "model", "engine_cc", "fuel"] }]);
    expect(await refused(upload("kenya_depreciation", "from_months,to_months,rate_percent\n0,12,120\n"))).toEqual([
      { kind: "rate_over_100", line: 2, column: "rate_percent", letter: "C" },
    ]);
    expect(await refused(upload("customs_rates", "country,local_per_yen\nKenia,0.86\nUganda,0\n"))).toEqual([
      { kind: "not_a_country", line: 2, column: "country", letter: "A" },
      { kind: "not_a_number", line: 3, column: "local_per_yen", letter: "B" },
    ]);
    // A Japanese Excel's "CSV": Shift_JIS bytes (トヨタ).
    const shiftJis = new Uint8Array([
      ...bytes(CRSP),
      0x83,
      0x67,
      0x83,
      0x88,
      0x83,
      0x5e,
      ...bytes(",Vitz,1300,petrol,1\n"),
    ]);
    expect(await previewLandedTable(t.db, owner, { ...upload("kenya_crsp", ""), bytes: shiftJis }, today)).toEqual({
      ok: false,
      problems: [{ kind: "not_utf8", line: 2, guess: "shift_jis" }],
    });
    expect(await stored()).toBe(before);
    expect(await confirmLandedTable(t.db, owner, 999_999)).toEqual({ ok: false, problem: "not_found" });
  });
});

describe("the estimate on a vehicle's page", () => {
  let own: TestDb | undefined;
  afterAll(() => own?.cleanup());

  it("estimates a car for Kenya from the demo's samples, says they are samples, and says what it leaves out", async () => {
    // A database of its own: the demo's samples, not the tables the tests above loaded.
    own = await createTestDb();
    const db = own.db;
    await seedFreightPorts(db);
    const rng = createRng(5);
    const { id } = await createVehicle(
      db,
      vehicleFactory(rng, 1, { stockStatus: "available", type: "Sedan", subType: "Mid-size Sedan", fuel: "petrol" }),
      [],
      { kind: "system", id: null },
    );
    await seedLandedSamples(db, today);
    expect(await seedLandedSamples(db, today)).toBe(0);
    const vehicle = (await getPublicVehicle(db, id))!;
    const ports = await listFreightPorts(db);
    const mombasa = ports.find((p) => p.port === "Mombasa")!;
    const keep = await keptReads(db, 0);
    const place = (cookie: string) => buyerPlace(db, keep, cookie, today);

    const kenya = await vehicleLanded(db, keep, await place(`port=${mombasa.id}`), vehicle);
    if (kenya?.state !== "estimate" || !kenya.result.ok) throw new Error(JSON.stringify(kenya));
    expect(kenya.result.samples).toBe(true);
    expect(kenya.result.estimate.lines.map((l) => l.key)).toEqual([
      "cif",
      ...(mombasa.inspectionYen ? ["inspection"] : []),
      "import_duty",
      "excise_duty",
      "vat",
      "idf",
      "rdl",
      "port_charges",
      "clearing",
      "registration",
    ]);
    const view = landedView(kenya, "en");
    expect(view.title).toBe("Cost once cleared in Kenya");
    expect(view.sample).toMatch(/sample tables/);
    expect(view.lines.find((l) => l.key === "import_duty")?.detail).toMatch(/^35 % of KES/);
    expect(view.lines.find((l) => l.key === "clearing")?.source.text).toBe(
      "The shop's fees at destination, version 1 of 1 Nov 2026",
    );
    expect(view.notes.join(" ")).toMatch(/not a price we charge/);
    expect(view.notes.join(" ")).toMatch(/shipping line charges/);
    expect(landedView(kenya, "ja").title).toContain("ケニア");
    // In the buyer's own currency as well, unless it is the local one.
    expect(view.total?.about).toMatch(/^≈ ¥[\d,]+$/);
    expect(landedView(kenya, "en", { code: "USD", rate: 0.0067 }).total?.about).toMatch(/^≈ ¥[\d,]+ · ≈ \$[\d,]+$/);
    expect(landedView(kenya, "en", { code: "KES", rate: 0.87 }).total?.about).toMatch(/^≈ ¥[\d,]+$/);

    // Importing into Pakistan through the same port: no duty tables yet.
    const pakistan = await vehicleLanded(db, keep, await place(`port=${mombasa.id}; import_country=Pakistan`), vehicle);
    expect(pakistan && landedView(pakistan, "en").message).toMatch(/do not estimate Pakistan's duty yet/);
    // A country chosen without a port: the page asks for one.
    const noPort = await vehicleLanded(db, keep, await place("import_country=Uganda"), vehicle);
    expect(noPort).toEqual({ state: "no_port", country: "Uganda" });
    // A country the shop does not estimate: nothing to show.
    expect(await vehicleLanded(db, keep, await place("import_country=Nepal"), vehicle)).toBeNull();
    await db.destroy();
  });
});
