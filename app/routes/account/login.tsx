import { parseForm, typedValues } from "~/utils/forms";
import { data, Form, redirect, useNavigation } from "react-router";
import { AuthCard, Field, FormMessage, SubmitButton } from "~/components/ui/field";
import { getClientIp, getServices } from "~/context.server";
import { INVALID_LOGIN, LoginSchema, TOO_MANY_TRIES } from "~/domain/accounts/accounts.schema";
import { authenticateCustomer, normaliseEmail } from "~/domain/accounts/customers.server";
import { endCustomerSession, getCustomer, startCustomerSession } from "~/domain/accounts/sessions.server";
import { countTries } from "~/domain/auth/rate-limit.server";
import { signInKeys, trustedDeviceCookie } from "~/domain/auth/trusted-device.server";
import { useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { backTo, otherSignInPage, wayBackInAddress, whyAsked } from "~/utils/way-back.server";
import { noindexMeta } from "~/components/ui/page-meta";
import { AuthLinks } from "~/components/ui/auth-links";
import type { Route } from "./+types/login";
import { passRetryAfter } from "~/utils/retry-after";
import { RecentViewsField } from "~/components/store/recent";
import { RECENT_FIELD } from "~/domain/buyer-tools/recent";
import { mergeRecentViews } from "~/domain/buyer-tools/recent.server";

export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = noindexMeta("account", "meta.login");

export async function loader({ request, context }: Route.LoaderArgs) {
  // Back to the car or the list the buyer came from, else their account.
  // Signed in already: where the address says only, never the Referer (which may be this very page).
  if (await getCustomer(getServices(context), request))
    throw redirect(backTo(new URL(request.url).searchParams.get("redirectTo"), "/account"));
  // Why the buyer was sent here, when a button needed an account (the favourite heart pressed before the page's scripts).
  const why = whyAsked(request);
  const redirectTo = wayBackInAddress(request, "/login", "/account");
  // Registering from here goes back where signing in would have, saying why.
  return { redirectTo, why, register: otherSignInPage("/register", redirectTo, "/account", why) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const values = typedValues(form);
  const account = normaliseEmail(email).slice(0, 254);
  // Every try is counted before the password is checked (per address and per account, or
  // per device for a browser that has signed in to this account before); a right one is given back.
  const keys = await signInKeys(services, request, "buyer", account, getClientIp(context));
  const gate = await countTries(services.db, keys);
  if (!gate.allowed) {
    return data(
      { error: TOO_MANY_TRIES, values },
      { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } },
    );
  }
  const submission = parseForm(form, LoginSchema);
  const who =
    submission.status === "success"
      ? await authenticateCustomer(services.db, submission.value.email, submission.value.password)
      : null;
  // SPEC 5: any failure gives the same message.
  if (!who) return data({ error: INVALID_LOGIN, values }, { status: 400 });
  await gate.giveBack();
  const headers = new Headers();
  // A new session id at every sign-in; any session this browser had ends.
  headers.append("Set-Cookie", await endCustomerSession(services, request));
  headers.append("Set-Cookie", await startCustomerSession(services, who.id));
  headers.append("Set-Cookie", await trustedDeviceCookie(services, "buyer", account));
  // The vehicles this browser opened before signing in join the buyer's recently viewed list.
  await mergeRecentViews(services.db, who.id, form.get(RECENT_FIELD));
  return redirect(backTo(form.get("redirectTo"), "/account"), { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { t } = useT("account");
  const { message } = useProblems();
  // As the page was first drawn: after a refusal the page asks again from itself.
  const back = actionData?.values.redirectTo ?? loaderData.redirectTo;
  return (
    <AuthCard title={t("login.title")}>
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="redirectTo" value={back} />
        <RecentViewsField />
        <FormMessage tone="error">{message(actionData?.error)}</FormMessage>
        {loaderData.why && !actionData ? <p className="text-sm text-amber-800">{t("login.whyFavourite")}</p> : null}
        <Field
          label={t("login.email")}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.values.email}
        />
        <Field label={t("login.password")} name="password" type="password" autoComplete="current-password" />
        <SubmitButton busy={navigation.state === "submitting"}>{t("login.submit")}</SubmitButton>
      </Form>
      <AuthLinks
        links={[
          { to: loaderData.register, text: t("login.register") },
          { to: "/reset-password", text: t("login.forgotPassword") },
        ]}
      />
    </AuthCard>
  );
}
