import type { Refusal } from "~/domain/refusal";

/** The one place where a service's refusal becomes an HTTP status. */
const STATUS: Record<Refusal, number> = {
  invalid: 400,
  "not-found": 404,
  conflict: 409,
  gone: 410,
  "too-large": 413,
  "too-many": 429,
  unavailable: 503,
};

export function refusalStatus(refusal: Refusal): number {
  return STATUS[refusal];
}
