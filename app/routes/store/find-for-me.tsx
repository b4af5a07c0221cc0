import { parseForm, typedValues, type TypedValues } from "~/utils/forms";
import { data, Form, Link, useNavigation } from "react-router";
import { Field, fieldsOf, SelectField, YenField } from "~/components/ui/field";
import { getClientIp, getServices } from "~/context.server";
import { pageKeptReads } from "~/db/kept-reads.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { portLabel } from "~/domain/freight/freight";
import { shownPortPlain } from "~/domain/freight/port-names.server";
import { buyerPlace } from "~/domain/imports/buyer-place.server";
import { PUBLIC_FIRST_YEAR, yearsFrom } from "~/domain/inventory/catalogue";
import { FIND_ERROR, FindRequestSchema, findSentProblem } from "~/domain/quotes/find-requests.schema";
import { createFindRequest, newSubmissionKey } from "~/domain/quotes/find-requests.server";
import { QUOTE_TOO_MANY } from "~/domain/quotes/quotes.schema";
import { countMailingForm } from "~/domain/quotes/quotes.server";
import { metaT, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { requestLanguage } from "~/i18n/request.server";
import { log } from "~/utils/log.server";
import type { Route } from "./+types/find-for-me";

/*
 * "Find one for me" (issue 18.2): an empty list's way on. The list's filters
 * fill the form (make, model, years, budget); the buyer adds where it goes and
 * how to reach them. Saved and mailed like a quote, under the quotes' limits.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "stock")("find.title") },
  { name: "robots", content: "noindex" },
];

type Values = TypedValues;
/** The fields the form asks, each worded find.<name>. */
type FindField = "make" | "model" | "yearFrom" | "yearTo" | "budget" | "destination" | "name" | "email" | "phone";

/**
 * The buyer's chosen port as the form fills it in ("モンバサ、ケニア" on a Japanese page) and as the
 * owner's list keeps it ("Mombasa, Kenya"), so a request sent as filled in reads the same to the owner.
 */
async function placeWords(services: ReturnType<typeof getServices>, request: Request) {
  const keep = await pageKeptReads(services.db, services.config);
  const { destination } = await buyerPlace(services.db, keep, request.headers.get("Cookie"));
  if (!destination) return null;
  const stored = portLabel(destination);
  return { shown: shownPortPlain(stored, requestLanguage(request)), stored };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const services = getServices(context);
  const customer = await getCustomer(services, request);
  const from = (name: string, max: number) => (params.get(name) ?? "").trim().slice(0, max);
  const values: Values = {
    make: from("make", 60),
    model: from("model", 60),
    yearFrom: from("yearFrom", 4),
    yearTo: from("yearTo", 4),
    budget: from("budget", 14),
    destination: (await placeWords(services, request))?.shown ?? "",
    name: customer?.fullName ?? "",
    email: customer?.email ?? "",
    phone: customer?.phone ?? "",
  };
  return {
    kind: params.get("kind") === "part" ? ("part" as const) : ("vehicle" as const),
    submissionKey: newSubmissionKey(),
    values,
    // This year in the shop's time zone, read when the page is made (not when the server started).
    years: yearsFrom(PUBLIC_FIRST_YEAR).map(String).reverse(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await request.formData();
  const submission = parseForm(form, FindRequestSchema);
  if (submission.status === "error") {
    const { errors, values } = submission;
    return data({ ok: false as const, message: FIND_ERROR, errors, values }, { status: 400 });
  }
  const values = typedValues(form);
  try {
    // The quotes' limits, on the same counters: each sends a mail to the address typed.
    const gate = await countMailingForm(services.db, getClientIp(context), submission.value.email);
    if (gate.retryAfterSeconds !== null) {
      return data(
        { ok: false as const, message: QUOTE_TOO_MANY, errors: {}, values },
        { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } },
      );
    }
    const customer = await getCustomer(services, request);
    const place = await placeWords(services, request);
    const asked = submission.value;
    const outcome = await createFindRequest(
      services.db,
      place && asked.destination === place.shown ? { ...asked, destination: place.stored } : asked,
      customer?.id ?? null,
      {
        ownerEmail: services.config.ownerEmail,
        shopName: services.config.shop.name,
        publicUrl: services.config.publicUrl,
        language: requestLanguage(request),
      },
    );
    if (outcome.repeated) await gate.giveBack();
    return { ok: true as const, message: findSentProblem(outcome.number), errors: {}, values: null };
  } catch (error) {
    log("error", "find request could not be saved", { error: String(error) });
    return data({ ok: false as const, message: FIND_ERROR, errors: {}, values }, { status: 500 });
  }
}

export default function FindForMe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("stock");
  const { message, errors: localize } = useProblems();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const errors = localize(actionData?.errors);
  const values: Values = { ...loaderData.values, ...(actionData?.values ?? {}) };
  const field = fieldsOf(
    (name: FindField) => t(`find.${name}`),
    (name) => values[name],
    errors,
  );
  const yearSelect = (name: "yearFrom" | "yearTo") => (
    <SelectField id={`find-${name}`} {...field(name)} defaultValue={values[name] ?? ""}>
      <option value="">{t("filters.any")}</option>
      {loaderData.years.map((y) => (
        <option key={y} value={y}>
          {y}
        </option>
      ))}
    </SelectField>
  );
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6 lg:py-10">
      <h1 className="text-2xl title lg:text-3xl">{t("find.title")}</h1>
      <p className="mt-2 text-slate-600">
        {t(loaderData.kind === "part" ? "empty.findText.parts" : "empty.findText.vehicles")}
      </p>
      {actionData?.ok ? (
        <div role="status" className="mt-6 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
          <p className="font-semibold">{message(actionData.message)}</p>
          <Link
            to={loaderData.kind === "part" ? "/parts" : "/vehicles"}
            className="mt-3 inline-block font-semibold text-accent-700"
          >
            {t(loaderData.kind === "part" ? "list.parts.showAll" : "list.vehicles.showAll")}
          </Link>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate data-testid="find-form">
          {actionData && !actionData.ok ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
              {message(actionData.message)}
            </p>
          ) : null}
          <input type="hidden" name="kind" value={loaderData.kind} />
          <input type="hidden" name="submissionKey" value={loaderData.submissionKey} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field {...field("make")} maxLength={60} autoComplete="off" />
            <Field {...field("model")} required={false} maxLength={60} autoComplete="off" />
            {yearSelect("yearFrom")}
            {yearSelect("yearTo")}
            <YenField {...field("budget")} required={false} maxLength={14} hint={t("find.budgetHint")} />
            <Field {...field("destination")} maxLength={100} hint={t("find.destinationHint")} />
          </div>
          <h2 className="pt-2 text-base font-semibold text-slate-900">{t("find.contact")}</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field {...field("name")} autoComplete="name" maxLength={100} />
            <Field {...field("email")} type="email" autoComplete="email" maxLength={254} />
            <Field {...field("phone")} type="tel" required={false} autoComplete="tel" maxLength={30} />
          </div>
          <Field
            id="find-message"
            label={t("find.message")}
            name="message"
            rows={4}
            required={false}
            maxLength={2000}
            defaultValue={values.message}
            error={errors.message}
          />
          <button
            type="submit"
            disabled={sending}
            className="h-12 w-full btn-accent px-6 text-base disabled:opacity-70 sm:w-auto"
          >
            {t("find.send")}
          </button>
        </Form>
      )}
    </div>
  );
}
