import { getServices } from "~/context.server";
import type { DB } from "~/db/db.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { pageWithin, readPage } from "~/domain/lists/pagination";

/** How many of their favourites or quotes a buyer sees on a page. */
const PER_PAGE = 10;

/**
 * The page a buyer's own list (favourites, quotes) asks for (`?Page=`), a page past the end
 * showing the last one; a visitor who is not signed in gets `signedIn: false`.
 */
export async function ownListPage<T>(
  { request, context }: { request: Request; context: Parameters<typeof getServices>[0] },
  read: (db: DB, customerId: number, page: number, perPage: number) => Promise<{ items: T[]; total: number }>,
) {
  const services = getServices(context);
  const customer = await getCustomer(services, request);
  if (!customer) return { signedIn: false as const };
  const asked = readPage(new URL(request.url).searchParams);
  const { items, page, pageCount } = await pageWithin(asked, PER_PAGE, (page) =>
    read(services.db, customer.id, page, PER_PAGE),
  );
  return { signedIn: true as const, items, page, pageCount };
}
