import { useEffect, useRef } from "react";
import { data, Form, redirect } from "react-router";
import { AdminAuthCard } from "~/components/admin/admin-auth-card";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import { getClientIp, getServices } from "~/context.server";
import { countTries } from "~/domain/auth/rate-limit.server";
import { STAFF_TOO_MANY_TRIES as TOO_MANY_TRIES, staffText } from "~/domain/staff/staff-problems";
import { signInKeys, trustedDeviceCookie } from "~/domain/auth/trusted-device.server";
import { authenticateStaff, endStaffSession, getStaff, startStaffSession } from "~/domain/staff/staff-sessions.server";
import { useSettingsScreen } from "~/components/admin/settings-screen";
import { adminPath } from "~/utils/safe-redirect";
import { startChallenge } from "~/domain/staff/two-factor.server";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/login";
import { passRetryAfter } from "~/utils/retry-after";

export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = noindexMeta("admin", "titles.login");

const INVALID = staffText("invalidLogin");

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = adminPath(new URL(request.url).searchParams.get("redirectTo"));
  // A signed-in staff member goes straight to the panel (SPEC 4).
  if (await getStaff(getServices(context), request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await request.formData();
  const adminId = String(form.get("adminId") ?? "")
    .trim()
    .slice(0, 64);
  // Every try is counted before the password is checked (per address and per Admin ID, or per
  // device for a browser this Admin ID has signed in from before); a right one is given back.
  const keys = await signInKeys(services, request, "staff", adminId, getClientIp(context));
  const gate = await countTries(services.db, keys);
  if (!gate.allowed) {
    return data({ error: TOO_MANY_TRIES }, { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } });
  }
  const password = String(form.get("password") ?? "");
  const staff =
    adminId && password && password.length <= 128 ? await authenticateStaff(services.db, adminId, password) : null;
  // A failed sign-in clears both fields (SPEC 4): nothing typed is sent back.
  if (!staff) return data({ error: INVALID }, { status: 400 });
  await gate.giveBack();
  const remember = form.get("remember") === "on";
  const redirectTo = adminPath(form.get("redirectTo"));
  const headers = new Headers();
  headers.append("Set-Cookie", await endStaffSession(services, request));
  // With two-step sign-in on, the password opens a short challenge, not a session.
  if (staff.twoFactor) {
    headers.append("Set-Cookie", await startChallenge(services, staff.id, remember));
    return redirect(`/admin/login/code?redirectTo=${encodeURIComponent(redirectTo)}`, { headers });
  }
  headers.append("Set-Cookie", await startStaffSession(services, staff.id, remember));
  headers.append("Set-Cookie", await trustedDeviceCookie(services, "staff", staff.adminId));
  return redirect(redirectTo, { headers });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t, m, busy } = useSettingsScreen();
  const form = useRef<HTMLFormElement>(null);
  // Each failed answer (a new object every time) empties both fields and puts the cursor back
  // in Admin ID; without JavaScript the page comes back with them empty.
  useEffect(() => {
    if (!actionData) return;
    form.current?.reset();
    form.current?.querySelector<HTMLInputElement>("input[name=adminId]")?.focus();
  }, [actionData]);
  return (
    <AdminAuthCard title={t("titles.login")}>
      <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5 fill-current">
          <path d="M10 1 3 4v5c0 4.4 3 8.5 7 10 4-1.5 7-5.6 7-10V4l-7-3Zm-1 13-3.5-3.5 1.4-1.4L9 11.2l4.6-4.6L15 8l-6 6Z" />
        </svg>
        {t("login.secure")}
      </p>
      <Form method="post" className="mt-6 space-y-5" noValidate ref={form}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormMessage tone="error">{m(actionData?.error)}</FormMessage>
        <Field label={t("login.adminId")} name="adminId" autoComplete="username" />
        <Field label={t("login.password")} name="password" type="password" autoComplete="current-password" />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="remember" className="h-4 w-4 accent-accent-700" />
          {t("login.remember")}
        </label>
        <SubmitButton busy={busy}>{t("login.submit")}</SubmitButton>
      </Form>
    </AdminAuthCard>
  );
}
