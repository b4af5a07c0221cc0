import { data, Form, Link, redirect } from "react-router";
import { partiesOfOrder } from "~/domain/sale/order-parties.server";
import { closedPartyChanges, type ClosedPartyChange } from "~/domain/sale/party-change-history.server";
import { decidePartyChange, partyChangeOfOrder } from "~/domain/sale/party-changes.server";
import type { InvoiceParty } from "~/domain/sale/deal-types";
import { OrderStatusBadge, useShopDay } from "~/components/admin/order-bits";
import {
  blank,
  CancelForm,
  CourierForm,
  type FormRefusal,
  MovesForm,
  PaymentForm,
  ShipmentForm,
  UploadForm,
} from "~/components/admin/order-forms";
import { OrderDocuments, OrderPayments, OrderTimeline } from "~/components/admin/order-record";
import { PreShipmentCard } from "~/components/admin/order-photos";
import { exportPapersOf } from "~/domain/books/export-papers.server";
import { InvoiceLinks } from "~/components/admin/deal-panel";
import { FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import { dealContext } from "~/domain/sale/offers.server";
import type { FieldProblems, TypedValues } from "~/utils/forms";
import { STOCK_ADMIN } from "~/domain/inventory/admin-stock";
import { STOCK_KINDS } from "~/domain/inventory/stock-kinds";
import { UploadError } from "~/domain/media/multipart.server";
import { canCancel, nextOrderStatus, takesPayments } from "~/domain/sale/order-status";
import { COURIER_NAME, type DocumentKind } from "~/domain/sale/order-types";
import { orderFor } from "~/domain/sale/order-view.server";
import { invoiceFileVersions } from "~/domain/sale/invoice-file.server";
import { cancelOrder, moveOrderByStaff, recordPayment, saveCourier, saveShipment } from "~/domain/sale/orders.server";
import type { OrderOutcome } from "~/domain/sale/order-change.server";
import { addDocument, removeDocument } from "~/domain/sale/order-documents.server";
import { addPreShipmentPhotos, removePreShipmentPhoto, saveVideoLink } from "~/domain/sale/pre-shipment.server";
import { PHOTOS_AT_ONCE } from "~/domain/sale/pre-shipment";
import { requireStaff } from "~/routes/guards.server";
import { refusalStatus } from "~/routes/refusal-status";
import { readOrderForm } from "./order-form.server";
import { shopDay } from "~/i18n/format";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { problem, type Problem } from "~/i18n/problem";
import { UPLOAD_ROUTE } from "~/utils/route-handle";
import type { Route } from "./+types/order";

/*
 * One order as the owner works it (issue 21.6): the deal, the money, the
 * shipment, the timeline, and a form for every step the order's status
 * allows. Every form posts here with its `intent`; the services check it all
 * again. A step done redirects back with its outcome (so a reload repeats
 * nothing); a refusal answers with its status, the message, the field
 * problems and what was typed.
 */

/** The document form's file comes in as it streams (at most 10 MB); the other forms are read with the usual limit. */
export const handle = UPLOAD_ROUTE;

export const meta: Route.MetaFunction = ({ matches, params }) => [
  { title: `${metaT(matches, "admin")("titles.order")} ${params.number}` },
  { name: "robots", content: "noindex" },
];

/** The outcomes a redirect may name (`?done=`): the services' own words for a step done. */
const DONE = new Set([
  "paymentRecorded",
  "paidInFull",
  "nothingChanged",
  "shipmentSaved",
  "courierSaved",
  "shipped",
  "arrived",
  "completed",
  "cancelled",
  "documentAdded",
  "documentSame",
  "documentRemoved",
  "partiesApproved",
  "partiesRefused",
  "photosAdded",
  "photosSame",
  "photoRemoved",
  "videoSaved",
  "videoRemoved",
]);

export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  await requireStaff(getServices(context), request);
  const order = await orderFor(db, params.number, { staff: true });
  if (!order) throw data("Order not found", { status: 404 });
  const done = url.searchParams.get("done") ?? "";
  return {
    order,
    parties: await partiesOfOrder(db, order.number),
    partyChange: await partyChangeOfOrder(db, order.number),
    partyChangeHistory: await closedPartyChanges(db, order.number),
    // The vehicle's export permit (issue 46.3), the evidence of this sale's export.
    papers: order.kind === "vehicle" && order.itemId ? await exportPapersOf(db, order.itemId) : null,
    // Every version of the invoice printed so far, kept for the record (issue 47.4).
    invoicePrints: (await invoiceFileVersions(db, order.invoice.number)).map((v) => ({
      ...v,
      day: shopDay(new Date(v.createdAt)),
    })),
    notice: DONE.has(done) ? problem(`messages.order.${done}`) : null,
    // A new key each time the page is drawn: the same payment form sent twice is recorded once.
    paymentKey: crypto.randomUUID(),
    today: shopDay(new Date()),
  };
}

