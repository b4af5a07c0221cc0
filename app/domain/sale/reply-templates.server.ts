import type { Selectable } from "kysely";
import { z } from "zod";
import { type DB, nowIso, isRowId } from "~/db/db.server";
import type { ReplyTemplateTable } from "~/db/schema";
import { logActivity } from "~/domain/activity/activity.server";
import type { Refusal } from "~/domain/refusal";
import { type FieldProblems, parseForm, typedValues, type TypedValues } from "~/utils/forms";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { staffRequiredText } from "~/domain/staff/staff-problems";
import { issue, problem } from "~/i18n/problem";
import {
  TEMPLATE_BODY_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_PLACEHOLDERS,
  unknownPlaceholders,
} from "./reply-template-text";

/** An id the database can hold (PostgreSQL integers stop at 2,147,483,647; a larger one is no row). */

/*
 * The owner's reply templates (issue 20): named texts with placeholders that
 * an offer fills in. Names are unique whatever their case; a text may use
 * only the placeholders the shop fills, so a typo such as {buyer} is refused
 * here instead of reaching a buyer. Refusals are keys of the `admin`
 * catalogue's "templates" block.
 */

export const TEMPLATE_NOT_FOUND = problem("templates.errors.notFound");
const nameTaken = (name: string) => problem("templates.errors.nameTaken", { name });

export type ReplyTemplate = { id: number; name: string; body: string; createdAt: string; updatedAt: string };

const toTemplate = (r: Selectable<ReplyTemplateTable>): ReplyTemplate => ({
  id: r.id,
  name: r.name,
  body: r.body,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const KNOWN = TEMPLATE_PLACEHOLDERS.map((name) => `{${name}}`).join(", ");

export const ReplyTemplateSchema = z.object({
  // Empty (or absent) for a new template.
  id: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === "" ? null : Number(v)))
    .refine((v) => v === null || isRowId(v), issue(TEMPLATE_NOT_FOUND)),
  name: z
    .string()
    .default("")
    .transform((s) => s.normalize("NFC"))
    .pipe(staffRequiredText(problem("templates.fields.name"), TEMPLATE_NAME_MAX)),
  // Browsers send a text area's lines ending in CR LF: counted as one character each, as the owner sees them.
  body: z
    .string()
    .default("")
    .transform((s) => s.replace(/\r\n?/g, "\n"))
    .pipe(staffRequiredText(problem("templates.fields.body"), TEMPLATE_BODY_MAX))
    .superRefine((body, ctx) => {
      const unknown = unknownPlaceholders(body);
      if (unknown.length > 0)
        ctx.addIssue({
          code: "custom",
          message: issue("templates.errors.unknownPlaceholder", { unknown: unknown.join(", "), known: KNOWN }),
        });
    }),
});
export type ReplyTemplateInput = z.output<typeof ReplyTemplateSchema>;

const byName = (a: { id: number; name: string }, b: { id: number; name: string }) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id - b.id;

/** Every template, by name (the same order on both databases: compared here, not by the database's collation). */
export async function listTemplates(db: DB): Promise<ReplyTemplate[]> {
  const rows = await db.selectFrom("reply_templates").selectAll().execute();
  return rows.map(toTemplate).sort(byName);
}

export async function getTemplate(db: DB, id: number): Promise<ReplyTemplate | null> {
  if (!isRowId(id)) return null;
  const row = await db.selectFrom("reply_templates").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toTemplate(row) : null;
}

/** Another template's name equal to `name` whatever the case (compared here, so "É" and "é" are the same on both databases). */
async function nameInUse(db: DB, name: string, exceptId: number | null): Promise<string | null> {
  const rows = await db.selectFrom("reply_templates").select(["id", "name"]).execute();
  const wanted = name.toLowerCase();
  return rows.find((r) => r.id !== exceptId && r.name.toLowerCase() === wanted)?.name ?? null;
}

/** The template already named as these fields name one (the fields' own name and id being valid). */
async function nameClash(db: DB, fields: Record<string, unknown>): Promise<string | null> {
  const { name, id } = ReplyTemplateSchema.shape;
  const wanted = name.safeParse(fields.name);
  const own = id.safeParse(fields.id);
  return wanted.success && own.success ? nameInUse(db, wanted.data, own.data) : null;
}

export type SaveTemplateResult =
  | { ok: true; template: ReplyTemplate; created: boolean }
  | { ok: false; refusal: Extract<Refusal, "invalid" | "not-found">; errors: FieldProblems; values: TypedValues };

/**
 * Adds a template (no `id`) or changes one: `{ id?, name, body }` as typed (a
 * form's fields). Refused input comes back with its problems by field
 * and what was typed.
 */
