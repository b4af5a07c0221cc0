/** Limits of the owner's deal settings, for the forms and the server alike. Browser-safe. */

/** Working days a hold lasts, or is extended by. */
export const HOLD_DAYS_RANGE = { min: 1, max: 20 } as const;
/** Calendar days an offer stands by default. */
export const OFFER_DAYS_RANGE = { min: 1, max: 60 } as const;
