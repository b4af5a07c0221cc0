import { problem } from "~/i18n/problem";
import { data, Link, redirect, useNavigation } from "react-router";
import { DangerButton, PostForm } from "~/components/ui/post-form";
import { useProblems } from "~/i18n/messages";
import { FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import { deleteQuotes, openQuote, retryMail, saveQuoteNotes } from "~/domain/quotes/admin-quotes.server";
import { STOCK_ADMIN } from "~/domain/inventory/admin-stock";
import { canOffer, staffMovesFrom } from "~/domain/sale/quote-status";
import { moveQuoteByStaff } from "~/domain/sale/quote-moves.server";
import { createOffer, dealContext, offerDefaults } from "~/domain/sale/offers.server";
import { extendHold, releaseHold } from "~/domain/sale/holds.server";
import { dealOf } from "~/domain/sale/deal-view.server";
import { listTemplates } from "~/domain/sale/reply-templates.server";
import { getBankAccount } from "~/domain/sale/deal-settings.server";
import { listFreightPorts } from "~/domain/freight/freight.server";
import { portLabel } from "~/domain/freight/freight";
import { DealPanel } from "~/components/admin/deal-panel";
import { OfferForm } from "~/components/admin/offer-form";
import { LandedEstimate } from "~/components/store/landed-estimate";
import type { DB } from "~/db/db.server";
import { offerLanded } from "~/domain/sale/offer-landed.server";
import { landedView } from "~/domain/landed-cost/landed-view.server";
import { adminLanguage, type LanguageCode } from "~/i18n/languages";
import { requestLanguage } from "~/i18n/request.server";
import { DealImportNote } from "~/components/admin/deal-import-note";
import type { DealImportCheck } from "~/domain/sale/deal-import";
import { dealImportCheck } from "~/domain/sale/deal-import-verdict.server";
import { formInput, type FieldProblems, type TypedValues } from "~/utils/forms";
import type { Problem } from "~/i18n/problem";
import { requireStaff } from "~/routes/guards.server";
import { refusalStatus } from "~/routes/refusal-status";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "admin")("titles.quote") },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  await requireStaff(getServices(context), request);
  const quote = /^\d{10}$/.test(params.number) ? await openQuote(db, params.number) : null;
  if (!quote) throw data("Quote not found", { status: 404 });
  const offering = canOffer(quote.status);
  const deal = await dealOf(db, quote.id);
  const values = offering ? await offerDefaults(db, quote.id) : null;
  const open = deal.offers[0]?.status === "open" ? deal.offers[0] : null;
  return {
    quote,
    shopName: config.shop.name,
    deal,
    // The destination's import verdict: the open offer's port, else the quote's (issue 40).
    importCheck: await dealImportCheck(db, quote.id, open?.port ?? null),
    offer: values
      ? {
          values,
          importCheck: await dealImportCheck(db, quote.id, values.port ?? null),
          templates: (await listTemplates(db)).map(({ id, name, body }) => ({ id, name, body })),
          ports: (await listFreightPorts(db)).map(portLabel),
          bankSet: (await getBankAccount(db)) !== null,
          // The estimate the buyer will see beside the offer, for the amounts suggested in the form.
          landed: await suggestedEstimate(db, quote.number, values, adminLanguage(requestLanguage(request))),
        }
      : null,
  };
}

async function suggestedEstimate(db: DB, number: string, values: TypedValues, language: LanguageCode) {
  const yen = (name: string) => (/^\d{1,12}$/.test(values[name] ?? "") ? Number(values[name]) : 0);
  const costs = {
    fob: yen("fob"),
    freight: yen("freight"),
    insurance: yen("insurance"),
    inspection: yen("inspection"),
  };
  const landed = await offerLanded(db, number, { port: values.port ?? null, costs });
  return landed && landedView(landed, language);
}

