import { awaitingMoney } from "./order-sql.server";
import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { containsPattern } from "~/db/like";
import type { InvoiceDocument } from "./deal-types";
import { shopDay } from "~/i18n/format";
import { dealAccess, type DealVisitor, type DealWay } from "./deal-access.server";
import { ORDER_NUMBER, type OrderRow } from "./order-moves.server";
import { isOrderStatus, type OrderStatus } from "./order-status";
import { trackingUrl } from "./order-types";
import { readVideoLink } from "./pre-shipment";
import {
  paymentCheckOf,
  type OrderDocumentView,
  type OrderListItem,
  type OrderStepView,
  type OrderView,
} from "./order-view";

export type { OrderView, OrderListItem, OrderDocumentView } from "./order-view";

/*
 * Reading orders (issue 21): one order with its payments, documents and
 * timeline; the buyer's own orders; the owner's list with its filters, and
 * the dashboard's figures. A buyer reaches an order only when it is theirs
 * (signed in) or through its signed link; anything else is "not found".
 */

/**
 * Who asks for an order: the staff on their own pages (which require a staff
 * session), or a visitor of the buyer's pages and files, judged by the one
 * rule of who may see a deal (deal-access.server.ts).
 */
export type OrderAccess = { staff: true } | { secret: string; visitor: DealVisitor };

export function mayView(
  order: Pick<OrderRow, "number" | "customer_id">,
  access: OrderAccess | null,
  purpose: "order" | "document" = "order",
): boolean {
  if (!access) return false;
  if ("staff" in access) return true;
  const keys = { customerId: order.customer_id, orderNumber: order.number };
  return dealAccess(access.secret, access.visitor, purpose, keys) !== null;
}

export function documentPath(number: string, id: number): string {
  return `/orders/${number}/documents/${id}`;
}

export function photoPath(number: string, id: number): string {
  return `/orders/${number}/photos/${id}`;
}

/** The site a kept video link opens (it was read when saved). */
function videoHost(url: string): string {
  const link = readVideoLink(url);
  return typeof link === "object" ? link.host : "";
}

async function viewOf(db: DB, order: OrderRow): Promise<OrderView> {
  const [invoice, quote, payments, documents, steps, photos] = await Promise.all([
    db
      .selectFrom("invoices")
      .select(["number", "code", "due_date", "document", "voided_at"])
      .where("id", "=", order.invoice_id)
      .executeTakeFirstOrThrow(),
    order.quote_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom("quotes").select("number").where("id", "=", order.quote_id).executeTakeFirst(),
    db.selectFrom("payments").selectAll().where("order_id", "=", order.id).orderBy("id").execute(),
    db
      .selectFrom("order_documents")
      .selectAll()
      .where("order_id", "=", order.id)
      .where("removed_at", "is", null)
      .orderBy("id")
      .execute(),
    db.selectFrom("order_events").selectAll().where("order_id", "=", order.id).orderBy("id").execute(),
    db
      .selectFrom("order_photos")
      .select(["id", "width", "height", "added_at", "sha256"])
      .where("order_id", "=", order.id)
      .where("removed_at", "is", null)
      .orderBy("id")
      .execute(),
  ]);
  const document = JSON.parse(invoice.document) as InvoiceDocument;
  const total = Number(order.total);
  const paid = Number(order.paid);
  const view: Omit<OrderView, "paymentCheck"> = {
    number: order.number,
    status: order.status,
    kind: order.kind,
    itemId: order.kind === "vehicle" ? order.vehicle_id : order.part_id,
    itemName: order.item_name,
    refId: order.ref_id,
    quoteNumber: quote?.number ?? null,
    buyer: {
      name: order.buyer_name,
      email: order.buyer_email,
      country: order.buyer_country,
      customerId: order.customer_id,
    },
    total,
    paid,
    balance: Math.max(total - paid, 0),
    overpaid: Math.max(paid - total, 0),
    port: order.port,
    invoice: {
      number: invoice.number,
      dueDate: invoice.due_date,
      code: document.code,
      verifyPath: `/verify/${invoice.code}`,
      voided: invoice.voided_at !== null,
      bank: document.bank,
    },
    shipment: {
      vessel: order.vessel,
      voyage: order.voyage,
      portOfLoading: order.port_of_loading,
      etd: order.etd,
      eta: order.eta,
      method: order.shipping_method,
      container: order.container_number,
      bl: order.bl_number,
    },
    courier: order.courier
      ? {
          courier: order.courier,
          tracking: order.tracking_number,
          url: trackingUrl(order.courier, order.tracking_number),
        }
      : null,
    cancel: order.status === "cancelled" ? { reason: order.cancel_reason, refundNote: order.refund_note } : null,
    payments: payments.map((p) => ({
      id: p.id,
      amount: Number(p.amount),
      receivedOn: p.received_on,
      method: p.method,
      reference: p.reference,
      overpayment: Number(p.overpayment) === 1,
      recordedAt: p.recorded_at,
    })),
    documents: documents.map((d): OrderDocumentView => ({
      id: d.id,
      kind: d.kind,
      title: d.title,
      contentType: d.content_type,
      size: Number(d.size),
      by: d.uploaded_by,
      uploadedAt: d.uploaded_at,
      path: documentPath(order.number, d.id),
    })),
    preShipment: {
      photos: photos.map((p) => ({
        id: p.id,
        width: Number(p.width),
        height: Number(p.height),
        addedAt: p.added_at,
        sha256: p.sha256,
        path: photoPath(order.number, p.id),
      })),
      video: order.video_url ? { url: order.video_url, host: videoHost(order.video_url) } : null,
    },
    steps: steps.map((e): OrderStepView => ({
      id: e.id,
      kind: e.kind as OrderStepView["kind"],
      at: e.at,
      by: e.by_kind,
      data: JSON.parse(e.data) as Record<string, unknown>,
    })),
    createdAt: order.created_at,
    updatedAt: order.updated_at,
  };
  return { ...view, paymentCheck: paymentCheckOf(view) };
}

