import type { OrderStatus } from "~/domain/sale/order-status";
import { useFormat, useT } from "~/i18n/i18n";

/** Each status's colour on the owner's pages: money awaited in amber, money in green, on the way in blue. */
const STATUS_LOOK: Record<OrderStatus, string> = {
  awaiting_payment: "bg-amber-100 text-amber-900",
  partly_paid: "bg-orange-100 text-orange-900",
  paid: "bg-emerald-100 text-emerald-900",
  shipped: "bg-sky-100 text-sky-900",
  arrived: "bg-indigo-100 text-indigo-900",
  completed: "bg-slate-200 text-slate-900",
  cancelled: "bg-red-100 text-red-900",
};

export function OrderStatusBadge({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useT("admin");
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_LOOK[status]}`}
      data-testid={testId}
      data-status={status}
    >
      {t(`messages.orderStatusNames.${status}`)}
    </span>
  );
}

/** A day of the shop's calendar ("2026-12-04") as the reader writes dates. */
export function useShopDay() {
  const format = useFormat();
  // Noon in Tokyo is the same day everywhere the date is written.
  return (day: string) => format.date(`${day}T12:00:00+09:00`, { dateStyle: "medium" });
}
