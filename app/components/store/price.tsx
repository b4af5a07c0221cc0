import { formatYen } from "~/domain/inventory/price";
import { convertYen, formatMoney } from "~/domain/rates/currencies";
import { useRootData } from "~/utils/root-data";

/**
 * A yen price, with the buyer's chosen currency beside it when it is not yen.
 * The yen figure is the price; the other is a guide at the stored rate.
 */
export function Price({ yen, size = "md", label = "FOB" }: { yen: number; size?: "md" | "lg"; label?: string }) {
  const rate = useRootData()?.rate ?? null;
  return (
    <span className="inline-flex flex-col" data-testid="price">
      <span className={`font-bold tracking-tight text-slate-900 ${size === "lg" ? "text-3xl" : "text-xl"}`}>
        {formatYen(yen)}
        {label ? <span className="ml-1 text-xs font-medium text-slate-500">{label}</span> : null}
      </span>
      {rate ? (
        <span className={`text-slate-600 ${size === "lg" ? "text-base" : "text-sm"}`} data-testid="converted-price">
          ≈ {formatMoney(convertYen(yen, rate.rate), rate.code)}
        </span>
      ) : null}
    </span>
  );
}

/** Says which day the shown rate is from, and whether it is the stored copy. */
export function RateNote() {
  const rate = useRootData()?.rate ?? null;
  if (!rate) return null;
  const day = new Date(rate.asOf).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  return (
    <p className="text-xs text-slate-500" data-testid="rate-note">
      {rate.code} prices are a guide at the rate of {day}
      {rate.source === "snapshot" ? " (stored copy: live rates are unavailable)" : ""}. You pay in yen.
    </p>
  );
}
