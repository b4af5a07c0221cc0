import { DEMO_CUSTOMER, DEMO_STAFF } from "~/db/seed/seed.server";

/*
 * Signing in over HTTP, at the shared e2e shop or at a shop a test file runs
 * of its own: the answer, whose cookies the caller reads (a redirect, 302,
 * when the sign-in worked).
 */

export function signInStaff(
  shopUrl: string,
  { adminId, password }: { adminId: string; password: string } = DEMO_STAFF,
  remember = false,
): Promise<Response> {
  const body = new URLSearchParams({ adminId, password, redirectTo: "/admin" });
  if (remember) body.set("remember", "on");
  return fetch(`${shopUrl}/admin/login`, { method: "POST", body, redirect: "manual" });
}

export function signInBuyer(
  shopUrl: string,
  { email, password }: { email: string; password: string } = DEMO_CUSTOMER,
): Promise<Response> {
  return fetch(`${shopUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
}
