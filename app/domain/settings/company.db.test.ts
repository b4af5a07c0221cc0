import type { Problem } from "~/i18n/problem";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { routeContext } from "../../../tests/support/route-context";
import { loadConfig, publicSettings } from "~/config.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { startStaffSession } from "~/domain/staff/staff-sessions.server";
import { openRequestScope, type RequestScope } from "~/utils/request-scope.server";
import { action as companyAction, loader as companyLoader } from "~/routes/admin/company";
import { LICENCE_FORMAT as LICENCE_PROBLEM, readCompanyForm } from "./company";
import { english, englishAll } from "../../../tests/support/english";
import {
  addOfficePhotos,
  DEMO_COMPANY,
  getCompany,
  getOfficePhotos,
  removeOfficePhoto,
  saveCompany,
  seedCompany,
} from "./company.server";

let t: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "company-test-"));
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", PUBLIC_URL: "https://shop.example" });
const owner = { id: 1, adminId: "owner" };
let staffCookie = "";

beforeAll(async () => {
  t = await createTestDb();
  await ensureStaffAccount(t.db, "owner", "owner's long password");
  const staff = await t.db.selectFrom("staff").select("id").where("admin_id", "=", "owner").executeTakeFirstOrThrow();
  const setCookie = await startStaffSession({ config, db: t.db }, staff.id, false);
  staffCookie = setCookie.split(";")[0]!;
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const GOOD = {
  legalName: "Sakura Auto Export Co., Ltd.",
  corporateNumber: "1234 5678 90123",
  licenceNumber: "第123456789012号",
  licenceIssuer: "Kanagawa Prefectural Public Safety Commission",
  memberships: "Japan Used Motor Vehicle Exporters Association\n\n  Yokohama Chamber of Commerce  ",
  foundedYear: "2009",
  phone: "+81 45-111-2222",
  whatsapp: "+81 90-3333-4444",
  email: "sales@sakura.example",
  address: "1-1 Honcho, Naka-ku, Yokohama 231-0005, Japan",
};

const context = () => routeContext(config, t.db);

async function post(values: Record<string, string>, cookie = staffCookie) {
  const request = new Request("https://shop.example/admin/company", {
    method: "POST",
    body: new URLSearchParams(values),
    headers: cookie ? { Cookie: cookie } : {},
  });
  try {
    return (await companyAction({ request, context: context(), params: {} } as never)) as unknown;
  } catch (thrown) {
    return thrown;
  }
}

/** The licence number's refusal as the staff read it in English. */
const LICENCE_FORMAT = english(LICENCE_PROBLEM);

/** A refusal's Problems as the staff read them in English. */
function inEnglish(data: unknown) {
  if (!data || typeof data !== "object") return data;
  const d = data as { message?: Problem; errors?: Record<string, Problem> };
  return {
    ...d,
    ...(d.message ? { message: english(d.message) } : {}),
    ...(d.errors ? { errors: englishAll(d.errors) } : {}),
  };
}

/** What the action answered: a redirect's target, or a refusal's status and data. */
function answer(result: unknown): { status: number; location?: string | null; data?: unknown } {
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  const d = result as { init?: { status?: number }; data?: unknown };
  return { status: d.init?.status ?? 200, data: inEnglish(d.data) };
}

describe("the Company screen's rules", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const errorsOf = (changes: Record<string, string>) => {
    const r = readCompanyForm({ ...GOOD, ...changes }, now);
    return r.ok ? {} : englishAll(r.errors);
  };

  it("takes a licence number and a corporate number as issued, with 第…号, spaces and dashes dropped", () => {
    const r = readCompanyForm(GOOD, now);
    expect(r.ok && r.company).toMatchObject({
      licenceNumber: "123456789012",
      corporateNumber: "1234567890123",
      memberships: ["Japan Used Motor Vehicle Exporters Association", "Yokohama Chamber of Commerce"],
      foundedYear: 2009,
    });
  });

  it("refuses a licence number that is not 12 digits, and a licence without its commission", () => {
    expect(errorsOf({ licenceNumber: "12345678901" }).licenceNumber).toBe(LICENCE_FORMAT);
    expect(errorsOf({ licenceNumber: "1234567890123" }).licenceNumber).toBe(LICENCE_FORMAT);
    expect(errorsOf({ licenceNumber: "45-ABC-000000" }).licenceNumber).toBe(LICENCE_FORMAT);
    expect(errorsOf({ licenceIssuer: " " }).licenceIssuer).toBe(
      "Name the Public Safety Commission that issued the licence",
    );
    // No licence at all is allowed (a shop may have none yet); it is then not shown.
    expect(errorsOf({ licenceNumber: "", licenceIssuer: "" })).toEqual({});
  });

  it("refuses odd years, numbers, addresses and lists, each beside its field", () => {
    expect(errorsOf({ foundedYear: "1899" }).foundedYear).toBe("Year founded must be from 1900 to 2026");
    expect(errorsOf({ foundedYear: "2027" }).foundedYear).toBe("Year founded must be from 1900 to 2026");
    expect(errorsOf({ foundedYear: "20x9" }).foundedYear).toBe("Year founded must be from 1900 to 2026");
    expect(errorsOf({ corporateNumber: "123" }).corporateNumber).toMatch(/13 digits/);
    expect(errorsOf({ legalName: "" }).legalName).toBe("Company name is required");
    expect(errorsOf({ legalName: "x".repeat(121) }).legalName).toBe("Company name must be at most 120 characters");
    expect(errorsOf({ phone: "call me" }).phone).toMatch(/^Phone must be a phone number/);
    expect(errorsOf({ whatsapp: "12" }).whatsapp).toMatch(/^WhatsApp must be a phone number/);
    expect(errorsOf({ email: "sales at sakura" }).email).toBe("Please enter a valid email address");
    expect(errorsOf({ memberships: "a\nb\nc\nd\ne\nf\ng" }).memberships).toBe("At most 6 memberships, one per line");
    expect(errorsOf({ memberships: "y".repeat(101) }).memberships).toBe(
      "Each membership must be at most 100 characters",
    );
  });
});

describe("company settings", () => {
  it("show the environment's contact details and the shop's name until the owner saves", async () => {
    const company = await getCompany(t.db, config.shop);
    expect(company).toMatchObject({ legalName: config.shop.name, phone: config.shop.phone, licenceNumber: "" });
    expect(publicSettings(config, company).company.licenceNumber).toBe("");
  });

  it("are saved by the owner, logged, and mark public pages as changed (the page cache empties)", async () => {
    const parsed = readCompanyForm(GOOD);
    if (!parsed.ok) throw new Error("the good form was refused");
    let scope: RequestScope | null = null;
    await new Promise<void>((resolve, reject) =>
      openRequestScope((s) => {
        scope = s;
        saveCompany(t.db, owner, config.shop, parsed.company).then(resolve, reject);
      }),
    );
    expect(scope!.publicContentChanged).toBe(true);

    const stored = await getCompany(t.db, config.shop);
    expect(stored).toMatchObject({ licenceNumber: "123456789012", foundedYear: 2009, phone: "+81 45-111-2222" });
    const settings = publicSettings(config, stored);
    expect(settings.shop).toMatchObject({ phone: "+81 45-111-2222", email: "sales@sakura.example" });
    expect(settings.company.licenceIssuer).toBe("Kanagawa Prefectural Public Safety Commission");

    const log = await t.db
      .selectFrom("activity_log")
      .selectAll()
      .where("action", "=", "company.updated")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(log.actor_id).toBe("owner");
    expect(log.summary).toContain("licence number");
    expect(log.summary).toContain("year founded");

    // The demo never overwrites what the owner saved.
    expect(await seedCompany(t.db)).toBe(false);
    expect((await getCompany(t.db, config.shop)).legalName).toBe(GOOD.legalName);
  });

  it("through the screen: a bad licence number is refused with 400 and the form kept, nothing saved", async () => {
    const before = await getCompany(t.db, config.shop);
    const bad = answer(await post({ intent: "save", ...GOOD, licenceNumber: "4512", legalName: "Typed Name K.K." }));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      errors: { licenceNumber: LICENCE_FORMAT },
      values: { licenceNumber: "4512", legalName: "Typed Name K.K." },
    });
    expect(await getCompany(t.db, config.shop)).toEqual(before);

    const good = answer(await post({ intent: "save", ...GOOD, licenceNumber: "987654321098" }));
    expect(good).toMatchObject({ status: 302, location: "/admin/company?saved=details" });
    expect((await getCompany(t.db, config.shop)).licenceNumber).toBe("987654321098");
  });

  it("through the screen: nobody without a staff session reads or saves them", async () => {
    const refused = await post({ intent: "save", ...GOOD, legalName: "Intruder Ltd." }, "");
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toMatch(/^\/admin\/login/);
    expect((await getCompany(t.db, config.shop)).legalName).toBe(GOOD.legalName);
    const read = await companyLoader({
      request: new Request("https://shop.example/admin/company"),
      context: context(),
      params: {},
    } as never).catch((thrown: unknown) => thrown);
    expect(read).toBeInstanceOf(Response);
  });
});

