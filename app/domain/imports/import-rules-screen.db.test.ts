import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { english, englishAll } from "../../../tests/support/english";
import { GOOD } from "../../../tests/support/import-rule-form";
import { routeContext } from "../../../tests/support/route-context";
import { staffScreenForFile } from "../../../tests/support/staff-screen";
import { shopDay } from "~/i18n/format";
import { I18nProvider, i18nFor } from "~/i18n/i18n";
import en from "~/i18n/locales/en/admin.json";
import type { Problem } from "~/i18n/problem";
import RulesPage, { action as rulesAction, loader as rulesLoader } from "~/routes/admin/import-rules";
import {
  getImportRule,
  getImportSettings,
  listImportRules,
  saveImportSettings,
  type StoredRule,
} from "./import-rules.server";

/*
 * The Import rules screen (issue 22), through its loader and action as the
 * signed-in owner: what it lists, saves and refuses, in the owner's words.
 */

const screen = staffScreenForFile("import-rules-screen");
const owner = { id: 1, adminId: "owner" };

/** The screen checks against the real clock: checked today, in Japan. */
const SCREEN: Record<string, string> = { ...GOOD, checkedOn: shopDay(new Date()) };

const context = () => routeContext(screen.config, screen.t.db);

async function post(values: Record<string, string | undefined>, cookie = screen.cookie) {
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
    rule = (await listImportRules(screen.t.db)).find((r) => r.country === "Kenya")!;
  });

  it("refuses bad input with a 400, each message beside its field, what was typed kept, nothing saved", async () => {
    const before = await listImportRules(screen.t.db);
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
    expect(await listImportRules(screen.t.db)).toEqual(before);
  });

  it("refuses a country that has a rule (409, beside the country) and a rule that is gone (404)", async () => {
    const before = await listImportRules(screen.t.db);
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
    expect(await listImportRules(screen.t.db)).toEqual(before);
  });

  it("saves a rule and the shipping times, and sends the page back to say so", async () => {
    const edit = answer(
      await post({ intent: "update", id: String(rule.id), ...SCREEN, country: "Kenya", maxAgeYears: "7" }),
    );
    expect(edit).toEqual({ status: 302, location: "/admin/import-rules?saved=updated" });
    expect(await getImportRule(screen.t.db, rule.id)).toMatchObject({ country: "Kenya", maxAgeYears: 7 });

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
    expect(await getImportSettings(screen.t.db)).toEqual({ leadDays: 14, seaDays: 40 });

    const added = answer(await post({ intent: "add", ...SCREEN, country: "Mozambique" }));
    expect(added).toEqual({ status: 302, location: "/admin/import-rules?saved=added" });
    const mozambique = (await listImportRules(screen.t.db)).find((r) => r.country === "Mozambique")!;
    expect(answer(await post({ intent: "delete", id: String(mozambique.id) }))).toEqual({
      status: 302,
      location: "/admin/import-rules?saved=deleted",
    });
  });

  it("shows a rule to edit, and a 404 for one that is not there", async () => {
    const read = (query: string) =>
      rulesLoader({
        request: new Request(`https://shop.example/admin/import-rules${query}`, { headers: { Cookie: screen.cookie } }),
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
      request: new Request(`https://shop.example/admin/import-rules${query}`, { headers: { Cookie: screen.cookie } }),
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
    await saveImportSettings(screen.t.db, owner, { leadDays: 21, seaDays: 35 });
    const html = await draw("");
    const rows = [...html.matchAll(/data-testid="import-rule">(.*?)<\/li><\/ul>/g)].map((m) => m[1]!);
    const row = (country: string) => rows.find((r) => r.includes(`>${country}<`)) ?? "";
    expect(row("India")).toContain("Under 3 years from manufacture to shipping, by month");
    expect(row("India")).toContain("Right-hand drive");
    expect(row("India")).not.toContain("Unconfirmed");
    // Counted as URA counts: by calendar year, 15 years past the year made (decision 15, issue 43).
    expect(row("Uganda")).toContain("Under 16 years from manufacture to arrival, by calendar year");
    expect(row("Pakistan")).toContain(
      "Under 3 years from 1 January after the year of manufacture to shipping, by month",
    );
    expect(row("Nepal")).toContain("No used vehicles");
    expect(row("Nepal")).toContain("Unconfirmed");
    expect(row("Vietnam")).toContain("Used parts refused");
    expect(row("Tanzania")).toContain("No age limit");
    // The inspection body, and Pakistan's second regime for businesses (SRO 1895(I)/2025).
    expect(row("Sri Lanka")).toContain("Inspection: JEVIC, JAAI or Bureau Veritas");
    expect(row("Pakistan")).toContain("commercial imports under 5 years");
    expect(row("India")).not.toContain("commercial");
    expect(html).toContain(
      '<a href="https://softpower.ug/ura-effects-ban-on-vehicles-manufactured-before-2003" target="_blank" rel="noopener noreferrer"',
    );
    // A new rule: counted from manufacture to shipping, by month, no limit until one is typed.
    expect(words(html, "rule-example")).toMatch(
      /^Example: Ordered today, a vehicle ships in \w+ \d{4}\. A vehicle of any age can be imported\.$/,
    );

    const uganda = (await listImportRules(screen.t.db)).find((r) => r.country === "Uganda")!;
    const editing = await draw(`?edit=${uganda.id}`);
    expect(editing).toContain("Edit the rule for Uganda");
    expect(words(editing, "rule-example")).toMatch(
      /^Example: Ordered today, a vehicle ships in \w+ \d{4} and arrives in \w+ \d{4}\. It can be imported if manufactured in \d{4} or later\.$/,
    );
    // Pakistan's regime for businesses opens ticked, with its age and note.
    const pakistan = (await listImportRules(screen.t.db)).find((r) => r.country === "Pakistan")!;
    const regime = await draw(`?edit=${pakistan.id}`);
    expect(regime).toMatch(/<details[^>]* open=""[^>]*><summary[^>]*>Commercial imports \(where the law differs\)/);
    expect(regime).toMatch(/name="commercial" checked=""/);
    expect(regime).toMatch(/name="commercialMaxAgeYears"[^>]*value="5"|value="5"[^>]*name="commercialMaxAgeYears"/);
    expect(regime).toContain("SRO 1895(I)/2025 (30 September 2025)");
  });

  it("draws a refusal beside its field, with every typed value and box kept", async () => {
    const typed = {
      ...SCREEN,
      country: "Angola",
      maxAgeYears: "-3",
      ageFrom: "registration",
      usedParts: undefined,
      inspection: "JEVIC",
      commercial: "on",
      commercialAgeSpecial: "12",
    };
    const refused = answer(await post({ intent: "add", ...typed }));
    const html = await draw("", ((await post({ intent: "add", ...typed })) as { data: unknown }).data);
    expect(refused.status).toBe(400);
    expect(html).toContain("Maximum age must be a whole number of years from 1 to 50, or empty for no limit");
    expect(html).toContain('value="Angola"');
    expect(html).toContain('value="-3"');
    expect(html).toMatch(/<option value="registration" selected="">/);
    expect(html).toMatch(/name="usedVehicles" checked=""/);
    expect(html).not.toMatch(/name="usedParts" checked=""/);
    expect(html).toContain('value="JEVIC"');
    expect(html).toMatch(/name="commercial" checked=""/);
    expect(html).toMatch(/name="commercialAgeSpecial"[^>]*value="12"|value="12"[^>]*name="commercialAgeSpecial"/);
    expect(words(html, "rule-example")).toBe("Example: Enter a maximum age from 1 to 50 years to see an example.");
  });

  it("lets nobody without a staff session read or change the rules", async () => {
    const before = await listImportRules(screen.t.db);
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
    expect(await listImportRules(screen.t.db)).toEqual(before);
  });
});
