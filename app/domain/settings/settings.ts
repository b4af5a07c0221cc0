import { shopDay } from "~/i18n/format";
import type { Company } from "./company";

/** The owner's shop details shown on every page (DECISIONS "International buyers"). Browser-safe. */
export type SocialLink = { name: string; url: string };

export type ShopSettings = {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
  social: SocialLink[];
};

/** What the public pages show of the company (the Company screen; contact details are in `shop`). */
export type CompanyFacts = Pick<
  Company,
  "legalName" | "corporateNumber" | "licenceNumber" | "licenceIssuer" | "memberships" | "foundedYear"
>;

export type PublicSettings = {
  /** The shop's name, its social links, and the contact details as the owner last saved them. */
  shop: ShopSettings;
  company: CompanyFacts;
  publicUrl: string;
  /** Where image URLs point: "/media" (served by the shop) or MEDIA_PUBLIC_URL. */
  mediaBase: string;
};

/** A number as a tel: address. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/** A WhatsApp number as a chat address. */
export function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}`;
}

/** Whole years since the founding (0 in its first year). */
export function yearsInBusiness(foundedYear: number, now = new Date()): number {
  return Math.max(0, Number(shopDay(now).slice(0, 4)) - foundedYear);
}
