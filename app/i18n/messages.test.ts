import type { TFunction } from "./core";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  INVALID_LOGIN,
  NewPasswordSchema,
  PASSWORDS_DO_NOT_MATCH,
  ProfileSchema,
  REGISTRATION_FAILED,
  REGISTRATION_TAKEN,
  RegisterSchema,
  RESET_FAILED,
  RESET_LINK_INVALID,
  RESET_SENT,
  ResetRequestSchema,
  TOO_MANY_TRIES,
} from "~/domain/accounts/accounts.schema";
import {
  QUOTE_ERROR,
  QUOTE_FIX_FIELDS,
  QUOTE_SOLD,
  QUOTE_TOO_MANY,
  QuoteRequestSchema,
  quoteSentProblem,
} from "~/domain/quotes/quotes.schema";
import { FIND_ERROR, FindRequestSchema, findSentProblem } from "~/domain/quotes/find-requests.schema";
import { CATALOGUES } from "./catalogues.server";
import { i18nFor, type Messages } from "./i18n";
import { LANGUAGES } from "./languages";
import english from "./locales/en/messages.json";
import { type Problem, problemText, problemTexts, readIssue } from "./problem";
import { english as inEnglish } from "../../tests/support/english";

/*
 * Every Problem a buyer can be shown must be a key of the `messages`
 * catalogue (its field names too), or the page would show the key. The
 * schemas are driven with bad input to collect what they can say.
 */

type Form = { schema: z.ZodType; good: Record<string, unknown>; shown: string[] };

const password = "a long enough password";
const FORMS: Form[] = [
  {
    schema: RegisterSchema,
    good: {
      fullName: "Grace Wanjiru",
      country: "Kenya",
      phone: "+254 712 345678",
      email: "grace@example.ke",
      password,
      confirmPassword: password,
    },
    shown: ["fullName", "country", "phone", "email", "password", "confirmPassword"],
  },
  { schema: ResetRequestSchema, good: { email: "grace@example.ke" }, shown: ["email"] },
  {
    schema: NewPasswordSchema,
    good: { token: "t".repeat(43), password, confirmPassword: password },
    shown: ["password", "confirmPassword"],
  },
  {
    schema: ProfileSchema,
    good: { fullName: "Grace Wanjiru", country: "Kenya", phone: "+254 712 345678" },
    shown: ["fullName", "country", "phone"],
  },
  {
    schema: QuoteRequestSchema,
    good: {
      kind: "vehicle",
      itemId: "12",
      submissionKey: "k".repeat(20),
      name: "Tran Van An",
      country: "Vietnam",
      email: "an@example.vn",
      phone: "+84 90 123 4567",
      message: "CIF Hai Phong?",
      contactMethods: ["LINE"],
    },
    shown: ["name", "country", "email", "phone", "message"],
  },
  {
    schema: FindRequestSchema,
    good: {
      kind: "vehicle",
      submissionKey: "k".repeat(20),
      make: "Toyota",
      model: "Land Cruiser",
      yearFrom: "2015",
      yearTo: "2019",
      budget: "3,000,000",
      destination: "Colombo, Sri Lanka",
      name: "Tran Van An",
      email: "an@example.vn",
      phone: "+84 90 123 4567",
      message: "White, please",
    },
    shown: ["make", "model", "yearFrom", "yearTo", "budget", "destination", "name", "email", "phone", "message"],
  },
];

const BAD_VALUES: unknown[] = [
  undefined,
  null,
  42,
  "",
  "   ",
  "x",
  "short",
  "not-an-email",
  "abc",
  "a@b",
  "x".repeat(129),
  `${"x".repeat(250)}@example.com`,
  "x".repeat(5000),
  "different password",
];

/** What the buyer forms can say beside a field. */
function schemaProblems(): Problem[] {
  const found = new Map<string, Problem>();
  for (const form of FORMS) {
    const inputs: Record<string, unknown>[] = [{}];
    for (const field of form.shown) {
      for (const bad of BAD_VALUES) inputs.push({ ...form.good, [field]: bad });
    }
    for (const input of inputs) {
      const parsed = form.schema.safeParse(input);
      for (const issue of parsed.error?.issues ?? []) {
        if (form.shown.includes(String(issue.path[0]))) found.set(issue.message, readIssue(issue.message));
      }
    }
  }
  return [...found.values()];
}

