import { NotLoggedIn, QuoteList, SimplePager } from "~/components/store/account-lists";
import { getServices } from "~/context.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { withCovers } from "~/domain/quotes/quote-covers.server";
import { listCustomerQuotes } from "~/domain/quotes/quotes.server";
import type { Route } from "./+types/quotes";

const PER_PAGE = 10;

export const meta: Route.MetaFunction = () => [
  { title: "Your Quote Requests" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const customer = await getCustomer(db, request);
  if (!customer) return { signedIn: false as const };
  const asked = Number(new URL(request.url).searchParams.get("Page"));
  const page = Number.isSafeInteger(asked) && asked > 0 ? asked : 1;
  const { items, total } = await listCustomerQuotes(db, customer.id, page, PER_PAGE);
  return {
    signedIn: true as const,
    items: await withCovers(db, items),
    page,
    pageCount: Math.max(1, Math.ceil(total / PER_PAGE)),
  };
}

export default function Quotes({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <NotLoggedIn />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your Quote Requests</h1>
      <div className="mt-6">
        {loaderData.items.length === 0 ? (
          <p className="text-slate-600">No quotes yet.</p>
        ) : (
          <QuoteList items={loaderData.items} />
        )}
      </div>
      <SimplePager path="/quotes" page={loaderData.page} pageCount={loaderData.pageCount} />
    </div>
  );
}
