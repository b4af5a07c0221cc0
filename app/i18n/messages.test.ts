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
} from "~/domain/accounts/accounts.schema";
import { TOO_MANY_TRIES } from "~/domain/auth/rate-limit.server";
import { QUOTE_ERROR, QUOTE_SOLD, QuoteRequestSchema, quoteSentMessage } from "~/domain/quotes/quotes.schema";
import { FIND_ERROR, FindRequestSchema, findSentMessage } from "~/domain/quotes/find-requests.schema";
import { CATALOGUES } from "./catalogues.server";
import { i18nFor, type Messages } from "./i18n";
import { LANGUAGES } from "./languages";
import english from "./locales/en/messages.json";
import { findMessage, localizeErrors, localizeMessage } from "./messages";

/*
 * Every message a buyer can be shown must have an entry in the `messages`
 * catalogue, or it would stay English on a translated page. The schemas are
 * driven with bad input to collect what they can say.
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
function schemaMessages(): string[] {
  const found = new Set<string>();
  for (const form of FORMS) {
    const inputs: Record<string, unknown>[] = [{}];
    for (const field of form.shown) {
      for (const bad of BAD_VALUES) inputs.push({ ...form.good, [field]: bad });
    }
    for (const input of inputs) {
      const parsed = form.schema.safeParse(input);
      for (const issue of parsed.error?.issues ?? []) {
        if (form.shown.includes(String(issue.path[0]))) found.add(issue.message);
      }
    }
  }
  return [...found].sort();
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
  QUOTE_SOLD,
  quoteSentMessage("1234567890"),
  FIND_ERROR,
  findSentMessage("1234567890"),
];

const ALL = [...schemaMessages(), ...FORM_MESSAGES];

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
    const messages = schemaMessages();
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

  it.each(ALL)("'%s' has an entry in the English catalogue, its field name too", (message) => {
    const found = findMessage(message);
    expect(found, `no entry in locales/en/messages.json for "${message}"`).not.toBeNull();
    if (found!.values.label !== undefined) {
      expect(found!.labels.label, `no entry under "fields" for "${found!.values.label}"`).toBeDefined();
    }
  });

  it("in English, every message is shown as the schema wrote it", () => {
    const t = translator("en", english, "test-en");
    for (const message of ALL) expect(localizeMessage(t, message)).toBe(message);
  });

  it("in another language, every message is that catalogue's text", () => {
    const t = translator("si", fake(english), "test-fake");
    for (const message of ALL) {
      const shown = localizeMessage(t, message);
      expect(shown).not.toBe(message);
      expect(shown.startsWith("XX(")).toBe(true);
    }
    expect(localizeMessage(t, "Full name is required")).toBe("XX(XX(Full name) is required)");
    expect(localizeMessage(t, "Message must be at most 2000 characters")).toBe(
      "XX(XX(Message) must be at most 2000 characters)",
    );
    expect(localizeMessage(t, quoteSentMessage("4567890123"))).toBe(
      "XX(Quote request sent successfully! Your quote number is 4567890123.)",
    );
    expect(localizeMessage(t, INVALID_LOGIN)).toBe("XX(Invalid email or password)");
    expect(localizeErrors(t, { email: "Email is required" })).toEqual({ email: "XX(XX(Email) is required)" });
  });

  it.each(LANGUAGES.map((l) => l.code))("the %s catalogue, once it has messages, has every one", (code) => {
    const messages = CATALOGUES[code].messages ?? {};
    if (Object.keys(messages).length === 0) return; // not translated yet: English is shown
    const i18n = i18nFor({ language: code, version: "test-real", resources: { messages } });
    for (const message of ALL) {
      const found = findMessage(message)!;
      for (const key of [found.key, ...Object.values(found.labels)]) {
        expect(i18n.exists(key, { ns: "messages" }), `${code}/messages.json lacks ${key}`).toBe(true);
      }
    }
  });

  it("shows English where a language lacks the text, and unknown messages as they are", () => {
    const t = translator("ja", {}, "test-empty");
    expect(localizeMessage(t, "Country is required")).toBe("Country is required");
    expect(localizeMessage(t, QUOTE_SOLD)).toBe(QUOTE_SOLD);
    const other = translator("si", fake(english), "test-fake");
    expect(localizeMessage(other, "Something nobody wrote down")).toBe("Something nobody wrote down");
    expect(localizeMessage(other, undefined)).toBeUndefined();
    expect(localizeMessage(other, null)).toBeUndefined();
    // A field the catalogue does not name: the sentence is translated, the name kept.
    expect(localizeMessage(other, "Favourite colour is required")).toBe("XX(Favourite colour is required)");
  });
});
