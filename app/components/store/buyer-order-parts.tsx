import type { ReactNode } from "react";
import { Link } from "react-router";
import { ButtonLinks } from "~/components/ui/button-links";
import { ORDER_STEPS } from "~/domain/sale/order-status";
import { COURIER_NAME, type Courier } from "~/domain/sale/order-types";
import type { OrderStepView, OrderView } from "~/domain/sale/order-view";
import { useFormat, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import { PortText } from "./price";

/*
 * The parts of the buyer's order page: what happens next, the steps, the
 * bank account to pay into, the shipment and its dates, each step's words.
 */

/** The head of a buyer's deal page (a quote, an order): its title, the item (linked while listed), and its status. */
export function DealHeader({
  title,
  item,
  note,
  status,
}: {
  title: string;
  item: { kind: "vehicle" | "part"; itemId: number | null; itemName: string; refId: string };
  note?: ReactNode;
  status: ReactNode;
}) {
  const { t } = useT("account");
  const href = item.itemId === null ? null : `/${item.kind === "vehicle" ? "vehicles" : "parts"}/${item.itemId}`;
  return (
    <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl title">{title}</h1>
        <p className="mt-1 text-slate-700">
          {href ? (
            <Link to={href} className="font-semibold break-words text-slate-900 hover:underline">
              {item.itemName}
            </Link>
          ) : (
            <span className="font-semibold break-words">{item.itemName}</span>
          )}{" "}
          <span className="text-sm text-slate-500">{t("lists.ref", { ref: item.refId })}</span>
        </p>
        {note}
      </div>
      {status}
    </div>
  );
}

/** A quote or order page nobody may see here: signing in may show it; the list it belongs to is the way back. */
export function DealNotFound({ deal }: { deal: "quote" | "order" }) {
  const { t } = useT("account");
  const { t: to } = useT("orders");
  const words =
    deal === "order"
      ? { title: to("orders.notFound.title"), text: to("orders.notFound.text"), back: to("orders.back") }
      : { title: t("deal.notFound.title"), text: t("deal.notFound.text"), back: t("deal.back") };
  return (
    <div className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{words.title}</h1>
      <p className="mt-3 text-slate-700">{words.text}</p>
      <ButtonLinks
        links={[
          { to: "/login", label: t("lists.login") },
          { to: deal === "order" ? "/orders" : "/quotes", label: words.back },
        ]}
      />
    </div>
  );
}

/**
 * The ports an order names, by the text stored with it ("Mombasa, Kenya"), in the buyer's language as
 * the page's server wrote them (`shownPortText`: an English name tagged for `PortText`).
 */
export type OrderPorts = Readonly<Record<string, string>>;

/** Where an order is loaded when the owner has not named the port (the server names it in the page's language). */
export const LOADED_IN = "Japan";

/** A stored port in the page's language; one the server did not name, as stored. */
const portIn = (ports: OrderPorts, stored: string) => ports[stored] ?? stored;

/** What the order's parts that speak of its ports and days are drawn from. */
type OrderPartProps = { order: OrderView; ports: OrderPorts; shopDay: (d: string | null) => string };

export function NextStep({ order, ports, shopDay }: OrderPartProps) {
  const { t } = useT("orders");
  const format = useFormat();
  const s = order.shipment;
  const pol = portIn(ports, s.portOfLoading || LOADED_IN);
  const port = order.port ? portIn(ports, order.port) : s.portOfLoading && pol;
  let text: ReactNode;
  const check = order.paymentCheck;
  const early = shipsLater(order, useRootData()?.day ?? null);
  switch (order.status) {
    case "awaiting_payment":
    case "partly_paid":
      if (check) {
        text = t("orders.next.checking", {
          date: format.date(check.receiptAt, { day: "numeric", month: "short" }),
          answerBy: shopDay(check.answerBy),
        });
        break;
      }
      text =
        order.status === "awaiting_payment"
          ? t("orders.next.awaiting_payment", {
              balance: format.yen(order.balance),
              due: shopDay(order.invoice.dueDate),
            })
          : t("orders.next.partly_paid", {
              paid: format.yen(order.paid),
              balance: format.yen(order.balance),
              due: shopDay(order.invoice.dueDate),
            });
      break;
    case "paid":
      text = s.etd ? <PortText text={t("orders.next.paidEtd", { pol, etd: shopDay(s.etd) })} /> : t("orders.next.paid");
      break;
    case "shipped":
      text = (
        <PortText
          text={
            early
              ? t("orders.next.shippedLeaves", { pol, etd: shopDay(s.etd), port })
              : s.eta
                ? t("orders.next.shippedEta", { port, eta: shopDay(s.eta) })
                : t("orders.next.shipped", { port })
          }
        />
      );
      break;
    case "arrived":
      text = <PortText text={t("orders.next.arrived", { port })} />;
      break;
    case "completed":
      text = t("orders.next.completed");
      break;
    case "cancelled":
      text = t("orders.next.cancelled", { reason: order.cancel?.reason ?? "" });
      break;
  }
  return (
    <>
      <p className="mt-2 text-slate-800" data-testid="order-next-text">
        {text}
      </p>
      {order.cancel?.refundNote ? (
        <p className="mt-2 text-slate-800">{t("orders.next.refund", { note: order.cancel.refundNote })}</p>
      ) : null}
      {order.invoice.voided && order.status !== "cancelled" ? (
        <p className="mt-2 font-semibold text-red-800">{t("orders.next.voided")}</p>
      ) : null}
    </>
  );
}

/** When each step of the way was reached, from the timeline. */
function reachedAt(order: OrderView, step: (typeof ORDER_STEPS)[number]): string | null {
  const kind = step === "awaiting_payment" ? "opened" : step;
  return order.steps.find((s) => s.kind === kind)?.at ?? null;
}

/**
 * Whether a shipped order's ship is still to leave: the owner may mark it
 * shipped before its ETD (confirmed), or move the ETD later after shipping.
 * `today` is the shop's day the page was written on.
 */
function shipsLater(order: OrderView, today: string | null): boolean {
  return order.status === "shipped" && today !== null && order.shipment.etd !== null && order.shipment.etd > today;
}

export function Progress({ order }: { order: OrderView }) {
  const { t } = useT("orders");
  const format = useFormat();
  const today = useRootData()?.day ?? null;
  if (order.status === "cancelled") return null;
  const etd = order.shipment.etd;
  const short = (iso: string) => format.date(iso, { day: "numeric", month: "short" });
  /** Shipped is dated by its ship: the day it leaves while that is ahead, the day it left once known. */
  const when = (step: (typeof ORDER_STEPS)[number], at: string) =>
    step === "shipped" && etd !== null
      ? t(shipsLater(order, today) ? "orders.steps.leaves" : "orders.steps.left", {
          date: short(`${etd}T12:00:00+09:00`),
        })
      : t("orders.steps.done", { date: short(at) });
  return (
    <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="progress-title">
      <h2 id="progress-title" className="text-lg font-semibold text-slate-900">
        {t("orders.steps.title")}
      </h2>
      <ol className="mt-3 space-y-2" data-testid="order-progress">
        {ORDER_STEPS.map((step) => {
          const at = reachedAt(order, step);
          return (
            <li key={step} className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${at ? "bg-accent-700 text-white" : "border-2 border-slate-300 text-transparent"}`}
              >
                ✓
              </span>
              <span className={at ? "font-semibold text-slate-900" : "text-slate-500"}>
                {t(`orders.steps.${step}`)}
              </span>
              <span className="ml-auto text-right text-sm text-slate-600">
                {at ? when(step, at) : t("orders.steps.todo")}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function BankBox({ order }: { order: OrderView }) {
  const { t } = useT("orders");
  const b = order.invoice.bank;
  const rows: [string, string][] = (
    [
      ["orders.money.bankName", b.bankName],
      ["orders.money.branch", b.branch],
      ["orders.money.bankAddress", b.bankAddress],
      ["orders.money.swift", b.swift],
      ["orders.money.accountName", b.accountName],
      ["orders.money.accountNumber", b.accountNumber],
    ] as const
  ).filter(([, v]) => v !== "") as [string, string][];
  return (
    <div className="mt-4 rounded-lg bg-slate-50 p-4" data-testid="order-bank">
      <h3 className="font-semibold text-slate-900">{t("orders.money.bank")}</h3>
      <dl className="mt-2 space-y-1 text-sm">
        {rows.map(([key, value]) => (
          <div key={key} className="flex flex-col sm:flex-row sm:gap-3">
            <dt className="text-slate-600 sm:w-36 sm:shrink-0">{t(key as "orders.money.bankName")}</dt>
            <dd className="font-mono font-semibold break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {b.note ? <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{b.note}</p> : null}
      <p className="mt-3 text-sm text-slate-800">{t("orders.money.reference", { number: order.number })}</p>
      <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("orders.money.warning")}</p>
    </div>
  );
}

export function ShipmentBox({ order, ports, shopDay }: OrderPartProps) {
  const { t } = useT("orders");
  const s = order.shipment;
  const earlier = (field: "etd" | "eta") => {
    const key = field === "etd" ? "previousEtd" : "previousEta";
    const olds = order.steps
      .filter((step) => (step.kind === "dates" || step.kind === "shipment") && step.data[key])
      .map((step) => String(step.data[key]))
      .filter((d) => d !== s[field]);
    return [...new Set(olds)];
  };
  const rows: { label: string; value: ReactNode; was?: string[]; testid?: string }[] = [];
  if (s.vessel) rows.push({ label: t("orders.shipment.vessel"), value: s.vessel, testid: "order-vessel" });
  if (s.voyage) rows.push({ label: t("orders.shipment.voyage"), value: s.voyage });
  if (s.portOfLoading)
    rows.push({
      label: t("orders.shipment.portOfLoading"),
      value: <PortText text={portIn(ports, s.portOfLoading)} />,
      testid: "order-loading",
    });
  if (order.port)
    rows.push({
      label: t("orders.shipment.port"),
      value: <PortText text={portIn(ports, order.port)} />,
      testid: "order-port",
    });
  if (s.etd)
    rows.push({ label: t("orders.shipment.etd"), value: shopDay(s.etd), was: earlier("etd"), testid: "order-etd" });
  if (s.eta)
    rows.push({ label: t("orders.shipment.eta"), value: shopDay(s.eta), was: earlier("eta"), testid: "order-eta" });
  if (s.method)
    rows.push({
      label: t("orders.shipment.method"),
      value: t(s.method === "roro" ? "orders.shipment.roro" : "orders.shipment.container"),
    });
  if (s.container) rows.push({ label: t("orders.shipment.containerNumber"), value: s.container });
  if (s.bl) rows.push({ label: t("orders.shipment.bl"), value: s.bl, testid: "order-bl" });
  const booked = s.vessel !== "" || s.etd !== null;
  return (
    <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="ship-title">
      <h2 id="ship-title" className="text-lg font-semibold text-slate-900">
        {t("orders.shipment.title")}
      </h2>
      {booked ? null : <p className="mt-2 text-sm text-slate-600">{t("orders.shipment.none")}</p>}
      {rows.length > 0 ? (
        <dl className="mt-3 space-y-2 text-sm" data-testid="order-shipment">
          {rows.map((r) => (
            <div key={r.label} className="flex justify-between gap-4">
              <dt className="shrink-0 text-slate-600">{r.label}</dt>
              <dd className="min-w-0 text-right font-semibold break-words text-slate-900" data-testid={r.testid}>
                {r.value}
                {r.was?.map((d) => (
                  <span key={d} className="ml-2 font-normal text-slate-500">
                    (<s>{t("orders.shipment.was", { date: shopDay(d) })}</s>)
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <h3 className="mt-5 font-semibold text-slate-900">{t("orders.courier.title")}</h3>
      {order.courier ? (
        <div className="mt-1 text-sm text-slate-800" data-testid="order-courier">
          <p>
            {t("orders.courier.sent", {
              courier: COURIER_NAME[order.courier.courier],
              tracking: order.courier.tracking,
            })}
          </p>
          <a
            href={order.courier.url}
            rel="noopener noreferrer"
            target="_blank"
            className="mt-2 inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold text-accent-700 hover:bg-slate-50"
          >
            {t("orders.courier.track")}
          </a>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{t("orders.courier.none")}</p>
      )}
    </section>
  );
}

/**
 * The vehicle at the port before loading (issue 45.3): the owner's photos,
 * each opening at full size, and the video link naming the site it opens.
 * `href` adds the order link's signature for a buyer who came by the mail.
 */
export function PreShipmentBox({ order, href }: { order: OrderView; href: (path: string) => string }) {
  const { t } = useT("orders");
  const { photos, video } = order.preShipment;
  const waiting = order.kind === "vehicle" && order.status === "paid";
  if (photos.length === 0 && !video && !waiting) return null;
  const withWidth = (path: string, w: number) => {
    const url = href(path);
    return `${url}${url.includes("?") ? "&" : "?"}w=${w}`;
  };
  return (
    <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="loading-title">
      <h2 id="loading-title" className="text-lg font-semibold text-slate-900">
        {t("orders.preShipment.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {photos.length > 0 || video ? t("orders.preShipment.intro") : t("orders.preShipment.none")}
      </p>
      {photos.length > 0 ? (
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="order-photos">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <a
                href={withWidth(photo.path, 1600)}
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2"
                aria-label={t("orders.preShipment.open", { n: i + 1 })}
              >
                <img
                  src={withWidth(photo.path, 480)}
                  width={480}
                  height={360}
                  loading={i < 4 ? "eager" : "lazy"}
                  decoding="async"
                  alt={t("orders.preShipment.photoAlt", { n: i + 1, total: photos.length })}
                  className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {video ? (
        <div className="mt-4" data-testid="order-video">
          <a
            href={video.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold text-accent-700 hover:bg-slate-50"
          >
            {t("orders.preShipment.video", { host: video.host })}
          </a>
          <p className="mt-1 text-xs text-slate-500">{t("orders.preShipment.videoNote", { host: video.host })}</p>
        </div>
      ) : null}
    </section>
  );
}

/** A moment on the timeline, in Japan time (the text says so): the same on the server and in any browser. */
const TOKYO_TIME: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Asia/Tokyo",
};

export function StepText({
  step,
  order,
  ports,
  shopDay,
}: {
  step: OrderStepView;
  order: OrderView;
  ports: OrderPorts;
  shopDay: (d: string | null) => string;
}) {
  const { t } = useT("orders");
  const format = useFormat();
  const d = step.data;
  const yen = (v: unknown) => format.yen(Number(v ?? 0));
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  switch (step.kind) {
    case "opened":
      return <>{t("orders.history.opened", { total: yen(d.total), due: shopDay(text(d.due) || null) })}</>;
    case "payment":
      return <>{t("orders.history.payment", { amount: yen(d.amount), date: shopDay(text(d.receivedOn) || null) })}</>;
    case "paid":
      return <>{t("orders.history.paid", { amount: yen(d.amount), date: shopDay(text(d.receivedOn) || null) })}</>;
    case "shipment":
      return (
        <>
          {t("orders.history.shipment", { vessel: text(d.vessel) || "—" })}
          <Moved data={d} shopDay={shopDay} />
        </>
      );
    case "dates": {
      // A date that moved is told with the one it replaces; the first dates are told as they are.
      const moved = <Moved data={d} shopDay={shopDay} />;
      return (
        <>
          {"previousEtd" in d || "previousEta" in d
            ? moved
            : t("orders.history.dates", { etd: shopDay(text(d.etd) || null), eta: shopDay(text(d.eta) || null) })}
        </>
      );
    }
    case "courier":
      return (
        <>
          {t("orders.history.courier", {
            courier: COURIER_NAME[text(d.courier) as Courier] ?? text(d.courier),
            tracking: text(d.tracking),
          })}
        </>
      );
    case "shipped":
      return (
        <>
          {d.beforeEtd === true
            ? t("orders.history.shippedBeforeEtd", { vessel: text(d.vessel) || "—", etd: shopDay(text(d.etd) || null) })
            : t("orders.history.shipped", { vessel: text(d.vessel) || "—" })}
        </>
      );
    case "arrived":
      return <PortText text={t("orders.history.arrived", { port: portIn(ports, text(d.port) || order.port) })} />;
    case "completed":
      return <>{t("orders.history.completed")}</>;
    case "cancelled":
      return <>{t("orders.history.cancelled", { reason: text(d.reason) })}</>;
    case "photos":
      return <>{t("orders.history.photos", { count: Number(d.count ?? 0) })}</>;
    case "video":
      return (
        <>{d.removed === true ? t("orders.history.videoRemoved") : t("orders.history.video", { host: text(d.host) })}</>
      );
    case "document": {
      const kind = text(d.kind) as OrderView["documents"][number]["kind"];
      const name = kind === "other" && text(d.title) ? text(d.title) : t(`orders.documents.kinds.${kind}`);
      return <>{t("orders.history.document", { name })}</>;
    }
    case "parties":
      return (
        <>
          {t("orders.consignee.shown")}: {text(d.consignee)}
        </>
      );
    case "partiesChange": {
      // A change of the consignee keeps what it was and what was asked for (issue 42.2).
      const names = (side: unknown) => text((side as { consignee?: unknown } | null)?.consignee);
      const stage = (["requested", "applied", "refused", "withdrawn"] as const).find((s) => s === d.stage);
      if (!stage) return null;
      return (
        <>
          {t(`orders.history.partiesChange.${stage}`, {
            due: text(d.due)
              ? `${format.date(text(d.due), TOKYO_TIME)} (${t("orders.consignee.change.japanTime")})`
              : "",
          })}
          <span className="block">
            {t("orders.history.partiesChange.fromTo", { from: names(d.from), to: names(d.to) })}
          </span>
        </>
      );
    }
    default:
      return null;
  }
}

/** The ETD and ETA a step moved, each with the date it replaced (nothing when neither moved). */
function Moved({ data, shopDay }: { data: Record<string, unknown>; shopDay: (d: string | null) => string }) {
  const { t } = useT("orders");
  const day = (v: unknown) => shopDay(typeof v === "string" && v ? v : null);
  const lines = (
    [
      ["etd", "previousEtd", "orders.history.etdMoved"],
      ["eta", "previousEta", "orders.history.etaMoved"],
    ] as const
  )
    .filter(([now, before]) => before in data && data[before] !== data[now])
    .map(([now, before, key]) => (
      <span key={key} className="block" data-testid="order-date-moved">
        {t(key, { before: day(data[before]), after: day(data[now]) })}
      </span>
    ));
  return lines.length > 0 ? <>{lines}</> : null;
}
