import { randomUUID } from "node:crypto";
import type { Customer } from "~/domain/accounts/sessions.server";
import { countryOptions } from "~/domain/countries";
import type { LanguageCode } from "~/i18n/languages";

/** What a detail page gives its quote form: a fresh submission key and the buyer's details. */
export function quoteFormStart(customer: Customer | null, language: LanguageCode) {
  return {
    submissionKey: randomUUID(),
    countries: countryOptions(language),
    prefill: customer
      ? { name: customer.fullName, country: customer.country, email: customer.email, phone: customer.phone }
      : null,
  };
}
