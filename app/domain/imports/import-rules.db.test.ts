import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { english, englishAll } from "../../../tests/support/english";
import { routeContext } from "../../../tests/support/route-context";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "~/config.server";
import { formInput } from "~/utils/forms";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { startStaffSession } from "~/domain/staff/staff-sessions.server";
import { shopDay } from "~/i18n/format";
import { I18nProvider, i18nFor } from "~/i18n/i18n";
import en from "~/i18n/locales/en/admin.json";
import ja from "~/i18n/locales/ja/admin.json";
import { type Problem, problemText, readIssue } from "~/i18n/problem";
import RulesPage, { action as rulesAction, loader as rulesLoader } from "~/routes/admin/import-rules";
import { IMPORT_DEFAULTS } from "./import-settings";
import {
  deleteImportRule,
  getImportRule,
  getImportSettings,
  ImportSettingsSchema,
  importRuleSchema,
  listImportRules,
  RULE_EXISTS,
  RULE_NOT_FOUND,
  ruleForCountry,
  saveImportRule,
  saveImportSettings,
  type StoredRule,
} from "./import-rules.server";

/*
 * The owner's rule editor (issue 22): rules saved, edited and deleted, one per
 * country whatever its case, every bad input refused with its message, and
 * the shipping times they are counted with.
 */

let t: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "import-rules-test-"));
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", PUBLIC_URL: "https://shop.example" });
const owner = { id: 1, adminId: "owner" };
let staffCookie = "";

