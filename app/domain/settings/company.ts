import { parseForm } from "~/utils/forms";
import { maxLengthIssue, patternIssue, staffRequiredText, staffText, textIssue } from "~/domain/staff/staff-problems";
import { issue } from "~/i18n/problem";
import { shopDay } from "~/i18n/format";
import { z } from "zod";
import type { ShopSettings } from "./settings";

/*
 * Who stands behind the shop (issue 18.8): the company's registration, its
 * second-hand dealer licence, memberships, the year it was founded and the
 * contact details, as the owner keeps them on the staff panel's Company
 * screen. Buyers abroad send large sums to people they have never met, so
 * the public pages show these as entered. Browser-safe; refusals are keys of
 * the `admin` catalogue (messages).
 */

/** A phone or WhatsApp number as people write it: digits, spaces, brackets, dashes, an optional +. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;
/** 古物商許可番号: the Public Safety Commission issues twelve digits (第451230001234号). */
export const LICENCE_DIGITS = 12;
/** 法人番号: the National Tax Agency's thirteen digits. */
export const CORPORATE_NUMBER_DIGITS = 13;
export const FIRST_FOUNDED_YEAR = 1900;
export const MAX_MEMBERSHIPS = 6;
export const MAX_OFFICE_PHOTOS = 6;

export const LICENCE_FORMAT = staffText("licenceFormat");
const CORPORATE_NUMBER_FORMAT = textIssue("corporateNumberFormat");
const ISSUER_REQUIRED = textIssue("issuerRequired");
const TOO_MANY_MEMBERSHIPS = textIssue("tooManyMemberships");
const MEMBERSHIP_TOO_LONG = textIssue("membershipTooLong");
const PHONE_FORMAT = textIssue("phoneFormat");
const WHATSAPP_FORMAT = textIssue("whatsappFormat");
const EMAIL_FORMAT = textIssue("emailFormat");
const foundedRange = (now = new Date()) =>
  patternIssue("foundedRange", { first: FIRST_FOUNDED_YEAR, last: Number(shopDay(now).slice(0, 4)) });

/** What the owner keeps; empty text and a null year mean "not given" (not shown). */
export type Company = {
  legalName: string;
  corporateNumber: string;
  licenceNumber: string;
  licenceIssuer: string;
  memberships: string[];
  foundedYear: number | null;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
};

/** What a shop shows before its owner has filled the Company screen. */
export function companyDefaults(shop: ShopSettings): Company {
  return {
    legalName: shop.name,
    corporateNumber: "",
    licenceNumber: "",
    licenceIssuer: "",
    memberships: [],
    foundedYear: null,
    phone: shop.phone,
    whatsapp: shop.whatsapp,
    email: shop.email,
    address: shop.address,
  };
}

/** The form's fields, in the order the screen shows them. */
export const COMPANY_FIELDS = [
  "legalName",
  "corporateNumber",
  "licenceNumber",
  "licenceIssuer",
  "memberships",
  "foundedYear",
  "phone",
  "whatsapp",
  "email",
  "address",
] as const satisfies readonly (keyof Company)[];
export type CompanyField = (typeof COMPANY_FIELDS)[number];

const optional = (field: string, max: number) =>
  z
    .string()
    .default("")
    .transform((s) => s.trim())
    .pipe(z.string().max(max, maxLengthIssue(field, max)));

/** Digits as issued; spaces and dashes a typist adds, and the 第…号 around a licence number, are dropped. */
const digits = (count: number, message: string) =>
  z
    .string()
    .default("")
    .transform((s) => s.replace(/[\s-]/g, "").replace(/^第(.*)号$/, "$1"))
    .refine((s) => s === "" || new RegExp(`^\\d{${count}}$`).test(s), message);

const phone = (field: string, message: string) =>
  staffRequiredText(field, 20).pipe(z.string().regex(PHONE_PATTERN, message));

export function companySchema(now = new Date()) {
  return z
    .object({
      legalName: staffRequiredText("companyName", 120),
      corporateNumber: digits(CORPORATE_NUMBER_DIGITS, CORPORATE_NUMBER_FORMAT),
      licenceNumber: digits(LICENCE_DIGITS, issue(LICENCE_FORMAT)),
      licenceIssuer: optional("issuingCommission", 80),
      memberships: z
        .string()
        .default("")
        .transform((s) =>
          s
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean),
        )
        .refine((lines) => lines.length <= MAX_MEMBERSHIPS, TOO_MANY_MEMBERSHIPS)
        .refine((lines) => lines.every((line) => line.length <= 100), MEMBERSHIP_TOO_LONG),
      foundedYear: z
        .string()
        .default("")
        .transform((s) => s.trim())
        .refine((s) => s === "" || /^\d{4}$/.test(s), foundedRange(now))
        .transform((s) => (s === "" ? null : Number(s)))
        .refine(
          (y) => y === null || (y >= FIRST_FOUNDED_YEAR && y <= Number(shopDay(now).slice(0, 4))),
          foundedRange(now),
        ),
      phone: phone("phone", PHONE_FORMAT),
      whatsapp: phone("whatsapp", WHATSAPP_FORMAT),
      email: staffRequiredText("email", 254).pipe(z.email(EMAIL_FORMAT)),
      address: staffRequiredText("address", 200),
    })
    .superRefine((c, ctx) => {
      if (c.licenceNumber && !c.licenceIssuer)
        ctx.addIssue({ code: "custom", path: ["licenceIssuer"], message: ISSUER_REQUIRED });
    });
}

/** The Company screen's fields as typed (`formInput`) → a Company, or the first problem of each field and what was typed. */
export function readCompanyForm(form: Record<string, unknown>, now = new Date()) {
  const submission = parseForm(form, companySchema(now));
  if (submission.status === "success") return { ok: true as const, company: submission.value satisfies Company };
  return { ok: false as const, errors: submission.errors, values: submission.values };
}
