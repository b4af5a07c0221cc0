import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { english, englishAll } from "../../../tests/support/english";
import { formOf, GOOD, input, NOW, refusals } from "../../../tests/support/import-rule-form";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { formInput } from "~/utils/forms";
import { i18nFor } from "~/i18n/i18n";
import ja from "~/i18n/locales/ja/admin.json";
import { type Problem, problemText } from "~/i18n/problem";
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
  rulesToCheck,
  saveImportRule,
  saveImportSettings,
} from "./import-rules.server";

/*
 * The owner's rule editor (issue 22): rules saved, edited and deleted, one per
 * country whatever its case, every bad input refused with its message, and
 * the shipping times they are counted with. The screen itself:
 * import-rules-screen.db.test.ts.
 */

let t: TestDb;
const owner = { id: 1, adminId: "owner" };

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const jaT = i18nFor({ language: "ja", version: "import-rules-ja", resources: { admin: ja } }).getFixedT("ja", "admin");
const inJapanese = (found: Problem) => problemText(jaT, found);

describe("rules due for a check", () => {
  it("lists for the dashboard the rules whose day has come or comes within 30 days, soonest first", async () => {
    // Seeded: Pakistan's commercial limit ran out (due 1 December), Kenya's list is read again each January.
    expect(await rulesToCheck(t.db, "2026-12-02")).toEqual([
      { id: expect.any(Number), country: "Pakistan", checkBy: "2026-12-01", due: true },
      { id: expect.any(Number), country: "Kenya", checkBy: "2027-01-01", due: false },
    ]);
    expect((await rulesToCheck(t.db, "2026-12-01")).map((r) => [r.country, r.due])).toEqual([["Pakistan", true]]);
    expect((await rulesToCheck(t.db, "2026-11-01")).map((r) => [r.country, r.due])).toEqual([["Pakistan", false]]);
    expect((await rulesToCheck(t.db, "2026-10-31")).map((r) => r.country)).toEqual([]);
  });
});

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

  it("finds a country's rule under the name the shop stores for buyers, not only as the owner typed it", async () => {
    // "Myanmar (Burma)" is how a buyer's country is stored; the owner wrote "Myanmar".
    expect((await saveImportRule(t.db, owner, input({ country: "Myanmar" }))).ok).toBe(true);
    expect(await ruleForCountry(t.db, "Myanmar (Burma)")).toMatchObject({ country: "Myanmar" });
    expect(await ruleForCountry(t.db, "Burma")).toMatchObject({ country: "Myanmar" });
    expect(await ruleForCountry(t.db, "Malaysia")).toBeNull();
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

  it("wants a day to check the rule again that has not passed, a year after the check when left empty", () => {
    expect(input({ checkBy: "" }).checkBy).toBe("2026-11-25".replace("2026", "2027"));
    expect(input({ checkBy: "2026-12-31" }).checkBy).toBe("2026-12-31");
    for (const bad of ["2027-02-30", "31/12/2027", "soon", "2027-1-5", "2027-01-011"])
      expect(refusals({ checkBy: bad }), bad).toEqual({ checkBy: { key: "messages.text.checkByFormat" } });
    // Checked long ago: the year has run out, and the owner is told to check it now rather than save it stale.
    expect(refusals({ checkedOn: "2025-01-10", checkBy: "" })).toEqual({
      checkBy: { key: "messages.text.checkByPast" },
    });
    expect(refusals({ checkBy: "2026-11-24" })).toEqual({ checkBy: { key: "messages.text.checkByPast" } });
    expect(refusals({ checkBy: "2026-11-25" })).toEqual({ checkBy: { key: "messages.text.checkByBeforeChecked" } });
    expect(input({ checkBy: "2029-11-25" }).checkBy).toBe("2029-11-25");
    for (const far of ["2029-11-26", "9999-12-31"])
      expect(refusals({ checkBy: far }), far).toEqual({ checkBy: { key: "messages.text.checkByTooFar" } });
    expect(english({ key: "messages.text.checkByPast" })).toBe(
      "Check again by has passed: check the rule against its source now, or choose a later day",
    );
  });

  it("takes an age of their own for pickups, goods vehicles and buses, empty for the rule's, and saves it", async () => {
    expect(input({}).ageByKind).toEqual({});
    expect(input({ ageGoods: "5", ageBus: " 5 ", agePickup: "" }).ageByKind).toEqual({ goods: 5, bus: 5 });
    for (const bad of ["0", "-5", "51", "five", "3.5"])
      expect(refusals({ ageGoods: bad }), bad).toEqual({ ageGoods: maxAge });
    const saved = await saveImportRule(t.db, owner, input({ country: "Lanka Test", ageGoods: "5", ageBus: "5" }));
    expect(saved.ok && (await getImportRule(t.db, saved.id))).toMatchObject({
      maxAgeYears: 10,
      ageByKind: { goods: 5, bus: 5 },
    });
  });

  it("takes a commercial regime's ages and note only when ticked, and saves it with the inspection body", async () => {
    // Unticked, what was typed in the regime's fields is not kept, nor refused.
    expect(input({ commercialMaxAgeYears: "5", commercialNote: "SRO" }).commercial).toBeNull();
    expect(input({ commercialMaxAgeYears: "abc", commercialAgeBus: "0" }).commercial).toBeNull();
    const typed = {
      country: "Pakistan Test",
      commercial: "on",
      commercialMaxAgeYears: "5",
      commercialAgeSpecial: "10",
      commercialAgePickup: "",
      commercialNote: " SRO 1895(I)/2025. ",
      ageSpecial: "8",
      inspection: " JEVIC ",
    };
    expect(input(typed)).toMatchObject({
      ageByKind: { special: 8 },
      inspection: "JEVIC",
      commercial: { maxAgeYears: 5, ageByKind: { special: 10 }, note: "SRO 1895(I)/2025." },
    });
    // Ticked with no age: businesses have no age limit.
    expect(input({ commercial: "on" }).commercial).toEqual({ maxAgeYears: null, ageByKind: {}, note: "" });
    for (const bad of ["0", "51", "five"]) {
      expect(refusals({ commercial: "on", commercialMaxAgeYears: bad }), bad).toEqual({
        commercialMaxAgeYears: maxAge,
      });
      expect(refusals({ commercial: "on", commercialAgeBus: bad }), bad).toEqual({ commercialAgeBus: maxAge });
    }
    expect(
      englishAll(refusals({ inspection: "x".repeat(121), commercial: "on", commercialNote: "n".repeat(1001) })),
    ).toEqual({
      inspection: "Inspection body must be at most 120 characters",
      commercialNote: "Commercial imports: note must be at most 1,000 characters",
    });
    const saved = await saveImportRule(t.db, owner, input(typed));
    expect(saved.ok && (await getImportRule(t.db, saved.id))).toMatchObject({
      inspection: "JEVIC",
      commercial: { maxAgeYears: 5, ageByKind: { special: 10 }, note: "SRO 1895(I)/2025." },
    });
    // A country that admits no used vehicles has no regime for businesses either.
    const none = await saveImportRule(
      t.db,
      owner,
      input({ ...typed, country: "Closed Test", usedVehicles: undefined }),
    );
    expect(none.ok && (await getImportRule(t.db, none.id))).toMatchObject({ usedVehicles: false, commercial: null });
    // Edited without the tick, the regime is gone.
    if (!saved.ok) throw new Error("saved");
    await saveImportRule(t.db, owner, input({ country: "Pakistan Test" }), saved.id);
    expect((await getImportRule(t.db, saved.id))?.commercial).toBeNull();
  });

  it("reads a stored regime it cannot use as none, and ages out of range as no limit", async () => {
    const saved = await saveImportRule(t.db, owner, input({ country: "Stored Test" }));
    if (!saved.ok) throw new Error("saved");
    const stored = async (commercial: string) => {
      await t.db.updateTable("import_rules").set({ commercial }).where("id", "=", saved.id).execute();
      return (await getImportRule(t.db, saved.id))?.commercial;
    };
    expect(await stored("not json")).toBeNull();
    expect(await stored("[]")).toEqual({ maxAgeYears: null, ageByKind: {}, note: "" });
    expect(await stored('"5"')).toBeNull();
    expect(await stored('{"maxAgeYears": 0, "ageByKind": {"bus": 99, "goods": 5}, "note": 3}')).toEqual({
      maxAgeYears: null,
      ageByKind: { goods: 5 },
      note: "",
    });
  });

  it("takes the part categories refused used from the shop's list only", async () => {
    expect(input({}).usedPartsRefused).toEqual([]);
    const form = formOf({ ...GOOD });
    form.append("usedPartsRefused", "Clutch Kit");
    form.append("usedPartsRefused", "Electrical");
    const parsed = importRuleSchema(NOW).safeParse(formInput(form));
    expect(parsed.success && parsed.data.usedPartsRefused).toEqual(["Clutch Kit", "Electrical"]);
    // Sent twice by hand: kept once.
    form.append("usedPartsRefused", "Clutch Kit");
    const twice = importRuleSchema(NOW).safeParse(formInput(form));
    expect(twice.success && twice.data.usedPartsRefused).toEqual(["Clutch Kit", "Electrical"]);
    expect(input({ usedPartsRefused: "Wheel Hub" }).usedPartsRefused).toEqual(["Wheel Hub"]);
    expect(refusals({ usedPartsRefused: "Spaceship" })).toEqual({
      usedPartsRefused: {
        key: "messages.pattern.chooseFromList",
        values: { choice: { key: "messages.choices.partCategory" } },
      },
    });
    // Kept only where used parts are admitted; with none admitted the list would say nothing.
    const kept = await saveImportRule(t.db, owner, {
      ...input({ country: "Zanzibar" }),
      usedPartsRefused: ["Clutch Kit"],
    });
    const none = await saveImportRule(t.db, owner, {
      ...input({ country: "Pemba", usedParts: undefined }),
      usedPartsRefused: ["Clutch Kit"],
    });
    expect(kept.ok && (await getImportRule(t.db, kept.id))).toMatchObject({
      usedParts: true,
      usedPartsRefused: ["Clutch Kit"],
      checkBy: "2027-11-25",
    });
    expect(none.ok && (await getImportRule(t.db, none.id))).toMatchObject({ usedParts: false, usedPartsRefused: [] });
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
      ...Object.values(refusals({ usedPartsRefused: "x" })),
      ...Object.values(refusals({ inspection: "x".repeat(121), commercial: "on", commercialNote: "n".repeat(1001) })),
      { key: "messages.text.checkByFormat" },
      { key: "messages.text.checkByPast" },
      { key: "messages.text.checkByBeforeChecked" },
      { key: "messages.text.checkByTooFar" },
      RULE_EXISTS,
      RULE_NOT_FOUND,
    ];
    expect(all).toHaveLength(20);
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
