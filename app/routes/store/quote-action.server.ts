import { orderableUnits } from "~/domain/sale/stock-moves.server";
import { COOKIES, readCookie } from "~/utils/cookies";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import { formInput, parseForm, typedValues } from "~/utils/forms";
import { CHECK_EMAIL, ContactSchema } from "~/domain/contact-fields";
import { EMAIL_KEPT_FIELD, emailHintToAsk } from "~/domain/email-hints";
import { data, type RouterContextProvider } from "react-router";
import { getClientIp, getServices } from "~/context.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { requestLanguage } from "~/i18n/request.server";
import { log } from "~/utils/log.server";
import {
  QUOTE_ERROR,
  QUOTE_FIX_FIELDS,
  QUOTE_SOLD,
  QUOTE_TOO_MANY,
  quoteQuantityProblem,
  QuoteRequestSchema,
  quoteSentProblem,
} from "~/domain/quotes/quotes.schema";
import { countMailingForm, createQuote, partQuantityLimit } from "~/domain/quotes/quotes.server";

/** The fields the buyer fills in (the others are the page's own, hidden). */
const SHOWN = new Set(["name", "country", "email", "phone", "message", "portId", "quantity", "contactMethods"]);

/**
 * The quote form's action on the vehicle and part pages: check, save with its
 * mails, answer. Answers are Problems of the `messages` catalogue (the page shows them in its language);
 * the buyer's mail is written in the language of this request.
 */
export async function quoteAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: StockKind,
  itemId: number,
) {
  const services = getServices(context);
  const form = await request.formData();
  const submission = parseForm(form, QuoteRequestSchema);
  // The country from the list and the phone in international form, read as the account forms read them.
  const contact = parseForm(formInput(form), ContactSchema);
  // The contact methods are ticked boxes: all of them go back.
  const values = { ...typedValues(form), contactMethods: form.getAll("contactMethods").map(String).slice(0, 3) };
  if (
    submission.status === "error" ||
    contact.status === "error" ||
    submission.value.kind !== kind ||
    submission.value.itemId !== itemId
  ) {
    const errors = {
      ...(contact.status === "error" ? contact.errors : {}),
      ...(submission.status === "error" ? submission.errors : {}),
    };
    // A part's quantity is bounded by its stock: say that bound, as the field's hint does.
    if (errors.quantity && kind === "part") {
      const units = await orderableUnits(services.db, itemId);
      if (units) errors.quantity = quoteQuantityProblem(partQuantityLimit(units.orderable));
    }
    // A field the buyer can correct is marked beside it; a form that was tampered with (its hidden fields) is a failure.
    const marked = Object.keys(errors).some((field) => SHOWN.has(field));
    return data({ ok: false, message: marked ? QUOTE_FIX_FIELDS : QUOTE_ERROR, errors, values }, { status: 400 });
  }
  const quote = { ...submission.value, country: contact.value.country, phone: contact.value.phone };
  // A mistyped provider ("gmial.com") is asked about once: the answer would never reach the buyer.
  const emailHint = emailHintToAsk(quote.email, form.get(EMAIL_KEPT_FIELD));
  if (emailHint) return data({ ok: false, message: CHECK_EMAIL, errors: {}, values, emailHint }, { status: 400 });
  try {
    // Counted before saving, per client address and per e-mail address; a form sent twice is given back.
    const gate = await countMailingForm(services.db, getClientIp(context), quote.email);
    if (gate.retryAfterSeconds !== null) {
      return data(
        { ok: false, message: QUOTE_TOO_MANY, errors: {}, values },
        { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } },
      );
    }
    const customer = await getCustomer(services, request);
    const outcome = await createQuote(services.db, quote, customer?.id ?? null, {
      ownerEmail: services.config.ownerEmail,
      shopName: services.config.shop.name,
      publicUrl: services.config.publicUrl,
      sessionSecret: services.config.sessionSecret,
      language: requestLanguage(request),
      // The country the buyer chose on the site to import into, when they did (else their port's).
      importCountry: readCookie(request.headers.get("Cookie"), COOKIES.importCountry.name),
    });
    if (!outcome.ok || outcome.repeated) await gate.giveBack();
    if (!outcome.ok && outcome.reason === "quantity") {
      const errors = { quantity: quoteQuantityProblem(outcome.max) };
      return data({ ok: false, message: QUOTE_FIX_FIELDS, errors, values }, { status: 400 });
    }
    if (!outcome.ok) {
      const message = outcome.reason === "sold" ? QUOTE_SOLD : QUOTE_ERROR;
      return data({ ok: false, message, errors: {}, values }, { status: outcome.reason === "sold" ? 409 : 404 });
    }
    // The number and address the success panel names (the buyer's own, just typed).
    const sent = { number: outcome.number, email: quote.email };
    return { ok: true, message: quoteSentProblem(outcome.number), errors: {}, values: null, sent };
  } catch (error) {
    log("error", "quote could not be saved", { error: String(error) });
    return data({ ok: false, message: QUOTE_ERROR, errors: {}, values }, { status: 500 });
  }
}
