import type { Key } from "~/i18n/core";
import type { LanguageCode } from "~/i18n/languages";
import { serverT } from "~/i18n/request.server";

/*
 * Mails to buyers, in the language of the request that caused them (the
 * `mail` catalogue). A text the buyer's language lacks is written in English.
 * The deal's mails (offers, holds, invoices, orders) are the sale's
 * (sale/buyer-mails.server.ts), with the owner's beside them.
 */

export type BuyerMail = { subject: string; text: string; html: string };

/** Interpolation does not escape (React escapes pages): HTML mail escapes everything it puts in. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

type Values = Record<string, string | number>;

/** The `mail` catalogue of a language, English where it lacks a text. */
export function mailT(language: LanguageCode) {
  const t = serverT(language, "mail");
  const english = serverT("en", "mail");
  return (key: Key<"mail">, values: Values = {}): string =>
    t(key, { ...values, defaultValue: english(key, values) }) as string;
}

/**
 * A paragraph of text (lines joined with <br>), a link, or a note: the small
 * print under the signature, its lines and links in one paragraph.
 */
export type Block = { lines: string[] } | { link: string } | { note: (string | { link: string })[] };

const anchor = (href: string) => `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;

function blockText(b: Block): string {
  if ("link" in b) return b.link;
  if ("note" in b) return b.note.map((part) => (typeof part === "string" ? part : part.link)).join("\n");
  return b.lines.join("\n");
}

function blockHtml(b: Block): string {
  if ("link" in b) return `<p>${anchor(b.link)}</p>`;
  if ("note" in b)
    return (
      `<p style="margin-top: 2em; padding-top: 0.75em; border-top: 1px solid #cbd5e1; font-size: 0.875em; color: #475569">` +
      b.note.map((part) => (typeof part === "string" ? escapeHtml(part) : anchor(part.link))).join("<br>") +
      `</p>`
    );
  return `<p>${b.lines.map(escapeHtml).join("<br>")}</p>`;
}

export function render(language: LanguageCode, blocks: Block[]): { text: string; html: string } {
  const text = blocks.map(blockText).join("\n\n") + "\n";
  const body = blocks.map(blockHtml).join("\n");
  const html =
    `<!doctype html>\n<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"></head>\n` +
    `<body style="font-family: sans-serif; line-height: 1.5; color: #0f172a">\n${body}\n</body></html>\n`;
  return { text, html };
}

/**
 * A letter to a buyer: one greeting by name, the blocks, one closing signed
 * by the shop, and a note under the signature when there is one (the money
 * mails' safety note). Every buyer mail is written through here, so none has
 * two greetings or two sign-offs.
 */
export function letter(
  language: LanguageCode,
  to: { name: string; shopName: string },
  blocks: Block[],
  note?: Extract<Block, { note: unknown }>,
) {
  const t = mailT(language);
  return render(language, [
    { lines: [t("shared.greeting", { name: to.name })] },
    ...blocks,
    { lines: [t("shared.closing"), to.shopName] },
    ...(note ? [note] : []),
  ]);
}

/** The buyer's confirmation of a quote request. */
export function quoteConfirmationMail(
  language: LanguageCode,
  quote: {
    name: string;
    item: string;
    ref: string;
    number: string;
    country: string;
    link: string;
    shopName: string;
    /** For a quote sent without an account: the link that joins it to the account of this address. */
    claimLink?: string;
  },
): BuyerMail {
  const t = mailT(language);
  return {
    subject: t("quoteConfirmation.subject", { number: quote.number, item: quote.item }),
    ...letter(language, quote, [
      {
        lines: [
          t("quoteConfirmation.thanks", { item: quote.item, ref: quote.ref }),
          t("quoteConfirmation.answer", { number: quote.number, country: quote.country }),
        ],
      },
      { link: quote.link },
      ...(quote.claimLink
        ? [{ lines: [t("quoteConfirmation.claim", { shop: quote.shopName })] }, { link: quote.claimLink }]
        : []),
    ]),
  };
}

/** The buyer's confirmation of a "Find one for me" request. */
export function findRequestMail(
  language: LanguageCode,
  request: {
    name: string;
    number: string;
    what: string;
    /** "2015–2019", "2015–", "–2019" or null. */
    years: string | null;
    /** In yen, written as figures. */
    budget: string | null;
    destination: string;
    shopName: string;
  },
): BuyerMail {
  const t = mailT(language);
  return {
    subject: t("findRequest.subject", { number: request.number }),
    ...letter(language, request, [
      {
        lines: [
          t("findRequest.thanks", { what: request.what, destination: request.destination }),
          ...(request.years ? [t("findRequest.years", { years: request.years })] : []),
          ...(request.budget ? [t("findRequest.budget", { budget: request.budget })] : []),
          t("findRequest.answer", { number: request.number }),
        ],
      },
    ]),
  };
}

/** The link to choose a new password. */
export function passwordResetMail(
  language: LanguageCode,
  reset: { name: string; shopName: string; link: string },
): BuyerMail {
  const t = mailT(language);
  return {
    subject: t("passwordReset.subject", { shop: reset.shopName }),
    ...letter(language, reset, [
      { lines: [t("passwordReset.asked", { shop: reset.shopName })] },
      { link: reset.link },
      { lines: [t("passwordReset.notYou")] },
    ]),
  };
}