type Refusal = { ok: false; intent: string; message: Problem; errors?: FieldProblems; values?: TypedValues };

const INTENTS = [
  "payment",
  "shipment",
  "courier",
  "ship",
  "arrive",
  "complete",
  "cancel",
  "upload",
  "remove-document",
  "parties-approve",
  "parties-refuse",
  "photos",
  "remove-photo",
  "video",
];

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { db } = services;
  const staff = await requireStaff(services, request);
  const refuse = (intent: string, status: number, message: Problem, more: Partial<Refusal> = {}) =>
    data<Refusal>({ ok: false, intent, message, ...more }, { status });
  let read;
  try {
    // The photos' form (named in its address) carries up to PHOTOS_AT_ONCE files; every other form one at most.
    const files = new URL(request.url).searchParams.get("form") === "photos" ? PHOTOS_AT_ONCE : 1;
    read = await readOrderForm(request, 20, 4000, files);
  } catch (error) {
    // A file too large or cut off is an upload form's (which one is not known yet); any other form's is the page's.
    const multipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/");
    // The photos' form says so in its address (`?form=photos`), so that its card shows the refusal.
    const photos = new URL(request.url).searchParams.get("form") === "photos";
    if (error instanceof UploadError)
      return refuse(multipart ? (photos ? "photos" : "upload") : "", refusalStatus(error.refusal), error.problem);
    throw error;
  }
  const { fields, file, files } = read;
  const intent = String(fields.intent ?? "");
  if (!INTENTS.includes(intent)) return refuse(intent, 400, problem("messages.text.unknownAction"));
  const deal = dealContext(services.config);
  const number = params.number;
  let outcome: OrderOutcome;
  switch (intent) {
    case "payment":
      outcome = await recordPayment(db, deal, number, fields, staff);
      break;
    case "shipment":
      outcome = await saveShipment(db, deal, number, fields, staff);
      break;
    case "courier":
      outcome = await saveCourier(db, deal, number, fields, staff);
      break;
    case "ship":
    case "arrive":
    case "complete":
      outcome = await moveOrderByStaff(db, deal, number, intent, fields, staff);
      break;
    case "cancel":
      outcome = await cancelOrder(db, deal, number, fields, staff);
      break;
    case "parties-approve":
    case "parties-refuse": {
      // A change of the consignee the buyer confirmed: applied now after a call, or stopped (issue 42.2).
      const decision = intent === "parties-approve" ? "approve" : "refuse";
      const decided = await decidePartyChange(db, deal, { kind: "staff", id: staff.adminId }, number, decision);
      outcome = decided.ok
        ? {
            ok: true,
            message: problem(`messages.order.${decision === "approve" ? "partiesApproved" : "partiesRefused"}`),
          }
        : {
            ...decided,
            message: problem(`messages.order.${decided.message.key.replace(/^consignee\.change\./, "parties.")}`),
          };
      break;
    }
    case "photos":
      outcome = await addPreShipmentPhotos(
        db,
        services.documents,
        deal,
        number,
        files.map((f) => ({ data: f.data, filename: f.filename })),
        staff,
      );
      break;
    case "remove-photo": {
      const photoId = Number(fields.photoId);
      outcome =
        Number.isSafeInteger(photoId) && photoId > 0
          ? await removePreShipmentPhoto(db, services.documents, number, photoId, staff)
          : { ok: false, refusal: "not-found", message: problem("messages.order.photoNotFound") };
      break;
    }
    case "video":
      outcome = await saveVideoLink(db, deal, number, String(fields.videoUrl ?? ""), staff);
      break;
    case "upload": {
      const values = { kind: String(fields.kind ?? ""), title: String(fields.title ?? "") };
      if (files.length > 1) return refuse(intent, 400, problem("messages.order.oneDocument"), { values });
      if (!file)
        return refuse(intent, 400, problem("messages.order.fileRequired"), {
          errors: { file: problem("messages.order.fileRequired") },
          values,
        });
      outcome = await addDocument(
        db,
        services.documents,
        deal,
        { number },
        { data: file.data, filename: file.filename },
        { by: "staff", staff, kind: values.kind as DocumentKind, title: values.title },
      );
      if (!outcome.ok) outcome = { ...outcome, values: outcome.values ?? values };
      break;
    }
    default: {
      const documentId = Number(fields.documentId);
      outcome =
        Number.isSafeInteger(documentId) && documentId > 0
          ? await removeDocument(db, services.documents, number, documentId, staff)
          : { ok: false, refusal: "not-found", message: problem("messages.order.documentNotFound") };
    }
  }
  if (outcome.ok) {
    const done = outcome.message.key.replace(/^messages\.order\./, "");
    return redirect(`/admin/orders/${number}${DONE.has(done) ? `?done=${done}` : ""}`);
  }
  return refuse(intent, refusalStatus(outcome.refusal), outcome.message, {
    errors: outcome.errors,
    values: outcome.values,
  });
}