describe("office photos", () => {
  const photo = (i: number) => ({
    key: i.toString(16).padStart(20, "a"),
    width: 960,
    height: 720,
    variants: [480, 960],
  });

  it("keep at most six, and one can be removed", async () => {
    expect(await addOfficePhotos(t.db, owner, [photo(1), photo(2)])).toBe(true);
    expect(await addOfficePhotos(t.db, owner, [photo(3), photo(4), photo(5), photo(6), photo(7)])).toBe(false);
    expect(await addOfficePhotos(t.db, owner, [photo(3), photo(4), photo(5), photo(6)])).toBe(true);
    expect((await getOfficePhotos(t.db)).map((p) => p.key)).toEqual([1, 2, 3, 4, 5, 6].map((i) => photo(i).key));
    expect(await addOfficePhotos(t.db, owner, [photo(7)])).toBe(false);

    expect(await removeOfficePhoto(t.db, owner, photo(2).key)).toMatchObject({ key: photo(2).key });
    expect(await removeOfficePhoto(t.db, owner, photo(2).key)).toBeNull();
    expect(await getOfficePhotos(t.db)).toHaveLength(5);
  });

  it("two uploads at once never pass six", async () => {
    for (const p of await getOfficePhotos(t.db)) await removeOfficePhoto(t.db, owner, p.key);
    // PostgreSQL: two app instances; SQLite: the one connection a shop process has (it serialises writes).
    const other = t.dialect === "postgres" ? t.open() : t.db;
    try {
      const results = await Promise.all([
        addOfficePhotos(t.db, owner, [photo(11), photo(12), photo(13), photo(14)]),
        addOfficePhotos(other, owner, [photo(21), photo(22), photo(23), photo(24)]),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await getOfficePhotos(t.db)).toHaveLength(4);
    } finally {
      if (other !== t.db) await other.destroy();
    }
  });
});

describe("the demo company", () => {
  it("is written into a shop whose owner has not saved the screen", async () => {
    const fresh = await createTestDb();
    try {
      expect(await seedCompany(fresh.db)).toBe(true);
      const company = await getCompany(fresh.db, config.shop);
      expect(company).toMatchObject({ ...DEMO_COMPANY, phone: config.shop.phone });
      expect(readCompanyForm({ ...GOOD, licenceNumber: company.licenceNumber }).ok).toBe(true);
    } finally {
      await fresh.cleanup();
    }
  });
});
