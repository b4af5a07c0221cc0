import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { publicSettings } from "./config.server";
import { getServices } from "./context.server";
import { type Currency, CURRENCY_COOKIE, isCurrency } from "./domain/rates/currencies";
import { getCustomer } from "./domain/accounts/sessions.server";
import { displayRate } from "./domain/rates/rates.server";
import { isLanguage, LANGUAGE_COOKIE, type LanguageCode } from "./i18n/languages";
import { readCookie } from "./utils/cookies";
import { log } from "./utils/log.server";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = getServices(context);
  const customer = await getCustomer(db, request);
  const cookies = request.headers.get("Cookie");
  const chosenLanguage = readCookie(cookies, LANGUAGE_COOKIE);
  const language: LanguageCode = isLanguage(chosenLanguage) ? chosenLanguage : "en";
  const chosenCurrency = readCookie(cookies, CURRENCY_COOKIE);
  const currency: Currency = isCurrency(chosenCurrency) ? chosenCurrency : "JPY";
  // Only the rate of the chosen currency goes to the page; a failure shows yen only.
  const rate = await displayRate(db, currency).catch((error: unknown) => {
    log("error", "exchange rate could not be read", { error: String(error) });
    return null;
  });
  return {
    settings: publicSettings(config),
    language,
    currency,
    rate,
    customer: customer
      ? { firstName: customer.fullName.split(" ")[0] ?? customer.fullName, fullName: customer.fullName }
      : null,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    // The interface is English until the translations land; the chosen language is only remembered.
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#194e90" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Page not found" : "Something went wrong";
  const text =
    status === 404
      ? "The page you are looking for does not exist."
      : "We could not show this page. Please try again in a moment.";
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>{title}</title>
      <p className="text-sm font-semibold text-accent-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">{text}</p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-accent-700 px-5 py-3 font-semibold text-white">
        Go to the home page
      </a>
    </main>
  );
}
