import { firstErrors } from "~/domain/forms";
import { shopDay } from "~/i18n/format";
import { z } from "zod";
import type { ShopSettings } from "./settings";

/*
 * Who stands behind the shop (issue 18.8): the company's registration, its
 * second-hand dealer licence, memberships, the year it was founded and the
 * contact details, as the owner keeps them on the staff panel's Company
 * screen. Buyers abroad send large sums to people they have never met, so
 * the public pages show these as entered. Browser-safe; messages are English
 * and the staff panel translates them (admin.json messages).
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

export const LICENCE_FORMAT = `Licence number must be the ${LICENCE_DIGITS} digits as issued, such as 451230001234`;
export const CORPORATE_NUMBER_FORMAT = `Corporate number must be the ${CORPORATE_NUMBER_DIGITS} digits of the National Tax Agency's number`;
export const ISSUER_REQUIRED = "Name the Public Safety Commission that issued the licence";
export const TOO_MANY_MEMBERSHIPS = `At most ${MAX_MEMBERSHIPS} memberships, one per line`;
export const MEMBERSHIP_TOO_LONG = "Each membership must be at most 100 characters";
export const PHONE_FORMAT = "Phone must be a phone number such as +81 45 000 1234";
export const WHATSAPP_FORMAT = "WhatsApp must be a phone number such as +81 90 0000 1234";
export const EMAIL_FORMAT = "Please enter a valid email address";
export const foundedRange = (now = new Date()) =>
  `Year founded must be from ${FIRST_FOUNDED_YEAR} to ${Number(shopDay(now).slice(0, 4))}`;

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

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optional = (label: string, max: number) =>
  z
    .string()
    .default("")
    .transform((s) => s.trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`));

/** Digits as issued; spaces and dashes a typist adds, and the 第…号 around a licence number, are dropped. */
const digits = (count: number, message: string) =>
  z
    .string()
    .default("")
    .transform((s) => s.replace(/[\s-]/g, "").replace(/^第(.*)号$/, "$1"))
    .refine((s) => s === "" || new RegExp(`^\\d{${count}}$`).test(s), message);

const phone = (label: string, message: string) => text(label, 20).pipe(z.string().regex(PHONE_PATTERN, message));

export function companySchema(now = new Date()) {
  return z
    .object({
      legalName: text("Company name", 120),
      corporateNumber: digits(CORPORATE_NUMBER_DIGITS, CORPORATE_NUMBER_FORMAT),
      licenceNumber: digits(LICENCE_DIGITS, LICENCE_FORMAT),
      licenceIssuer: optional("Issuing commission", 80),
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
      phone: phone("Phone", PHONE_FORMAT),
      whatsapp: phone("WhatsApp", WHATSAPP_FORMAT),
      email: text("E-mail", 254).pipe(z.email(EMAIL_FORMAT)),
      address: text("Address", 200),
    })
    .superRefine((c, ctx) => {
      if (c.licenceNumber && !c.licenceIssuer)
        ctx.addIssue({ code: "custom", path: ["licenceIssuer"], message: ISSUER_REQUIRED });
    });
}

/** The Company screen's form as typed → a Company, or the first problem of each field. */
export function readCompanyForm(form: FormData, now = new Date()) {
  const values = Object.fromEntries(
    COMPANY_FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : undefined];
    }),
  );
  const parsed = companySchema(now).safeParse(values);
  if (parsed.success) return { ok: true as const, company: parsed.data satisfies Company };
  return { ok: false as const, errors: firstErrors(parsed.error.issues) as Partial<Record<CompanyField, string>> };
}
