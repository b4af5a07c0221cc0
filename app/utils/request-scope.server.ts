import { AsyncLocalStorage } from "node:async_hooks";
import { readCookie } from "./cookies";

/*
 * What the shop learns about one request while answering it, for the page
 * cache in front of it (server/page-cache.ts, decision record 0006):
 *
 * - `personal`: the answer read a session (a buyer's, a staff member's, or a
 *   two-step challenge). Such an answer carries a name, an e-mail or a
 *   favourite and is never kept for others. It is set by the one function
 *   that reads session cookies, so whatever the Cookie header looks like,
 *   if the app found a session there, the answer is private.
 * - `publicContentChanged`: the request changed what public pages show
 *   (stock, prices, photos, the freight table, the company). Only then is the cache
 *   emptied; a visitor's language choice or a quote does not.
 *
 * The server opens a scope per request (server/app.ts); outside one (scripts,
 * tests calling a service directly) the marks go nowhere.
 */

export type RequestScope = { personal: boolean; publicContentChanged: boolean };

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` (the rest of a request's handling) in a fresh scope, handed to it to read once the answer is sent. */
export function openRequestScope(fn: (scope: RequestScope) => void): void {
  const scope: RequestScope = { personal: false, publicContentChanged: false };
  storage.run(scope, fn, scope);
}

/**
 * A session cookie's value, or null. Every session reader goes through here,
 * and so does the page cache's own test of "signed in or not": one reading of
 * the Cookie header for both.
 */
export function readSessionCookie(header: string | null, name: string): string | null {
  const value = readCookie(header, name);
  if (value !== null && value !== "") {
    const scope = storage.getStore();
    if (scope) scope.personal = true;
  }
  return value;
}

/** Whether a Cookie header carries any of these session cookies, read as the app reads them. */
export function carriesSession(header: string | null, names: readonly string[]): boolean {
  return names.some((name) => readSessionCookie(header, name));
}

/** Activity that changes what public pages show. Called by the activity log, which every such change writes. */
export function markPublicContentChanged(): void {
  const scope = storage.getStore();
  if (scope) scope.publicContentChanged = true;
}
