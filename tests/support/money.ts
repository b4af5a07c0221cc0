/**
 * An amount as the shop writes it in a currency (whole units, the currency's
 * sign or code): computed here on its own, so a test compares the page with
 * an answer the page's code did not make.
 */
export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(amount);
}
