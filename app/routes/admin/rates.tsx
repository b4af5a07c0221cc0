import { type FieldProblems, formInput, type Problem, typedValues, type TypedValues } from "~/utils/forms";
import { staffText } from "~/domain/staff/staff-problems";
import { Form, redirect } from "react-router";
import { FormMessage } from "~/components/ui/field";
import { SaveButton, SettingsScreen, useSettingsScreen } from "~/components/admin/settings-screen";
import { refuse, staffRequest } from "~/routes/admin/staff-request.server";
import { listRates, providerUrl, ratesAge, readOwnerRates, storeOwnerRates } from "~/domain/rates/rates.server";
import { useFormat } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/rates";

/*
 * Exchange rates as the owner reads them (yen for one unit), with their date and
 * where they came from. Without a rate provider the owner keeps them here; with
 * one, a rate typed here holds until the provider's next refresh.
 */

export const meta: Route.MetaFunction = noindexMeta("admin", "titles.rates");

export async function loader(args: Route.LoaderArgs) {
  const { services, url } = await staffRequest(args);
  const saved = Number(url.searchParams.get("saved"));
  return {
    rates: await listRates(services.db),
    age: await ratesAge(services.db),
    provider: providerUrl(services.config.rates) !== null,
    saved: Number.isSafeInteger(saved) && saved > 0 ? saved : null,
  };
}

type ActionResult = { message: Problem; errors: FieldProblems; values: TypedValues };

export async function action(args: Route.ActionArgs) {
  const { services, staff } = await staffRequest(args);
  const form = await args.request.formData();
  const current = Object.fromEntries(
    (await listRates(services.db)).flatMap((rate) => (rate.yenPerUnit ? [[rate.code, rate.yenPerUnit]] : [])),
  );
  const read = readOwnerRates(formInput(form), current);
  if (!read.ok) {
    const values = typedValues(form);
    return refuse<ActionResult>({ message: staffText("ratesFix"), errors: read.errors, values }, "invalid");
  }
  const count = await storeOwnerRates(services.db, staff, read.rates);
  return redirect(`/admin/rates?saved=${count}`);
}

export default function Rates({ loaderData, actionData }: Route.ComponentProps) {
  const { t, m, busy } = useSettingsScreen();
  const format = useFormat();
  const { rates, age, provider, saved } = loaderData;
  const day = (iso: string) => format.date(iso, { dateStyle: "medium" });
  return (
    <SettingsScreen
      title={t("titles.rates")}
      intro={provider ? t("rates.introProvider") : t("rates.introManual")}
      saved={saved ? t("rates.saved", { count: saved }) : null}
    >
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
        <SaveButton busy={busy} size="base">
          {t("rates.submit")}
        </SaveButton>
      </Form>
    </SettingsScreen>
  );
}