/** What the buyer pages and the quote form say at the top of a form. */
const FORM_MESSAGES = [
  INVALID_LOGIN,
  TOO_MANY_TRIES,
  PASSWORDS_DO_NOT_MATCH,
  REGISTRATION_FAILED,
  REGISTRATION_TAKEN,
  RESET_SENT,
  RESET_FAILED,
  RESET_LINK_INVALID,
  QUOTE_ERROR,
  QUOTE_FIX_FIELDS,
  QUOTE_TOO_MANY,
  QUOTE_SOLD,
  quoteSentProblem("1234567890"),
  FIND_ERROR,
  findSentProblem("1234567890"),
];

const ALL = [...schemaProblems(), ...FORM_MESSAGES];

/** A Problem's key and the keys of the Problems in its values (field names). */
const keysOf = (found: Problem): string[] => [
  found.key,
  ...Object.values(found.values ?? {}).flatMap((v) => (typeof v === "object" ? keysOf(v) : [])),
];

function translator(language: "en" | "si" | "ja", messages: Messages, version: string): TFunction {
  return i18nFor({ language, version, resources: { messages } }).getFixedT(language, "messages");
}

/** The English catalogue with every value changed, placeholders kept. */
function fake(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([k, v]) => [k, typeof v === "string" ? `XX(${v})` : fake(v)]),
  );
}

describe("buyer messages", () => {
  it("the schemas were driven far enough to say something about every shown field", () => {
    const messages = schemaProblems().map((found) => inEnglish(found));
    for (const expected of [
      "Full name is required",
      "Full name must be at most 100 characters",
      "Mobile number is required",
      "Please enter a phone number (digits, spaces, + - ( ))",
      "Email is too long",
      "Please enter a valid email address",
      "Password must be at least 8 characters",
      "Password must be at most 128 characters",
      "Please confirm your password",
      "Passwords do not match",
      "Message must be at most 2000 characters",
    ]) {
      expect(messages).toContain(expected);
    }
  });

  it.each(ALL.map((found) => [JSON.stringify(found), found] as const))(
    "%s has an entry in the English catalogue, its field name too",
    (_, found) => {
      const i18n = i18nFor({ language: "en", version: "messages-test-en", resources: { messages: english } });
      for (const key of keysOf(found)) {
        expect(i18n.exists(key, { ns: "messages" }), `no entry in locales/en/messages.json for "${key}"`).toBe(true);
      }
    },
  );

  it("in English, every message is SPEC's sentence, every placeholder filled", () => {
    const t = translator("en", english, "test-en");
    for (const found of ALL) expect(problemText(t, found)).not.toMatch(/\{\{|^[\w.]+$/);
    expect(problemText(t, quoteSentProblem("4567890123"))).toBe(
      "Quote request sent successfully! Your quote number is 4567890123.",
    );
    expect(problemText(t, INVALID_LOGIN)).toBe("Invalid email or password");
  });

  it("in another language, every message is that catalogue's text", () => {
    const t = translator("si", fake(english), "test-fake");
    for (const found of ALL) expect(problemText(t, found).startsWith("XX(")).toBe(true);
    const said = (form: z.ZodType, input: Record<string, unknown>) =>
      problemText(t, readIssue(form.safeParse(input).error!.issues[0]!.message));
    expect(said(ProfileSchema, { fullName: "", country: "Kenya", phone: "+254 712 345678" })).toBe(
      "XX(XX(Full name) is required)",
    );
    expect(said(ResetRequestSchema, { email: "" })).toBe("XX(XX(Email) is required)");
    expect(problemText(t, quoteSentProblem("4567890123"))).toBe(
      "XX(Quote request sent successfully! Your quote number is 4567890123.)",
    );
    expect(problemText(t, INVALID_LOGIN)).toBe("XX(Invalid email or password)");
    expect(problemTexts(t, { email: readIssue(ResetRequestSchema.safeParse({}).error!.issues[0]!.message) })).toEqual({
      email: "XX(XX(Email) is required)",
    });
  });

  it.each(LANGUAGES.map((l) => l.code))("the %s catalogue has every one", (code) => {
    const messages = CATALOGUES[code].messages ?? {};
    const i18n = i18nFor({ language: code, version: "test-real", resources: { messages } });
    for (const found of ALL) {
      for (const key of keysOf(found)) {
        expect(i18n.exists(key, { ns: "messages" }), `${code}/messages.json lacks ${key}`).toBe(true);
      }
    }
  });

  it("shows a message the catalogue does not know as it is", () => {
    const other = translator("si", fake(english), "test-fake");
    expect(problemText(other, readIssue("Something nobody wrote down"))).toBe("Something nobody wrote down");
  });
});
