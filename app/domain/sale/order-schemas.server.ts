import { z } from "zod";
import { isRealDay } from "~/i18n/format";
import { formatYen, parseYen } from "~/domain/inventory/price";
import { COURIERS, PAYMENT_METHODS, SHIPPING_METHODS } from "./order-types";

import { orderIssue } from "./order-change.server";

/*
 * The owner's order forms as the server reads them: a payment, the shipment,
 * the courier, a cancellation. Each field's problem is the page's own words.
 */

/** The most one payment may be: an order totals at most ¥1,000,000,000. */
export const PAYMENT_MAX = 1_000_000_000;

/** Control characters other than line breaks and tabs: nothing typed has them, and PostgreSQL refuses NUL. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
export const clean = (v: string | undefined) => (v ?? "").replace(CONTROL, "").trim();

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform(clean)
    .refine((v) => v.length <= max, orderIssue("tooLong", { max }));

const day = (key: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || isRealDay(v), orderIssue(key))
    .transform((v) => (v === "" ? null : v));

export const PaymentFormSchema = z.object({
  amount: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .superRefine((v, ctx) => {
      const yen = parseYen(v);
      if (v === "") ctx.addIssue({ code: "custom", message: orderIssue("amountRequired") });
      else if (yen === null) ctx.addIssue({ code: "custom", message: orderIssue("wholeYen") });
      else if (yen <= 0) ctx.addIssue({ code: "custom", message: orderIssue("amountZero") });
      else if (yen > PAYMENT_MAX)
        ctx.addIssue({ code: "custom", message: orderIssue("amountTooMuch", { max: formatYen(PAYMENT_MAX) }) });
    })
    .transform((v) => parseYen(v) ?? 0),
  receivedOn: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine(isRealDay, orderIssue("receivedOn")),
  method: z.enum(PAYMENT_METHODS, { error: orderIssue("method") }),
  reference: text(100),
  overpayment: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "1"),
  key: z
    .string()
    .optional()
    .transform((v) => (/^[A-Za-z0-9_-]{16,64}$/.test(v ?? "") ? v! : null)),
});

/** A container number as ISO 6346 writes it: owner code, category, six digits and a check digit (MSCU1234565). */
const CONTAINER = /^[A-Z]{3}[UJZ]\d{7}$/;

export const ShipmentFormSchema = z
  .object({
    vessel: text(80),
    voyage: text(40),
    portOfLoading: text(80),
    etd: day("etd"),
    eta: day("eta"),
    method: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim())
      .refine((v) => v === "" || (SHIPPING_METHODS as readonly string[]).includes(v), orderIssue("shippingMethod"))
      .transform((v) => (v === "" ? null : (v as (typeof SHIPPING_METHODS)[number]))),
    container: z
      .string()
      .optional()
      .transform((v) => (v ?? "").replace(/[\s-]/g, "").toUpperCase())
      .refine((v) => v === "" || CONTAINER.test(v), orderIssue("container")),
    bl: text(40),
  })
  .superRefine((form, ctx) => {
    if (form.etd && form.eta && form.eta < form.etd)
      ctx.addIssue({ code: "custom", path: ["eta"], message: orderIssue("etaBeforeEtd") });
    if (form.container && form.method !== "container")
      ctx.addIssue({ code: "custom", path: ["method"], message: orderIssue("containerMethod") });
  });

export const CourierFormSchema = z.object({
  courier: z.enum(COURIERS, { error: orderIssue("courier") }),
  tracking: z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/\s/g, "").toUpperCase())
    .refine((v) => /^[A-Z0-9-]{6,40}$/.test(v), orderIssue("tracking")),
});

export const CancelFormSchema = z.object({
  reason: z
    .string()
    .optional()
    .transform(clean)
    .refine((v) => v !== "", orderIssue("reasonRequired"))
    .refine((v) => v.length <= 500, orderIssue("tooLong", { max: 500 })),
  refundNote: text(1000),
});
