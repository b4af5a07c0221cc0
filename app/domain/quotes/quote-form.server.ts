import { randomUUID } from "node:crypto";
import type { Customer } from "~/domain/accounts/sessions.server";

/** What a detail page gives its quote form: a fresh submission key and the buyer's details. */
export function quoteFormStart(customer: Customer | null) {
  return {
    submissionKey: randomUUID(),
    prefill: customer
      ? { name: customer.fullName, country: customer.country, email: customer.email, phone: customer.phone }
      : null,
  };
}
