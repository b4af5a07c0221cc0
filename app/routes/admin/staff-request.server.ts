import { data } from "react-router";
import { getServices } from "~/context.server";
import type { Refusal } from "~/domain/refusal";
import { refusalStatus } from "~/routes/refusal-status";
import { requireStaff } from "~/routes/guards.server";
import { pageUrl } from "~/utils/page-url";
import { savedMessage } from "~/utils/saved-message";

/*
 * What the loaders and actions of the owner's screens begin with: the staff
 * member signed in (or off to the login page), and the word a save came back
 * with (?saved=), of those the screen has.
 */

/** A loader's or action's arguments; `url` is the page's address (a client navigation's data request is not). */
type RouteArgs = { request: Request; context: Parameters<typeof getServices>[0]; url?: URL };

export async function staffRequest<S extends string = never>(
  { request, context, url = pageUrl(request) }: RouteArgs,
  savedWords: readonly S[] = [],
) {
  const services = getServices(context);
  const staff = await requireStaff(services, request);
  return { services, db: services.db, staff, url, saved: savedMessage(url, savedWords) };
}

/** A settings form sent back with why it was refused, and the status that says so. */
export function refuse<T>(result: T, refusal: Refusal) {
  return data(result, { status: refusalStatus(refusal) });
}

/** An action's start: as staffRequest, with the form sent, what it asks (`intent`) and the row it names (`id`). */
export async function staffAction(args: RouteArgs) {
  const request = await staffRequest(args);
  const form = await args.request.formData();
  return { ...request, form, intent: String(form.get("intent") ?? ""), id: Number(form.get("id")) };
}
