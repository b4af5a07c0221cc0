import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useProblems } from "~/i18n/messages";
import { AdminAuthCard } from "~/components/admin/admin-auth-card";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import { getClientIp, getServices } from "~/context.server";
import { logActivity } from "~/domain/activity/activity.server";
import { countTries } from "~/domain/auth/rate-limit.server";
import { STAFF_TOO_MANY_TRIES as TOO_MANY_TRIES } from "~/domain/staff/staff-problems";
import { trustedDeviceCookie } from "~/domain/auth/trusted-device.server";
import { endStaffSession, getStaff, startStaffSession } from "~/domain/staff/staff-sessions.server";
import {
  checkSecondFactor,
  endChallenge,
  readChallenge,
  staffCodeKeys,
  twoFactorStatus,
  WRONG_CODE,
} from "~/domain/staff/two-factor.server";
import { useT } from "~/i18n/i18n";
import { adminPath } from "~/utils/safe-redirect";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/login-code";
import { passRetryAfter } from "~/utils/retry-after";

/*
 * The second step of a staff sign-in with two-step sign-in on: a code from the
 * authenticator app, or one of the recovery codes. Reached only with the
 * challenge cookie a correct password gave; no session exists before this.
 */

export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = noindexMeta("admin", "titles.loginCode");

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const redirectTo = adminPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getStaff(services, request)) throw redirect(redirectTo);
  const challenge = await readChallenge(services, request);
  if (!challenge) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  return { redirectTo, adminId: challenge.adminId };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await request.formData();
  const redirectTo = adminPath(form.get("redirectTo"));
  const challenge = await readChallenge(services, request);
  // Five minutes are over (or the code step was reached some other way): back to the password.
  if (!challenge) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  // Every code is counted first, per staff member and per address; a right one is given back.
  const gate = await countTries(services.db, staffCodeKeys(challenge.staffId, getClientIp(context)));
  if (!gate.allowed) {
    return data({ error: TOO_MANY_TRIES }, { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } });
  }
  const passed = await checkSecondFactor(services, challenge.staffId, String(form.get("code") ?? ""));
  if (!passed) return data({ error: WRONG_CODE }, { status: 400 });
  await gate.giveBack();
  if (passed === "recovery") {
    const { recoveryCodesLeft } = await twoFactorStatus(services.db, challenge.staffId);
    await logActivity(services.db, {
      actor: { kind: "staff", id: String(challenge.staffId) },
      action: "staff.recovery_code_used",
      subject: { kind: "staff", id: String(challenge.staffId) },
      summary: `${challenge.adminId} signed in with a recovery code (${recoveryCodesLeft} left)`,
    });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await endChallenge(services, challenge));
  headers.append("Set-Cookie", await endStaffSession(services, request));
  headers.append("Set-Cookie", await startStaffSession(services, challenge.staffId, challenge.remember));
  headers.append("Set-Cookie", await trustedDeviceCookie(services, "staff", challenge.adminId));
  return redirect(redirectTo, { headers });
}

export default function AdminLoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { t } = useT("admin");
  const { message: m } = useProblems("admin");
  return (
    <AdminAuthCard title={t("titles.loginCode")}>
      <p className="mt-2 text-sm text-slate-600">{t("twoFactor.codeIntro", { adminId: loaderData.adminId })}</p>
      <Form
        method="post"
        className="mt-6 space-y-5"
        noValidate
        key={actionData ? `failed-${navigation.state}` : "form"}
      >
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormMessage tone="error">{m(actionData?.error)}</FormMessage>
        <Field
          label={t("twoFactor.code")}
          name="code"
          autoComplete="one-time-code"
          maxLength={40}
          hint={t("twoFactor.codeHint")}
        />
        <SubmitButton busy={navigation.state === "submitting"}>{t("twoFactor.verify")}</SubmitButton>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/admin/login" className="font-medium text-accent-700 underline-offset-2 hover:underline">
          {t("twoFactor.startAgain")}
        </Link>
      </p>
    </AdminAuthCard>
  );
}