async function orderRow(db: DB, number: string): Promise<OrderRow | null> {
  if (!ORDER_NUMBER.test(number)) return null;
  return (await db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst()) ?? null;
}

/** One order, for whoever may see it; null (shown as "not found") for anyone else. */
export async function orderFor(db: DB, number: string, access: OrderAccess | null): Promise<OrderView | null> {
  const order = await orderRow(db, number);
  if (!order || !mayView(order, access)) return null;
  return viewOf(db, order);
}

/** An order for the buyer's page, with how the visitor reached it (a link's signature stays on the link's pages). */
export async function buyerOrder(
  db: DB,
  number: string,
  access: { secret: string; visitor: DealVisitor },
): Promise<{ view: OrderView; way: DealWay } | null> {
  const order = await orderRow(db, number);
  if (!order) return null;
  const way = dealAccess(access.secret, access.visitor, "order", {
    customerId: order.customer_id,
    orderNumber: order.number,
  });
  return way ? { view: await viewOf(db, order), way } : null;
}

/** The order of a quote's deal that is not cancelled (the newest), for the quote's page to link to. */
export async function liveOrderOfQuote(db: DB, quoteNumber: string) {
  return db
    .selectFrom("orders")
    .innerJoin("quotes", "quotes.id", "orders.quote_id")
    .select(["orders.number", "orders.status"])
    .where("quotes.number", "=", quoteNumber)
    .where("orders.status", "!=", "cancelled")
    .orderBy("orders.id", "desc")
    .executeTakeFirst();
}

/** A photo of an order before loading, for whoever may see the order's documents; removed photos are gone. */
export async function photoFor(db: DB, number: string, photoId: number, access: OrderAccess | null) {
  const order = await orderRow(db, number);
  if (!order || !mayView(order, access, "document")) return null;
  const photo = await db
    .selectFrom("order_photos")
    .select(["id", "file_key", "content_type", "sha256"])
    .where("id", "=", photoId)
    .where("order_id", "=", order.id)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  return photo ? { order, photo } : null;
}

/** A document of an order, for whoever may see the order; removed documents are gone. */
export async function documentFor(db: DB, number: string, documentId: number, access: OrderAccess | null) {
  const order = await orderRow(db, number);
  if (!order || !mayView(order, access, "document")) return null;
  const document = await db
    .selectFrom("order_documents")
    .select(["id", "kind", "title", "file_key", "content_type", "original_name"])
    .where("id", "=", documentId)
    .where("order_id", "=", order.id)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  return document ? { order, document } : null;
}

function listItem(o: OrderRow): OrderListItem {
  return {
    number: o.number,
    status: o.status,
    itemName: o.item_name,
    refId: o.ref_id,
    buyerName: o.buyer_name,
    buyerCountry: o.buyer_country,
    total: Number(o.total),
    paid: Number(o.paid),
    etd: o.etd,
    eta: o.eta,
    bl: o.bl_number,
    createdAt: o.created_at,
    updatedAt: o.updated_at,
  };
}

/** A buyer's orders, newest first. */
export async function ordersOfCustomer(db: DB, customerId: number): Promise<OrderListItem[]> {
  const rows = await db
    .selectFrom("orders")
    .selectAll()
    .where("customer_id", "=", customerId)
    .orderBy("id", "desc")
    .limit(200)
    .execute();
  return rows.map(listItem);
}

export const ORDERS_PER_PAGE = 25;

