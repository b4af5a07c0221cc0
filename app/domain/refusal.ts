/*
 * Why a service said no, in the shop's own words. Routes turn it into an
 * HTTP status (`~/routes/refusal-status`); services never speak HTTP.
 */
export type Refusal =
  /** What was sent cannot be read or breaks a rule of the form. */
  | "invalid"
  /** The thing asked for does not exist (or is not this visitor's). */
  | "not-found"
  /** It exists, but its state does not allow this now. */
  | "conflict"
  /** It was there once and is no longer (an expired offer). */
  | "gone"
  /** More than the shop takes at once. */
  | "too-large"
  /** Too many tries in a short time. */
  | "too-many"
  /** A part of the shop it needs (storage, mail) is down for now. */
  | "unavailable";
