import { redirect } from "react-router";
import type { SessionServices } from "~/context.server";
import { type Customer, getCustomer } from "~/domain/accounts/sessions.server";
import { getStaff, type SignedInStaff } from "~/domain/staff/staff-sessions.server";
import { RESUME_PARAM } from "~/utils/kept-typing";
import { pageUrl } from "~/utils/page-url";
import { safeRedirectPath } from "~/utils/safe-redirect";

/*
 * Pages that need someone signed in. The sessions are the domain's; sending a
 * visitor to a login page that brings them back is the routes' business.
 */

/** The signed-in staff member, or a redirect to /admin/login that comes back here. No admin data is read before this passes. */
export async function requireStaff(services: SessionServices, request: Request): Promise<SignedInStaff> {
  const staff = await getStaff(services, request);
  if (staff) return staff;
  const back = safeRedirectPath(wayBack(request), "/admin");
  throw redirect(`/admin/login?redirectTo=${encodeURIComponent(back)}`);
}

/** The signed-in buyer, or a redirect to the login page that comes back here. */
export async function requireCustomer(services: SessionServices, request: Request): Promise<Customer> {
  const customer = await getCustomer(services, request);
  if (customer) return customer;
  throw redirect(`/login?redirectTo=${encodeURIComponent(wayBack(request))}`);
}

/**
 * The page to come back to after signing in. A form sent after the session
 * ended is marked, so that page fills the form again with what the tab kept
 * (kept-typing.ts); a page merely opened is not.
 */
function wayBack(request: Request): string {
  const url = pageUrl(request);
  if (request.method !== "GET" && request.method !== "HEAD") url.searchParams.set(RESUME_PARAM, "1");
  return url.pathname + url.search;
}
