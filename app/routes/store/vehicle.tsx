import { optionLabel } from "~/components/store/option-label";
import { InEnglish } from "~/components/ui/in-english";
import { PriceBreakdown } from "~/components/store/price-breakdown";
import { sizeClassOf } from "~/domain/inventory/size-class";
import { CompareToggle } from "~/components/store/compare";
import { ImportAnswer, ImportWarning } from "~/components/store/import-answer";
import { useMonthText } from "~/components/store/import-badge";
import { StockCard } from "~/components/store/stock-card";
import { useRecordRecentView } from "~/components/store/recent-store";
import { keepQuoteForm, StockDetailPage, stockDetailMeta, StockNotFound } from "~/components/store/stock-detail-page";
import { vehicleSpecRows } from "~/components/store/vehicle-specs";
import { recordView } from "~/domain/buyer-tools/recent.server";
import { log } from "~/utils/log.server";
import { getServices } from "~/context.server";
import { getPublicVehicle } from "~/domain/inventory/inventory.server";
import { similarVehicles } from "~/domain/inventory/similar.server";
import { useFormat, useT } from "~/i18n/i18n";
import type { Route } from "./+types/vehicle";
import { passRetryAfter } from "~/utils/retry-after";
import { loadStockDetail, quoteActionFor } from "./stock-detail.server";
import { carJsonLd, pageJsonLd } from "./json-ld.server";
import { importVerdict, vehicleKind } from "~/domain/imports/import-rules";
import { refusesVehicle } from "~/domain/sale/deal-import";
import { LandedEstimateBox } from "~/components/store/landed-estimate";
import { pageKeptReads } from "~/db/kept-reads.server";
import { buyerCurrency, buyerPlace } from "~/domain/imports/buyer-place.server";
import { displayRate } from "~/domain/rates/rates.server";
import { vehicleLanded } from "~/domain/landed-cost/landed-page.server";
import { landedView } from "~/domain/landed-cost/landed-view.server";
import { requestLanguage, serverT } from "~/i18n/request.server";
import { readAuctionSheet } from "~/domain/proof/auction-sheets.server";
import { vehicleReadings } from "~/domain/proof/paper-readings.server";
import { packCodeOf } from "~/domain/proof/packs.server";
import { papersView, sheetView } from "~/domain/proof/sheet-words.server";
import { AuctionSheetBox, PapersBox } from "~/components/store/auction-sheet";
import { renderToStaticMarkup } from "react-dom/server";
import type { DB } from "~/db/db.server";
import type { ImportRule } from "~/domain/imports/import-rules";
import type { LanguageCode } from "~/i18n/languages";

/** A refused quote (too many at once) says when to come back. */
export const headers: Route.HeadersFunction = passRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  const { db, config } = getServices(args.context);
  const detail = await loadStockDetail(args, "vehicle", getPublicVehicle);
  if (!detail.item) return detail.notFound;
  const { item: vehicle, customer } = detail;
  // For search engines, written into the page's head on the server (entry.server.tsx).
  args.context.set(pageJsonLd, carJsonLd(vehicle, detail.page));
  // Signed-in buyers' pages are never cached, so each of their views reaches here.
  // A view that cannot be recorded (a busy database) must not cost the buyer the page.
  if (customer)
    await recordView(db, customer.id, vehicle.id).catch((error: unknown) =>
      log("error", "recently viewed could not be recorded", { error: String(error) }),
    );
  // What it would cost cleared in the buyer's country, written here in the page's words.
  const keep = await pageKeptReads(db, config);
  const cookies = args.request.headers.get("Cookie");
  const place = await buyerPlace(db, keep, cookies);
  // A sold car is not estimated: the page points to similar ones instead.
  const landed = vehicle.stockStatus === "sold" ? null : await vehicleLanded(db, keep, place, vehicle);
  const language = requestLanguage(args.request);
  const currency = buyerCurrency(cookies, {
    accountCountry: customer?.country,
    portCountry: place.destination?.country,
    language,
  });
  // The total in the buyer's own currency too; a rate that cannot be read leaves it out.
  const shown = landed ? await displayRate(db, currency).catch(() => null) : null;
  return {
    ...detail.page,
    // Which of a country's age limits applies, worked out here: the page's script need not carry the test.
    importKind: vehicleKind(vehicle),
    landed: {
      madeFor: `${place.destination?.id ?? ""}|${place.importing.country ?? ""}|${currency}`,
      view: landed && landedView(landed, language, shown),
    },
    // The papers (the auction sheet with its translation, every paper's mileage and dates side by side), in the
    // page's words, drawn here: the page's scripts carry none of it.
    papersHtml: await proofHtml(db, vehicle.id, place.importing, language),
    // Only what the buyer's country admits: a refused car is no alternative (a country without a rule refuses none).
    similar: await similarVehicles(db, vehicle, (card) => {
      const { country, rule, months } = place.importing;
      return !refusesVehicle(importVerdict({ ...card, year: card.year ?? vehicle.year }, country, rule, months));
    }),
  };
}

