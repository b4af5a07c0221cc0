import { convertYen } from "~/domain/rates/currencies";
import { useFormat, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";

/**
 * A yen price, with the buyer's chosen currency beside it when it is not yen.
 * The yen figure is the price; the other is a guide at the stored rate.
 */
export function Price({ yen, size = "md", label = "FOB" }: { yen: number; size?: "md" | "lg"; label?: string }) {
  const rate = useRootData()?.rate ?? null;
  const format = useFormat();
  return (
    <span className="inline-flex flex-col" data-testid="price">
      <span className={`font-bold tracking-tight text-slate-900 ${size === "lg" ? "text-3xl" : "text-xl"}`}>
        {format.yen(yen)}
        {label ? <span className="ml-1 text-xs font-medium text-slate-500">{label}</span> : null}
      </span>
      {rate ? (
        <span className={`text-slate-600 ${size === "lg" ? "text-base" : "text-sm"}`} data-testid="converted-price">
          ≈ {format.money(convertYen(yen, rate.rate), rate.code)}
        </span>
      ) : null}
    </span>
  );
}

/** Says which day the shown rate is from, and whether it is the stored copy. */
export function RateNote() {
  const rate = useRootData()?.rate ?? null;
  const { t } = useT();
  const format = useFormat();
  if (!rate) return null;
  const day = format.date(rate.asOf, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return (
    <p className="text-xs text-slate-500" data-testid="rate-note">
      {rate.source === "snapshot"
        ? t("price.rateNoteStored", { currency: rate.code, date: day })
        : t("price.rateNote", { currency: rate.code, date: day })}
    </p>
  );
}
