import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { englishAll } from "../../../tests/support/english";
import {
  deleteTemplate,
  DEMO_TEMPLATES,
  getTemplate,
  listTemplates,
  saveTemplate,
  type SaveTemplateResult,
  seedReplyTemplates,
} from "./reply-templates.server";
import { unknownPlaceholders } from "./reply-template-text";

/*
 * The owner's reply templates (issue 20): named, unique whatever the case,
 * with only the placeholders an offer can fill; every change logged.
 */

let t: TestDb;
const owner = { id: 1, adminId: "owner" };
const FIRST_OFFER = "Dear {buyer_name},\n\nWe offer the {vehicle} at {total} to {port}, until {valid_until}.";

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.db.deleteFrom("reply_templates").execute();
  await t.db.deleteFrom("activity_log").execute();
});

/** A save that must work: its template. */
async function saved(input: Record<string, unknown>) {
  const result = await saveTemplate(t.db, input, owner);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(englishAll(result.errors))}`);
  return result.template;
}

/** A save that must be refused: its problems in English and what it gave back. */
function refused(result: SaveTemplateResult) {
  if (result.ok) throw new Error("the save was not refused");
  return { errors: englishAll(result.errors), values: result.values, refusal: result.refusal };
}

const log = () =>
  t.db
    .selectFrom("activity_log")
    .select(["action", "actor_kind", "actor_id", "subject_kind", "subject_id", "summary"])
    .orderBy("id")
    .execute();

describe("reply templates", () => {
  it("are added with the name trimmed, listed by name whatever the case, and logged", async () => {
    const first = await saved({ name: "  First offer  ", body: FIRST_OFFER });
    await saved({ name: "after the call", body: "Dear {buyer_name}, as we discussed." });
    await saved({ name: "Follow-up", body: "Dear {Buyer_Name}, a reminder about the { vehicle }." });

    expect(first).toMatchObject({ name: "First offer", body: FIRST_OFFER });
    expect(await getTemplate(t.db, first.id)).toEqual(first);
    expect((await listTemplates(t.db)).map((x) => x.name)).toEqual(["after the call", "First offer", "Follow-up"]);
    expect((await log())[0]).toEqual({
      action: "template.created",
      actor_kind: "staff",
      actor_id: "owner",
      subject_kind: "reply_template",
      subject_id: String(first.id),
      summary: 'Reply template "First offer" added',
    });
  });

  it("are renamed and changed in place, and the log says what changed", async () => {
    const first = await saved({ name: "First offer", body: FIRST_OFFER });
    const renamed = await saved({ id: String(first.id), name: "Opening offer", body: FIRST_OFFER });
    expect(renamed).toMatchObject({ id: first.id, name: "Opening offer" });
    // Its own name in another case is no clash.
    await saved({ id: first.id, name: "OPENING offer", body: `${FIRST_OFFER}\nRegards` });

    expect(await listTemplates(t.db)).toEqual([
      expect.objectContaining({ id: first.id, name: "OPENING offer", body: `${FIRST_OFFER}\nRegards` }),
    ]);
    expect((await log()).map((l) => [l.action, l.summary])).toEqual([
      ["template.created", 'Reply template "First offer" added'],
      ["template.updated", 'Reply template "Opening offer" updated: renamed from "First offer"'],
      ["template.updated", 'Reply template "OPENING offer" updated: renamed from "Opening offer", text changed'],
    ]);
  });

  it("refuse a name another template has, in any case, on adding and on renaming", async () => {
    await saved({ name: "First offer", body: FIRST_OFFER });
    const other = await saved({ name: "Follow-up", body: "Dear {buyer_name}," });

    const again = refused(await saveTemplate(t.db, { name: " FIRST OFFER ", body: "Hello" }, owner));
    expect(again.errors).toEqual({ name: "A template named “First offer” already exists." });
    // What was typed comes back, to put into the form again.
    expect(again.values).toEqual({ name: " FIRST OFFER ", body: "Hello" });

    const rename = refused(await saveTemplate(t.db, { id: other.id, name: "first offer", body: "Hi" }, owner));
    expect(rename.errors.name).toBe("A template named “First offer” already exists.");
    // A text refused too: both are said at once.
    const both = refused(await saveTemplate(t.db, { name: "First Offer", body: "Dear {buyer}" }, owner));
    expect(both.errors).toEqual({
      name: "A template named “First offer” already exists.",
      body: expect.stringMatching(/^The text uses \{buyer\}, /),
    });
    expect((await listTemplates(t.db)).map((x) => x.name)).toEqual(["First offer", "Follow-up"]);
    expect(await log()).toHaveLength(2);
  });

  it("refuse a placeholder the shop cannot fill, naming it and the ones it can", async () => {
    const result = refused(
      await saveTemplate(t.db, { name: "Typo", body: "Dear {buyer}, the {vehicle} costs {price}." }, owner),
    );
    expect(result.errors).toEqual({
      body: "The text uses {buyer}, {price}, which the shop cannot fill in. Use only these placeholders: {buyer_name}, {vehicle}, {total}, {port}, {valid_until}.",
    });
    expect(result.values.body).toBe("Dear {buyer}, the {vehicle} costs {price}.");
    expect(await listTemplates(t.db)).toEqual([]);
    expect(await log()).toEqual([]);
  });

  it("refuse empty and too long names and texts; a text's line ends count once, as the owner sees them", async () => {
    const errorsOf = async (input: Record<string, unknown>) => refused(await saveTemplate(t.db, input, owner)).errors;
    expect(await errorsOf({ name: "   ", body: "" })).toEqual({ name: "Name is required", body: "Text is required" });
    expect(await errorsOf({ name: "n".repeat(81), body: "b".repeat(4001) })).toEqual({
      name: "Name must be at most 80 characters",
      body: "Text must be at most 4,000 characters",
    });
    // 4,000 characters as the text area shows them, sent with CR LF line ends as browsers do.
    const lines = "line\r\n".repeat(800);
    const long = await saved({ name: "n".repeat(80), body: lines });
    expect(long.body).toBe("line\n".repeat(799) + "line");
    expect(await listTemplates(t.db)).toHaveLength(1);
  });

  it("refuse to change one that is gone, and say so", async () => {
    const gone = refused(await saveTemplate(t.db, { id: "999", name: "Ghost", body: "Boo" }, owner));
    expect(gone).toMatchObject({ refusal: "not-found", errors: { form: "That template no longer exists." } });
    expect(refused(await saveTemplate(t.db, { id: "abc", name: "Ghost", body: "Boo" }, owner)).refusal).toBe(
      "not-found",
    );
    expect(await listTemplates(t.db)).toEqual([]);
  });

  it("are deleted, and the deletion is logged once", async () => {
    const first = await saved({ name: "First offer", body: FIRST_OFFER });
    const kept = await saved({ name: "Follow-up", body: "Dear {buyer_name}," });
    expect(await deleteTemplate(t.db, first.id, owner)).toBe(true);
    expect(await deleteTemplate(t.db, first.id, owner)).toBe(false);
    expect(await getTemplate(t.db, first.id)).toBeNull();
    expect((await listTemplates(t.db)).map((x) => x.id)).toEqual([kept.id]);
    expect((await log()).filter((l) => l.action === "template.deleted")).toEqual([
      expect.objectContaining({
        actor_id: "owner",
        subject_id: String(first.id),
        summary: 'Reply template "First offer" deleted',
      }),
    ]);
  });

  it("the demo adds its templates to a shop that has none, each one a valid template, and never again", async () => {
    expect(await seedReplyTemplates(t.db)).toBe(DEMO_TEMPLATES.length);
    const demo = await listTemplates(t.db);
    expect(demo.map((x) => x.name)).toEqual(["First offer", "Follow-up", "Offer ending soon"]);
    for (const template of demo) {
      expect(unknownPlaceholders(template.body)).toEqual([]);
      expect(template.body).toContain("{buyer_name}");
    }
    await deleteTemplate(t.db, demo[2]!.id, owner);
    expect(await seedReplyTemplates(t.db)).toBe(0);
    expect(await listTemplates(t.db)).toHaveLength(2);
  });
});
