import { withWords } from "~/domain/imports/rule-words.server";
import { liveOrderOfQuote } from "~/domain/sale/order-view.server";
import { awaitsMoney } from "~/domain/sale/order-status";
import { data, Link, redirect, useLoaderData } from "react-router";
import { BusyButton, PostForm } from "~/components/ui/post-form";
import { DealHeader, DealNotFound } from "~/components/store/buyer-order-parts";
import { FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { answerOffer, type OfferAccess } from "~/domain/sale/answer.server";
import { getDealSettings } from "~/domain/sale/deal-settings.server";
import { buyerQuote, type BuyerQuoteView } from "~/domain/sale/deal-view.server";
import { offerCosts, offerLanded } from "~/domain/sale/offer-landed.server";
import { buyerCurrency } from "~/domain/imports/buyer-place.server";
import { displayRate } from "~/domain/rates/rates.server";
import { landedView } from "~/domain/landed-cost/landed-view.server";
import { LandedEstimate } from "~/components/store/landed-estimate";
import { requestLanguage } from "~/i18n/request.server";
import { shopDay } from "~/i18n/format";
import type { DealImportCheck } from "~/domain/sale/deal-import";
import type { LanguageCode } from "~/i18n/languages";
import type { OfferView } from "~/domain/sale/deal-view";
import { dealContext } from "~/domain/sale/offers.server";
import { acceptConfirmations } from "~/domain/sale/deal-import-verdict.server";
import { DealImportWarning, ImportReadTick } from "~/components/store/deal-import";
import { orderLinkPath } from "~/domain/sale/order-links.server";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import type { Problem } from "~/i18n/problem";
import { formInput } from "~/utils/forms";
import { useRootData } from "~/utils/root-data";
import { convertYen } from "~/domain/rates/currencies";
import { PortText, RateNote } from "~/components/store/price";
import { shownPortText } from "~/domain/freight/port-names.server";
import { refusalStatus } from "~/routes/refusal-status";
import type { Route } from "./+types/quote";

/*
 * A quote as its buyer sees it (issue 20): what they asked, the shop's offer
 * with its lines and total to their port, and the answer buttons; after
 * accepting, the reservation, the proforma invoice and how to check it. A
 * signed-in buyer sees their own quotes; a buyer without an account comes
 * through the offer mail's signed link.
 */

export const meta: Route.MetaFunction = ({ matches, params }) => [
  { title: metaT(matches, "account")("deal.title", { number: params.number }) },
  { name: "robots", content: "noindex" },
];

export function headers() {
  // The link's signature stays on this page: not in the Referer of links out, not in a shared cache.
  // Same-origin rather than none: under no-referrer a browser without scripts posts the answer with
  // Origin "null", which the shop refuses as another site's (sameSiteWritesOnly), so it could not answer.
  return { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };
}

/** Who is looking: the signed-in buyer, else the holder of the offer mail's link. */
async function accessOf(
  services: ReturnType<typeof getServices>,
  request: Request,
  params: { offer?: unknown; sig?: unknown },
) {
  const customer = await getCustomer(services, request);
  const offer = Number(params.offer);
  const sig = String(params.sig ?? "");
  const link: OfferAccess = Number.isSafeInteger(offer) && offer > 0 && sig ? { offerId: offer, sig } : null;
  return { customer, link };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const url = new URL(request.url);
  const { customer, link } = await accessOf(services, request, {
    offer: url.searchParams.get("offer"),
    sig: url.searchParams.get("sig"),
  });
  const secret = services.config.sessionSecret;
  const own = customer ? await buyerQuote(services.db, secret, params.number, { customerId: customer.id }) : null;
  const view = own ?? (link ? await buyerQuote(services.db, secret, params.number, link) : null);
  if (!view) throw data({ signedIn: customer !== null }, { status: 404 });
  // The order of the deal's live invoice, for the link to follow it.
  const order = await liveOrderOfQuote(services.db, view.number);
  const orderHref = order ? (own ? `/orders/${order.number}` : orderLinkPath(secret, order.number)) : null;
  // Once paid, the order's page says what comes next: the quote no longer asks for payment.
  const paid = order !== undefined && !awaitsMoney(order.status);
  const asked = url.searchParams.get("done");
  const done: "accept" | "decline" | null = asked === "accept" || asked === "decline" ? asked : null;
  const language = requestLanguage(request);
  return {
    // The destination's rule in the page's words, beside the offer.
    view: view.importCheck ? { ...view, importCheck: checkWithWords(view.importCheck, language) } : view,
    holdDays: (await getDealSettings(services.db)).holdWorkingDays,
    link: link && "sig" in link ? { offer: String(link.offerId), sig: link.sig } : null,
    done,
    orderHref,
    paid,
    // The destination and the offers' ports in the page's language, by the text stored with the deal.
    ports: Object.fromEntries(
      [view.destination, ...view.deal.offers.map((o) => o.port)]
        .filter((port): port is string => Boolean(port))
        .map((port) => [port, shownPortText(port, language)]),
    ),
    // What the offered car would cost cleared at home, beside the offer (vehicles, countries the shop estimates).
    landed: await offerEstimate(services.db, view, language, {
      cookies: request.headers.get("Cookie"),
      accountCountry: customer?.country ?? null,
    }),
  };
}

/** An import check whose rule carries its words in `language`, on the shop's day. */
function checkWithWords(check: DealImportCheck, language: LanguageCode): DealImportCheck {
  const { verdict } = check;
  if (!("rule" in verdict)) return check;
  return { ...check, verdict: { ...verdict, rule: withWords(verdict.rule, language, shopDay(new Date())) } };
}

async function offerEstimate(
  db: ReturnType<typeof getServices>["db"],
  view: BuyerQuoteView,
  language: LanguageCode,
  buyer: { cookies: string | null; accountCountry: string | null },
) {
  const offer = view.deal.offers[0];
  if (!offer) return null;
  const landed = await offerLanded(db, view.number, { port: offer.port, costs: offerCosts(offer.lines) });
  if (!landed) return null;
  // The total in the currency the buyer reads prices in, as the page's other amounts.
  const currency = buyerCurrency(buyer.cookies, { accountCountry: buyer.accountCountry, language });
  return landedView(landed, language, await displayRate(db, currency).catch(() => null));
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const fields = formInput(await request.formData());
  const intent = fields.intent;
  if (intent !== "accept" && intent !== "decline")
    return data({ message: { key: "deal.problems.noOffer" } as Problem }, { status: 400 });
  const { customer, link } = await accessOf(services, request, fields);
  // The offer the page showed: accepting answers that offer, or nothing.
  const seen = Number(fields.seen);
  // The tick that the import warning was read (issue 40), when the offer's destination refuses the vehicle.
  const confirm = acceptConfirmations(fields);
  let outcome = customer
    ? await answerOffer(
        services.db,
        dealContext(services.config),
        params.number,
        intent,
        { customerId: customer.id, seenOfferId: Number.isSafeInteger(seen) && seen > 0 ? seen : 0 },
        new Date(),
        confirm,
      )
    : null;
  if ((!outcome || (!outcome.ok && outcome.refusal === "not-found")) && link)
    outcome = await answerOffer(
      services.db,
      dealContext(services.config),
      params.number,
      intent,
      link,
      new Date(),
      confirm,
    );
  if (!outcome) return data({ message: { key: "deal.problems.notFound" } as Problem }, { status: 404 });
  if (!outcome.ok) return data({ message: outcome.message }, { status: refusalStatus(outcome.refusal) });
  const back = new URLSearchParams();
  if (link && "sig" in link) {
    back.set("offer", String(link.offerId));
    back.set("sig", link.sig);
  }
  back.set("done", intent);
  return redirect(`/quotes/${params.number}?${back}`);
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, holdDays, link, done, orderHref, paid } = loaderData;
  const { t } = useT("account");
  const format = useFormat();
  const { message: m } = useProblems("messages");
  const [current, ...earlier] = view.deal.offers;
  const importCheck = current?.status === "open" ? view.importCheck : null;
  // A destination that refuses the vehicle: accepted only on the owner's override, and with the buyer's tick.
  const importBlocked = importCheck?.refused === true && current?.importOverride === null;
  const importTick = importCheck?.refused === true && !importBlocked;
  const invoice = view.deal.invoices[0];
  const hold = view.deal.hold;
  const day = (iso: string) => format.date(iso, { day: "numeric", month: "short", year: "numeric" });
  const moment = (iso: string) =>
    format.date(iso, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
  const pdfHref = invoice
    ? `/invoices/${invoice.number}.pdf${link ? `?${new URLSearchParams({ quote: view.number, ...link })}` : ""}`
    : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <Link to="/quotes" className="text-sm font-semibold text-accent-700 hover:underline">
        {t("deal.back")}
      </Link>
      <DealHeader
        title={t("deal.title", { number: view.number })}
        item={view}
        status={
          <p
            className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold whitespace-nowrap text-slate-900"
            data-testid="deal-status"
          >
            {t(`deal.status.${view.status}`)}
          </p>
        }
      />

      {done ? (
        <div className="mt-4" role="status">
          <FormMessage tone="success">{t(`deal.done.${done}`)}</FormMessage>
        </div>
      ) : null}
      {actionData ? (
        <div className="mt-4" role="alert" data-testid="deal-refused">
          <FormMessage tone="error">{m(actionData.message)}</FormMessage>
        </div>
      ) : null}

      {invoice ? (
        <section
          className={`mt-6 rounded-xl border p-5 ${invoice.voidedAt ? "border-red-300 bg-red-50" : "border-accent-200 bg-white"}`}
          data-testid="deal-invoice"
        >
          <h2 className="text-lg font-semibold text-slate-900">
            {t("deal.invoice.title", { number: invoice.number })}
          </h2>
          {invoice.voidedAt ? (
            <p className="mt-2 font-semibold text-red-800">{t("deal.invoice.void", { date: day(invoice.voidedAt) })}</p>
          ) : (
            <>
              <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="invoice-total">
                {format.yen(invoice.total)}
              </p>
              <InBuyerCurrency yen={invoice.total} testId="invoice-total-estimate" />
              <p className="mt-1 text-slate-700">
                {paid ? null : <>{t("deal.invoice.due", { date: day(`${invoice.dueDate}T12:00:00+09:00`) })} · </>}
                {t("deal.invoice.issued", { date: day(invoice.issuedAt) })}
              </p>
              {hold && !hold.endedAt ? (
                <p className="mt-2 text-slate-700" data-testid="deal-hold">
                  {t("deal.held", { date: moment(hold.expiresAt) })}
                </p>
              ) : hold?.endedAt && hold.endReason !== "sold" ? (
                <p className="mt-2 text-slate-700">{t("deal.holdEnded", { date: day(hold.endedAt) })}</p>
              ) : null}
              <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                {orderHref ? (
                  <Link
                    to={orderHref}
                    className="inline-flex min-h-11 items-center justify-center btn-accent px-5 py-2 text-center"
                    data-testid="follow-order"
                  >
                    {t("deal.followOrder")}
                  </Link>
                ) : null}
                {pdfHref ? (
                  <a
                    href={pdfHref}
                    className={`inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2 text-center font-semibold ${orderHref ? "border border-slate-300 text-slate-800 hover:bg-slate-50" : "bg-accent-700 text-white hover:bg-accent-800"}`}
                    data-testid="invoice-pdf"
                    download
                  >
                    {t("deal.invoice.download")}
                  </a>
                ) : null}
                <a
                  href={invoice.verifyPath}
                  className="inline-flex min-h-11 items-center justify-center btn-plain px-5 py-2 text-center"
                >
                  {t("deal.invoice.check")}
                </a>
              </div>
              <p className="mt-4 text-sm text-slate-600">
                {t("deal.invoice.code")}:{" "}
                <span className="font-mono text-base font-semibold tracking-wider text-slate-900">{invoice.code}</span>
              </p>
              <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("deal.invoice.warning")}</p>
            </>
          )}
        </section>
      ) : null}

      {current ? (
        <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5" data-testid="deal-offer">
          <h2 className="text-lg font-semibold text-slate-900">{t("deal.offer.title")}</h2>
          <OfferLines offer={current} estimate={{ note: !invoice || invoice.voidedAt !== null }} />
          {loaderData.landed ? (
            <div className="mt-4">
              <LandedEstimate view={loaderData.landed} />
            </div>
          ) : null}
          {current.message ? (
            <p className="mt-4 text-sm whitespace-pre-line text-slate-700">{current.message}</p>
          ) : null}
          {importCheck ? <DealImportWarning check={importCheck} override={current.importOverride} /> : null}
          {current.status === "open" ? (
            <p className="mt-3 text-sm text-slate-600">
              {t("deal.offer.validUntil", { date: moment(current.validUntil) })}
            </p>
          ) : null}
          <p className="mt-3 text-sm">
            <a href="/verify" className="font-semibold text-accent-700 hover:underline" data-testid="verify-link">
              {t("verify.title")}
            </a>
          </p>
          {view.mayAnswer ? (
            <div className="mt-5 space-y-3">
              <p className="text-sm text-slate-700">
                {view.kind === "vehicle"
                  ? t("deal.offer.acceptNote", { days: holdDays })
                  : t("deal.offer.acceptNotePart")}
              </p>
              {importTick && importCheck ? <ImportReadTick country={importCheck.country} form="deal-accept" /> : null}
              <div className="flex flex-wrap gap-3">
                {importBlocked ? null : (
                  <PostForm id="deal-accept" fields={{ intent: "accept", seen: current.id, ...link }}>
                    <BusyButton className="h-12 btn-accent px-6 text-base disabled:opacity-60">
                      {t("deal.offer.accept")}
                    </BusyButton>
                  </PostForm>
                )}
                <PostForm
                  fields={{ intent: "decline", seen: current.id, ...link }}
                  confirm={t("deal.offer.confirmDecline")}
                >
                  <BusyButton className="h-12 btn-plain px-6 text-base">{t("deal.offer.decline")}</BusyButton>
                </PostForm>
              </div>
            </div>
          ) : view.status === "declined" ? (
            <p className="mt-4 text-slate-700">{t("deal.declined")}</p>
          ) : view.status === "expired" || (current.status === "open" && !view.mayAnswer) ? (
            <p className="mt-4 text-slate-700">{t("deal.expired")}</p>
          ) : null}
        </section>
      ) : (
        <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
          <p className="text-slate-700">{view.status === "closed" ? t("deal.closed") : t("deal.waiting")}</p>
        </section>
      )}

      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="font-semibold text-slate-900">{t("deal.yourRequest")}</h2>
        <p className="mt-1 text-sm text-slate-500">{t("deal.asked", { date: day(view.createdAt) })}</p>
        {view.destination ? (
          <p className="mt-2 text-sm text-slate-700">
            <PortText text={t("deal.destination", { port: loaderData.ports[view.destination] })} />
          </p>
        ) : null}
        {view.quantity !== null ? (
          <p className="mt-1 text-sm text-slate-700">{t("deal.quantity", { count: view.quantity })}</p>
        ) : null}
        <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{view.message}</p>
      </section>

      {earlier.length > 0 ? (
        <details className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
          <summary className="cursor-pointer font-semibold text-slate-900">{t("deal.history")}</summary>
          <ul className="mt-3 space-y-4">
            {earlier.map((offer) => (
              <li key={offer.id} className="border-t border-slate-100 pt-3">
                <p className="text-sm text-slate-500">
                  {day(offer.createdAt)} · {t(`deal.offerState.${offer.status}`)}
                </p>
                <OfferLines offer={offer} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/**
 * A yen total in the currency the buyer chose, at the page's rate (the root's):
 * beside the yen, which is what is paid; RateNote says so with the rate's day
 * (once a page: `note` false where another total on the page says it).
 */
function InBuyerCurrency({
  yen,
  testId,
  right = false,
  note = true,
}: {
  yen: number;
  testId: string;
  right?: boolean;
  note?: boolean;
}) {
  const rate = useRootData()?.rate ?? null;
  const format = useFormat();
  if (!rate) return null;
  return (
    <div className="mt-1" data-testid={testId}>
      <p className={`text-lg text-slate-700 tabular-nums ${right ? "text-right" : ""}`}>
        ≈ {format.money(convertYen(yen, rate.rate), rate.code, rate.pattern)}
      </p>
      {note ? <RateNote /> : null}
    </div>
  );
}

/** An offer's lines and total; with `estimate`, the total in the buyer's currency ("note": with the rate note). */
function OfferLines({ offer, estimate = null }: { offer: OfferView; estimate?: { note: boolean } | null }) {
  const { ports } = useLoaderData<typeof loader>();
  const { t } = useT("account");
  const format = useFormat();
  return (
    <>
      <dl className="mt-3 space-y-1.5 text-sm">
        {offer.lines.map((line, i) => (
          <div key={i} className="flex justify-between gap-4">
            <dt className="text-slate-600">{line.kind === "other" ? line.label : t(`deal.lines.${line.kind}`)}</dt>
            <dd className="text-slate-900 tabular-nums">{format.yen(line.amount)}</dd>
          </div>
        ))}
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-t border-slate-200 pt-2">
          <dt className="font-semibold text-slate-900">
            {t("deal.offer.total")}{" "}
            <span className="font-normal text-slate-600">
              <PortText text={t("deal.offer.terms", { terms: offer.terms, port: ports[offer.port] ?? offer.port })} />
            </span>
          </dt>
          <dd
            className="ml-auto text-2xl font-bold whitespace-nowrap text-slate-900 tabular-nums"
            data-testid="offer-total"
          >
            {format.yen(offer.total)}
          </dd>
        </div>
      </dl>
      {estimate ? <InBuyerCurrency yen={offer.total} testId="offer-total-estimate" right note={estimate.note} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <DealNotFound deal="quote" />;
}
