import { backTo, otherSignInPage, wayBackInAddress, whyAsked, withParam } from "~/utils/way-back.server";
import { parseForm, typedValues } from "~/utils/forms";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, Field, fieldsOf, FormMessage, NewPasswordFields, SubmitButton } from "~/components/ui/field";
import { getServices } from "~/context.server";
import {
  PASSWORDS_DO_NOT_MATCH,
  REGISTRATION_FAILED,
  REGISTRATION_TAKEN,
  RegisterSchema,
} from "~/domain/accounts/accounts.schema";
import { createCustomer } from "~/domain/accounts/customers.server";
import { getCustomer, startCustomerSession } from "~/domain/accounts/sessions.server";
import { TextWith, useLanguage, useT } from "~/i18n/i18n";
import { CountryPhoneFields } from "~/components/store/country-phone-fields";
import { EmailField } from "~/components/store/email-field";
import { CHECK_EMAIL } from "~/domain/contact-fields";
import { EMAIL_KEPT_FIELD, emailHintToAsk } from "~/domain/email-hints";
import { countryOptions, shownCountry } from "~/domain/countries";
import { requestLanguage } from "~/i18n/request.server";
import { useRootData } from "~/utils/root-data";
import { useProblems } from "~/i18n/messages";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/register";
import { WELCOME_PARAM } from "~/components/store/welcome";
import { RecentViewsField } from "~/components/store/recent";
import { RECENT_FIELD } from "~/domain/buyer-tools/recent";
import { mergeRecentViews } from "~/domain/buyer-tools/recent.server";

export const meta: Route.MetaFunction = noindexMeta("account", "meta.register");

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getCustomer(getServices(context), request)) throw redirect("/account");
  // Back to the car or the list the buyer came from, else the vehicles (SPEC 2).
  const back = wayBackInAddress(request, "/register", "/vehicles");
  // Sent from signing in by the favourite heart: the reason comes along, and goes back to signing in.
  const why = whyAsked(request);
  return {
    countries: countryOptions(requestLanguage(request)),
    back,
    why,
    login: otherSignInPage("/login", back, "/vehicles", why),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await request.formData();
  const submission = parseForm(form, RegisterSchema);
  if (submission.status === "error") {
    const { errors, values } = submission;
    const onlyMismatch = Object.keys(errors).length === 1 && errors.confirmPassword?.key === PASSWORDS_DO_NOT_MATCH.key;
    return data(
      { error: onlyMismatch ? PASSWORDS_DO_NOT_MATCH : REGISTRATION_FAILED, errors, values, emailHint: null },
      { status: 400 },
    );
  }
  // A mistyped provider ("gmial.com") is asked about once; the buyer keeps the address by ticking a box.
  const hint = emailHintToAsk(submission.value.email, form.get(EMAIL_KEPT_FIELD));
  if (hint)
    return data({ error: CHECK_EMAIL, errors: {}, values: typedValues(form), emailHint: hint }, { status: 400 });
  const created = await createCustomer(services.db, submission.value);
  if (!created) {
    // The address is taken. Say no more than SPEC does; the buyer can log in or reset.
    return data({ error: REGISTRATION_TAKEN, errors: {}, values: typedValues(form), emailHint: null }, { status: 400 });
  }
  // Registered buyers are signed in and go back where they came from (else the vehicles, SPEC 2), where a
  // word welcomes them.
  const cookie = await startCustomerSession(services, created.id);
  // The vehicles this browser opened before registering start the buyer's recently viewed list.
  await mergeRecentViews(services.db, created.id, form.get(RECENT_FIELD));
  const back = backTo(form.get("redirectTo"), "/vehicles");
  return redirect(withParam(back, WELCOME_PARAM, "1"), { headers: { "Set-Cookie": cookie } });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { t } = useT("account");
  const messages = useProblems();
  const e = messages.errors(actionData?.errors);
  const v: Record<string, string> = actionData?.values ?? {};
  const language = useLanguage();
  // Before anything is typed, the country chosen in "Importing into" (or the port's).
  const importing = useRootData()?.importing?.country;
  const country = actionData ? v.country : importing ? shownCountry(importing, language) : "";
  const field = fieldsOf((name: "fullName") => t(`register.${name}`), v, e);
  return (
    <AuthCard title={t("register.title")}>
      <Form method="post" className="space-y-5" noValidate>
        {/* As the page was first drawn: after a refusal the page asks again from itself. */}
        <input type="hidden" name="redirectTo" value={v.redirectTo ?? loaderData.back} />
        <RecentViewsField />
        <FormMessage tone="error">{messages.message(actionData?.error)}</FormMessage>
        {loaderData.why && !actionData ? <p className="text-sm text-amber-800">{t("register.whyFavourite")}</p> : null}
        <Field {...field("fullName")} autoComplete="name" maxLength={100} />
        <CountryPhoneFields
          choices={loaderData.countries}
          labels={{ country: t("register.country"), phone: t("register.mobileNumber") }}
          values={{ country, phone: v.phone }}
          errors={e}
          className="space-y-5"
        />
        <EmailField
          key={actionData?.values.email}
          label={t("register.email")}
          defaultValue={v.email}
          error={e.email}
          asked={actionData?.emailHint}
        />
        <NewPasswordFields
          label={t("register.password")}
          repeatLabel={t("register.confirmPassword")}
          hint={t("register.passwordHint")}
          errors={e}
        />
        <SubmitButton busy={navigation.state === "submitting"}>{t("register.submit")}</SubmitButton>
      </Form>
      <p className="mt-6 text-sm text-slate-600">
        <TextWith
          text={t("register.alreadyRegistered")}
          components={{
            login: <Link to={loaderData.login} className="font-semibold text-accent-700 hover:underline" />,
          }}
        />
      </p>
    </AuthCard>
  );
}
