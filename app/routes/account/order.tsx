import { data, Form, Link, redirect } from "react-router";
import { OrderStatusBadge } from "~/components/store/order-parts";
import { FormMessage } from "~/components/ui/field";
import { getClientIp, getServices } from "~/context.server";
import { dealContext } from "~/domain/sale/offers.server";
import { readMultipart, UploadError } from "~/domain/media/multipart.server";
import { addDocument } from "~/domain/sale/order-documents.server";
import { MAX_DOCUMENT_BYTES } from "~/domain/media/document-check.server";
import { buyerOrder } from "~/domain/sale/order-view.server";
import { shownPortText } from "~/domain/freight/port-names.server";
import { requestLanguage } from "~/i18n/request.server";
import { dealVisitor, linksOf } from "~/domain/sale/deal-access.server";
import { countReceiptUpload } from "~/domain/sale/receipt-limits.server";
import { partiesPage } from "~/domain/sale/order-parties.server";
import { partyChangeOf } from "~/domain/sale/party-changes.server";
import { ConsigneeBox } from "~/components/store/consignee-box";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { problem, type Problem } from "~/i18n/problem";
import { UPLOAD_ROUTE } from "~/utils/route-handle";
import { refusalStatus } from "~/routes/refusal-status";
import { BusyButton } from "~/components/ui/post-form";
import type { Route } from "./+types/order";

import {
  BankBox,
  DealHeader,
  DealNotFound,
  LOADED_IN,
  NextStep,
  Progress,
  ShipmentBox,
  PreShipmentBox,
  StepText,
} from "~/components/store/buyer-order-parts";
/*
 * An order as its buyer follows it (issue 21): what happens next and when,
 * the balance and the bank account to pay into, the receipt upload, the
 * ship and its dates, the courier of the original documents, the documents
 * to download, and every step with its date. The signed-in buyer sees their
 * own orders; a buyer without an account comes through the order mail's link.
 */

/** A receipt comes in as it streams (a phone photo of a few MB, at most 10 MB); the server's small-form limit is not for it. */
export const handle = UPLOAD_ROUTE;

export const meta: Route.MetaFunction = ({ matches, params }) => [
  { title: metaT(matches, "orders")("orders.orderTitle", { number: params.number }) },
  { name: "robots", content: "noindex" },
];

