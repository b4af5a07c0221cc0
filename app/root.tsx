import { withWords } from "~/domain/imports/rule-words.server";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirectDocument,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { useLayoutEffect } from "react";
import stylesheet from "./app.css?url";
import { publicSettings } from "./config.server";
import { getServices } from "./context.server";
import { getCustomer } from "./domain/accounts/sessions.server";
import { getCompany } from "./domain/settings/company.server";
import { setMediaBase } from "./domain/media/image-url";
import { displayRate } from "./domain/rates/rates.server";
import { buyerCurrency, buyerPlace } from "./domain/imports/buyer-place.server";
import { shownCountry } from "./domain/countries";
import { shownDestination, shownPort } from "./domain/freight/port-names.server";
import { portInText } from "./domain/freight/freight";
import { isCurrency } from "./domain/rates/currencies";
import { pageKeptReads } from "./db/kept-reads.server";
import { languageAlternates } from "./i18n/alternates";
import { catalogueFor } from "./i18n/catalogues.server";
import { LANGUAGE_FONTS } from "./i18n/fonts";
import { catalogueHref, heldCatalogue, I18nProvider, i18nFor, useT } from "./i18n/i18n";
import { fetchCatalogue } from "./i18n/catalogue-file";
import { moneyPattern, shopDay } from "./i18n/format";
import {
  adminLanguage,
  isAdminPath,
  isLanguage,
  isOrderPath,
  LANGUAGE_PARAM,
  type LanguageCode,
  showsOrders,
} from "./i18n/languages";
import { requestLanguage } from "./i18n/request.server";
import { COOKIES, readCookie, secureCookies, setCookie } from "./utils/cookies";
import { useNonce } from "./utils/nonce";
import { pageUrl } from "./utils/page-url";
import { log } from "./utils/log.server";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * A language link (?lng=si) becomes the visitor's choice, so the next page
 * stays in that language. Pages differ by language, so caches must know.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const response = await next();
    // A file kept for ever (a catalogue, see routes/resources/catalogue.ts) is the same for everyone, and sets nothing.
    if (response.headers.get("Cache-Control")?.includes("immutable")) return response;
    const fromLink = new URL(request.url).searchParams.get(LANGUAGE_PARAM);
    if (isLanguage(fromLink) && readCookie(request.headers.get("Cookie"), COOKIES.language.name) !== fromLink) {
      response.headers.append("Set-Cookie", setCookie(COOKIES.language, fromLink, secureCookies(getServices(context))));
    }
    response.headers.append("Vary", "Cookie, Accept-Language");
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = getServices(context);
  const url = pageUrl(request);
  const customer = await getCustomer(getServices(context), request);
  const cookies = request.headers.get("Cookie");
  const language = requestLanguage(request);
  const admin = isAdminPath(url.pathname);
  const catalogue = admin
    ? catalogueFor(adminLanguage(language), "admin")
    : catalogueFor(language, customer || isOrderPath(url.pathname) ? "buyer" : "public");
  // Read once for many pages, until they change (see app/db/kept-reads.server.ts).
  const keep = await pageKeptReads(db, config);
  // The port the buyer ships to, the ports to choose from, the country they import into (chosen, else the
  // port's), its rule and the months a vehicle ordered today is counted at (public pages only).
  const place = admin ? null : await buyerPlace(db, keep, cookies);
  const destination = place?.destination ?? null;
  const ports = place?.ports ?? [];
  const importing = place?.importing ?? null;
  const shown = destination && shownDestination(destination, language);
  // The buyer's choice; before any, their country's currency when it can be known.
  const currency = buyerCurrency(cookies, {
    accountCountry: customer?.country,
    portCountry: importing?.country ?? destination?.country,
    language,
  });
  // Only the rate of the chosen currency goes to the page; a failure shows yen only.
  const rate = await displayRate(db, currency).catch((error: unknown) => {
    log("error", "exchange rate could not be read", { error: String(error) });
    return null;
  });
  // The footer and About show the company as the owner last saved it (staff panel, Company).
  const company = await keep("company", () => getCompany(db, config.shop));
  return {
    settings: publicSettings(config, company),
    language,
    // Which catalogue, not its text: the browser fetches that once and keeps it (see the Layout's head).
    catalogue: { language: catalogue.language, version: catalogue.version },
    currency,
    // Whether the buyer chose it (else it follows their country): the place form offers "your country's".
    currencyChosen: isCurrency(readCookie(cookies, COOKIES.currency.name)),
    // With how the page's language writes that currency ("₹#"), so the browser writes it without Intl.
    rate: rate && { ...rate, pattern: moneyPattern(rate.code, language) },
    // Ports with their names in the page's language, written here: the table of names stays off the scripts.
    destination: shown,
    ports: ports.map((p) => shownPort(p, language)),
    // The place chip's answer ("Kenya · Mombasa · KES"), written here to keep it off the scripts.
    placeChip: importing?.country
      ? [shownCountry(importing.country, language), shown && portInText(shown), currency].filter(Boolean).join(" · ")
      : null,
    // With each country's name in the page's language, written here: the list of every country stays off the pages' scripts.
    importing: importing && withNames(importing, language),
    customer: customer ? { fullName: customer.fullName } : null,
    // The day in Tokyo the page was written on: the header's clock keeps the day's name written with it.
    day: shopDay(new Date()),
  };
}

