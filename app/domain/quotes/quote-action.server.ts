import type { StockKind } from "~/domain/inventory/stock-kinds";
import { firstErrors } from "~/domain/forms";
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
  quoteQuantityMessage,
  quoteSentMessage,
  readQuoteForm,
} from "./quotes.schema";
import { countMailingForm, createQuote, partQuantityLimit } from "./quotes.server";
import { partRepository } from "~/domain/inventory/parts.server";

/**
 * The quote form's action on the vehicle and part pages: check, save with its
 * mails, answer. Answers are English (the page shows them in its language);
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
  const values = {
    name: String(form.get("name") ?? "").slice(0, 200),
    country: String(form.get("country") ?? "").slice(0, 100),
    email: String(form.get("email") ?? "").slice(0, 300),
    phone: String(form.get("phone") ?? "").slice(0, 60),
    message: String(form.get("message") ?? "").slice(0, 2100),
    portId: String(form.get("portId") ?? "").slice(0, 12),
    quantity: String(form.get("quantity") ?? "").slice(0, 12),
    contactMethods: form.getAll("contactMethods").map(String).slice(0, 3),
  };
  const parsed = readQuoteForm(form);
  if (!parsed.success || parsed.data.kind !== kind || parsed.data.itemId !== itemId) {
    const errors = firstErrors(parsed.error?.issues ?? []);
    // A part's quantity is bounded by its stock: say that bound, as the field's hint does.
    if (errors.quantity && kind === "part") {
      const part = await partRepository.quoteItem(services.db, itemId);
      if (part) errors.quantity = quoteQuantityMessage(partQuantityLimit(part.quantity ?? 0));
    }
    // A field the buyer can correct is marked beside it; a form that was tampered with (its hidden fields) is a failure.
    const marked = Object.keys(errors).some((field) => field in values);
    return data({ ok: false, message: marked ? QUOTE_FIX_FIELDS : QUOTE_ERROR, errors, values }, { status: 400 });
  }
  try {
    // Counted before saving, per client address and per e-mail address; a form sent twice is given back.
    const gate = await countMailingForm(services.db, getClientIp(context), parsed.data.email);
    if (gate.retryAfterSeconds !== null) {
      return data(
        { ok: false, message: QUOTE_TOO_MANY, errors: {}, values },
        { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } },
      );
    }
    const customer = await getCustomer(services, request);
    const outcome = await createQuote(services.db, parsed.data, customer?.id ?? null, {
      ownerEmail: services.config.ownerEmail,
      shopName: services.config.shop.name,
      publicUrl: services.config.publicUrl,
      language: requestLanguage(request),
    });
    if (!outcome.ok || outcome.repeated) await gate.giveBack();
    if (!outcome.ok && outcome.reason === "quantity") {
      const errors = { quantity: quoteQuantityMessage(outcome.max) };
      return data({ ok: false, message: QUOTE_FIX_FIELDS, errors, values }, { status: 400 });
    }
    if (!outcome.ok) {
      const message = outcome.reason === "sold" ? QUOTE_SOLD : QUOTE_ERROR;
      return data({ ok: false, message, errors: {}, values }, { status: outcome.reason === "sold" ? 409 : 404 });
    }
    // The number and address the success panel names (the buyer's own, just typed).
    const sent = { number: outcome.number, email: parsed.data.email };
    return { ok: true, message: quoteSentMessage(outcome.number), errors: {}, values: null, sent };
  } catch (error) {
    log("error", "quote could not be saved", { error: String(error) });
    return data({ ok: false, message: QUOTE_ERROR, errors: {}, values }, { status: 500 });
  }
}