type ActionResult = {
  ok: boolean;
  message: Problem;
  errors?: FieldProblems;
  values?: TypedValues;
  importCheck?: DealImportCheck;
};

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const staff = await requireStaff(getServices(context), request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "offer") {
    const fields = formInput(form);
    const outcome = await createOffer(db, dealContext(getServices(context).config), params.number, fields, staff);
    return outcome.ok
      ? data<ActionResult>({ ok: true, message: problem("deal.sent") })
      : data<ActionResult>(
          {
            ok: false,
            message: outcome.message,
            errors: outcome.errors,
            values: outcome.values,
            importCheck: outcome.importCheck,
          },
          { status: refusalStatus(outcome.refusal) },
        );
  }
  if (intent === "extend" || intent === "release") {
    const outcome =
      intent === "extend"
        ? await extendHold(
            db,
            dealContext(getServices(context).config),
            params.number,
            String(form.get("days") ?? ""),
            staff,
          )
        : await releaseHold(db, dealContext(getServices(context).config), params.number, staff);
    return outcome.ok
      ? data<ActionResult>({ ok: true, message: problem(intent === "extend" ? "deal.extended" : "deal.released") })
      : data<ActionResult>({ ok: false, message: outcome.message }, { status: 400 });
  }
  if (intent === "move") {
    const outcome = await moveQuoteByStaff(
      db,
      params.number,
      String(form.get("event") ?? ""),
      staff,
      dealContext(getServices(context).config),
    );
    return outcome.ok
      ? { ok: true, message: problem("quote.statusChanged") }
      : data({ ok: false, message: outcome.message }, { status: 400 });
  }
  if (intent === "notes") {
    const saved = await saveQuoteNotes(db, params.number, String(form.get("notes") ?? ""));
    return saved
      ? { ok: true, message: problem("quote.notesSaved") }
      : data({ ok: false, message: problem("messages.text.quoteNotFound") }, { status: 404 });
  }
  if (intent === "retry") {
    const queued = await retryMail(db, Number(form.get("mailId")), params.number);
    return queued
      ? { ok: true, message: problem("quote.mailRetried") }
      : data({ ok: false, message: problem("quote.mailCannotRetry") }, { status: 400 });
  }
  if (intent === "delete") {
    const quote = await openQuote(db, params.number);
    const deleted = await deleteQuotes(db, [params.number], staff);
    if (quote && deleted === 0)
      return data<ActionResult>({ ok: false, message: problem("messages.text.quoteKept") }, { status: 409 });
    return redirect(STOCK_ADMIN[quote?.kind ?? "vehicle"].quotes);
  }
  return data({ ok: false, message: problem("messages.text.unknownAction") }, { status: 400 });
}