beforeAll(async () => {
  t = await createTestDb();
  await ensureStaffAccount(t.db, "owner", "owner's long password");
  const staff = await t.db.selectFrom("staff").select("id").where("admin_id", "=", "owner").executeTakeFirstOrThrow();
  staffCookie = (await startStaffSession({ config, db: t.db }, staff.id, false)).split(";")[0]!;
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** 2026-11-24 20:00 UTC: already 25 November in Tokyo, the shop's day. */
const NOW = new Date("2026-11-24T20:00:00Z");

/** The editor's form as the browser sends it: checkboxes ticked send "on", unticked send nothing. */
const GOOD: Record<string, string> = {
  country: "Zambia",
  usedVehicles: "on",
  maxAgeYears: "10",
  ageFrom: "manufacture",
  ageUntil: "arrival",
  ageCount: "years",
  steering: "Right",
  usedParts: "on",
  note: "  Pre-shipment inspection.  ",
  sourceUrl: "https://www.zra.org.zm/motor-vehicles",
  checkedOn: "2026-11-25",
  confirmed: "on",
};

function formOf(values: Record<string, string | undefined>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) form.set(k, v);
  return form;
}

const parse = (values: Record<string, string | undefined>) =>
  importRuleSchema(NOW).safeParse(formInput(formOf(values)));
/** A valid rule's input, read through the editor's schema. */
const input = (changes: Record<string, string | undefined> = {}) => {
  const parsed = parse({ ...GOOD, ...changes });
  if (!parsed.success) throw new Error(`not a valid rule: ${JSON.stringify(parsed.error.issues)}`);
  return parsed.data;
};
/** The first refusal of each field, as the catalogue key and values the page reads. */
const refusals = (changes: Record<string, string | undefined>): Record<string, Problem> => {
  const parsed = parse({ ...GOOD, ...changes });
  if (parsed.success) return {};
  const out: Record<string, Problem> = {};
  for (const found of parsed.error.issues) out[String(found.path[0])] ??= readIssue(found.message);
  return out;
};

const jaT = i18nFor({ language: "ja", version: "test-ja", resources: { admin: ja } }).getFixedT("ja", "admin");
const inJapanese = (found: Problem) => problemText(jaT, found);

describe("the seeded rules", () => {
  it("are there, with their sources, those not confirmed marked so", async () => {
    const rules = await listImportRules(t.db);
    const by = new Map(rules.map((r) => [r.country, r]));
    for (const country of ["Kenya", "Uganda", "Tanzania", "India", "Pakistan", "Vietnam", "Nepal", "Sri Lanka"])
      expect(by.has(country), country).toBe(true);
    expect(by.get("Kenya")).toMatchObject({
      usedVehicles: true,
      maxAgeYears: 8,
      ageFrom: "registration",
      ageCount: "years",
      steering: "Right",
      confirmed: true,
    });
    expect(by.get("India")).toMatchObject({ maxAgeYears: 3, ageFrom: "manufacture", steering: "Right" });
    expect(by.get("Nepal")).toMatchObject({ usedVehicles: false, confirmed: false });
    expect(by.get("Vietnam")).toMatchObject({ steering: "Left", usedParts: false });
    for (const rule of rules) {
      expect(rule.sourceUrl, rule.country).toMatch(/^https?:\/\/[^/]+\.[a-z]+/);
      expect(rule.checkedOn, rule.country).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // By country, as the editor lists them.
    expect(rules.map((r) => r.country)).toEqual([...rules.map((r) => r.country)].sort());
  });
});

describe("saving rules", () => {
  it("adds, edits and deletes a rule, each written to the activity log", async () => {
    const added = await saveImportRule(t.db, owner, input());
    expect(added.ok).toBe(true);
    const id = (added as { id: number }).id;
    expect(await getImportRule(t.db, id)).toMatchObject({
      country: "Zambia",
      usedVehicles: true,
      maxAgeYears: 10,
      ageFrom: "manufacture",
      ageUntil: "arrival",
      ageCount: "years",
      steering: "Right",
      usedParts: true,
      note: "Pre-shipment inspection.",
      sourceUrl: "https://www.zra.org.zm/motor-vehicles",
      checkedOn: "2026-11-25",
      confirmed: true,
    });

    // Blanks: no age limit, either steering; unticked boxes are false.
    const edited = input({ maxAgeYears: "", steering: "", usedParts: undefined, confirmed: undefined, note: "" });
    expect(await saveImportRule(t.db, owner, edited, id)).toEqual({ ok: true, id });
    expect(await getImportRule(t.db, id)).toMatchObject({
      maxAgeYears: null,
      steering: null,
      usedParts: false,
      confirmed: false,
      note: "",
    });
    expect(await ruleForCountry(t.db, "zambia")).toMatchObject({ country: "Zambia", maxAgeYears: null });

    expect(await deleteImportRule(t.db, owner, id)).toBe(true);
    expect(await deleteImportRule(t.db, owner, id)).toBe(false);
    expect(await getImportRule(t.db, id)).toBeNull();

    const log = await t.db
      .selectFrom("activity_log")
      .select(["action", "summary"])
      .where("action", "like", "imports.rule_%")
      .orderBy("id")
      .execute();
    expect(log).toEqual([
      { action: "imports.rule_added", summary: "Import rule for Zambia added" },
      { action: "imports.rule_updated", summary: "Import rule for Zambia updated" },
      { action: "imports.rule_deleted", summary: "Import rule for Zambia deleted" },
    ]);
  });

  it("keeps one rule per country whatever its case and spacing, and changes nothing when refused", async () => {
    const before = await listImportRules(t.db);
    for (const country of ["Kenya", "kenya", "  KENYA ", "Sri  lanka"])
      expect(await saveImportRule(t.db, owner, input({ country })), country).toEqual({ ok: false, error: RULE_EXISTS });
    const india = before.find((r) => r.country === "India")!;
    expect(await saveImportRule(t.db, owner, input({ country: "NEPAL" }), india.id)).toEqual({
      ok: false,
      error: RULE_EXISTS,
    });
    expect(await saveImportRule(t.db, owner, input(), 987_654)).toEqual({ ok: false, error: RULE_NOT_FOUND });
    expect(await deleteImportRule(t.db, owner, 987_654)).toBe(false);
    expect(await listImportRules(t.db)).toEqual(before);

    // Capitals beyond A to Z count too (SQLite's lower() does not fold them).
    const ivory = await saveImportRule(t.db, owner, input({ country: "CÔTE D'IVOIRE" }));
    expect(ivory.ok).toBe(true);
    expect(await saveImportRule(t.db, owner, input({ country: "Côte d'Ivoire" }))).toEqual({
      ok: false,
      error: RULE_EXISTS,
    });

    // A rule may change the case of its own country.
    const id = (ivory as { id: number }).id;
    expect(await saveImportRule(t.db, owner, input({ country: "Côte D'Ivoire" }), id)).toEqual({ ok: true, id });
    await deleteImportRule(t.db, owner, id);
  });

  it("two saves of the same new country at the same moment make one rule; the other is told it exists", async () => {
    const rule = input({ country: "Malawi" });
    const outcomes = await Promise.all([
      saveImportRule(t.db, owner, rule),
      saveImportRule(t.db, owner, { ...rule, country: "MALAWI" }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, error: RULE_EXISTS }]);
    expect((await listImportRules(t.db)).filter((r) => r.country.toLowerCase() === "malawi")).toHaveLength(1);
  });
});

describe("the editor's form", () => {
  const maxAge = { key: "messages.text.maxAgeFormat", values: { max: 50 } };
  const chooseFrom = (choice: string) => ({
    key: "messages.pattern.chooseFromList",
    values: { choice: { key: `messages.choices.${choice}` } },
  });
  const required = (field: string) => ({
    key: "messages.pattern.required",
    values: { field: { key: `messages.fieldNames.${field}` } },
  });

  it("refuses an age that is negative, not a number, 0 or over 50, and takes 1 to 50 or nothing", () => {
    for (const bad of ["-1", "-8", "abc", "0", "00", "51", "99", "3.5", "8 years", "１０"])
      expect(refusals({ maxAgeYears: bad }), bad).toEqual({ maxAgeYears: maxAge });
    expect(english(maxAge)).toBe("Maximum age must be a whole number of years from 1 to 50, or empty for no limit");
    for (const [typed, years] of [
      ["1", 1],
      [" 8 ", 8],
      ["50", 50],
      ["", undefined],
      ["  ", undefined],
    ] as const)
      expect(input({ maxAgeYears: typed }).maxAgeYears, typed).toBe(years);
  });

  it("refuses a steering or an age choice that is not on the list (posted by hand)", () => {
    expect(refusals({ steering: "Middle" })).toEqual({ steering: chooseFrom("steering") });
    expect(refusals({ steering: "right" })).toEqual({ steering: chooseFrom("steering") });
    expect(refusals({ ageFrom: "birth" })).toEqual({ ageFrom: chooseFrom("ageFrom") });
    expect(refusals({ ageFrom: undefined })).toEqual({ ageFrom: chooseFrom("ageFrom") });
    expect(refusals({ ageUntil: "customs" })).toEqual({ ageUntil: chooseFrom("ageUntil") });
    expect(refusals({ ageCount: "days" })).toEqual({ ageCount: chooseFrom("ageCount") });
    expect(english(chooseFrom("steering"))).toBe("Choose a steering side from the list");
    expect(english(chooseFrom("ageFrom"))).toBe("Choose a starting point from the list");
  });

  it("wants a source that is a web address", () => {
    expect(refusals({ sourceUrl: undefined })).toEqual({ sourceUrl: required("sourceUrl") });
    expect(refusals({ sourceUrl: "   " })).toEqual({ sourceUrl: required("sourceUrl") });
    const format = { key: "messages.text.sourceUrlFormat" };
    for (const bad of [
      "kebs.org",
      "ftp://kebs.org/rules",
      "javascript:alert(1)",
      "mailto:a@b.c",
      "https://",
      "http://",
    ])
      expect(refusals({ sourceUrl: bad }), bad).toEqual({ sourceUrl: format });
    expect(refusals({ sourceUrl: `https://e.org/${"a".repeat(500)}` }).sourceUrl).toMatchObject({
      key: "messages.pattern.maxLength",
    });
    expect(input({ sourceUrl: " http://tra.go.tz/index.php " }).sourceUrl).toBe("http://tra.go.tz/index.php");
    expect(english(required("sourceUrl"))).toBe("Source address is required");
  });

  it("wants the day last checked as a real date, not after today in Japan", () => {
    expect(refusals({ checkedOn: "" })).toEqual({ checkedOn: required("checkedOn") });
    for (const bad of ["2026-02-30", "2026-13-01", "24/11/2026", "2026-1-5", "yesterday"])
      expect(refusals({ checkedOn: bad }), bad).toEqual({ checkedOn: { key: "messages.text.checkedOnFormat" } });
    for (const future of ["2026-11-26", "2027-01-01"])
      expect(refusals({ checkedOn: future }), future).toEqual({ checkedOn: { key: "messages.text.checkedOnFuture" } });
    // Still the 24th in London, already the 25th in Tokyo: today is the shop's.
    expect(input({ checkedOn: "2026-11-25" }).checkedOn).toBe("2026-11-25");
  });

  it("wants a country of at most 60 characters and a note of at most 1,000", () => {
    expect(refusals({ country: "  " })).toEqual({ country: required("country") });
    expect(englishAll(refusals({ country: "x".repeat(61), note: "n".repeat(1001) }))).toEqual({
      country: "Country must be at most 60 characters",
      note: "Note must be at most 1,000 characters",
    });
  });

  it("says every refusal in English and in Japanese", () => {
    const all = [
      ...Object.values(
        refusals({
          country: "",
          maxAgeYears: "abc",
          ageFrom: "x",
          ageUntil: "x",
          ageCount: "x",
          steering: "x",
          note: "n".repeat(1001),
          sourceUrl: "ftp://x",
          checkedOn: "2026-02-30",
        }),
      ),
      ...Object.values(refusals({ sourceUrl: "", checkedOn: "2099-01-01" })),
      RULE_EXISTS,
      RULE_NOT_FOUND,
    ];
    expect(all).toHaveLength(13);
    for (const found of all) {
      expect(english(found), found.key).not.toContain("messages.");
      expect(inJapanese(found), found.key).not.toContain("messages.");
      expect(inJapanese(found), found.key).not.toBe(english(found));
    }
    expect(inJapanese(chooseFrom("ageCount"))).toBe("リストから数え方を選んでください");
  });
});

describe("the shipping times", () => {
  const settingsForm = (leadDays: string, seaDays: string) =>
    ImportSettingsSchema.safeParse(formInput(formOf({ leadDays, seaDays })));

  it("start at their defaults, and are saved and read back", async () => {
    expect(await getImportSettings(t.db)).toEqual(IMPORT_DEFAULTS);
    const typed = settingsForm(" 30 ", "45");
    expect(typed.success && typed.data).toEqual({ leadDays: 30, seaDays: 45 });
    await saveImportSettings(t.db, owner, { leadDays: 30, seaDays: 45 });
    expect(await getImportSettings(t.db)).toEqual({ leadDays: 30, seaDays: 45 });
    await saveImportSettings(t.db, owner, { leadDays: 0, seaDays: 1 });
    expect(await getImportSettings(t.db)).toEqual({ leadDays: 0, seaDays: 1 });
    await saveImportSettings(t.db, owner, { leadDays: 180, seaDays: 120 });
    expect(await getImportSettings(t.db)).toEqual({ leadDays: 180, seaDays: 120 });
  });

  it("refuse days out of their ranges, and never store a default in their place", async () => {
    const before = await getImportSettings(t.db);
    const problems = (leadDays: string, seaDays: string) => {
      const parsed = settingsForm(leadDays, seaDays);
      return parsed.success
        ? {}
        : englishAll(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
    };
    expect(problems("-1", "0")).toEqual({
      leadDays: "Days from order to shipping must be a whole number from 0 to 180",
      seaDays: "Days at sea must be a whole number from 1 to 120",
    });
    for (const [lead, sea] of [
      ["181", "35"],
      ["abc", "35"],
      ["2.5", "35"],
      ["21", "121"],
      ["21", "1e2"],
    ] as const)
      expect(Object.keys(problems(lead, sea)), `${lead}/${sea}`).toHaveLength(1);
    expect(problems("", "35")).toEqual({ leadDays: "Days from order to shipping is required" });
    for (const bad of [
      { leadDays: -1, seaDays: 35 },
      { leadDays: 181, seaDays: 35 },
      { leadDays: 21, seaDays: 0 },
      { leadDays: 21.5, seaDays: 35 },
    ])
      await expect(saveImportSettings(t.db, owner, bad), JSON.stringify(bad)).rejects.toThrow();
    expect(await getImportSettings(t.db)).toEqual(before);
  });
});

/* ---------- Through the screen ---------- */

/** The screen checks against the real clock: checked today, in Japan. */
const SCREEN: Record<string, string> = { ...GOOD, checkedOn: shopDay(new Date()) };

const context = () => routeContext(config, t.db);

async function post(values: Record<string, string | undefined>, cookie = staffCookie) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) body.set(k, v);
  const request = new Request("https://shop.example/admin/import-rules", {
    method: "POST",
    body,
    headers: cookie ? { Cookie: cookie } : {},
  });
  try {
    return (await rulesAction({ request, context: context(), params: {} } as never)) as unknown;
  } catch (thrown) {
    return thrown;
  }
}

/** What the action answered: a redirect's target, or a refusal's status and data (Problems in English). */
function answer(result: unknown): { status: number; location?: string | null; data?: Record<string, unknown> } {
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  const d = result as { init?: { status?: number }; data?: Record<string, unknown> };
  const data = d.data ?? {};
  return {
    status: d.init?.status ?? 200,
    data: {
      ...data,
      message: english(data.message as Problem),
      errors: englishAll((data.errors ?? {}) as Record<string, Problem>),
    },
  };
}

describe("the Import rules screen", () => {
  let rule: StoredRule;
  beforeAll(async () => {
    rule = (await listImportRules(t.db)).find((r) => r.country === "Kenya")!;
  });

  it("refuses bad input with a 400, each message beside its field, what was typed kept, nothing saved", async () => {
    const before = await listImportRules(t.db);
    const typed = {
      ...SCREEN,
      country: "Angola",
      maxAgeYears: "-3",
      steering: "Centre",
      sourceUrl: "",
      checkedOn: "2099-01-01",
    };
    const bad = answer(await post({ intent: "add", ...typed, confirmed: undefined }));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      form: "rule",
      message: "Please correct the fields marked below",
      errors: {
        maxAgeYears: "Maximum age must be a whole number of years from 1 to 50, or empty for no limit",
        steering: "Choose a steering side from the list",
        sourceUrl: "Source address is required",
        checkedOn: "Last checked cannot be later than today",
      },
      values: { country: "Angola", maxAgeYears: "-3", steering: "Centre", usedVehicles: "on", note: SCREEN.note },
    });
    expect((bad.data!.values as Record<string, string>).confirmed).toBeUndefined();
    expect(await listImportRules(t.db)).toEqual(before);
  });

  it("refuses a country that has a rule (409, beside the country) and a rule that is gone (404)", async () => {
    const before = await listImportRules(t.db);
    const twice = answer(await post({ intent: "add", ...SCREEN, country: "KENYA" }));
    expect(twice).toMatchObject({
      status: 409,
      data: { errors: { country: "This country already has a rule" }, values: { country: "KENYA" } },
    });
    const gone = answer(await post({ intent: "update", id: "987654", ...SCREEN }));
    expect(gone).toMatchObject({ status: 404, data: { message: "Import rule not found." } });
    // Not found comes first, even with a form that would be refused.
    expect(answer(await post({ intent: "update", id: "abc", ...SCREEN, maxAgeYears: "x" })).status).toBe(404);
    expect(answer(await post({ intent: "delete", id: "987654" })).status).toBe(404);
    expect(answer(await post({ intent: "delete" })).status).toBe(404);
    expect(answer(await post({ intent: "wipe", id: String(rule.id) })).status).toBe(400);
    expect(await listImportRules(t.db)).toEqual(before);
  });

  it("saves a rule and the shipping times, and sends the page back to say so", async () => {
    const edit = answer(
      await post({ intent: "update", id: String(rule.id), ...SCREEN, country: "Kenya", maxAgeYears: "7" }),
    );
    expect(edit).toEqual({ status: 302, location: "/admin/import-rules?saved=updated" });
    expect(await getImportRule(t.db, rule.id)).toMatchObject({ country: "Kenya", maxAgeYears: 7 });

    const settings = answer(await post({ intent: "settings", leadDays: "400", seaDays: "35" }));
    expect(settings).toMatchObject({
      status: 400,
      data: {
        form: "settings",
        errors: { leadDays: "Days from order to shipping must be a whole number from 0 to 180" },
      },
    });
    const savedSettings = answer(await post({ intent: "settings", leadDays: "14", seaDays: "40" }));
    expect(savedSettings).toEqual({ status: 302, location: "/admin/import-rules?saved=settings" });
    expect(await getImportSettings(t.db)).toEqual({ leadDays: 14, seaDays: 40 });

    const added = answer(await post({ intent: "add", ...SCREEN, country: "Mozambique" }));
    expect(added).toEqual({ status: 302, location: "/admin/import-rules?saved=added" });
    const mozambique = (await listImportRules(t.db)).find((r) => r.country === "Mozambique")!;
    expect(answer(await post({ intent: "delete", id: String(mozambique.id) }))).toEqual({
      status: 302,
      location: "/admin/import-rules?saved=deleted",
    });
  });

  it("shows a rule to edit, and a 404 for one that is not there", async () => {
    const read = (query: string) =>
      rulesLoader({
        request: new Request(`https://shop.example/admin/import-rules${query}`, { headers: { Cookie: staffCookie } }),
        context: context(),
        params: {},
      } as never) as Promise<unknown>;
    const page = (await read(`?edit=${rule.id}`)) as { editing: StoredRule; missing: boolean };
    expect(page).toMatchObject({ editing: { id: rule.id, country: "Kenya" }, missing: false });
    for (const query of ["?edit=987654", "?edit=abc", "?edit=-1"]) {
      const gone = (await read(query)) as { init?: { status?: number }; data?: { missing: boolean } };
      expect(gone.init?.status, query).toBe(404);
      expect(gone.data?.missing, query).toBe(true);
    }
  });

  /** The page as the staff see it in English: the loader's data, and an action's answer if any. */
  async function draw(query: string, actionData?: unknown): Promise<string> {
    const loaded = (await rulesLoader({
      request: new Request(`https://shop.example/admin/import-rules${query}`, { headers: { Cookie: staffCookie } }),
      context: context(),
      params: {},
    } as never)) as object;
    const i18n = i18nFor({ language: "en", version: "import-rules-test", resources: { admin: en as never } });
    const Stub = createRoutesStub([
      {
        id: "page",
        path: "/admin/import-rules",
        Component: (props: object) =>
          createElement(I18nProvider, { i18n, children: createElement(RulesPage as never, props) }),
      },
    ]);
    return renderToString(
      createElement(Stub, {
        initialEntries: [`/admin/import-rules${query}`],
        hydrationData: { loaderData: { page: loaded }, actionData: actionData ? { page: actionData } : undefined },
      }),
    );
  }
  /** The words of an element found by its test id, tags dropped. */
  const words = (html: string, testId: string) =>
    (new RegExp(`data-testid="${testId}"[^>]*>(.*?)</(div|li)>`).exec(html)?.[1] ?? "")
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, " ")
      .trim();

  it("draws each rule in short, with its source, date and badge, and the example under the age fields", async () => {
    await saveImportSettings(t.db, owner, { leadDays: 21, seaDays: 35 });
    const html = await draw("");
    const rows = [...html.matchAll(/data-testid="import-rule">(.*?)<\/li><\/ul>/g)].map((m) => m[1]!);
    const row = (country: string) => rows.find((r) => r.includes(`>${country}<`)) ?? "";
    expect(row("India")).toContain("Under 3 years from manufacture to shipping, by month");
    expect(row("India")).toContain("Right-hand drive");
    expect(row("India")).not.toContain("Unconfirmed");
    expect(row("Uganda")).toContain("Under 15 years from manufacture to arrival, by month");
    expect(row("Pakistan")).toContain(
      "Under 3 years from 1 January after the year of manufacture to shipping, by month",
    );
    expect(row("Nepal")).toContain("No used vehicles");
    expect(row("Nepal")).toContain("Unconfirmed");
    expect(row("Vietnam")).toContain("Used parts refused");
    expect(row("Tanzania")).toContain("No age limit");
    expect(html).toContain(
      '<a href="https://businessfocus.co.ug/ura-no-more-importation-of-cars-over-15-years-old" target="_blank" rel="noopener noreferrer"',
    );
    // A new rule: counted from manufacture to shipping, by month, no limit until one is typed.
    expect(words(html, "rule-example")).toMatch(
      /^Example: Ordered today, a vehicle ships in \w+ \d{4}\. A vehicle of any age can be imported\.$/,
    );

    const uganda = (await listImportRules(t.db)).find((r) => r.country === "Uganda")!;
    const editing = await draw(`?edit=${uganda.id}`);
    expect(editing).toContain("Edit the rule for Uganda");
    expect(words(editing, "rule-example")).toMatch(
      /^Example: Ordered today, a vehicle ships in \w+ \d{4} and arrives in \w+ \d{4}\. It can be imported if manufactured in \w+ \d{4} or later\.$/,
    );
  });

  it("draws a refusal beside its field, with every typed value and box kept", async () => {
    const typed = { ...SCREEN, country: "Angola", maxAgeYears: "-3", ageFrom: "registration", usedParts: undefined };
    const refused = answer(await post({ intent: "add", ...typed }));
    const html = await draw("", ((await post({ intent: "add", ...typed })) as { data: unknown }).data);
    expect(refused.status).toBe(400);
    expect(html).toContain("Maximum age must be a whole number of years from 1 to 50, or empty for no limit");
    expect(html).toContain('value="Angola"');
    expect(html).toContain('value="-3"');
    expect(html).toMatch(/<option value="registration" selected="">/);
    expect(html).toMatch(/name="usedVehicles" checked=""/);
    expect(html).not.toMatch(/name="usedParts" checked=""/);
    expect(words(html, "rule-example")).toBe("Example: Enter a maximum age from 1 to 50 years to see an example.");
  });

  it("lets nobody without a staff session read or change the rules", async () => {
    const before = await listImportRules(t.db);
    const refused = await post({ intent: "delete", id: String(rule.id) }, "");
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toMatch(/^\/admin\/login/);
    const read = await (
      rulesLoader({
        request: new Request("https://shop.example/admin/import-rules"),
        context: context(),
        params: {},
      } as never) as Promise<unknown>
    ).catch((thrown: unknown) => thrown);
    expect(read).toBeInstanceOf(Response);
    expect(await listImportRules(t.db)).toEqual(before);
  });
});
