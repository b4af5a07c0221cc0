import { i18nFor, type Messages } from "~/i18n/core";
import admin from "~/i18n/locales/en/admin.json";
import messages from "~/i18n/locales/en/messages.json";
import { type Problem, problemText, readIssue } from "~/i18n/problem";

/*
 * What a buyer or the staff reads in English for a Problem the shop sends, so
 * tests can keep asserting SPEC's sentences. Staff panel keys are under
 * `messages.` in the `admin` catalogue; the others are the buyers' `messages`.
 */

const shop = i18nFor({ language: "en", version: "test-english", resources: { messages, admin: admin as Messages } });
const buyerT = shop.getFixedT("en", "messages");
const staffT = shop.getFixedT("en", "admin");

/** The staff panel's messages are under `messages.`; a screen's own block (`templates.errors…`) is one the buyers' catalogue lacks. */
const isStaffKey = (key: string) => key.startsWith("messages.") || !(key.split(".")[0]! in messages);

/** A Problem (or a zod message carrying one) in English. */
export function english(found: Problem | string): string;
export function english(found: Problem | string | null | undefined): string | undefined;
export function english(found: Problem | string | null | undefined): string | undefined {
  if (found === null || found === undefined) return undefined;
  const p = typeof found === "string" ? readIssue(found) : found;
  return isStaffKey(p.key) ? problemText(staffT, p) : problemText(buyerT, p);
}

/** Every field's Problem in English. */
export function englishAll(all: Record<string, Problem | string>): Record<string, string> {
  return Object.fromEntries(Object.entries(all).map(([name, found]) => [name, english(found)]));
}

const isProblem = (value: unknown): value is Problem =>
  typeof value === "object" && value !== null && typeof (value as { key?: unknown }).key === "string";

/** An answer whose Problems are read in English. */
export type InEnglish<T> = T extends object
  ? {
      [K in keyof T]: K extends "message" | "error"
        ? T[K] extends Problem
          ? string
          : T[K]
        : K extends "errors"
          ? Record<string, string>
          : T[K];
    }
  : T;

/** An answer with its `message`, `error` and `errors` Problems in English, the rest as it is. */
export function inEnglish<T>(answer: T): InEnglish<T> {
  if (typeof answer !== "object" || answer === null) return answer as InEnglish<T>;
  const out: Record<string, unknown> = { ...(answer as object) };
  for (const name of ["message", "error"]) if (isProblem(out[name])) out[name] = english(out[name]);
  if (typeof out.errors === "object" && out.errors !== null)
    out.errors = Object.fromEntries(
      Object.entries(out.errors).map(([field, found]) => [field, isProblem(found) ? english(found) : found]),
    );
  return out as InEnglish<T>;
}