export async function saveTemplate(db: DB, fields: Record<string, unknown>, staff: Staff): Promise<SaveTemplateResult> {
  const submission = parseForm(fields, ReplyTemplateSchema);
  if (submission.status === "error") {
    const { errors, values } = submission;
    // A text refused, and a name in use too: both are said at once.
    const taken = errors.name || errors.id ? null : await nameClash(db, fields);
    if (taken) errors.name = nameTaken(taken);
    return { ok: false, refusal: errors.id === undefined ? "invalid" : "not-found", errors, values };
  }
  const refuse = (errors: FieldProblems, refusal: "invalid" | "not-found" = "invalid"): SaveTemplateResult => ({
    ok: false,
    refusal,
    errors,
    values: typedValues(fields),
  });
  try {
    return await db.transaction().execute(async (trx) => {
      const { id, name, body } = submission.value;
      const before = id === null ? null : await getTemplate(trx, id);
      if (id !== null && !before) return refuse({ form: TEMPLATE_NOT_FOUND }, "not-found");
      const taken = await nameInUse(trx, name, id);
      if (taken) return refuse({ name: nameTaken(taken) });
      const at = nowIso();
      const actor = { kind: "staff", id: staff.adminId } as const;
      if (!before) {
        const row = await trx
          .insertInto("reply_templates")
          .values({ name, body, created_at: at, updated_at: at })
          .returningAll()
          .executeTakeFirstOrThrow();
        await logActivity(trx, {
          actor,
          action: "template.created",
          subject: { kind: "reply_template", id: String(row.id) },
          summary: `Reply template "${name}" added`,
          at,
        });
        return { ok: true, template: toTemplate(row), created: true };
      }
      const row = await trx
        .updateTable("reply_templates")
        .set({ name, body, updated_at: at })
        .where("id", "=", before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const changes = [
        ...(before.name !== name ? [`renamed from "${before.name}"`] : []),
        ...(before.body !== body ? ["text changed"] : []),
      ];
      await logActivity(trx, {
        actor,
        action: "template.updated",
        subject: { kind: "reply_template", id: String(before.id) },
        summary: `Reply template "${name}" updated: ${changes.join(", ") || "no change"}`,
        at,
      });
      return { ok: true, template: toTemplate(row), created: false };
    });
  } catch (error) {
    // Two saves of the same name at once: the unique index refuses the second, which says so like the check does.
    if (/unique|duplicate/i.test(String(error))) return refuse({ name: nameTaken(submission.value.name) });
    throw error;
  }
}

/** Deletes a template; false when there was none with this id. */
export async function deleteTemplate(db: DB, id: number, staff: Staff): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const template = await getTemplate(trx, id);
    if (!template) return false;
    await trx.deleteFrom("reply_templates").where("id", "=", id).execute();
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "template.deleted",
      subject: { kind: "reply_template", id: String(id) },
      summary: `Reply template "${template.name}" deleted`,
    });
    return true;
  });
}

/** The demo's templates: a first offer, a follow-up and a last reminder, in English as most buyers read it. */
export const DEMO_TEMPLATES = [
  {
    name: "First offer",
    body: [
      "Dear {buyer_name},",
      "",
      "Thank you for your quote request for the {vehicle}.",
      "",
      "We are pleased to offer it at {total}, shipped to {port}. This offer stands until {valid_until}.",
      "",
      "To go ahead, accept the offer: we will hold the vehicle for you and send the proforma invoice with our bank details.",
      "",
      "Kind regards,",
      "The sales team",
    ].join("\n"),
  },
  {
    name: "Follow-up",
    body: [
      "Dear {buyer_name},",
      "",
      "We are writing to follow up on our offer for the {vehicle}: {total}, shipped to {port}.",
      "",
      "The offer stands until {valid_until}. If you have any questions, or would like a price to another port, just reply to this e-mail.",
      "",
      "Kind regards,",
      "The sales team",
    ].join("\n"),
  },
  {
    name: "Offer ending soon",
    body: [
      "Dear {buyer_name},",
      "",
      "A short reminder: our offer for the {vehicle} at {total} to {port} ends on {valid_until}. After that the vehicle goes back on sale to other buyers.",
      "",
      "Kind regards,",
      "The sales team",
    ].join("\n"),
  },
] as const;

/** The demo's templates, into a shop that has none yet (a shop with any keeps its own); the number added. */
export async function seedReplyTemplates(db: DB): Promise<number> {
  const any = await db.selectFrom("reply_templates").select("id").limit(1).executeTakeFirst();
  if (any) return 0;
  const at = nowIso();
  await db
    .insertInto("reply_templates")
    .values(DEMO_TEMPLATES.map((t) => ({ ...t, created_at: at, updated_at: at })))
    .execute();
  return DEMO_TEMPLATES.length;
}