/** The vehicle's papers as HTML in `language`, or null when it has none. */
async function proofHtml(
  db: DB,
  vehicleId: number,
  importing: { country: string | null; rule: ImportRule | null },
  language: LanguageCode,
): Promise<string | null> {
  const sheet = await readAuctionSheet(db, vehicleId);
  const papers = papersView(await vehicleReadings(db, vehicleId, sheet), importing, language, sheet?.fields.flags);
  if (!sheet && !papers) return null;
  const code = await packCodeOf(db, vehicleId);
  return renderToStaticMarkup(
    <>
      {sheet ? <AuctionSheetBox sheet={sheetView(sheet, vehicleId, language)} /> : null}
      {papers ? <PapersBox papers={papers} /> : null}
      {code ? (
        <p className="text-sm" data-testid="pack-code">
          <a href={`/verify/${code}`} className="font-medium text-accent-700 underline">
            {serverT(language, "proof")("sheet.packCode", { link: "/verify", code })}
          </a>
        </p>
      ) : null}
    </>,
  );
}

export const shouldRevalidate = keepQuoteForm;

export const action = quoteActionFor("vehicle");

export const meta: Route.MetaFunction = ({ loaderData, matches }) => stockDetailMeta("vehicle", loaderData, matches);

export default function VehicleDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("stock");
  const format = useFormat();
  const month = useMonthText();
  const v = loaderData.item;
  useRecordRecentView(v?.id ?? null);
  if (!v) return <StockNotFound kind="vehicle" />;
  const data = { ...loaderData, item: v };
  const sold = v.stockStatus === "sold";
  return (
    <StockDetailPage
      kind="vehicle"
      data={data}
      result={actionData}
      priceLabel={t("detail.vehicle.fobPrice")}
      fob
      statusNote={
        v.stockStatus === "available" ? (
          <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
            {optionLabel(t, "stockStatus", "available")}
          </span>
        ) : null
      }
      priceDetails={
        <>
          <div className="mt-4 space-y-3 border-t border-slate-200 pt-4" data-testid="delivered-box">
            <PriceBreakdown yen={v.price} sizeClass={sizeClassOf(v)} />
          </div>
          <div className="mt-4">
            <ImportAnswer vehicle={{ ...v, importKind: loaderData.importKind }} />
          </div>
          <LandedEstimateBox estimate={loaderData.landed} className="mt-4" />
          <p className="mt-4 text-sm font-medium text-slate-700">{t("detail.vehicle.payments")}</p>
          {sold ? (
            <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("detail.vehicle.sold")}</p>
          ) : null}
        </>
      }
      quoteNote={<ImportWarning vehicle={{ ...v, importKind: loaderData.importKind }} />}
      actions={<CompareToggle vehicleId={v.id} size="lg" />}
      // The same rows as the compare page's.
      specRows={vehicleSpecRows(v, t, format.number, month)}
      grid={({ gallery, summary, quote }) => (
        /*
          Phones: photos, name and price, specifications, the description, then the quote form.
          Wide screens: photos and description on the left; name, price (with a link to the form)
          and specifications on the right, the quote form below them.
        */
        <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr_auto]">
          <div className="lg:col-start-1 lg:row-start-1">{gallery}</div>
          <div className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">{summary}</div>
          <section aria-labelledby="description-title" className="lg:col-start-1 lg:row-start-2">
            <h2 id="description-title" className="text-lg font-bold text-slate-900">
              {t("detail.description")}
            </h2>
            {v.description ? (
              <InEnglish className="mt-3 leading-relaxed whitespace-pre-line text-slate-700">{v.description}</InEnglish>
            ) : (
              <p className="mt-3 leading-relaxed text-slate-700">{t("detail.noDescription")}</p>
            )}
            {loaderData.papersHtml ? (
              // Markup React wrote on the server from escaped text (proofHtml), never the owner's HTML.
              <div className="mt-8 space-y-8" dangerouslySetInnerHTML={{ __html: loaderData.papersHtml }} />
            ) : null}
          </section>
          <div className="space-y-6 lg:col-start-2 lg:row-start-3">{quote}</div>
        </div>
      )}
      after={
        loaderData.similar.length > 0 ? (
          <section aria-labelledby="similar-title" className="mt-12" data-testid="similar-vehicles">
            <h2 id="similar-title" className="text-lg font-bold text-slate-900">
              {t("detail.similar.title")}
            </h2>
            <div className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              {loaderData.similar.map((item) => (
                <StockCard key={item.id} item={item} href={`/vehicles/${item.id}`} />
              ))}
            </div>
          </section>
        ) : null
      }
    />
  );
}
