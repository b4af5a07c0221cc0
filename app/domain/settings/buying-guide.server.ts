import type { LanguageCode } from "~/i18n/languages";
import { serverT } from "~/i18n/request.server";
import type { Company } from "./company";

/*
 * How to buy and the FAQ (issue 18.8): fixed text in the buyer's language
 * (the "company" catalogues), with the owner's values put in as entered. The
 * typical days of each step are here, once, for every language.
 */

export const BUYING_STEPS = [
  { key: "quote", days: [1, 2] },
  { key: "invoice", days: [1, 2] },
  { key: "payment", days: [2, 5] },
  { key: "shipping", days: [7, 21] },
  { key: "documents", days: [3, 7] },
  { key: "arrival", days: [7, 45] },
] as const;

/** In this order; "licence" only when the owner has entered a licence number. */
export const FAQ_ITEMS = [
  "payment",
  "bankChange",
  "licence",
  "price",
  "inspection",
  "shippingTime",
  "documents",
  "reserve",
  "visit",
] as const;

export type BuyingStep = { key: string; title: string; text: string; days: string };

export function howToBuyPage(language: LanguageCode, company: Company, shopName: string) {
  const t = serverT(language, "company");
  const total = BUYING_STEPS.reduce((sum, s) => [sum[0]! + s.days[0], sum[1]! + s.days[1]], [0, 0]);
  return {
    meta: {
      title: t("howToBuy.meta.title", { shopName }),
      description: t("howToBuy.meta.description"),
    },
    title: t("howToBuy.title"),
    intro: t("howToBuy.intro", { company: company.legalName }),
    stepsLabel: t("howToBuy.stepsLabel"),
    steps: BUYING_STEPS.map((s): BuyingStep => ({
      key: s.key,
      title: t(`howToBuy.steps.${s.key}.title`),
      text: t(`howToBuy.steps.${s.key}.text`),
      days: t("howToBuy.days", { from: s.days[0], to: s.days[1] }),
    })),
    total: t("howToBuy.total", { from: total[0], to: total[1] }),
    browse: t("howToBuy.browse"),
    faq: t("howToBuy.faq"),
  };
}

export function faqPage(language: LanguageCode, company: Company, shopName: string) {
  const t = serverT(language, "company");
  const values = {
    company: company.legalName,
    phone: company.phone,
    number: company.licenceNumber,
    issuer: company.licenceIssuer,
  };
  return {
    meta: { title: t("faq.meta.title", { shopName }), description: t("faq.meta.description") },
    title: t("faq.title"),
    intro: t("faq.intro"),
    items: FAQ_ITEMS.filter((key) => key !== "licence" || company.licenceNumber).map((key) => ({
      key,
      question: t(`faq.items.${key}.q`, values),
      answer: t(`faq.items.${key}.a`, values),
    })),
    more: t("faq.more", { email: company.email, whatsapp: company.whatsapp }),
  };
}
