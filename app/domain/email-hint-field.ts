/*
 * What an e-mail box's page needs of the hints (email-hints.ts) before any is
 * asked for: the shape of a hint and the name of the box that keeps an
 * address as typed. The rules themselves load when the buyer is in the box.
 */

export type EmailHint = {
  /** The domain as typed: "gmial.com". */
  typed: string;
  /** The provider it is likely meant to be: "gmail.com". */
  domain: string;
  /** The whole address with that provider: "grace@gmail.com". */
  email: string;
};

/** The hidden field a form sends when the buyer keeps an address the hint doubted: the address kept. */
export const EMAIL_KEPT_FIELD = "emailKept";
