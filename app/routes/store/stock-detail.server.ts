import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "react-router";
import { getServices } from "~/context.server";
import type { DB } from "~/db/db.server";
import { isFavourite } from "~/domain/accounts/favourites.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { STOCK_KINDS, type StockKind } from "~/domain/inventory/stock-kinds";
import { quoteFormStart } from "~/domain/quotes/quote-form.server";
import { requestLanguage } from "~/i18n/request.server";
import { quoteAction } from "./quote-action.server";

/** The item id in a detail page's address; anything else finds nothing. */
export const itemIdOf = (param: string | undefined) => (param && /^\d{1,15}$/.test(param) ? Number(param) : 0);

/**
 * What the vehicle and part pages load alike: the item through the kind's own
 * service, then the buyer's favourite mark, the page's address and a fresh
 * quote form. A missing item is a real 404 page (DECISIONS "Inventory"), not
 * a redirect: `notFound` is its answer.
 */
export async function loadStockDetail<T extends { id: number }>(
  { params, request, context }: LoaderFunctionArgs,
  kind: StockKind,
  get: (db: DB, id: number) => Promise<T | null>,
) {
  const services = getServices(context);
  const { db, config } = services;
  const origin = config.publicUrl.origin;
  const [item, customer] = await Promise.all([get(db, itemIdOf(params.id)), getCustomer(services, request)]);
  if (!item) return { item: null, notFound: data({ item: null, url: "", origin }, { status: 404 }) } as const;
  return {
    item,
    customer,
    page: {
      item,
      url: `${origin}/${STOCK_KINDS[kind].path}/${item.id}`,
      origin,
      favourite: customer ? await isFavourite(db, customer.id, kind, item.id) : false,
      ...quoteFormStart(customer, requestLanguage(request)),
    },
  };
}

/** A detail page's action: the quote form sent about the page's item. */
export function quoteActionFor(kind: StockKind) {
  return ({ params, request, context }: ActionFunctionArgs) => quoteAction(request, context, kind, itemIdOf(params.id));
}