/** A status, or "due": awaiting payment and partly paid together (what the dashboard counts as awaited). */
export type OrderFilter = { status: OrderStatus | "due" | null; q: string; page: number };

/** The owner's filters from the address: ?status=paid&q=2026-00012&page=2 (anything unknown is left out). */
export function orderFilterOf(params: URLSearchParams): OrderFilter {
  const status = params.get("status");
  const page = Number(params.get("page"));
  return {
    status: isOrderStatus(status) || status === "due" ? status : null,
    q: (params.get("q") ?? "").trim().slice(0, 100),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

function filtered(db: DB, filter: Pick<OrderFilter, "status" | "q">) {
  const q = filter.q;
  return db
    .selectFrom("orders")
    .$if(filter.status === "due", (b) => b.where(awaitingMoney))
    .$if(filter.status !== null && filter.status !== "due", (b) => b.where("status", "=", filter.status as OrderStatus))
    .$if(q !== "", (b) => {
      const like = containsPattern(q.toLowerCase());
      return b.where((eb) =>
        eb.or([
          eb("number", "=", q),
          eb(sql`lower(buyer_name)`, "like", like),
          eb(sql`lower(buyer_email)`, "like", like),
          eb(sql`lower(ref_id)`, "like", like),
          eb(sql`lower(bl_number)`, "like", like),
          eb(sql`lower(item_name)`, "like", like),
        ]),
      );
    });
}

/** The owner's list: newest first, a page at a time, with the count by status for the filter's tabs. */
export async function listOrders(db: DB, filter: OrderFilter) {
  const [rows, total, byStatus] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy("id", "desc")
      .limit(ORDERS_PER_PAGE)
      .offset((filter.page - 1) * ORDERS_PER_PAGE)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute(),
  ]);
  return {
    orders: rows.map(listItem),
    total: Number(total.n),
    pages: Math.max(1, Math.ceil(Number(total.n) / ORDERS_PER_PAGE)),
    byStatus: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])) as Partial<Record<OrderStatus, number>>,
  };
}

/** Every order the filter finds, for the CSV export (newest first), with what was received. */
export async function ordersForExport(db: DB, filter: Pick<OrderFilter, "status" | "q">) {
  const rows = await filtered(db, filter).selectAll().orderBy("id", "desc").limit(50_000).execute();
  return rows;
}

const DAY = 24 * 3600 * 1000;

/**
 * The dashboard's order figures: payments awaited (orders with a balance,
 * not cancelled, and the yen due), ships leaving in the next seven days, yen
 * received this month, and yen received per month over the last twelve.
 */
export async function orderFigures(db: DB, now = new Date()) {
  const today = shopDay(now);
  const weekEnd = shopDay(new Date(now.getTime() + 7 * DAY));
  const month = today.slice(0, 7);
  const months = Array.from({ length: 12 }, (_, i) => {
    const [y, m] = month.split("-").map(Number) as [number, number];
    const d = new Date(Date.UTC(y, m - 1 - (11 - i), 1));
    return d.toISOString().slice(0, 7);
  });
  const [awaited, leaving, received] = await Promise.all([
    db
      .selectFrom("orders")
      .select([
        (eb) => eb.fn.countAll<number>().as("n"),
        (eb) => eb.fn.coalesce(eb.fn.sum<number>(sql`total - paid`), sql<number>`0`).as("due"),
      ])
      .where(awaitingMoney)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select(["number", "item_name", "vessel", "etd", "status"])
      // Still in Japan: awaiting money, paid, or marked shipped before its ETD (the ship leaves later).
      .where((eb) => eb.or([awaitingMoney(eb), eb("orders.status", "in", ["paid", "shipped"])]))
      .where("etd", ">=", today)
      .where("etd", "<=", weekEnd)
      .orderBy("etd")
      .limit(20)
      .execute(),
    db
      .selectFrom("payments")
      .select([sql<string>`substr(received_on, 1, 7)`.as("month"), (eb) => eb.fn.sum<number>("amount").as("yen")])
      .where("received_on", ">=", `${months[0]}-01`)
      .groupBy(sql`substr(received_on, 1, 7)`)
      .execute(),
  ]);
  const byMonth = new Map(received.map((r) => [r.month, Number(r.yen)]));
  return {
    paymentsAwaited: { orders: Number(awaited.n), yen: Number(awaited.due) },
    leavingThisWeek: leaving.map((o) => ({
      number: o.number,
      itemName: o.item_name,
      vessel: o.vessel,
      etd: o.etd!,
      status: o.status,
    })),
    receivedThisMonth: byMonth.get(month) ?? 0,
    receivedByMonth: months.map((m) => ({ month: m, yen: byMonth.get(m) ?? 0 })),
  };
}
