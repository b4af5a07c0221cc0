/**
 * Rates shipped with the shop, used only when the provider has never answered.
 * Pages say which date they are from. Units of each currency for one yen,
 * rounded from the market rates of the day below.
 */
export const RATES_SNAPSHOT = {
  asOf: "2025-06-30T00:00:00.000Z",
  rates: {
    JPY: 1,
    USD: 0.00694,
    EUR: 0.00591,
    GBP: 0.00506,
    AUD: 0.0106,
    NZD: 0.0114,
    LKR: 2.08,
    NPR: 0.951,
    INR: 0.594,
    VND: 181.2,
    CNY: 0.0497,
    KES: 0.897,
    TZS: 18.3,
    UGX: 24.9,
    ZAR: 0.123,
    PKR: 1.97,
    BDT: 0.849,
    AED: 0.0255,
    THB: 0.226,
    PHP: 0.391,
    MYR: 0.0293,
  } as Record<string, number>,
};
