import { type FieldProblems, formInput, type Problem, typedValues, type TypedValues } from "~/utils/forms";
import { staffText } from "~/domain/staff/staff-problems";
import { data, Form, redirect, useNavigation } from "react-router";
import { useProblems } from "~/i18n/messages";
import { FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import { listRates, providerUrl, ratesAge, readOwnerRates, storeOwnerRates } from "~/domain/rates/rates.server";
import { requireStaff } from "~/routes/guards.server";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import type { Route } from "./+types/rates";

/*
 * Exchange rates as the owner reads them (yen for one unit), with their date and
 * where they came from. Without a rate provider the owner keeps them here; with
 * one, a rate typed here holds until the provider's next refresh.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "admin")("titles.rates") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  await requireStaff(services, request);
  const saved = Number(new URL(request.url).searchParams.get("saved"));
  return {
    rates: await listRates(services.db),
    age: await ratesAge(services.db),
    provider: providerUrl(services.config.rates) !== null,
    saved: Number.isSafeInteger(saved) && saved > 0 ? saved : null,
  };
}

type ActionResult = { message: Problem; errors: FieldProblems; values: TypedValues };

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const staff = await requireStaff(services, request);
  const form = await request.formData();
  const current = Object.fromEntries(
    (await listRates(services.db)).flatMap((rate) => (rate.yenPerUnit ? [[rate.code, rate.yenPerUnit]] : [])),
  );
  const read = readOwnerRates(formInput(form), current);
  if (!read.ok) {
    const values = typedValues(form);
    return data<ActionResult>({ message: staffText("ratesFix"), errors: read.errors, values }, 400);
  }
  const count = await storeOwnerRates(services.db, staff, read.rates);
  return redirect(`/admin/rates?saved=${count}`);
}

export default function Rates({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  const { message: m } = useProblems("admin");
  const format = useFormat();
  const navigation = useNavigation();
  const { rates, age, provider, saved } = loaderData;
  const day = (iso: string) => format.date(iso, { dateStyle: "medium" });
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("titles.rates")}</h1>
        <p className="mt-1 text-slate-600">{provider ? t("rates.introProvider") : t("rates.introManual")}</p>
      </div>
      {saved ? <FormMessage tone="success">{t("rates.saved", { count: saved })}</FormMessage> : null}
      {age.stale ? (
        <FormMessage tone="error">{t("rates.stale", { days: age.days, date: day(age.asOf) })}</FormMessage>
      ) : null}
      {actionData ? <FormMessage tone="error">{m(actionData.message)}</FormMessage> : null}
      <Form method="post" className="space-y-4" noValidate>
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th className="px-4 py-2 font-medium">{t("rates.currency")}</th>
                <th className="px-4 py-2 font-medium">{t("rates.now")}</th>
                <th className="px-4 py-2 font-medium">{t("rates.new")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rates.map((rate) => {
                const error = actionData?.errors[rate.code];
                return (
                  <tr key={rate.code} data-testid="rate-row" data-currency={rate.code}>
                    <th scope="row" className="px-4 py-2 text-left font-semibold text-slate-900">
                      {rate.code}
                    </th>
                    <td className="px-4 py-2 text-slate-700">
                      {rate.yenPerUnit === null
                        ? t("rates.none")
                        : t("rates.value", {
                            yen: String(rate.yenPerUnit),
                            code: rate.code,
                            date: day(rate.asOf),
                            source: t(`rates.source.${rate.source}`),
                          })}
                    </td>
                    <td className="px-4 py-2">
                      <label className="sr-only" htmlFor={`rate-${rate.code}`}>
                        {t("rates.newFor", { code: rate.code })}
                      </label>
                      <input
                        id={`rate-${rate.code}`}
                        name={rate.code}
                        inputMode="decimal"
                        maxLength={20}
                        defaultValue={actionData?.values[rate.code] ?? ""}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `rate-${rate.code}-error` : undefined}
                        className="h-10 w-36 rounded-lg border border-slate-300 px-3 text-slate-900"
                      />
                      {error ? (
                        <p id={`rate-${rate.code}-error`} className="mt-1 text-xs text-red-700">
                          {m(error)}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          className="h-11 rounded-lg bg-accent-700 px-5 font-semibold text-white hover:bg-accent-800 disabled:opacity-60"
        >
          {t("rates.submit")}
        </button>
      </Form>
    </div>
  );
}
