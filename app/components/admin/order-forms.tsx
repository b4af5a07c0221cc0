import { Form, useNavigation } from "react-router";
import { Select } from "~/components/admin/form-bits";
import { PostForm } from "~/components/ui/post-form";
import { Field, fieldsOf, FormMessage, inputClass, YenField } from "~/components/ui/field";
import type { FieldProblems, TypedValues } from "~/utils/forms";
import {
  COURIER_NAME,
  COURIERS,
  PAYMENT_METHODS,
  SHIPPING_METHODS,
  STAFF_DOCUMENT_KINDS,
} from "~/domain/sale/order-types";
import type { OrderView } from "~/domain/sale/order-view";
import { useFormat, useT } from "~/i18n/i18n";
import { useShopDay } from "./order-bits";
import { useProblems } from "~/i18n/messages";

/*
 * The owner's forms on an order (issue 21.6), one card each, every one posting
 * to the order page with its `intent`. After a refusal a card shows the
 * message, its fields' problems and what was typed; the server checks it all.
 */

/** What a refused form shows again: the message in words, the fields' problems and what was typed. */
export type FormRefusal = { message: string | null; errors: FieldProblems; values: TypedValues };

export const blank: FormRefusal = { message: null, errors: {}, values: {} };

/** A card around one of the owner's forms, with the refusal it got. */
function ActionCard({
  title,
  testId,
  refusal,
  children,
  danger,
}: {
  title: string;
  testId: string;
  refusal: FormRefusal;
  children: React.ReactNode;
  danger?: boolean;
}) {
  return (
    <section
      className={`min-w-0 rounded-xl border bg-white p-5 ${danger ? "border-red-200" : "border-slate-200"}`}
      data-testid={testId}
    >
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {refusal.message ? (
        <div className="mt-3">
          <FormMessage tone="error">{refusal.message}</FormMessage>
        </div>
      ) : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function useFieldError(refusal: FormRefusal) {
  const { message: m } = useProblems("admin");
  return (name: string) => (refusal.errors[name] ? m(refusal.errors[name]) : undefined);
}

export function SubmitRow({ children, danger }: { children: React.ReactNode; danger?: boolean }) {
  const navigation = useNavigation();
  return (
    <button
      type="submit"
      disabled={navigation.state === "submitting"}
      className={
        danger
          ? "min-h-10 rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
          : "min-h-10 rounded-lg bg-accent-700 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-800 disabled:opacity-60"
      }
    >
      {children}
    </button>
  );
}

export function PaymentForm({
  order,
  refusal,
  paymentKey,
  today,
}: {
  order: OrderView;
  refusal: FormRefusal;
  paymentKey: string;
  today: string;
}) {
  const { t } = useT("admin");
  const format = useFormat();
  const error = useFieldError(refusal);
  const v = refusal.values;
  const field = fieldsOf(
    (name: "amount" | "receivedOn" | "reference") => t(`order.payment.${name}`),
    (name) => v[name] ?? (name === "receivedOn" ? today : ""),
    error,
  );
  return (
    <ActionCard title={t("order.payment.title")} testId="payment-form" refusal={refusal}>
      <p className="text-sm text-slate-600">{t("order.payment.due", { amount: format.yen(order.balance) })}</p>
      <PostForm
        fields={{ intent: "payment", key: paymentKey }}
        className="mt-3 space-y-3"
        key={`${order.updatedAt}|${paymentKey}`}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <YenField {...field("amount")} maxLength={20} />
          <Field {...field("receivedOn")} type="date" />
          <Select
            label={t("order.payment.method")}
            name="method"
            defaultValue={v.method ?? "bank_transfer"}
            options={PAYMENT_METHODS.map((p) => ({ value: p, label: t(`order.paymentMethods.${p}`) }))}
            error={error("method")}
          />
          <Field {...field("reference")} required={false} maxLength={100} />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="overpayment" defaultChecked={v.overpayment === "on"} className="h-4 w-4" />
          {t("order.payment.overpayment")}
        </label>
        <SubmitRow>{t("order.payment.submit")}</SubmitRow>
      </PostForm>
    </ActionCard>
  );
}

/** The shipment's typed fields, each worded order.<name>. */
type ShipmentField = "vessel" | "voyage" | "portOfLoading" | "etd" | "eta" | "container" | "bl";

export function ShipmentForm({ order, refusal }: { order: OrderView; refusal: FormRefusal }) {
  const { t } = useT("admin");
  const error = useFieldError(refusal);
  const s = order.shipment;
  // After a refusal the form shows what was typed; otherwise what the order has.
  const value = (name: string, saved: string | null) =>
    refusal.message ? (refusal.values[name] ?? "") : (saved ?? "");
  const field = fieldsOf(
    (name: ShipmentField) => t(`order.${name}`),
    (name) => value(name, s[name]),
    error,
  );
  return (
    <ActionCard title={t("order.shipmentForm.title")} testId="shipment-form" refusal={refusal}>
      <p className="text-sm text-slate-600">{t("order.shipmentForm.hint")}</p>
      <Form method="post" className="mt-3 space-y-3" key={order.updatedAt} noValidate>
        <input type="hidden" name="intent" value="shipment" />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field {...field("vessel")} required={false} maxLength={80} />
          <Field {...field("voyage")} required={false} maxLength={40} />
          <Field {...field("portOfLoading")} required={false} maxLength={80} />
          <Select
            label={t("order.method")}
            name="method"
            placeholder={t("order.shipmentForm.methodNone")}
            defaultValue={value("method", s.method)}
            options={SHIPPING_METHODS.map((m) => ({ value: m, label: t(`order.methods.${m}`) }))}
            error={error("method")}
          />
          <Field {...field("etd")} type="date" required={false} />
          <Field {...field("eta")} type="date" required={false} />
          <Field {...field("container")} required={false} maxLength={20} />
          <Field {...field("bl")} required={false} maxLength={40} />
        </div>
        <SubmitRow>{t("order.shipmentForm.submit")}</SubmitRow>
      </Form>
    </ActionCard>
  );
}

export function CourierForm({ order, refusal }: { order: OrderView; refusal: FormRefusal }) {
  const { t } = useT("admin");
  const error = useFieldError(refusal);
  const typed = refusal.message ? refusal.values : null;
  return (
    <ActionCard title={t("order.courierForm.title")} testId="courier-form" refusal={refusal}>
      <PostForm fields={{ intent: "courier" }} className="space-y-3" key={order.updatedAt}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Select
            label={t("order.courierForm.courier")}
            name="courier"
            defaultValue={typed ? (typed.courier ?? "") : (order.courier?.courier ?? "")}
            options={COURIERS.map((c) => ({ value: c, label: COURIER_NAME[c] }))}
            error={error("courier")}
            required
          />
          <Field
            label={t("order.courierForm.tracking")}
            name="tracking"
            defaultValue={typed ? (typed.tracking ?? "") : (order.courier?.tracking ?? "")}
            error={error("tracking")}
            maxLength={40}
          />
        </div>
        <SubmitRow>{t("order.courierForm.submit")}</SubmitRow>
      </PostForm>
    </ActionCard>
  );
}

/** Shipped, Arrived, Completed: the one step the status allows now. */
export function MovesForm({
  order,
  refusal,
  canShip,
  canArrive,
  canComplete,
  today,
}: {
  order: OrderView;
  refusal: FormRefusal;
  canShip: boolean;
  canArrive: boolean;
  canComplete: boolean;
  /** The shop's day the page was drawn on: a ship whose ETD is later has not left yet. */
  today: string;
}) {
  const { t } = useT("admin");
  const format = useFormat();
  const day = useShopDay();
  const etd = order.shipment.etd;
  const early = etd !== null && etd > today;
  // After a refusal, the ticks given stay ticked.
  const tick = (name: string) => refusal.values[name] === "on";
  return (
    <ActionCard title={t("order.moves.title")} testId="moves-form" refusal={refusal}>
      <div className="flex flex-wrap items-end gap-4">
        {canShip ? (
          <PostForm fields={{ intent: "ship" }} className="space-y-2">
            {order.shipment.vessel ? null : <p className="text-sm text-slate-600">{t("order.moves.vesselFirst")}</p>}
            {order.balance > 0 ? (
              <div>
                <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
                  <input type="checkbox" name="unpaid" defaultChecked={tick("unpaid")} className="h-4 w-4" />
                  {t("order.moves.unpaid")}
                </label>
                <p className="text-xs text-slate-600">
                  {t("order.moves.unpaidHint", { balance: format.yen(order.balance) })}
                </p>
              </div>
            ) : null}
            {early ? (
              <div className="rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="ship-before-etd">
                <p id="ship-before-etd-hint" className="text-sm text-amber-950">
                  {t("order.moves.beforeEtdHint", { etd: day(etd) })}
                </p>
                <label className="mt-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
                  <input
                    type="checkbox"
                    name="beforeEtd"
                    defaultChecked={tick("beforeEtd")}
                    aria-describedby="ship-before-etd-hint"
                    className="h-4 w-4"
                  />
                  {t("order.moves.beforeEtd")}
                </label>
              </div>
            ) : null}
            <SubmitRow>{t("order.moves.ship")}</SubmitRow>
          </PostForm>
        ) : null}
        {canArrive ? (
          <PostForm fields={{ intent: "arrive" }}>
            <SubmitRow>{t("order.moves.arrive")}</SubmitRow>
          </PostForm>
        ) : null}
        {canComplete ? (
          <PostForm fields={{ intent: "complete" }}>
            <SubmitRow>{t("order.moves.complete")}</SubmitRow>
          </PostForm>
        ) : null}
        {canShip || canArrive || canComplete ? null : <p className="text-sm text-slate-600">{t("order.moves.none")}</p>}
      </div>
    </ActionCard>
  );
}

export function CancelForm({ order, refusal }: { order: OrderView; refusal: FormRefusal }) {
  const { t } = useT("admin");
  const format = useFormat();
  const error = useFieldError(refusal);
  const v = refusal.values;
  const field = fieldsOf(
    (name: "reason" | "refundNote") => t(`order.cancel.${name}`),
    (name) => v[name] ?? "",
    error,
  );
  return (
    <ActionCard title={t("order.cancel.title")} testId="cancel-form" refusal={refusal} danger>
      <p className="text-sm text-slate-600">{t("order.cancel.hint")}</p>
      <PostForm
        fields={{ intent: "cancel" }}
        confirm={t("order.cancel.confirm")}
        className="mt-3 space-y-3"
        key={order.updatedAt}
      >
        <Field {...field("reason")} rows={2} maxLength={500} />
        <Field
          {...field("refundNote")}
          rows={2}
          required={order.paid > 0}
          hint={order.paid > 0 ? t("order.cancel.refundHint", { paid: format.yen(order.paid) }) : undefined}
          maxLength={1000}
        />
        <SubmitRow danger>{t("order.cancel.submit")}</SubmitRow>
      </PostForm>
    </ActionCard>
  );
}

const ACCEPT = ".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp";

export function UploadForm({ refusal }: { refusal: FormRefusal }) {
  const { t } = useT("admin");
  const error = useFieldError(refusal);
  const v = refusal.values;
  return (
    <ActionCard title={t("order.upload.title")} testId="upload-form" refusal={refusal}>
      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <input type="hidden" name="intent" value="upload" />
        <div className="grid gap-3 sm:grid-cols-2">
          <Select
            label={t("order.upload.kind")}
            name="kind"
            defaultValue={v.kind ?? "export_certificate"}
            options={STAFF_DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`order.documentKinds.${k}`) }))}
            error={error("kind")}
            required
          />
          <Field
            label={t("order.upload.name")}
            name="title"
            defaultValue={v.title ?? ""}
            error={error("title")}
            required={false}
            maxLength={120}
          />
        </div>
        <div>
          <label htmlFor="order-document-file" className="field-label">
            {t("order.upload.file")}
          </label>
          <input
            id="order-document-file"
            name="file"
            type="file"
            accept={ACCEPT}
            required
            aria-invalid={error("file") ? true : undefined}
            aria-describedby="order-document-hint"
            className={`${inputClass} h-auto border-slate-300 py-2 text-sm`}
          />
          <p id="order-document-hint" className="mt-1 text-xs text-slate-500">
            {t("order.upload.fileHint")}
          </p>
          {error("file") ? <p className="mt-1 text-sm text-red-700">{error("file")}</p> : null}
        </div>
        <SubmitRow>{t("order.upload.submit")}</SubmitRow>
      </Form>
    </ActionCard>
  );
}
