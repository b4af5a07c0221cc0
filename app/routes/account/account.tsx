import { type FieldProblems, parseForm } from "~/utils/forms";
import { data, Form, Link, useNavigation } from "react-router";
import { FavouriteList, NoQuotes, NotLoggedIn, QuoteList } from "~/components/store/account-lists";
import { Field, fieldsOf, FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import { ProfileSchema } from "~/domain/accounts/accounts.schema";
import { updateProfile } from "~/domain/accounts/customers.server";
import { listFavourites } from "~/domain/accounts/favourites.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { requireCustomer } from "~/routes/guards.server";
import { withCovers } from "~/domain/quotes/quote-covers.server";
import { recentVehicles } from "~/domain/buyer-tools/recent.server";
import { AccountRecentlyViewed } from "~/components/store/recent";
import { listCustomerQuotes } from "~/domain/quotes/quotes.server";
import { ordersOfCustomer } from "~/domain/sale/order-view.server";
import { OrderStatusBadge } from "~/components/store/order-parts";
import { listSavedSearches } from "~/domain/alerts/saved-searches.server";
import { SavedSearchesSection } from "~/components/store/saved-searches";
import { useT } from "~/i18n/i18n";
import { CountryPhoneFields } from "~/components/store/country-phone-fields";
import { countryOptions, findCountry, shownCountry } from "~/domain/countries";
import { savedSearchFilters } from "~/domain/alerts/saved-searches";
import { requestLanguage } from "~/i18n/request.server";
import { useProblems } from "~/i18n/messages";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = noindexMeta("account", "meta.account");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const customer = await getCustomer(getServices(context), request);
  if (!customer) return { signedIn: false as const };
  const language = requestLanguage(request);
  // Previews: the first 5 of each (SPEC 2, 9).
  const [favourites, quotes, recent, orders] = await Promise.all([
    listFavourites(db, customer.id, 1, 5),
    listCustomerQuotes(db, customer.id, 1, 5),
    recentVehicles(db, customer.id),
    ordersOfCustomer(db, customer.id),
  ]);
  return {
    signedIn: true as const,
    customer,
    favourites,
    quotes: { items: await withCovers(db, quotes.items), total: quotes.total },
    recent,
    orders: { items: orders.slice(0, 5), total: orders.length },
    passwordChanged: new URL(request.url).searchParams.get("password") === "changed",
    // Each search's filters read here: the page's script need not carry the list's query reader.
    savedSearches: (await listSavedSearches(db, customer.id)).map((s) => ({
      ...s,
      filters: savedSearchFilters(s.query),
    })),
    countries: countryOptions(language),
    // The country in the page's language, and one the list does not know to ask again: worked out here,
    // so the list of countries' names stays off the page's scripts.
    country: shownCountry(customer.country, language),
    unknownCountry: findCountry(customer.country) ? null : customer.country,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const customer = await requireCustomer(getServices(context), request);
  const form = await request.formData();
  const submission = parseForm(form, ProfileSchema);
  if (submission.status === "error") {
    return data({ ok: false, errors: submission.errors, values: submission.values }, { status: 400 });
  }
  await updateProfile(db, customer.id, submission.value);
  return { ok: true, errors: {} as FieldProblems, values: null };
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { t } = useT("account");
  const { t: to } = useT("orders");
  const messages = useProblems();
  if (!loaderData.signedIn) return <NotLoggedIn />;
  const { customer, favourites, quotes, recent } = loaderData;
  const v = actionData?.values ?? {
    fullName: customer.fullName,
    country: loaderData.country,
    phone: customer.phone,
  };
  const e = messages.errors(actionData?.errors);
  const field = fieldsOf((name: "fullName") => t(`account.${name}`), v, e);
  // A country typed before the list existed and not known to it ("Kenya" misspelt past mending): asked again.
  const unknownCountry = actionData ? null : loaderData.unknownCountry;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl title">{customer.fullName}</h1>
      <p className="mt-1 text-slate-600">{customer.email}</p>
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <section aria-labelledby="profile-title" className="rounded-2xl border border-slate-200 p-6">
          <h2 id="profile-title" className="text-lg font-bold text-slate-900">
            {t("account.details")}
          </h2>
          <Form method="post" className="mt-4 space-y-4" noValidate key={actionData?.ok ? "saved" : "editing"}>
            {loaderData.passwordChanged ? <FormMessage tone="success">{t("account.passwordSaved")}</FormMessage> : null}
            {actionData?.ok ? <FormMessage tone="success">{t("account.detailsSaved")}</FormMessage> : null}
            <Field
              label={t("account.email")}
              name="email"
              type="email"
              defaultValue={customer.email}
              readOnly
              required={false}
              hint={t("account.emailHint")}
            />
            <Field {...field("fullName")} maxLength={100} />
            <CountryPhoneFields
              choices={loaderData.countries}
              labels={{ country: t("account.country"), phone: t("account.phone") }}
              values={v}
              errors={e}
              unknownCountry={unknownCountry}
              className="space-y-4"
            />
            <button
              type="submit"
              disabled={navigation.state === "submitting"}
              className="h-11 btn-accent px-5 disabled:opacity-60"
            >
              {t("account.save")}
            </button>
          </Form>
        </section>
        <div className="space-y-10">
          {loaderData.orders.total > 0 ? (
            <Preview id="orders" title={to("orders.title")} more="/orders">
              <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
                {loaderData.orders.items.map((o) => (
                  <li key={o.number}>
                    <Link
                      to={`/orders/${o.number}`}
                      className="flex flex-wrap items-center justify-between gap-2 p-3 hover:bg-slate-50"
                    >
                      <span className="min-w-0">
                        <span className="block font-semibold break-words text-slate-900">{o.itemName}</span>
                        <span className="text-sm text-slate-600">{to("orders.orderTitle", { number: o.number })}</span>
                      </span>
                      <OrderStatusBadge status={o.status} />
                    </Link>
                  </li>
                ))}
              </ul>
            </Preview>
          ) : null}
          <Preview id="favourites" title={t("account.favorites")} more={favourites.total > 5 ? "/favorites" : null}>
            <div className="mt-2">
              {favourites.items.length === 0 ? (
                <p className="text-slate-600">{t("account.noFavorites")}</p>
              ) : (
                <FavouriteList items={favourites.items} />
              )}
            </div>
          </Preview>
          <Preview id="quotes" title={t("account.quotes")} more={quotes.total > 0 ? "/quotes" : null}>
            <div className="mt-2">
              {quotes.items.length === 0 ? (
                <NoQuotes text={t("account.noQuotes")} />
              ) : (
                <QuoteList items={quotes.items} />
              )}
            </div>
          </Preview>
          <AccountRecentlyViewed items={recent} />
        </div>
      </div>
      <SavedSearchesSection items={loaderData.savedSearches} />
    </div>
  );
}

/** A preview on the account page: a titled list with, where there is more, a link to all of it. */
function Preview({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more: string | null;
  children: React.ReactNode;
}) {
  const { t } = useT("account");
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="flex items-end justify-between">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {more ? (
          <Link to={more} className="text-sm font-semibold text-accent-700 hover:underline">
            {t("account.viewAll")}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
