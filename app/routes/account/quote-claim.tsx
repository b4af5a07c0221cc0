import { data, Form, Link, redirect } from "react-router";
import { FormMessage } from "~/components/ui/field";
import { BusyButton } from "~/components/ui/post-form";
import { getServices } from "~/context.server";
import { claimableQuote, claimQuote } from "~/domain/quotes/quote-claims.server";
import { metaT, useT } from "~/i18n/i18n";
import { requireCustomer } from "~/routes/guards.server";
import type { Route } from "./+types/quote-claim";

/*
 * The link in a quote's confirmation mail, for a quote sent without an
 * account: opened while signed in to the account of the address it was sent
 * from, one button joins the quote (and its orders) to that account.
 * Signed out, the sign-in page brings the buyer back here.
 */

export const meta: Route.MetaFunction = ({ matches, params }) => [
  { title: metaT(matches, "account")("claim.title", { number: params.number }) },
  { name: "robots", content: "noindex" },
];

export function headers() {
  // The link's signature stays on this page: not in the Referer of links out, not in a shared cache.
  return { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const customer = await requireCustomer(services, request);
  const sig = new URL(request.url).searchParams.get("sig") ?? "";
  const quote = await claimableQuote(services.db, services.config.sessionSecret, params.number, sig);
  // Someone else's quote, or a link that is not the shop's: the same answer as a number that does not exist.
  if (!quote || (quote.customerId !== null && quote.customerId !== customer.id)) throw data(null, { status: 404 });
  if (quote.customerId === customer.id) throw redirect(`/quotes/${encodeURIComponent(quote.number)}`);
  const sameAddress = quote.email.trim().toLowerCase() === customer.email.trim().toLowerCase();
  return { number: quote.number, item: quote.itemName, sentFrom: quote.email, account: customer.email, sameAddress };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const customer = await requireCustomer(services, request);
  const sig = new URL(request.url).searchParams.get("sig") ?? "";
  const outcome = await claimQuote(services.db, services.config.sessionSecret, customer, params.number, sig);
  if (outcome.ok) throw redirect(`/quotes/${encodeURIComponent(outcome.number)}`);
  if (outcome.reason === "other-email") return data({ otherEmail: outcome.email }, { status: 409 });
  throw data(null, { status: 404 });
}

export default function QuoteClaim({ loaderData, actionData }: Route.ComponentProps) {
  const { number, item, sentFrom, account, sameAddress } = loaderData;
  const { t } = useT("account");
  const otherAddress = !sameAddress || actionData?.otherEmail;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl title">{t("claim.heading", { number })}</h1>
      <p className="mt-2 text-slate-700">{t("claim.intro", { number, item, email: sentFrom })}</p>
      {otherAddress ? (
        <div className="mt-4">
          <FormMessage tone="error">{t("claim.otherAddress", { account, email: sentFrom })}</FormMessage>
        </div>
      ) : (
        <Form method="post" className="mt-4">
          <BusyButton className="btn-accent min-h-11 px-5 py-2">{t("claim.button")}</BusyButton>
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/quotes" className="link">
          {t("claim.myQuotes")}
        </Link>
      </p>
    </div>
  );
}
