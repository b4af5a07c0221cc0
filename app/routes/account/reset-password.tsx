import { type FieldProblems, parseForm } from "~/utils/forms";
import { data, Form, redirect, useNavigation } from "react-router";
import { AuthCard, Field, FormMessage, NewPasswordFields, SubmitButton } from "~/components/ui/field";
import { getClientIp, getServices } from "~/context.server";
import {
  NewPasswordSchema,
  RESET_FAILED,
  RESET_LINK_INVALID,
  RESET_SENT,
  ResetRequestSchema,
  TOO_MANY_TRIES,
} from "~/domain/accounts/accounts.schema";
import { normaliseEmail, readResetLink, requestPasswordReset, resetPassword } from "~/domain/accounts/customers.server";
import { startCustomerSession } from "~/domain/accounts/sessions.server";
import { addressKey, countTries } from "~/domain/auth/rate-limit.server";
import { useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { requestLanguage } from "~/i18n/request.server";
import { log } from "~/utils/log.server";
import { noindexMeta } from "~/components/ui/page-meta";
import { AuthLinks } from "~/components/ui/auth-links";
import type { Route } from "./+types/reset-password";
import { passRetryAfter } from "~/utils/retry-after";

export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = noindexMeta("account", "meta.resetPassword");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { mode: "request" as const, token: null, linkError: null };
  const { state } = await readResetLink(db, token);
  return state === "usable"
    ? { mode: "choose" as const, token, linkError: null }
    : { mode: "request" as const, token: null, linkError: RESET_LINK_INVALID };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await request.formData();
  if (form.get("intent") === "reset") {
    const submission = parseForm(form, NewPasswordSchema);
    if (submission.status === "error")
      return data({ intent: "reset", errors: submission.errors, message: null, email: "" }, { status: 400 });
    const outcome = await resetPassword(services.db, submission.value.token, submission.value.password);
    if (!outcome.ok)
      return data({ intent: "reset", errors: { form: RESET_LINK_INVALID }, message: null, email: "" }, { status: 400 });
    const cookie = await startCustomerSession(services, outcome.customerId);
    return redirect("/account?password=changed", { headers: { "Set-Cookie": cookie } });
  }

  const email = String(form.get("email") ?? "").slice(0, 254);
  const submission = parseForm({ email }, ResetRequestSchema);
  if (submission.status === "error")
    return data({ intent: "request", errors: submission.errors, message: null, email }, { status: 400 });
  try {
    const limit = await countTries(services.db, [
      `reset:ip:${addressKey(getClientIp(context))}`,
      `reset:account:${normaliseEmail(email)}`,
    ]);
    if (!limit.allowed) {
      return data(
        { intent: "request", errors: { form: TOO_MANY_TRIES }, message: null, email },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    // The link is built from PUBLIC_URL, never from the Host header of this request.
    await requestPasswordReset(services.db, {
      email: submission.value.email,
      publicUrl: services.config.publicUrl,
      shopName: services.config.shop.name,
      // The mail is written in the language the buyer asked in.
      language: requestLanguage(request),
    });
  } catch (error) {
    log("error", "password reset could not be queued", { error: String(error) });
    return data({ intent: "request", errors: { form: RESET_FAILED }, message: null, email }, { status: 500 });
  }
  // The same answer whether or not the address is registered.
  return { intent: "request", errors: {} as FieldProblems, message: RESET_SENT, email: "" };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { t } = useT("account");
  const messages = useProblems();
  const errors = messages.errors(actionData?.errors);
  if (loaderData.mode === "choose" && loaderData.token) {
    return (
      <AuthCard title={t("reset.chooseTitle")}>
        <Form method="post" className="space-y-5" noValidate>
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="token" value={loaderData.token} />
          <FormMessage tone="error">{errors.form}</FormMessage>
          <NewPasswordFields
            label={t("reset.newPassword")}
            repeatLabel={t("reset.confirmNewPassword")}
            hint={t("reset.newPasswordHint")}
            errors={errors}
          />
          <SubmitButton busy={navigation.state === "submitting"}>{t("reset.save")}</SubmitButton>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reset.title")}>
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="intent" value="request" />
        <FormMessage tone="error">{errors.form ?? messages.message(loaderData.linkError)}</FormMessage>
        <FormMessage tone="success">{messages.message(actionData?.message)}</FormMessage>
        <p className="text-sm text-slate-600">{t("reset.intro")}</p>
        <Field
          label={t("reset.email")}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.email}
          error={errors.email}
        />
        <SubmitButton busy={navigation.state === "submitting"}>{t("reset.submit")}</SubmitButton>
      </Form>
      <AuthLinks links={[{ to: "/login", text: t("reset.backToLogin") }]} />
    </AuthCard>
  );
}
