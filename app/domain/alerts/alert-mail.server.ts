import { type BuyerMail, escapeHtml, mailT } from "~/domain/mail/buyer-mails.server";
import { formatYenIn } from "~/i18n/format";
import type { LanguageCode } from "~/i18n/languages";

/*
 * The alert of a saved search: the new matches (listed, or cut in price since
 * the last alert), a link to every match, and the one-click unsubscribe link.
 * Written in the language the buyer used when saving (the `mail` catalogue).
 */

export type AlertItem = {
  name: string;
  year: number;
  /** Whole yen. */
  price: number;
  /** The price before a cut that is part of this news; null for a new listing. */
  previousPrice: number | null;
  link: string;
};

export type AlertMailInput = {
  buyerName: string;
  searchName: string;
  items: AlertItem[];
  /** Every new match, of which `items` are the newest. */
  total: number;
  seeAllLink: string;
  unsubscribeLink: string;
  shopName: string;
};

export function searchAlertMail(language: LanguageCode, mail: AlertMailInput): BuyerMail {
  const t = mailT(language);
  const yen = (value: number) => formatYenIn(value, language);
  // Most names start with the year ("2019 Toyota Land Cruiser ZX"); the year is added only when it is not there.
  const vehicle = (item: AlertItem) =>
    item.name.includes(String(item.year))
      ? item.name
      : t("searchAlert.vehicle", { name: item.name, year: String(item.year) });
  const itemLine = (item: AlertItem) =>
    item.previousPrice !== null
      ? t("searchAlert.itemPriceCut", { vehicle: vehicle(item), price: yen(item.price), was: yen(item.previousPrice) })
      : t("searchAlert.item", { vehicle: vehicle(item), price: yen(item.price) });
  const greeting = t("shared.greeting", { name: mail.buyerName });
  const intro = t("searchAlert.intro", { search: mail.searchName, shop: mail.shopName });
  const more =
    mail.total > mail.items.length
      ? t("searchAlert.newest", { shown: String(mail.items.length), total: String(mail.total) })
      : null;
  const seeAll = t("searchAlert.seeAll");
  const why = t("searchAlert.why", { shop: mail.shopName });
  const stop = t("searchAlert.unsubscribe");
  const closing = [t("shared.closing"), mail.shopName];

  const text =
    [
      greeting,
      intro,
      mail.items.map((item) => `- ${itemLine(item)}\n  ${item.link}`).join("\n"),
      ...(more ? [more] : []),
      `${seeAll}\n${mail.seeAllLink}`,
      `${why}\n${stop}\n${mail.unsubscribeLink}`,
      closing.join("\n"),
    ].join("\n\n") + "\n";

  const a = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html =
    `<!doctype html>\n<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"></head>\n` +
    `<body style="font-family: sans-serif; line-height: 1.5; color: #0f172a">\n` +
    `<p>${escapeHtml(greeting)}</p>\n<p>${escapeHtml(intro)}</p>\n<ul>\n` +
    mail.items.map((item) => `<li>${a(item.link, itemLine(item))}</li>`).join("\n") +
    `\n</ul>\n` +
    (more ? `<p>${escapeHtml(more)}</p>\n` : "") +
    `<p>${a(mail.seeAllLink, seeAll)}</p>\n` +
    `<p style="font-size: 13px; color: #475569">${escapeHtml(why)}<br>${a(mail.unsubscribeLink, stop)}</p>\n` +
    `<p>${closing.map(escapeHtml).join("<br>")}</p>\n</body></html>\n`;

  return { subject: t("searchAlert.subject", { search: mail.searchName }), text, html };
}