/** A party of the bill of lading as the buyer gave it. */
function PartyLines({ party, muted = false }: { party: InvoiceParty; muted?: boolean }) {
  return (
    <div className={muted ? "text-slate-600" : "text-slate-900"}>
      {muted ? null : <p className="font-semibold">{party.name}</p>}
      <p className="whitespace-pre-line">{party.address}</p>
      <p>{party.phone}</p>
      {party.taxId ? <p>{party.taxId}</p> : null}
    </div>
  );
}

/**
 * A change of the consignee the buyer asked for (issue 42.2): what it asks,
 * when it takes effect, and the owner's two buttons once the buyer's code
 * has confirmed it: apply it now after calling the buyer, or stop it.
 */
function PartyChangeBox({
  change,
  refusal,
}: {
  change: NonNullable<Route.ComponentProps["loaderData"]["partyChange"]>;
  refusal: string | null;
}) {
  const { t } = useT("admin");
  const format = useFormat();
  const when = (iso: string) => format.date(iso, { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Tokyo" });
  return (
    <div className="mt-3 rounded-lg border-2 border-amber-500 bg-amber-50 p-3" data-testid="order-party-change">
      <p className="font-semibold text-slate-900">
        {change.status === "waiting"
          ? t("order.partyChange.waiting", { due: when(change.dueAt ?? change.requestedAt) })
          : t("order.partyChange.awaitingCode", { asked: when(change.requestedAt) })}
      </p>
      <p className="mt-1 text-slate-700">{t("order.partyChange.asked")}</p>
      <PartyLines party={change.parties.consignee} />
      <p className="mt-1 text-slate-600">
        {t("order.notify")}: {change.parties.notify ? change.parties.notify.name : t("order.notifySame")}
      </p>
      {change.status === "waiting" ? (
        <>
          <p className="mt-2 text-slate-800">{t("order.partyChange.call")}</p>
          {refusal ? <FormMessage tone="error">{refusal}</FormMessage> : null}
          <div className="mt-2 flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="parties-approve" />
              <button type="submit" className="btn-accent min-h-11 px-4 py-2">
                {t("order.partyChange.approve")}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="parties-refuse" />
              <button type="submit" className="btn-plain min-h-11 px-4 py-2">
                {t("order.partyChange.refuse")}
              </button>
            </Form>
          </div>
        </>
      ) : null}
    </div>
  );
}

/**
 * The order's closed changes of the consignee, each with what stood before and
 * what was asked, in full: the timeline names the parties only.
 */
function PartyChangeHistory({ changes }: { changes: ClosedPartyChange[] }) {
  const { t } = useT("admin");
  const format = useFormat();
  const when = (iso: string) => format.date(iso, { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Tokyo" });
  const side = (label: string, parties: { consignee: InvoiceParty | null; notify: InvoiceParty | null }) => (
    <div className="min-w-0">
      <p className="text-sm font-semibold text-slate-600">{label}</p>
      {parties.consignee ? <PartyLines party={parties.consignee} /> : <p>{t("order.consigneeMissing")}</p>}
      <p className="mt-1 text-slate-600">
        {t("order.notify")}: {parties.notify ? parties.notify.name : t("order.notifySame")}
      </p>
      {parties.notify ? <PartyLines party={parties.notify} muted /> : null}
    </div>
  );
  return (
    <details className="mt-3 rounded-lg border border-slate-200 p-3" data-testid="order-party-history">
      <summary className="cursor-pointer font-semibold text-slate-900">
        {t("order.partyChange.history.title", { count: changes.length })}
      </summary>
      <ol className="mt-2 space-y-4">
        {changes.map((change, i) => (
          <li key={i} className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
            <p className="font-semibold text-slate-900">{t(`order.partyChange.history.status.${change.status}`)}</p>
            <p className="text-sm text-slate-600">
              {t("order.partyChange.history.dates", {
                asked: when(change.requestedAt),
                closed: when(change.closedAt),
                by: t(`order.partyChange.history.by.${change.closedBy}`),
              })}
            </p>
            {change.confirmed ? null : (
              <p className="text-sm text-slate-600">{t("order.partyChange.history.unconfirmed")}</p>
            )}
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {side(t("order.partyChange.history.before"), change.before)}
              {side(t("order.partyChange.history.asked"), change.asked)}
            </div>
          </li>
        ))}
      </ol>
    </details>
  );
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, parties, partyChange, partyChangeHistory, notice, paymentKey, today, papers, invoicePrints } =
    loaderData;
  const { t } = useT("admin");
  const format = useFormat();
  const day = useShopDay();
  const { message: m } = useProblems("admin");
  const refusal = actionData && !actionData.ok ? (actionData as Refusal) : null;
  /** The refusal of one form: its message, field problems and what was typed; nothing for the others. */
  const of = (intent: string): FormRefusal =>
    refusal?.intent === intent
      ? { message: m(refusal.message) ?? null, errors: refusal.errors ?? {}, values: refusal.values ?? {} }
      : blank;
  const known = refusal && INTENTS.includes(refusal.intent);
  const item = order.itemId
    ? {
        page: `/${STOCK_KINDS[order.kind].path}/${order.itemId}`,
        edit: `${STOCK_ADMIN[order.kind].edit[0]}/${order.itemId}`,
      }
    : null;
  const canShip =
    nextOrderStatus(order.status, "ship") !== null || nextOrderStatus(order.status, "ship_unpaid") !== null;
  const canArrive = nextOrderStatus(order.status, "arrive") !== null;
  const canComplete = nextOrderStatus(order.status, "complete") !== null;
  const open = order.status !== "cancelled";
  const editable = open && order.status !== "completed";
  return (
    <div className="max-w-5xl space-y-6">
      <Link to="/admin/orders" className="text-sm font-semibold text-accent-700 hover:underline">
        {t("order.back")}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("order.title", { number: order.number })}</h1>
          <p className="text-slate-600">
            {t("order.opened", { date: format.date(order.createdAt, { dateStyle: "medium", timeStyle: "short" }) })}
          </p>
        </div>
        <span className="text-base">
          <OrderStatusBadge status={order.status} testId="order-status" />
        </span>
      </div>
      {notice && !actionData ? <FormMessage tone="success">{m(notice)}</FormMessage> : null}
      {refusal && !known ? <FormMessage tone="error">{m(refusal.message)}</FormMessage> : null}

      <div className="grid gap-6 md:grid-cols-2">
        <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="order-deal">
          <h2 id="order-deal" className="font-semibold text-slate-900">
            {t("order.summary")}
          </h2>
          <dl className="mt-3 space-y-3 text-sm">
            <Fact label={t("order.item")}>
              <p className="font-semibold text-slate-900" data-testid="order-item">
                {order.itemName}
              </p>
              <p className="text-slate-600">{t("order.ref", { ref: order.refId })}</p>
              {item ? (
                <p className="mt-1 flex flex-wrap gap-3 font-semibold">
                  <a href={item.page} className="text-accent-700 hover:underline" target="_blank" rel="noreferrer">
                    {t("order.publicPage")}
                  </a>
                  <Link to={item.edit} className="text-accent-700 hover:underline">
                    {t("order.editItem")}
                  </Link>
                </p>
              ) : (
                <p className="text-slate-500">{t("order.itemGone")}</p>
              )}
            </Fact>
            <Fact label={t("order.buyer")}>
              <p className="text-slate-900" data-testid="order-buyer">
                {order.buyer.name} · {order.buyer.country}
              </p>
              <p className="break-all">
                <a href={`mailto:${order.buyer.email}`} className="text-accent-700 hover:underline">
                  {order.buyer.email}
                </a>
              </p>
              {order.buyer.customerId === null ? <p className="text-slate-500">{t("order.noAccount")}</p> : null}
            </Fact>
            <Fact label={t("order.consignee")}>
              {parties.consignee ? (
                <div data-testid="order-consignee">
                  <PartyLines party={parties.consignee} />
                  <p className="mt-1 text-slate-600">
                    {t("order.notify")}: {parties.notify ? parties.notify.name : t("order.notifySame")}
                  </p>
                  {parties.notify ? <PartyLines party={parties.notify} muted /> : null}
                </div>
              ) : (
                <p className="text-slate-600">{t("order.consigneeMissing")}</p>
              )}
              {partyChange ? (
                <PartyChangeBox
                  change={partyChange}
                  refusal={of("parties-approve").message ?? of("parties-refuse").message}
                />
              ) : null}
              {partyChangeHistory.length > 0 ? <PartyChangeHistory changes={partyChangeHistory} /> : null}
              <a
                href={`/admin/orders/${encodeURIComponent(order.number)}/bl-instructions.pdf`}
                className="mt-1 inline-block font-semibold text-accent-700 hover:underline"
                download
              >
                {t("order.blInstructions")}
              </a>
            </Fact>
            <Fact label={t("order.port")}>{order.port || t("order.notSet")}</Fact>
            <Fact label={t("order.quote")}>
              {order.quoteNumber ? (
                <Link to={`/admin/quotes/${order.quoteNumber}`} className="text-accent-700 hover:underline">
                  {order.quoteNumber}
                </Link>
              ) : (
                t("order.noQuote")
              )}
            </Fact>
            <Fact label={t("order.invoice")}>
              <p className="text-slate-900">
                {order.invoice.number} ·{" "}
                {order.invoice.voided ? (
                  <span className="font-semibold text-red-800">{t("order.invoiceVoid")}</span>
                ) : (
                  t("order.invoiceDue", { date: day(order.invoice.dueDate) })
                )}
              </p>
              <p className="font-mono text-slate-600">{order.invoice.code}</p>
              <InvoiceLinks
                invoice={order.invoice}
                labels={{ download: t("order.downloadPdf"), verify: t("order.verifyPage") }}
                className="mt-1"
                pdfTestId="order-invoice-pdf"
              />
              {invoicePrints.length > 1 ? (
                <details className="mt-2" data-testid="invoice-prints">
                  <summary className="cursor-pointer text-slate-700">
                    {t("order.invoicePrints")} ({invoicePrints.length})
                  </summary>
                  <ul className="mt-1 space-y-1">
                    {invoicePrints.map((print) => (
                      <li key={print.version}>
                        <a
                          href={`/invoices/${encodeURIComponent(order.invoice.number)}.pdf?version=${print.version}`}
                          className="text-accent-700 hover:underline"
                          download
                        >
                          {t(print.cancelled ? "order.invoicePrintCancelled" : "order.invoicePrint", {
                            version: print.version,
                            date: day(print.day),
                          })}
                        </a>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </Fact>
            {order.kind === "vehicle" && order.itemId ? (
              <Fact label={t("books.papers.permitNumber")}>
                {papers?.permitNumber ? (
                  <p className="text-slate-900" data-testid="order-permit">
                    {papers.permitNumber} · {day(papers.permitDate)}{" "}
                    {papers.permitFile ? (
                      <a
                        href={`/admin/edit/${order.itemId}/books/permit`}
                        className="font-semibold text-accent-700 hover:underline"
                        download
                      >
                        {t("books.papers.download")}
                      </a>
                    ) : null}
                  </p>
                ) : (
                  <Link to={`/admin/edit/${order.itemId}/books#papers`} className="text-accent-700 hover:underline">
                    {t("order.notSet")}
                  </Link>
                )}
              </Fact>
            ) : null}
          </dl>
        </section>

        <div className="space-y-6">
          <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="order-money">
            <h2 id="order-money" className="font-semibold text-slate-900">
              {t("order.money")}
            </h2>
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm" data-testid="order-money">
              <Amount label={t("order.total")} value={format.yen(order.total)} testId="order-total" />
              <Amount label={t("order.paid")} value={format.yen(order.paid)} testId="order-paid" />
              <Amount
                label={t("order.balance")}
                value={format.yen(order.balance)}
                testId="order-balance"
                tone={order.balance > 0 && open ? "due" : undefined}
              />
              {order.overpaid > 0 ? (
                <Amount
                  label={t("order.overpaid")}
                  value={format.yen(order.overpaid)}
                  testId="order-overpaid"
                  tone="refund"
                />
              ) : null}
            </dl>
            {order.paymentCheck ? (
              <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="order-receipt-check">
                {t("order.paymentCheck", {
                  date: format.date(order.paymentCheck.receiptAt, { dateStyle: "medium", timeStyle: "short" }),
                  answerBy: day(order.paymentCheck.answerBy),
                })}
              </p>
            ) : null}
          </section>
          <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="order-shipment">
            <h2 id="order-shipment" className="font-semibold text-slate-900">
              {t("order.shipment")}
            </h2>
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm" data-testid="order-shipment">
              <Fact label={t("order.vessel")}>
                {[order.shipment.vessel, order.shipment.voyage].filter(Boolean).join(" · ") || t("order.notSet")}
              </Fact>
              <Fact label={t("order.portOfLoading")}>{order.shipment.portOfLoading || t("order.notSet")}</Fact>
              <Fact label={t("order.etd")}>{order.shipment.etd ? day(order.shipment.etd) : t("order.notSet")}</Fact>
              <Fact label={t("order.eta")}>{order.shipment.eta ? day(order.shipment.eta) : t("order.notSet")}</Fact>
              <Fact label={t("order.method")}>
                {order.shipment.method ? t(`order.methods.${order.shipment.method}`) : t("order.notSet")}
                {order.shipment.container ? ` · ${order.shipment.container}` : ""}
              </Fact>
              <Fact label={t("order.bl")}>{order.shipment.bl || t("order.notSet")}</Fact>
              <div className="col-span-2">
                <Fact label={t("order.courier")}>
                  {order.courier ? (
                    <a
                      href={order.courier.url}
                      className="break-all text-accent-700 hover:underline"
                      target="_blank"
                      rel="noreferrer"
                    >
                      {t("order.courierLine", {
                        courier: COURIER_NAME[order.courier.courier],
                        tracking: order.courier.tracking,
                      })}
                    </a>
                  ) : (
                    t("order.notSet")
                  )}
                </Fact>
              </div>
            </dl>
          </section>
        </div>
      </div>

      {editable ? (
        <section aria-labelledby="order-actions" className="space-y-4">
          <h2 id="order-actions" className="text-lg font-semibold text-slate-900">
            {t("order.actions")}
          </h2>
          <div className="grid gap-6 lg:grid-cols-2">
            {takesPayments(order.status) ? (
              <PaymentForm order={order} refusal={of("payment")} paymentKey={paymentKey} today={today} />
            ) : null}
            <MovesForm
              order={order}
              refusal={refusal && MOVES.includes(refusal.intent) ? of(refusal.intent) : blank}
              canShip={canShip}
              canArrive={canArrive}
              canComplete={canComplete}
              today={today}
            />
            <ShipmentForm order={order} refusal={of("shipment")} />
            <CourierForm order={order} refusal={of("courier")} />
            <UploadForm refusal={of("upload")} />
            {canCancel(order.status) ? <CancelForm order={order} refusal={of("cancel")} /> : null}
          </div>
        </section>
      ) : open ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <CourierForm order={order} refusal={of("courier")} />
          <UploadForm refusal={of("upload")} />
        </div>
      ) : null}

      <OrderPayments order={order} />
      <OrderDocuments order={order} refusal={of("remove-document")} />
      {order.kind === "vehicle" || order.preShipment.photos.length > 0 || order.preShipment.video ? (
        <PreShipmentCard
          order={order}
          open={open}
          refusals={{ photos: of("photos"), remove: of("remove-photo"), video: of("video") }}
        />
      ) : null}
      <OrderTimeline order={order} />
    </div>
  );
}

/** The status steps, answered by one card. */
const MOVES = ["ship", "arrive", "complete"];

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function Amount({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  value: string;
  testId: string;
  tone?: "due" | "refund";
}) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd
        className={`text-lg font-bold tabular-nums ${tone === "due" ? "text-amber-800" : tone === "refund" ? "text-red-800" : "text-slate-900"}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}
