import { PostForm } from "~/components/ui/post-form";
import { FormMessage } from "~/components/ui/field";
import { useShopDay } from "./order-bits";
import type { FormRefusal } from "./order-forms";
import {
  COURIER_NAME,
  COURIERS,
  DOCUMENT_KINDS,
  PAYMENT_METHODS,
  SHIPPING_METHODS,
  trackingUrl,
} from "~/domain/sale/order-types";
import type { OrderStepView, OrderView } from "~/domain/sale/order-view";
import type { TFunction } from "~/i18n/core";
import { useFormat, useT } from "~/i18n/i18n";

/*
 * What an order has on record, as the owner's order page shows it: the
 * payments, the documents (with their removal), and the timeline, oldest
 * first, each step with its Tokyo time and what it carried.
 */

/** A card of the order's record, named by its title. */
function RecordCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby={id}>
      <h2 id={id} className="font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The payments table's columns and their cells' look. */
const PAYMENT_COLUMNS = [
  ["receivedOn", "py-2 pr-3"],
  ["amount", "py-2 pr-3 text-right"],
  ["method", "py-2 pr-3"],
  ["reference", "py-2 pr-3"],
  ["recordedAt", "py-2"],
] as const;

/** A payment's cell: a line of its card on a phone, a table cell from 640 px up. */
const PAYMENT_CELL = "sm:table-cell sm:py-2";

/** The column's name before a value, on a phone only (the table's head says it from 640 px up). */
function PhoneLabel({ children }: { children: string }) {
  return <span className="font-normal text-slate-500 sm:hidden">{children}: </span>;
}

