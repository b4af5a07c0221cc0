import type { LanguageCode } from "./languages";
import { own } from "~/utils/own";
import {
  ADMIN_NAMESPACES,
  BUYER_NAMESPACES,
  type Catalogue,
  holdCatalogue,
  type Messages,
  type Namespace,
  PUBLIC_NAMESPACES,
} from "./core";
import en_common from "./locales/en/common.json";
import en_home from "./locales/en/home.json";
import en_stock from "./locales/en/stock.json";
import en_account from "./locales/en/account.json";
import en_orders from "./locales/en/orders.json";
import en_messages from "./locales/en/messages.json";
import en_mail from "./locales/en/mail.json";
import si_common from "./locales/si/common.json";
import si_home from "./locales/si/home.json";
import si_stock from "./locales/si/stock.json";
import si_account from "./locales/si/account.json";
import si_orders from "./locales/si/orders.json";
import si_messages from "./locales/si/messages.json";
import si_mail from "./locales/si/mail.json";
import vi_common from "./locales/vi/common.json";
import vi_home from "./locales/vi/home.json";
import vi_stock from "./locales/vi/stock.json";
import vi_account from "./locales/vi/account.json";
import vi_orders from "./locales/vi/orders.json";
import vi_messages from "./locales/vi/messages.json";
import vi_mail from "./locales/vi/mail.json";
import ne_common from "./locales/ne/common.json";
import ne_home from "./locales/ne/home.json";
import ne_stock from "./locales/ne/stock.json";
import ne_account from "./locales/ne/account.json";
import ne_orders from "./locales/ne/orders.json";
import ne_messages from "./locales/ne/messages.json";
import ne_mail from "./locales/ne/mail.json";
import hi_common from "./locales/hi/common.json";
import hi_home from "./locales/hi/home.json";
import hi_stock from "./locales/hi/stock.json";
import hi_account from "./locales/hi/account.json";
import hi_orders from "./locales/hi/orders.json";
import hi_messages from "./locales/hi/messages.json";
import hi_mail from "./locales/hi/mail.json";
import zhCN_common from "./locales/zh-CN/common.json";
import zhCN_home from "./locales/zh-CN/home.json";
import zhCN_stock from "./locales/zh-CN/stock.json";
import zhCN_account from "./locales/zh-CN/account.json";
import zhCN_orders from "./locales/zh-CN/orders.json";
import zhCN_messages from "./locales/zh-CN/messages.json";
import zhCN_mail from "./locales/zh-CN/mail.json";
import ja_common from "./locales/ja/common.json";
import ja_home from "./locales/ja/home.json";
import ja_stock from "./locales/ja/stock.json";
import ja_account from "./locales/ja/account.json";
import ja_orders from "./locales/ja/orders.json";
import ja_messages from "./locales/ja/messages.json";
import ja_mail from "./locales/ja/mail.json";
import en_company from "./locales/en/company.json";
import si_company from "./locales/si/company.json";
import vi_company from "./locales/vi/company.json";
import ne_company from "./locales/ne/company.json";
import hi_company from "./locales/hi/company.json";
import zhCN_company from "./locales/zh-CN/company.json";
import ja_company from "./locales/ja/company.json";
import en_proof from "./locales/en/proof.json";
import si_proof from "./locales/si/proof.json";
import vi_proof from "./locales/vi/proof.json";
import ne_proof from "./locales/ne/proof.json";
import hi_proof from "./locales/hi/proof.json";
import zhCN_proof from "./locales/zh-CN/proof.json";
import ja_proof from "./locales/ja/proof.json";
import en_admin from "./locales/en/admin.json";
import ja_admin from "./locales/ja/admin.json";

/*
 * Every catalogue, for the server. Pages get the ones they need through the
 * root loader; mails are written here. English is the source of every text.
 */

