import type { DB } from "~/db/db.server";
import { newToken, tokenHash } from "~/domain/auth/tokens.server";
import { type TypedValues, typedValues } from "~/utils/forms";
import { pageUrl } from "~/utils/page-url";

/*
 * A form sent after its session ended (the owner's offer written over an
 * hour, the buyer's consignee typed on a slow phone) would be lost on the way
 * to the sign-in page. Its text fields are kept instead, under a random token
 * that rides along in the address the sign-in page returns to; the page takes
 * them back once, signed in, and fills its form with them. Passwords and codes
 * are never kept (typedValues leaves them out), files neither. A draft is only
 * good for an hour and for the page it was sent from.
 */

export const DRAFT_MS = 60 * 60 * 1000;
/** The address parameter that carries a draft's token back to its page. */
export const DRAFT_PARAM = "draft";
/** More than any of the shop's forms: a draft is what a person typed, not an upload. */
const MAX_DRAFT_CHARS = 50_000;
/**
 * Drafts kept at once, from anyone: a form sent without a session is anyone's
 * to send, so the table cannot be filled beyond this (10 MB at most); past
 * it a draft is simply not kept.
 */
export const MAX_DRAFTS = 200;

/** Keeps what a form sent, for the page at `path`; the token to give back, or null when nothing is worth keeping. */
export async function keepDraft(db: DB, path: string, form: FormData, now = new Date()): Promise<string | null> {
  const { intent: _intent, ...typed } = typedValues(form);
  if (!Object.values(typed).some((value) => value.trim() !== "")) return null;
  const fields = JSON.stringify(typedValues(form));
  if (fields.length > MAX_DRAFT_CHARS) return null;
  await db
    .deleteFrom("form_drafts")
    .where("created_at", "<", new Date(now.getTime() - DRAFT_MS).toISOString())
    .execute();
  const { kept } = await db
    .selectFrom("form_drafts")
    .select((eb) => eb.fn.countAll<number>().as("kept"))
    .executeTakeFirstOrThrow();
  if (Number(kept) >= MAX_DRAFTS) return null;
  const token = newToken();
  await db
    .insertInto("form_drafts")
    .values({ token_hash: tokenHash(token), path, fields, created_at: now.toISOString() })
    .execute();
  return token;
}

/** The draft a page was sent back with, once: null when there is none, it is another page's, or it is over an hour old. */
export async function takeDraft(
  db: DB,
  token: string | null,
  path: string,
  now = new Date(),
): Promise<TypedValues | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .deleteFrom("form_drafts")
    .where("token_hash", "=", tokenHash(token))
    .returning(["path", "fields", "created_at"])
    .executeTakeFirst();
  if (!row || row.path !== path) return null;
  if (now.getTime() - Date.parse(row.created_at) > DRAFT_MS) return null;
  return JSON.parse(row.fields) as TypedValues;
}

/** The draft the page of this request was sent back with, once (see takeDraft). */
export function takeDraftFor(db: DB, request: Request, now = new Date()): Promise<TypedValues | null> {
  const url = pageUrl(request);
  return takeDraft(db, url.searchParams.get(DRAFT_PARAM), url.pathname, now);
}
