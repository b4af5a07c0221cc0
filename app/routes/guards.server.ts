import { redirect } from "react-router";
import type { SessionServices } from "~/context.server";
import { type Customer, getCustomer } from "~/domain/accounts/sessions.server";
import { DRAFT_PARAM, keepDraft } from "~/domain/forms/form-drafts.server";
import { getStaff, type SignedInStaff } from "~/domain/staff/staff-sessions.server";
import { pageUrl } from "~/utils/page-url";
import { safeRedirectPath } from "~/utils/safe-redirect";

/*
 * Pages that need someone signed in. The sessions are the domain's; sending a
 * visitor to a login page that brings them back is the routes' business.
 */

/**
 * Where the sign-in page sends the visitor back to: this page, and for a form
 * sent after the session ended, with the token of what it held (form-drafts.server.ts),
 * so the page comes back filled. Only plain forms: an upload is not kept.
 */
async function backHere(services: SessionServices, request: Request): Promise<string> {
  const url = pageUrl(request);
  url.searchParams.delete(DRAFT_PARAM);
  const plainForm = (request.headers.get("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded");
  if (request.method === "POST" && plainForm) {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    const token = form ? await keepDraft(services.db, url.pathname, form) : null;
    if (token) url.searchParams.set(DRAFT_PARAM, token);
  }
  return url.pathname + url.search;
}

/** The signed-in staff member, or a redirect to /admin/login that comes back here. No admin data is read before this passes. */
export async function requireStaff(services: SessionServices, request: Request): Promise<SignedInStaff> {
  const staff = await getStaff(services, request);
  if (staff) return staff;
  const back = safeRedirectPath(await backHere(services, request), "/admin");
  throw redirect(`/admin/login?redirectTo=${encodeURIComponent(back)}`);
}

/** The signed-in buyer, or a redirect to the login page that comes back here. */
export async function requireCustomer(services: SessionServices, request: Request): Promise<Customer> {
  const customer = await getCustomer(services, request);
  if (customer) return customer;
  throw redirect(`/login?redirectTo=${encodeURIComponent(await backHere(services, request))}`);
}