export const CATALOGUES: Record<LanguageCode, Partial<Record<Namespace, Messages>>> = {
  en: {
    common: en_common,
    home: en_home,
    stock: en_stock,
    account: en_account,
    orders: en_orders,
    messages: en_messages,
    mail: en_mail,
    proof: en_proof,
    company: en_company,
    admin: en_admin,
  },
  si: {
    common: si_common,
    home: si_home,
    stock: si_stock,
    account: si_account,
    orders: si_orders,
    messages: si_messages,
    mail: si_mail,
    proof: si_proof,
    company: si_company,
  },
  vi: {
    common: vi_common,
    home: vi_home,
    stock: vi_stock,
    account: vi_account,
    orders: vi_orders,
    messages: vi_messages,
    mail: vi_mail,
    proof: vi_proof,
    company: vi_company,
  },
  ne: {
    common: ne_common,
    home: ne_home,
    stock: ne_stock,
    account: ne_account,
    orders: ne_orders,
    messages: ne_messages,
    mail: ne_mail,
    proof: ne_proof,
    company: ne_company,
  },
  hi: {
    common: hi_common,
    home: hi_home,
    stock: hi_stock,
    account: hi_account,
    orders: hi_orders,
    messages: hi_messages,
    mail: hi_mail,
    proof: hi_proof,
    company: hi_company,
  },
  "zh-CN": {
    common: zhCN_common,
    home: zhCN_home,
    stock: zhCN_stock,
    account: zhCN_account,
    orders: zhCN_orders,
    messages: zhCN_messages,
    mail: zhCN_mail,
    proof: zhCN_proof,
    company: zhCN_company,
  },
  ja: {
    common: ja_common,
    home: ja_home,
    stock: ja_stock,
    account: ja_account,
    orders: ja_orders,
    messages: ja_messages,
    mail: ja_mail,
    proof: ja_proof,
    company: ja_company,
    admin: ja_admin,
  },
};

/** Which texts a page needs: a visitor's, a signed-in buyer's (their orders too), or the staff panel's. */
export const CATALOGUE_AREAS = ["public", "buyer", "admin"] as const;
export type CatalogueArea = (typeof CATALOGUE_AREAS)[number];

/** A short fingerprint of some text, so browsers and caches can tell catalogues apart. */
function fingerprint(text: string): string {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0).toString(36);
}

const made = new Map<string, Catalogue>();

/**
 * The catalogues a page's browser gets: the public ones, with a buyer's
 * orders, or the staff panel's. Made once per language and area, and held,
 * so every page of the process renders from the same one.
 */
export function catalogueFor(language: LanguageCode, area: CatalogueArea): Catalogue {
  const key = `${language}:${area}`;
  let catalogue = made.get(key);
  if (!catalogue) {
    const namespaces: readonly Namespace[] =
      area === "admin" ? ADMIN_NAMESPACES : area === "buyer" ? BUYER_NAMESPACES : PUBLIC_NAMESPACES;
    const resources: Partial<Record<Namespace, Messages>> = {};
    for (const ns of namespaces) {
      const messages = own(CATALOGUES, language)?.[ns] ?? CATALOGUES.en[ns];
      if (messages) resources[ns] = messages;
    }
    catalogue = { language, version: `${area}-${fingerprint(JSON.stringify(resources))}`, resources };
    holdCatalogue(catalogue);
    made.set(key, catalogue);
  }
  return catalogue;
}

/** The area a catalogue's version names ("public-1x2y3z" is a visitor's), or null when it names none. */
export function areaOfVersion(version: string): CatalogueArea | null {
  const area = version.slice(0, version.indexOf("-"));
  return (CATALOGUE_AREAS as readonly string[]).includes(area) ? (area as CatalogueArea) : null;
}

/** Everything of one language (mails included), for text written on the server. */
export function serverCatalogue(language: LanguageCode): Catalogue {
  return { language, version: "server", resources: own(CATALOGUES, language) ?? CATALOGUES.en };
}
