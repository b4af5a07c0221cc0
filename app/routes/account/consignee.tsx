import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import { getServices } from "~/context.server";
import { dealContext } from "~/domain/sale/offers.server";
import { giveParties, partiesPage, readPartiesForm } from "~/domain/sale/order-parties.server";
import type { InvoiceParty } from "~/domain/sale/deal-types";
import { metaT, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import type { Problem } from "~/i18n/problem";
import { requireCustomer } from "~/routes/guards.server";
import { refusalStatus } from "~/routes/refusal-status";
import { type FieldProblems, formInput, type TypedValues } from "~/utils/forms";
import type { Route } from "./+types/consignee";

/*
 * The buyer names the consignee and the notify party of their order (issue
 * 42.1): who takes the vehicle at the port and whom the ship's agent calls.
 * Signed-in buyers only, once, before the bill of lading is made out; after
 * that the page shows what was given and how to ask for a change.
 */

export const meta: Route.MetaFunction = ({ matches, params }) => [
  { title: metaT(matches, "orders")("orders.consignee.title", { number: params.number }) },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const customer = await requireCustomer(services, request);
  const page = await partiesPage(services.db, customer.id, params.number);
  if (!page) throw data(null, { status: 404 });
  return { page, phone: customer.phone };
}

type Refused = { message: Problem; errors?: FieldProblems; values?: TypedValues };

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const customer = await requireCustomer(services, request);
  const page = await partiesPage(services.db, customer.id, params.number);
  if (!page) throw data(null, { status: 404 });
  const read = readPartiesForm(formInput(await request.formData()), page.destination);
  if (!read.ok)
    return data<Refused>(
      { message: { key: "consignee.fix" }, errors: read.errors, values: read.values },
      { status: 400 },
    );
  const deal = dealContext(services.config);
  const given = await giveParties(services.db, deal, { customerId: customer.id }, params.number, read.parties);
  if (!given.ok) return data<Refused>({ message: given.message }, { status: refusalStatus(given.refusal) });
  return redirect(`/orders/${encodeURIComponent(params.number)}?consignee=given`);
}

function PartyShown({ label, party }: { label: string; party: InvoiceParty }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-600">{label}</h2>
      <p className="mt-1 font-medium text-slate-900">{party.name}</p>
      <p className="text-sm whitespace-pre-line text-slate-700">{party.address}</p>
      <p className="text-sm text-slate-700">{party.phone}</p>
      {party.taxId ? <p className="text-sm text-slate-700">{party.taxId}</p> : null}
    </div>
  );
}

export default function Consignee({ loaderData, actionData }: Route.ComponentProps) {
  const { page, phone } = loaderData;
  const { t } = useT("orders");
  const problems = useProblems();
  const busy = useNavigation().state !== "idle";
  const errors = problems.errors(actionData?.errors);
  const typed = actionData?.values ?? {};
  const value = (name: string, fallback = "") => typed[name] ?? fallback;
  const taxHint = page.taxIds.length
    ? t("orders.consignee.taxIdHint", {
        kinds: page.taxIds.map((k) => k.name).join(" / "),
        country: page.destination,
        example: page.taxIds[0]!.example,
      })
    : t("orders.consignee.taxIdOptional");
  const notifySame = actionData ? typed.notifySame === "on" : true;

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <p className="text-sm">
        <Link to={`/orders/${page.number}`} className="link">
          {t("orders.consignee.back", { number: page.number })}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl title">{t("orders.consignee.heading")}</h1>
      <p className="mt-2 text-slate-700">{t("orders.consignee.intro", { country: page.destination })}</p>

      {page.lock ? (
        <div className="mt-6 space-y-6 rounded-2xl border border-slate-200 bg-white p-5">
          {page.given.consignee ? (
            <>
              <PartyShown label={t("orders.consignee.consignee")} party={page.given.consignee} />
              {page.given.notify ? (
                <PartyShown label={t("orders.consignee.notify")} party={page.given.notify} />
              ) : (
                <p className="text-sm text-slate-700">{t("orders.consignee.notifySameShown")}</p>
              )}
            </>
          ) : null}
          <p className="text-sm text-slate-700">{t(`orders.consignee.locked.${page.lock}`)}</p>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-6" noValidate>
          <FormMessage tone="error">{problems.message(actionData?.message)}</FormMessage>
          <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
            <legend className="px-1 font-semibold text-slate-900">{t("orders.consignee.consignee")}</legend>
            <p className="text-sm text-slate-600">{t("orders.consignee.consigneeHelp")}</p>
            <Field
              label={t("orders.consignee.name")}
              name="consigneeName"
              autoComplete="name"
              maxLength={140}
              defaultValue={value("consigneeName", page.buyerName)}
              error={errors.consigneeName}
            />
            <Field
              label={t("orders.consignee.address")}
              name="consigneeAddress"
              rows={3}
              maxLength={300}
              defaultValue={value("consigneeAddress")}
              error={errors.consigneeAddress}
            />
            <Field
              label={t("orders.consignee.phone")}
              name="consigneePhone"
              type="tel"
              autoComplete="tel"
              maxLength={30}
              defaultValue={value("consigneePhone", phone)}
              error={errors.consigneePhone}
            />
            <Field
              label={t("orders.consignee.taxId")}
              name="consigneeTaxId"
              required={page.taxIds.length > 0}
              maxLength={40}
              hint={taxHint}
              defaultValue={value("consigneeTaxId")}
              error={errors.consigneeTaxId}
            />
          </fieldset>
          <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
            <legend className="px-1 font-semibold text-slate-900">{t("orders.consignee.notify")}</legend>
            <label className="flex items-start gap-3 text-slate-800">
              <input
                type="checkbox"
                name="notifySame"
                defaultChecked={notifySame}
                className="mt-1 size-5 accent-accent-600"
              />
              <span>{t("orders.consignee.notifySame")}</span>
            </label>
            <p className="text-sm text-slate-600">{t("orders.consignee.notifyHelp")}</p>
            <Field
              label={t("orders.consignee.name")}
              name="notifyName"
              required={false}
              maxLength={140}
              defaultValue={value("notifyName")}
              error={errors.notifyName}
            />
            <Field
              label={t("orders.consignee.address")}
              name="notifyAddress"
              required={false}
              rows={2}
              maxLength={300}
              defaultValue={value("notifyAddress")}
              error={errors.notifyAddress}
            />
            <Field
              label={t("orders.consignee.phone")}
              name="notifyPhone"
              type="tel"
              required={false}
              maxLength={30}
              defaultValue={value("notifyPhone")}
              error={errors.notifyPhone}
            />
          </fieldset>
          <p className="text-sm text-slate-700">{t("orders.consignee.once")}</p>
          <SubmitButton busy={busy}>{t("orders.consignee.submit")}</SubmitButton>
        </Form>
      )}
    </div>
  );
}