function digits(phone: string) {
  return phone.replace(/[^\d]/g, "");
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, shopName, deal, offer, importCheck } = loaderData;
  const refused = actionData && !actionData.ok ? (actionData as ActionResult) : null;
  const navigation = useNavigation();
  const { t } = useT("admin");
  const format = useFormat();
  const { message: m } = useProblems("admin");
  const itemName = quote.item?.name ?? quote.itemNameAtRequest;
  // The reply is written to the buyer, in English as before: not the staff's interface.
  const reply = `mailto:${quote.email}?subject=${encodeURIComponent(`Your quote ${quote.number}: ${itemName}`)}&body=${encodeURIComponent(
    `Dear ${quote.name},\n\nThank you for your request for ${itemName} (Ref ${quote.refId}).\n\n\n\nBest regards,\n${shopName}`,
  )}`;
  const links = [
    { label: t("quote.reply"), href: reply },
    { label: "WhatsApp", href: `https://wa.me/${digits(quote.phone)}` },
    { label: "Viber", href: `viber://chat?number=%2B${digits(quote.phone)}` },
    { label: "LINE", href: `https://line.me/R/msg/text/?${encodeURIComponent(`Quote ${quote.number}`)}` },
  ];
  const screens = STOCK_ADMIN[quote.kind];
  return (
    <div className="max-w-4xl space-y-6">
      <Link to={screens.quotes} className="text-sm font-semibold text-accent-700 hover:underline">
        {t(screens.words.backToQuotes)}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("quote.title", { number: quote.number })}</h1>
          <p className="text-slate-600">
            {t(quote.item ? "quote.header" : "quote.headerGone", {
              date: format.date(quote.createdAt, { dateStyle: "medium", timeStyle: "short" }),
              item: itemName,
              refId: quote.refId,
            })}
          </p>
        </div>
        <p
          className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-900"
          data-testid="quote-status"
        >
          {t(`quoteStatus.${quote.status}`)}
        </p>
      </div>
      {actionData ? (
        <FormMessage tone={actionData.ok ? "success" : "error"}>{m(actionData.message)}</FormMessage>
      ) : null}
      <section className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="font-semibold text-slate-900">{t("quote.customer")}</h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <Fact label={t("quote.name")}>{quote.name || t("quote.noName")}</Fact>
          <Fact label={t("quote.country")}>{quote.country}</Fact>
          <div>
            <dt className="text-slate-500">{t("quote.destination")}</dt>
            <dd data-testid="quote-destination">{quote.destination ?? t("quote.noDestination")}</dd>
            {importCheck ? (
              <dd className="mt-1">
                <DealImportNote check={importCheck} />
              </dd>
            ) : null}
          </div>
          {quote.quantity !== null ? (
            <Fact label={t("quote.quantity")} testId="quote-quantity">
              {quote.quantity}
            </Fact>
          ) : null}
          <Fact label={t("quote.email")}>{quote.email || t("quote.noEmail")}</Fact>
          <Fact label={t("quote.phone")}>{quote.phone || t("quote.noPhone")}</Fact>
          <Fact label={t("quote.preferredContact")}>
            {quote.contactMethods.length ? quote.contactMethods.join(", ") : t("quote.notAvailable")}
          </Fact>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          {links.map((l) => (
            <a
              key={l.label}
              href={l.href}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              rel="noopener noreferrer"
            >
              {l.label}
            </a>
          ))}
        </div>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="font-semibold text-slate-900">{t("quote.message")}</h2>
        <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800" data-testid="quote-message">
          {quote.message || t("quote.noMessage")}
        </p>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5" data-testid="quote-deal">
        <h2 className="font-semibold text-slate-900">{t("deal.title")}</h2>
        <div className="mt-3 space-y-6">
          <DealPanel deal={deal} />
          {offer ? (
            offer.bankSet ? (
              <OfferForm
                key={deal.offers.length}
                values={refused?.values ?? offer.values}
                errors={refused?.errors ?? {}}
                templates={offer.templates}
                ports={offer.ports}
                preview={{ buyer_name: quote.name, vehicle: itemName, port: quote.destination ?? "" }}
                again={deal.offers.length > 0}
                importCheck={refused?.importCheck ?? offer.importCheck}
              />
            ) : (
              <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                {t("deal.noBank")}{" "}
                <Link to="/admin/invoicing" className="font-semibold underline">
                  /admin/invoicing
                </Link>
              </p>
            )
          ) : null}
          {offer?.landed ? (
            <div data-testid="offer-landed">
              <p className="mb-2 text-sm text-slate-600">{t("deal.landedHint")}</p>
              <LandedEstimate view={offer.landed} />
            </div>
          ) : null}
        </div>
      </section>
      <section className="flex flex-wrap gap-3">
        {staffMovesFrom(quote.status).map((move) => {
          // Closing an open offer or an accepted deal undoes something the buyer relies on: ask first.
          const weighty = move.event === "close" && (quote.status === "offered" || quote.status === "accepted");
          const label =
            move.event === "reopen"
              ? t("quote.moves.reopen")
              : quote.status === "offered"
                ? t("quote.moves.withdraw")
                : quote.status === "accepted"
                  ? t("quote.moves.closeDeal")
                  : t("quote.moves.close");
          return (
            <PostForm
              key={move.event}
              fields={{ intent: "move", event: move.event }}
              confirm={weighty ? `${label}?` : null}
            >
              <button
                type="submit"
                disabled={navigation.state === "submitting"}
                className={
                  weighty
                    ? "min-h-10 rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-800"
                    : "h-10 rounded-lg bg-accent-700 px-4 text-sm font-semibold text-white"
                }
              >
                {label}
              </button>
            </PostForm>
          );
        })}
        <PostForm fields={{ intent: "delete" }} confirm={t("quote.confirmDelete")}>
          <DangerButton>{t("quote.delete")}</DangerButton>
        </PostForm>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="font-semibold text-slate-900">{t("quote.notes")}</h2>
        <PostForm fields={{ intent: "notes" }} className="mt-2 space-y-2">
          <label htmlFor="quote-notes" className="sr-only">
            {t("quote.notes")}
          </label>
          <textarea
            id="quote-notes"
            name="notes"
            rows={4}
            maxLength={5000}
            defaultValue={quote.notes}
            className="block w-full rounded-lg border border-slate-300 p-2 text-sm"
          />
          <button type="submit" className="h-9 rounded-lg bg-slate-800 px-4 text-sm font-semibold text-white">
            {t("quote.saveNotes")}
          </button>
        </PostForm>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="font-semibold text-slate-900">{t("quote.mail")}</h2>
        <ul className="mt-2 space-y-2 text-sm">
          {quote.mails.map((mail) => (
            <li key={mail.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {mail.status === "sent"
                  ? t("quote.mailSent", { address: mail.to_address })
                  : mail.status === "failed"
                    ? t("quote.mailFailed", {
                        address: mail.to_address,
                        attempts: mail.attempts,
                        reason: mail.last_error ?? t("quote.noReason"),
                      })
                    : t("quote.mailWaiting", { address: mail.to_address, attempts: mail.attempts })}
              </span>
              {mail.status === "failed" ? (
                <PostForm fields={{ intent: "retry", mailId: mail.id }}>
                  <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1 font-semibold">
                    {t("quote.sendAgain")}
                  </button>
                </PostForm>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** One fact of the buyer's request: its label, and what they gave. */
function Fact({ label, testId, children }: { label: string; testId?: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
