import { PartImportNote } from "~/components/store/import-answer";
import { InEnglish } from "~/components/ui/in-english";
import { PartFitment } from "~/components/store/part-fitment";
import { optionLabel } from "~/components/store/option-label";
import { keepQuoteForm, StockDetailPage, stockDetailMeta, StockNotFound } from "~/components/store/stock-detail-page";
import { carFactRows, type SpecRow } from "~/components/store/vehicle-specs";
import { getPart } from "~/domain/inventory/inventory.server";
import { partQuantityLimit } from "~/domain/quotes/quotes.server";
import { orderableUnits } from "~/domain/sale/stock-moves.server";
import { getServices } from "~/context.server";
import { useFormat, useT } from "~/i18n/i18n";
import type { Route } from "./+types/part";
import { passRetryAfter } from "~/utils/retry-after";
import { loadStockDetail, quoteActionFor } from "./stock-detail.server";
import { pageJsonLd, productJsonLd } from "./json-ld.server";

/** A refused quote (too many at once) says when to come back. */
export const headers: Route.HeadersFunction = passRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  const detail = await loadStockDetail(args, "part", getPart);
  if (!detail.item) return detail.notFound;
  // For search engines, written into the page's head on the server (entry.server.tsx).
  args.context.set(pageJsonLd, productJsonLd(detail.item, detail.page));
  // What can be ordered: the stock less what other buyers' deals have been promised.
  const units = await orderableUnits(getServices(args.context).db, detail.item.id);
  const orderable = units?.orderable ?? 0;
  return {
    ...detail.page,
    orderable,
    maxQuantity: partQuantityLimit(orderable),
  };
}

export const shouldRevalidate = keepQuoteForm;

export const action = quoteActionFor("part");

export const meta: Route.MetaFunction = ({ loaderData, matches }) => stockDetailMeta("part", loaderData, matches);

export default function PartDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("stock");
  const format = useFormat();
  const p = loaderData.item;
  if (!p) return <StockNotFound kind="part" />;
  const data = { ...loaderData, item: p };
  const facts = carFactRows(p, t, format.number);
  return (
    <StockDetailPage
      kind="part"
      data={data}
      result={actionData}
      quantity={{ max: loaderData.maxQuantity }}
      priceLabel={t("detail.part.price")}
      fob={false}
      stockNote={
        p.stockStatus === "sold" ? null : loaderData.orderable > 0 ? (
          <span className="text-sm text-slate-500">· {t("detail.part.inStock", { count: loaderData.orderable })}</span>
        ) : p.quantity > 0 ? (
          <span className="text-sm text-slate-500">· {t("detail.part.allPromised")}</span>
        ) : null
      }
      priceDetails={<PartImportNote part={{ condition: p.condition, type: p.type, subType: p.subType }} />}
      specRows={[
        [t("detail.spec.make"), p.make],
        [t("detail.spec.model"), p.model],
        [t("detail.spec.type"), optionLabel(t, "partType", p.type)],
        [t("detail.spec.subType"), optionLabel(t, "partSubType", p.subType)],
        [t("detail.spec.partNumber"), p.partNumber],
        [t("detail.spec.condition"), optionLabel(t, "partCondition", p.condition)],
        // The car's year, mileage, fuel and colour only where they apply (a tyre has none).
        ...[[t("detail.spec.year"), p.year] as SpecRow, facts.mileage, facts.fuel, facts.color].filter(
          ([, value]) => value !== null,
        ),
        [t("detail.spec.description"), p.description ? <InEnglish>{p.description}</InEnglish> : null],
      ]}
      panels={
        <>
          <PartFitment fits={p.fitment} />
          <section aria-labelledby="payment-title" className="rounded-xl border border-slate-200 p-5">
            <h2 id="payment-title" className="font-bold text-slate-900">
              {t("detail.part.payment.title")}
            </h2>
            <ul className="mt-2 space-y-1 text-sm text-slate-700">
              <li>{t("detail.part.payment.card")}</li>
              <li>{t("detail.part.payment.bankTransfer")}</li>
            </ul>
          </section>
        </>
      }
    />
  );
}
