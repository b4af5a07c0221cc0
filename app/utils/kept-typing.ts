/*
 * What was typed into a form, kept in this browser tab (sessionStorage) so a
 * session that ends mid-form does not lose it. The sign-in guards send a form
 * posted without a session to sign in with RESUME_PARAM on the page to come
 * back to; only a page reached that way fills its forms from here, and any
 * other visit forgets them. Nothing of it goes to the server; passwords and
 * files are never kept.
 */

/** Added by the sign-in guards to the way back when a form arrived after its session ended. */
export const RESUME_PARAM = "resume";

const PREFIX = "typed:";
/**
 * Typing older than two hours is not brought back, and is cleared from the
 * tab when any form page opens: on a shared computer it does not wait there
 * for the next person.
 */
export const KEEP_MS = 2 * 60 * 60 * 1000;

/** A form's fields by name; a checkbox or radio button as "name=value" with whether it is ticked. */
export type TypedFields = Record<string, string | boolean>;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

export function keptKey(pathname: string, form: string): string {
  return `${PREFIX}${pathname}#${form}`;
}

/**
 * What was kept under `key`, unless it is older than KEEP_MS or not ours.
 * `sent`: the form was sent with it (only a form sent and turned away is
 * filled again; one merely typed in and left is not).
 */
export function readKept(store: Store, key: string, now: number): { fields: TypedFields; sent: boolean } | null {
  const raw = quietly(() => store.getItem(key));
  if (!raw) return null;
  const kept = quietly(() => JSON.parse(raw) as unknown);
  if (!isKept(kept) || now - kept.savedAt > KEEP_MS || kept.savedAt > now) return null;
  return { fields: kept.fields, sent: kept.sent === true };
}

export function writeKept(store: Store, key: string, fields: TypedFields, now: number, sent = false): void {
  // A full or refused store (a private window) keeps nothing; the form itself still works.
  quietly(() => store.setItem(key, JSON.stringify({ savedAt: now, fields, sent })));
}

/** Clears every record older than KEEP_MS (or unreadable) from the tab. */
export function forgetStale(store: Store, now: number): void {
  for (const key of keysOf(store)) if (readKept(store, key, now) === null) forgetKept(store, key);
}

export function forgetKept(store: Store, key: string): void {
  quietly(() => store.removeItem(key));
}

/** On signing out: nothing typed stays behind in the tab for the next person. */
export function forgetAllKept(store: Store): void {
  for (const key of keysOf(store)) forgetKept(store, key);
}

function keysOf(store: Store): string[] {
  const keys: string[] = [];
  const count = quietly(() => store.length) ?? 0;
  for (let i = 0; i < count; i++) {
    const key = quietly(() => store.key(i));
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/** Whether a page was reached on the way back from signing in after a form was turned away. */
export function isResumed(search: string): boolean {
  return new URLSearchParams(search).get(RESUME_PARAM) === "1";
}

/** Whether a page's search is the sign-in page's, asked to come back marked (the form was turned away). */
export function isTurnedAway(search: string): boolean {
  const back = new URLSearchParams(search).get("redirectTo");
  if (back === null) return false;
  const query = back.indexOf("?");
  return query >= 0 && isResumed(back.slice(query));
}

/** The same search without the mark, so a reload or a shared link does not fill the form again. */
export function withoutResume(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(RESUME_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

function isKept(value: unknown): value is { savedAt: number; fields: TypedFields; sent?: boolean } {
  if (typeof value !== "object" || value === null) return false;
  const { savedAt, fields } = value as Record<string, unknown>;
  if (typeof savedAt !== "number" || typeof fields !== "object" || fields === null || Array.isArray(fields))
    return false;
  return Object.values(fields).every((v) => typeof v === "string" || typeof v === "boolean");
}

function quietly<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}
