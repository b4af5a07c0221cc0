import { redirect } from "react-router";
import { safeRedirectPath } from "./safe-redirect";

/*
 * Where signing in or registering leads back to (issue 44.4): the page the
 * buyer was on, a car or a list with its filters, rather than a fixed page.
 * The header's links need no script for it: the page they came from is the
 * request's Referer, which the shop's Referrer-Policy sends whole within
 * the shop.
 */

/** The sign-in pages, whatever their case: going back to one of them would go round in a circle. */
const AUTH_PAGE = /^\/(?:login|register|reset-password|logout)(?:[/?.#]|$)/i;

/** Whether a path is a sign-in page, as the router would match it: "/%6Cogin" and "/LOGIN" are "/login". */
function isAuthPage(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not decodable: judged as written.
  }
  return AUTH_PAGE.test(path) || AUTH_PAGE.test(decoded);
}

/**
 * The page to go back to: the address's `redirectTo`, else the page of this
 * shop the request came from (not another sign-in page), else `fallback`.
 */
export function wayBack(request: Request, fallback: string): string {
  const asked = new URL(request.url).searchParams.get("redirectTo");
  if (asked) return backTo(asked, fallback);
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return fallback;
  }
  // Another site's page is not a way back, even if it names one of ours.
  if (from.host !== new URL(request.url).host) return fallback;
  // From another sign-in page (its header's links): the way back that page kept in its address.
  if (isAuthPage(from.pathname)) return backTo(from.searchParams.get("redirectTo"), fallback);
  return backTo(from.pathname + from.search, fallback);
}

/**
 * The way back for a sign-in page's loader, kept in the page's address once
 * read from where the buyer came from: the links of that page (the header's
 * too) then carry it on to the next sign-in page. Throws that redirect.
 */
export function wayBackInAddress(request: Request, page: "/login" | "/register", fallback: string): string {
  const back = wayBack(request, fallback);
  // The page's own path, not the request's: a move between pages asks for "/register.data".
  if (!new URL(request.url).searchParams.has("redirectTo") && back !== fallback)
    throw redirect(`${page}?redirectTo=${encodeURIComponent(back)}`);
  return back;
}

/** A path to go back to: on this shop, not a sign-in page, else `fallback`. */
export function backTo(path: FormDataEntryValue | string | null | undefined, fallback: string): string {
  const safe = safeRedirectPath(path, fallback);
  return isAuthPage(safe) ? fallback : safe;
}

/** The same path with one parameter more ("/vehicles/5?x=1" → "/vehicles/5?x=1&welcome=1"). */
export function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, "http://shop.invalid");
  url.searchParams.set(name, value);
  return url.pathname + url.search + url.hash;
}

/** Why a sign-in page was asked for: the favourite heart pressed signed out (nothing else is shown). */
export function whyAsked(request: Request): "favourite" | null {
  return new URL(request.url).searchParams.get("why") === "favourite" ? "favourite" : null;
}

/**
 * A link to the other sign-in page that keeps the way back, when it is the
 * buyer's own (not this page's `fallback`), and why they were asked.
 */
export function otherSignInPage(
  page: "/login" | "/register",
  back: string,
  fallback: string,
  why: "favourite" | null,
): string {
  const params = new URLSearchParams();
  if (back !== fallback) params.set("redirectTo", back);
  if (why) params.set("why", why);
  return params.size ? `${page}?${params}` : page;
}