/** The buyer's import answer with the rule in the page's words and each country's name, in the page's order. */
function withNames(
  importing: NonNullable<Awaited<ReturnType<typeof buyerPlace>>>["importing"],
  language: LanguageCode,
) {
  const countries = importing.country ? [importing.country, ...importing.countries] : importing.countries;
  const names = Object.fromEntries(countries.map((c) => [c, shownCountry(c, language)]));
  const order = new Intl.Collator(language);
  return {
    ...importing,
    // The rule in the page's words, for the pages that explain it: their scripts need not carry the sentences.
    rule: withWords(importing.rule, language, importing.today),
    // As the page's language sorts its names, so a list of countries reads in order in every language.
    countries: [...importing.countries].sort((a, b) => order.compare(names[a]!, names[b]!)),
    // Written here: the list of every country's name stays off the pages' scripts.
    names,
  };
}

/**
 * When the root's data names another catalogue (a language chosen, a buyer
 * signed in), it is fetched before the page shows. Should it not come (a
 * dropped connection, a new release of the shop), the page is loaded afresh
 * from the server, which renders it with its text.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  try {
    await fetchCatalogue(data.catalogue);
  } catch {
    const url = new URL(request.url);
    throw redirectDocument(url.pathname + url.search);
  }
  return data;
}

/**
 * The root's data (settings, catalogue, buyer) changes only through a form:
 * a language or currency choice, signing in or out. Moving between pages, or
 * changing a filter, does not fetch it again; crossing into the staff panel,
 * or onto an order's page, does.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (isAdminPath(currentUrl.pathname) !== isAdminPath(nextUrl.pathname)) return true;
  // Pages that show orders need their texts, which a visitor's pages do not carry (the buyer may have signed in elsewhere).
  if (!showsOrders(currentUrl.pathname) && showsOrders(nextUrl.pathname)) return true;
  if (!formMethod || formMethod.toUpperCase() === "GET") return false;
  if (formAction === "/favourite") return false;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const ref = root?.catalogue ?? null;
  const catalogue = heldCatalogue(ref);
  const language = ref?.language ?? "en";
  // Search engines find each language of a public page at its own address (made here, not sent in the data).
  const location = useLocation();
  const alternates =
    root && !isAdminPath(location.pathname)
      ? languageAlternates(`${root.settings.publicUrl}${location.pathname}${location.search}`)
      : [];
  // Photos may be served from a CDN or the bucket (MEDIA_PUBLIC_URL); every image URL below is made from this.
  setMediaBase(root?.settings.mediaBase);
  const page = (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#194e90" />
        <Meta />
        {/* With a precedence, React writes the stylesheets before the script preloads, so the page paints sooner. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {LANGUAGE_FONTS[language].map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {/* The page's text, fetched beside the scripts; entry.client.tsx waits for it. */}
        {ref && <link rel="preload" as="fetch" href={catalogueHref(ref)} crossOrigin="anonymous" />}
        <Links />
        {alternates.map((a) => (
          <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />
        ))}
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
  return catalogue ? <I18nProvider i18n={i18nFor(catalogue)}>{page}</I18nProvider> : page;
}

/** The page's scripts have taken it over: the early script of entry.server.tsx (SEND_BEFORE_SCRIPTS) steps aside. */
export default function App() {
  useLayoutEffect(() => document.documentElement.setAttribute("data-live", ""), []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT("common");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 404
      ? t("error.notFoundTitle", { defaultValue: "Page not found" })
      : t("error.failedTitle", { defaultValue: "Something went wrong" });
  const text =
    status === 404
      ? t("error.notFoundText", { defaultValue: "The page you are looking for does not exist." })
      : t("error.failedText", { defaultValue: "We could not show this page. Please try again in a moment." });
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>{title}</title>
      <p className="text-sm font-semibold text-accent-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">{text}</p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-accent-700 px-5 py-3 font-semibold text-white">
        {t("error.home", { defaultValue: "Go to the home page" })}
      </a>
    </main>
  );
}
