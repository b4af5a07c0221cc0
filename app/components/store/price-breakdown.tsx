import { convertYen } from "~/domain/rates/currencies";
import type { SizeClass } from "~/domain/inventory/size-class";
import { useFormat, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import { PortText, useLanded } from "./price";

/*
 * The vehicle page's price to the buyer's port, line by line: a module of its
 * own, so the lists, which show only the total, do not load it.
 */

/** The detail page's sum: FOB + freight + insurance = total, in yen and the chosen currency. */
export function PriceBreakdown({ yen, sizeClass }: { yen: number; sizeClass: SizeClass }) {
  const found = useLanded(yen, sizeClass);
  const rate = useRootData()?.rate ?? null;
  const { t } = useT("stock");
  const format = useFormat();
  if (!found) return <p className="text-sm text-slate-600">{t("freight.pickPrompt")}</p>;
  const { destination, landed } = found;
  if (!landed)
    return (
      <p className="text-sm text-slate-700" data-testid="price-breakdown">
        <PortText text={destination.words.noFreight} />
      </p>
    );
  const rows: [string, number, string][] = [
    [t("freight.fob"), landed.fob, "fob"],
    [t("freight.freight", { size: t(`freight.size.${sizeClass}`) }), landed.freight, "freight"],
    ...(landed.terms === "CIF"
      ? ([
          [
            t("freight.insurance", { rate: format.decimal(destination.insuranceBp / 100) }),
            landed.insurance,
            "insurance",
          ],
        ] as [string, number, string][])
      : []),
  ];
  if (landed.inspection) rows.push([t("freight.inspection"), landed.inspection, "inspection"]);
  return (
    <div data-testid="price-breakdown">
      <p className="text-sm font-medium text-slate-700">
        <PortText text={destination.words.title} />
      </p>
      <dl className="mt-2 space-y-1 text-sm">
        {rows.map(([label, value, key]) => (
          <div key={key} className="flex justify-between gap-4" data-testid={`breakdown-${key}`}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{format.yen(value)}</dd>
          </div>
        ))}
        <div
          className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-2"
          data-testid="breakdown-total"
        >
          <dt className="font-semibold text-slate-900">
            {t(landed.inspection > 0 ? "freight.totalInspected" : "freight.total", { terms: landed.terms })}
          </dt>
          <dd className="text-right">
            <span className="block text-lg font-bold text-slate-900 tabular-nums">{format.yen(landed.total)}</span>
            {rate ? (
              <span className="block text-slate-600 tabular-nums">
                ≈ {format.money(convertYen(landed.total, rate.rate), rate.code, rate.pattern)}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">{t("freight.note")}</p>
    </div>
  );
}