export function headers({ actionHeaders }: Route.HeadersArgs) {
  // The link's signature stays on this page: not in the Referer of links out, not in a shared cache.
  // Same-origin rather than none: under no-referrer a browser without scripts posts a receipt with
  // Origin "null", which the shop refuses as another site's, so the buyer could not send it.
  const headers = new Headers({ "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" });
  // A refused upload says when to come back.
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** Who is looking: the signed-in buyer, or the holder of the order mail's link (`?sig=`). */
async function findOrder(services: ReturnType<typeof getServices>, request: Request, number: string) {
  const visitor = await dealVisitor(services, request, linksOf(new URL(request.url).searchParams, number), "order");
  const found = await buyerOrder(services.db, number, { secret: services.config.sessionSecret, visitor });
  // The link's signature is kept on the page's own links only when the page was reached by it.
  const sig = found?.way === "orderLink" ? (visitor.orderLink?.sig ?? null) : null;
  return { found, customerId: visitor.customerId, sig };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const url = new URL(request.url);
  const { found, customerId, sig } = await findOrder(services, request, params.number);
  if (!found) throw data({ signedIn: customerId !== null }, { status: 404 });
  const sent = url.searchParams.get("receipt");
  // The consignee is given by the signed-in buyer of the order (consignee.tsx); a link's holder sees none.
  const parties = customerId === null ? null : await partiesPage(services.db, customerId, params.number);
  const language = requestLanguage(request);
  return {
    order: found.view,
    // The ports the order names (its own, an arrival's), in the buyer's language as the quote page says them.
    ports: Object.fromEntries(
      [
        found.view.port,
        // Where it is loaded, or the country when the owner has not said: "Japan" is named as countries are.
        found.view.shipment.portOfLoading || LOADED_IN,
        ...found.view.steps.map((s) => (s.kind === "arrived" ? s.data.port : null)),
      ]
        .filter((port): port is string => typeof port === "string" && port !== "")
        .map((port) => [port, shownPortText(port, language)]),
    ),
    sig,
    notice:
      sent === "sent" || sent === "same" ? sent : url.searchParams.get("consignee") === "given" ? "consignee" : null,
    parties: parties && {
      given: parties.given,
      open: parties.lock === null,
      changeable: parties.lock === "given",
      change: parties.lock === "given" ? await partyChangeOf(services.db, parties.orderId) : null,
    },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  // Who may upload is known before the body is read: the session, or the order's link in the address the form posts to.
  const { found, customerId, sig } = await findOrder(services, request, params.number);
  // Refused without reading the body (the rest of it is let go with the connection's answer).
  if (!found) return data({ message: problem("orders.notFound") }, { status: 404 });
  // Counted per order and per client address before the body is read: a refused upload is not read.
  const gate = await countReceiptUpload(services.db, params.number, getClientIp(context));
  if (gate.retryAfterSeconds !== null)
    return data(
      { message: problem("documents.tooManyReceipts") },
      { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } },
    );
  let upload;
  try {
    upload = await readMultipart(request, { maxFiles: 1, maxFileBytes: MAX_DOCUMENT_BYTES, maxFields: 5 });
  } catch (error) {
    if (error instanceof UploadError)
      return data(
        { message: problem(error.refusal === "too-large" ? "documents.size" : "documents.empty") },
        { status: refusalStatus(error.refusal) },
      );
    throw error;
  }
  const file = upload.files[0];
  if (!file || file.data.length === 0) return data({ message: problem("documents.empty") }, { status: 400 });
  const outcome = await addDocument(
    services.db,
    services.documents,
    dealContext(services.config),
    { number: params.number },
    { data: file.data, filename: file.filename },
    {
      by: "buyer",
      actor: customerId !== null ? { kind: "customer", id: String(customerId) } : { kind: "visitor", id: null },
    },
  );
  if (!outcome.ok) return data({ message: outcome.message }, { status: refusalStatus(outcome.refusal) });
  const back = new URLSearchParams();
  if (sig) back.set("sig", sig);
  back.set("receipt", outcome.message.key.endsWith("documentSame") ? "same" : "sent");
  return redirect(`/orders/${params.number}?${back}`);
}

const DAY: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, sig, notice } = loaderData;
  const { t } = useT("orders");
  const format = useFormat();
  const { message: m } = useProblems("messages");
  const shopDay = (d: string | null) => (d ? format.date(`${d}T12:00:00+09:00`, DAY) : t("orders.history.unknownDate"));
  const moment = (iso: string) => format.date(iso, DAY);
  const linkQuery = sig ? `?${new URLSearchParams({ order: order.number, sig })}` : "";
  const pdfHref = `/invoices/${order.invoice.number}.pdf${linkQuery}`;
  const docHref = (path: string) => (sig ? `${path}?${new URLSearchParams({ sig })}` : path);
  const open = order.status !== "cancelled" && !order.invoice.voided;
  const payable = open && order.balance > 0 && order.status !== "completed";

  const payment = (
    <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="money-title">
      <h2 id="money-title" className="text-lg font-semibold text-slate-900">
        {t("orders.money.title")}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-slate-700">
        <dt>{t("orders.money.total")}</dt>
        <dd className="text-right font-semibold text-slate-900 tabular-nums">{format.yen(order.total)}</dd>
        <dt>{t("orders.money.paid")}</dt>
        <dd className="text-right tabular-nums" data-testid="order-paid">
          {format.yen(order.paid)}
        </dd>
        <dt className="font-semibold text-slate-900">{t("orders.money.balance")}</dt>
        <dd className="text-right text-xl font-bold text-slate-900 tabular-nums" data-testid="order-balance">
          {format.yen(order.balance)}
        </dd>
      </dl>
      {order.overpaid > 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          {t("orders.money.overpaid", { amount: format.yen(order.overpaid) })}
        </p>
      ) : null}
      {payable ? (
        <p className="mt-2 text-sm text-slate-700">{t("orders.money.due", { date: shopDay(order.invoice.dueDate) })}</p>
      ) : null}
      {order.payments.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">{t("orders.money.payments")}</h3>
          <ul className="mt-1 space-y-1 text-sm text-slate-700" data-testid="order-payments">
            {order.payments.map((p) => (
              <li key={p.id}>
                {t("orders.money.payment", { amount: format.yen(p.amount), date: shopDay(p.receivedOn) })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {payable ? <BankBox order={order} /> : null}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <a
          href={pdfHref}
          className="inline-flex min-h-11 items-center justify-center btn-plain px-4 py-2 text-center"
          download
        >
          {t("orders.money.invoice", { number: order.invoice.number })}
        </a>
        <a
          href={order.invoice.verifyPath}
          className="inline-flex min-h-11 items-center justify-center btn-plain px-4 py-2 text-center"
        >
          {t("orders.money.check")}
        </a>
      </div>
      <p className="mt-3 text-sm">
        <a href="/verify" className="font-semibold text-accent-700 hover:underline" data-testid="verify-link">
          {t("orders.money.verifyHow")}
        </a>
      </p>
      {payable ? (
        <Form
          method="post"
          action={`/orders/${order.number}${sig ? `?${new URLSearchParams({ sig })}` : ""}`}
          encType="multipart/form-data"
          className="mt-5 border-t border-slate-200 pt-4"
          data-testid="receipt-form"
        >
          <h3 className="font-semibold text-slate-900">{t("orders.receipt.title")}</h3>
          <p id="receipt-help" className="mt-1 text-sm text-slate-600">
            {t("orders.receipt.help")}
          </p>
          <label htmlFor="receipt-file" className="mt-3 block text-sm font-medium text-slate-800">
            {t("orders.receipt.file")}
          </label>
          <input
            id="receipt-file"
            name="file"
            type="file"
            required
            accept="application/pdf,image/jpeg,image/png,image/webp"
            aria-describedby="receipt-help"
            className="mt-1 block w-full max-w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-semibold file:text-slate-800"
          />
          <BusyButton className="mt-3 inline-flex min-h-11 items-center justify-center btn-accent px-5 py-2 disabled:opacity-60">
            {t("orders.receipt.send")}
          </BusyButton>
        </Form>
      ) : null}
    </section>
  );
  const shipping = (
    <>
      {loaderData.parties ? (
        <ConsigneeBox
          number={order.number}
          given={loaderData.parties.given}
          open={loaderData.parties.open}
          changeable={loaderData.parties.changeable}
          change={loaderData.parties.change}
        />
      ) : null}
      <ShipmentBox order={order} ports={loaderData.ports} shopDay={shopDay} />
      <PreShipmentBox order={order} href={docHref} />

      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="docs-title">
        <h2 id="docs-title" className="text-lg font-semibold text-slate-900">
          {t("orders.documents.title")}
        </h2>
        {order.documents.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t("orders.documents.none")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="order-documents">
            {order.documents.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">
                    {d.kind === "other" && d.title ? d.title : t(`orders.documents.kinds.${d.kind}`)}
                  </p>
                  <p className="text-xs text-slate-500">
                    {t("orders.documents.added", { date: moment(d.uploadedAt) })} ·{" "}
                    {Math.max(1, Math.round(d.size / 1024))} KB
                  </p>
                </div>
                <a
                  href={docHref(d.path)}
                  className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold text-accent-700 hover:bg-slate-50"
                  download
                >
                  {t("orders.documents.download")}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      {sig ? null : (
        <Link to="/orders" className="text-sm font-semibold text-accent-700 hover:underline">
          {t("orders.back")}
        </Link>
      )}
      <DealHeader
        title={t("orders.orderTitle", { number: order.number })}
        item={order}
        note={<p className="text-sm text-slate-500">{t("orders.placed", { date: moment(order.createdAt) })}</p>}
        status={<OrderStatusBadge status={order.status} />}
      />

      {notice ? (
        <div className="mt-4" role="status" data-testid="receipt-notice">
          <FormMessage tone="success">
            {notice === "consignee"
              ? t("orders.consignee.given")
              : t(notice === "same" ? "orders.receipt.same" : "orders.receipt.sent")}
          </FormMessage>
        </div>
      ) : null}
      {actionData ? (
        <div className="mt-4" role="alert" data-testid="order-refused">
          <FormMessage tone="error">{m(actionData.message as Problem)}</FormMessage>
        </div>
      ) : null}

      <section
        className={`mt-6 rounded-xl border p-5 ${order.status === "cancelled" ? "border-red-300 bg-red-50" : "border-accent-200 bg-white"}`}
        aria-labelledby="next-title"
        data-testid="order-next"
      >
        <h2 id="next-title" className="text-lg font-semibold text-slate-900">
          {t("orders.next.title")}
        </h2>
        <NextStep order={order} ports={loaderData.ports} shopDay={shopDay} />
      </section>

      <Progress order={order} />

      {/* Once paid, the ship and the documents are what the buyer comes for: they come first. */}
      {payable ? (
        <>
          {payment}
          {shipping}
        </>
      ) : (
        <>
          {shipping}
          {payment}
        </>
      )}

      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="history-title">
        <h2 id="history-title" className="text-lg font-semibold text-slate-900">
          {t("orders.history.title")}
        </h2>
        <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4" data-testid="order-history">
          {[...order.steps].reverse().map((step) => (
            <li key={step.id}>
              <p className="text-xs text-slate-500">
                {format.date(step.at, { ...DAY, hour: "2-digit", minute: "2-digit" })}
              </p>
              <p className="text-sm break-words text-slate-800">
                <StepText step={step} order={order} ports={loaderData.ports} shopDay={shopDay} />
              </p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <DealNotFound deal="order" />;
}