export function OrderPayments({ order }: { order: OrderView }) {
  const { t } = useT("admin");
  const format = useFormat();
  const day = useShopDay();
  return (
    <RecordCard id="order-payments" title={t("order.payments.title")}>
      {order.payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("order.payments.none")}</p>
      ) : (
        <div className="relative mt-3 sm:overflow-x-auto">
          <table className="block w-full text-left text-sm sm:table sm:min-w-[36rem]" data-testid="order-payments">
            <thead className="hidden border-b border-slate-200 text-xs text-slate-600 uppercase sm:table-header-group">
              <tr>
                {PAYMENT_COLUMNS.map(([column, className]) => (
                  <th key={column} scope="col" className={className}>
                    {t(`order.payments.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-100 sm:table-row-group">
              {order.payments.map((p) => (
                <tr key={p.id} data-testid="order-payment" className="block py-2 sm:table-row sm:py-0">
                  <td className={`whitespace-nowrap sm:pr-3 block ${PAYMENT_CELL}`}>
                    <PhoneLabel>{t("order.payments.receivedOn")}</PhoneLabel>
                    {day(p.receivedOn)}
                  </td>
                  <td
                    className={`font-semibold whitespace-nowrap tabular-nums sm:pr-3 sm:text-right block ${PAYMENT_CELL}`}
                  >
                    <PhoneLabel>{t("order.payments.amount")}</PhoneLabel>
                    {format.yen(p.amount)}
                    {p.overpayment ? (
                      <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-900">
                        {t("order.payments.overpayment")}
                      </span>
                    ) : null}
                  </td>
                  <td className={`sm:pr-3 block ${PAYMENT_CELL}`}>
                    <PhoneLabel>{t("order.payments.method")}</PhoneLabel>
                    {t(`order.paymentMethods.${p.method}`)}
                  </td>
                  <td className={`break-all sm:pr-3 ${p.reference ? "block" : "hidden"} ${PAYMENT_CELL}`}>
                    <PhoneLabel>{t("order.payments.reference")}</PhoneLabel>
                    {p.reference}
                  </td>
                  <td className={`whitespace-nowrap text-slate-600 block ${PAYMENT_CELL}`}>
                    <PhoneLabel>{t("order.payments.recordedAt")}</PhoneLabel>
                    {format.date(p.recordedAt, { dateStyle: "medium", timeStyle: "short" })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </RecordCard>
  );
}

function fileSize(size: number, t: TFunction<"admin">, format: ReturnType<typeof useFormat>) {
  return size < 1024 * 1024
    ? t("order.documents.kb", { size: format.number(Math.max(1, Math.ceil(size / 1024))) })
    : t("order.documents.mb", { size: format.decimal(Math.round((size / (1024 * 1024)) * 10) / 10) });
}

export function OrderDocuments({ order, refusal }: { order: OrderView; refusal: FormRefusal }) {
  const { t } = useT("admin");
  const format = useFormat();
  return (
    <RecordCard id="order-documents" title={t("order.documents.title")}>
      {refusal.message ? (
        <div className="mt-3">
          <FormMessage tone="error">{refusal.message}</FormMessage>
        </div>
      ) : null}
      {order.documents.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("order.documents.none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="order-documents">
          {order.documents.map((d) => {
            const name = d.title || t(`order.documentKinds.${d.kind}`);
            return (
              <li
                key={d.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="order-document"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">
                    {t(`order.documentKinds.${d.kind}`)}
                    {d.title ? <span className="font-normal text-slate-700"> · {d.title}</span> : null}
                  </p>
                  <p className="text-xs text-slate-600">
                    {d.by === "buyer" ? t("order.documents.byBuyer") : t("order.documents.byStaff")} ·{" "}
                    {fileSize(d.size, t, format)} ·{" "}
                    {format.date(d.uploadedAt, { dateStyle: "medium", timeStyle: "short" })}
                  </p>
                </div>
                <div className="flex items-center gap-3 text-sm font-semibold">
                  <a href={d.path} className="text-accent-700 hover:underline" download>
                    {t("order.documents.download")}
                  </a>
                  <PostForm
                    fields={{ intent: "remove-document", documentId: d.id }}
                    confirm={t("order.documents.confirmRemove")}
                  >
                    <button
                      type="submit"
                      className="text-red-800 hover:underline"
                      aria-label={t("order.documents.removeLabel", { name })}
                    >
                      {t("order.documents.remove")}
                    </button>
                  </PostForm>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </RecordCard>
  );
}

const text = (v: unknown) => (typeof v === "string" ? v : "");
const yen = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const BY = ["staff", "customer", "visitor", "system"] as const;

export function OrderTimeline({ order }: { order: OrderView }) {
  const { t } = useT("admin");
  const format = useFormat();
  return (
    <RecordCard id="order-timeline" title={t("order.timeline.title")}>
      <p className="text-xs text-slate-500">{t("order.timeline.zone")}</p>
      <ol className="mt-4 space-y-4 border-l-2 border-slate-200 pl-4" data-testid="order-timeline">
        {order.steps.map((step) => {
          const by = BY.find((b) => b === step.by);
          return (
            <li key={step.id} className="relative" data-testid="order-step" data-kind={step.kind}>
              <span
                className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-accent-700"
                aria-hidden="true"
              />
              <p className="text-xs text-slate-500">
                <time dateTime={step.at}>{format.date(step.at, { dateStyle: "medium", timeStyle: "short" })}</time>
                {by ? ` · ${t(`order.timeline.by.${by}`)}` : ""}
              </p>
              <StepText step={step} order={order} />
            </li>
          );
        })}
      </ol>
    </RecordCard>
  );
}

/** An old date struck through beside the new one, when it changed. */
function Changed({ label, now, before }: { label: string; now: string | null; before: string | null }) {
  const day = useShopDay();
  const { t } = useT("admin");
  if (!now && !before) return null;
  return (
    <li>
      {label}:{" "}
      {before && before !== now ? (
        <>
          <del className="text-slate-500">{day(before)}</del>{" "}
        </>
      ) : null}
      {now ? <span className="font-semibold">{day(now)}</span> : t("order.notSet")}
    </li>
  );
}

function StepText({ step, order }: { step: OrderStepView; order: OrderView }) {
  const { t } = useT("admin");
  const format = useFormat();
  const day = useShopDay();
  const d = step.data;
  const main = "text-sm font-semibold text-slate-900";
  const detail = "mt-1 space-y-0.5 text-sm text-slate-700";
  switch (step.kind) {
    case "opened":
      return (
        <p className={main}>
          {t("order.timeline.opened", {
            total: format.yen(yen(d.total)),
            date: text(d.due) ? day(text(d.due)) : "-",
          })}
        </p>
      );
    case "payment":
    case "paid": {
      const method = PAYMENT_METHODS.find((p) => p === d.method);
      const balance = yen(d.balance);
      return (
        <>
          <p className={main}>
            {t(step.kind === "paid" ? "order.timeline.paid" : "order.timeline.payment", {
              amount: format.yen(yen(d.amount)),
              date: text(d.receivedOn) ? day(text(d.receivedOn)) : "-",
              method: method ? t(`order.paymentMethods.${method}`) : "-",
            })}
          </p>
          <ul className={detail}>
            {text(d.reference) ? <li>{t("order.timeline.reference", { reference: text(d.reference) })}</li> : null}
            <li>
              {balance >= 0
                ? t("order.timeline.totals", { paid: format.yen(yen(d.paid)), balance: format.yen(balance) })
                : t("order.timeline.overpaid", { paid: format.yen(yen(d.paid)), overpaid: format.yen(-balance) })}
            </li>
          </ul>
        </>
      );
    }
    case "shipment": {
      const method = SHIPPING_METHODS.find((m) => m === d.method);
      const has = (k: string) => k in d;
      return (
        <>
          <p className={main}>{t("order.timeline.shipment")}</p>
          <ul className={detail}>
            {text(d.vessel) ? (
              <li>
                {t("order.vessel")}: {[text(d.vessel), text(d.voyage)].filter(Boolean).join(" · ")}
              </li>
            ) : null}
            <Labelled label={t("order.portOfLoading")} value={text(d.portOfLoading)} />
            <Changed
              label={t("order.etd")}
              now={text(d.etd) || null}
              before={has("previousEtd") ? text(d.previousEtd) || null : null}
            />
            <Changed
              label={t("order.eta")}
              now={text(d.eta) || null}
              before={has("previousEta") ? text(d.previousEta) || null : null}
            />
            {method ? (
              <li>
                {t("order.method")}: {t(`order.methods.${method}`)}
                {text(d.container) ? ` · ${text(d.container)}` : ""}
              </li>
            ) : null}
            <Labelled label={t("order.bl")} value={text(d.bl)} />
          </ul>
        </>
      );
    }
    case "dates":
      return (
        <>
          <p className={main}>{t("order.timeline.dates")}</p>
          <ul className={detail}>
            <Changed label={t("order.etd")} now={text(d.etd) || null} before={text(d.previousEtd) || null} />
            <Changed label={t("order.eta")} now={text(d.eta) || null} before={text(d.previousEta) || null} />
          </ul>
        </>
      );
    case "courier": {
      const courier = COURIERS.find((c) => c === d.courier) ?? null;
      const tracking = text(d.tracking);
      return (
        <>
          <p className={main}>
            {t("order.timeline.courier", { courier: courier ? COURIER_NAME[courier] : text(d.courier) })}
          </p>
          {courier && tracking ? (
            <p className="mt-1 text-sm">
              {t("order.courierForm.tracking")}:{" "}
              <a
                href={trackingUrl(courier, tracking)}
                className="break-all text-accent-700 hover:underline"
                target="_blank"
                rel="noreferrer"
              >
                {tracking}
              </a>
            </p>
          ) : null}
        </>
      );
    }
    case "shipped": {
      const balance = yen(d.balance);
      return (
        <>
          <p className={main}>
            {balance > 0
              ? t("order.timeline.shippedUnpaid", { balance: format.yen(balance) })
              : t("order.timeline.shipped")}
          </p>
          <ul className={detail}>
            {d.beforeEtd === true ? (
              <li className="font-semibold text-amber-900">{t("order.timeline.beforeEtd")}</li>
            ) : null}
            <Labelled label={t("order.vessel")} value={text(d.vessel)} />
            <Changed label={t("order.etd")} now={text(d.etd) || null} before={null} />
            <Changed label={t("order.eta")} now={text(d.eta) || null} before={null} />
          </ul>
        </>
      );
    }
    case "arrived":
      return <p className={main}>{t("order.timeline.arrived", { port: text(d.port) || order.port })}</p>;
    case "completed":
      return <p className={main}>{t("order.timeline.completed")}</p>;
    case "cancelled":
      return (
        <>
          <p className={main}>{t("order.timeline.cancelled")}</p>
          <ul className={`${detail} whitespace-pre-line`}>
            {text(d.reason) ? <li>{t("order.timeline.reason", { reason: text(d.reason) })}</li> : null}
            {text(d.refundNote) ? <li>{t("order.timeline.refund", { note: text(d.refundNote) })}</li> : null}
          </ul>
        </>
      );
    case "photos":
      return <p className={main}>{t("order.timeline.photos", { count: yen(d.count) })}</p>;
    case "video":
      return (
        <p className={main}>
          {d.removed === true ? t("order.timeline.videoRemoved") : t("order.timeline.video", { host: text(d.host) })}
        </p>
      );
    case "document": {
      const kind = DOCUMENT_KINDS.find((k) => k === d.kind);
      const kept = order.documents.find((doc) => doc.id === d.documentId);
      const label = `${kind ? t(`order.documentKinds.${kind}`) : "-"}${text(d.title) ? ` · ${text(d.title)}` : ""}`;
      return (
        <p className={main}>
          {kept ? (
            <>
              {t("order.timeline.document", { kind: "" })}
              <a href={kept.path} className="text-accent-700 hover:underline" download>
                {label}
              </a>
            </>
          ) : (
            t("order.timeline.document", { kind: label })
          )}
        </p>
      );
    }
    case "parties":
      return (
        <p className={main}>
          {t("order.timeline.parties", {
            consignee: String(step.data.consignee ?? ""),
            notify: String(step.data.notify ?? t("order.notifySame")),
          })}
        </p>
      );
    case "partiesChange": {
      const side = (v: unknown) => String((v as { consignee?: unknown } | null)?.consignee ?? "");
      const stage = (["requested", "applied", "refused", "withdrawn"] as const).find((s) => s === d.stage);
      return (
        <>
          <p className={main}>
            {stage
              ? t(`order.timeline.partiesChange.${stage}`, {
                  due: text(d.due)
                    ? format.date(text(d.due), { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Tokyo" })
                    : "",
                })
              : step.kind}
          </p>
          <ul className={detail}>
            <li>
              {t("order.consignee")}: <del className="text-slate-500">{side(d.from)}</del> →{" "}
              <span className="font-semibold">{side(d.to)}</span>
            </li>
          </ul>
        </>
      );
    }
    default:
      return <p className={main}>{step.kind}</p>;
  }
}

/** A line of a step's details, when it has a value. */
function Labelled({ label, value }: { label: string; value: string }) {
  return value ? (
    <li>
      {label}: {value}
    </li>
  ) : null;
}
