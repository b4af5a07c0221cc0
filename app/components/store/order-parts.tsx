import type { OrderStatus } from "~/domain/sale/order-status";
import { useT } from "~/i18n/i18n";

/* Small pieces of the buyer's order pages. */

const TONE: Record<OrderStatus, string> = {
  awaiting_payment: "bg-amber-100 text-amber-900",
  partly_paid: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  shipped: "bg-sky-100 text-sky-900",
  arrived: "bg-sky-100 text-sky-900",
  completed: "bg-slate-100 text-slate-900",
  cancelled: "bg-red-100 text-red-900",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useT("orders");
  return (
    <span
      className={`rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ${TONE[status]}`}
      data-testid="order-status"
    >
      {t(`orders.status.${status}`)}
    </span>
  );
}
