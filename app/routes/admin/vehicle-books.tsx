import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Select } from "~/components/admin/form-bits";
import { Field, FormMessage, inputClass } from "~/components/ui/field";
import { noindexMeta } from "~/components/ui/page-meta";
import { getServices } from "~/context.server";
import { COST_FIELDS, ID_CHECKS, type PurchaseFields, SELLER_KINDS, totalCost } from "~/domain/books/purchase";
import { daysFrom, saleOf } from "~/domain/books/margins.server";
import { PURCHASE_SAVED } from "~/domain/books/purchase.schema";
import { staffText } from "~/domain/staff/staff-problems";
import { purchaseOf, purchaseVersions, savePurchase, vehicleForBooks } from "~/domain/books/purchases.server";
import { shopDay } from "~/i18n/format";
import { useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { requireStaff } from "~/routes/guards.server";
import { refusalStatus } from "~/routes/refusal-status";
import type { FieldProblems, TypedValues } from "~/utils/forms";
import { UPLOAD_ROUTE } from "~/utils/route-handle";
import { UploadError } from "~/domain/media/multipart.server";
import { EXPORT_PAPERS_SAVED } from "~/domain/books/export-papers.schema";
import { exportPapersOf, exportPaperVersions, saveExportPapers } from "~/domain/books/export-papers.server";
import type { Problem } from "~/i18n/problem";
import { readOrderForm } from "./order-form.server";
import type { Route } from "./+types/vehicle-books";

/*
 * A vehicle's purchase record and costs (issue 46.1, 46.2): one plain form
 * that works before scripts arrive, the sale's margin once sold, and every
 * earlier version of the record. Staff-only.
 */

export const meta: Route.MetaFunction = noindexMeta("admin", "books.title");

/** The export permit's file comes in as it streams (at most 10 MB); the purchase form is read with the usual limit. */
export const handle = UPLOAD_ROUTE;

/** A save that changed nothing, of either form. */
const NOTHING_CHANGED = staffText("booksUnchanged");

const vehicleId = (params: { id?: string }) => (params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  await requireStaff(services, request);
  const id = vehicleId(params);
  const vehicle = id ? await vehicleForBooks(services.db, id) : null;
  if (!vehicle) throw data(null, { status: 404 });
  const record = await purchaseOf(services.db, vehicle.id);
  const sale = await saleOf(services.db, vehicle.id);
  return {
    vehicle,
    record,
    versions: record ? await purchaseVersions(services.db, record.id) : [],
    sale,
    papers: await exportPapersOf(services.db, vehicle.id),
    paperVersions: await exportPaperVersions(services.db, vehicle.id),
    daysHeld: record && !sale ? Math.max(0, daysFrom(record.boughtOn, shopDay(new Date()))) : null,
    saved: new URL(request.url).searchParams.get("saved"),
  };
}

type Refused = { form: "purchase" | "papers"; message: Problem; errors: FieldProblems; values: TypedValues };

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const staff = await requireStaff(services, request);
  const id = vehicleId(params);
  if (!id) throw data(null, { status: 404 });
  let read;
  try {
    read = await readOrderForm(request, 40, 4000);
  } catch (error) {
    // Only the papers' form sends a file: a file too large or cut off is its refusal.
    if (error instanceof UploadError)
      return data<Refused>(
        { form: "papers", message: error.problem, errors: { permitFile: error.problem }, values: {} },
        { status: refusalStatus(error.refusal) },
      );
    throw error;
  }
  const form = read.fields.intent === "papers" ? "papers" : "purchase";
  const outcome =
    form === "papers"
      ? await saveExportPapers(
          services.db,
          services.documents,
          id,
          read.fields,
          read.file ? { data: read.file.data, filename: read.file.filename } : null,
          staff,
        )
      : await savePurchase(services.db, id, read.fields, staff);
  // The page says what the save did: saved, or nothing changed (the service's own words).
  if (outcome.ok) {
    const said = outcome.message.key.endsWith("Unchanged") ? "same" : form === "papers" ? "papers" : "1";
    return redirect(`/admin/edit/${id}/books?saved=${said}${form === "papers" ? "#papers" : ""}`);
  }
  return data<Refused>(
    { form, message: outcome.message, errors: outcome.errors ?? {}, values: outcome.values ?? {} },
    { status: refusalStatus(outcome.refusal) },
  );
}

/** The form's text of a saved record, field by field. */
function storedValues(record: PurchaseFields | null, vehicle: { chassisNumber: string; year: number; colour: string }) {
  // Whole yen as people write them ("149,000"); the form reads them back the same.
  const yen = (n: number | undefined) => (n ? n.toLocaleString("en-US") : "");
  if (!record)
    return {
      chassisNumber: vehicle.chassisNumber,
      year: String(vehicle.year),
      colour: vehicle.colour,
      sellerKind: "auction",
    };
  return {
    boughtOn: record.boughtOn,
    price: yen(record.price),
    sellerKind: record.sellerKind,
    auctionHouse: record.auctionHouse,
    lotNumber: record.lotNumber,
    sellerName: record.sellerName,
    sellerAddress: record.sellerAddress,
    sellerOccupation: record.sellerOccupation,
    sellerAge: record.sellerAge === null ? "" : String(record.sellerAge),
    idCheck: record.idCheck ?? "",
    idCheckNote: record.idCheckNote,
    chassisNumber: record.chassisNumber,
    year: String(record.year),
    colour: record.colour,
    plate: record.plate,
    ...Object.fromEntries(COST_FIELDS.map((f) => [f, yen(record.costs[f])])),
  } as Record<string, string>;
}

const card = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";

export default function VehicleBooksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  const { message: say, errors: localize } = useProblems("admin");
  const format = useFormat();
  const navigation = useNavigation();
  const { vehicle, record, versions, sale, daysHeld, saved, papers, paperVersions } = loaderData;
  const purchaseRefused = actionData?.form === "purchase" ? actionData : undefined;
  const papersRefused = actionData?.form === "papers" ? actionData : undefined;
  const errors = localize(purchaseRefused?.errors);
  const paperErrors = localize(papersRefused?.errors);
  const stored: Record<string, string> = storedValues(record, vehicle);
  const typed = purchaseRefused?.values as Record<string, unknown> | undefined;
  // What the form shows: what was just typed after a refusal, else the saved record.
  const value = (name: string) => (typed ? String(typed[name] ?? "") : (stored[name] ?? ""));
  const field = (name: string, label: string, more: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field label={label} name={name} defaultValue={value(name)} error={errors[name]} required={false} {...more} />
  );
  const paperValue = (name: string) =>
    papersRefused
      ? String(papersRefused.values[name] ?? "")
      : String((papers as Record<string, unknown> | null)?.[name] ?? "");
  const paperField = (name: string, more: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      label={t(`books.papers.${name}` as "books.papers.title")}
      name={name}
      defaultValue={paperValue(name)}
      error={paperErrors[name]}
      required={false}
      {...more}
    />
  );
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <p className="text-sm">
        <Link to={`/admin/edit/${vehicle.id}`} className="text-accent-700 underline">
          {vehicle.name}
        </Link>{" "}
        <span className="text-slate-500">· {vehicle.refId}</span>
      </p>
      <h1 className="text-xl font-semibold text-slate-900">{t("books.title")}</h1>
      <p className="text-sm text-slate-700">{t("books.intro")}</p>
      {saved && !actionData ? (
        <FormMessage tone="success">
          {say(saved === "same" ? NOTHING_CHANGED : saved === "papers" ? EXPORT_PAPERS_SAVED : PURCHASE_SAVED)}
        </FormMessage>
      ) : null}
      {purchaseRefused ? <FormMessage tone="error">{say(purchaseRefused.message)}</FormMessage> : null}

      <section className={card} aria-labelledby="books-margin" data-testid="books-margin">
        <h2 id="books-margin" className="font-semibold text-slate-900">
          {t("books.margin.title")}
        </h2>
        {sale ? (
          <dl className="mt-2 grid grid-cols-3 gap-3 text-sm">
            <div className="col-span-3 text-slate-700">{t("books.margin.sold", { invoice: sale.invoice })}</div>
            <div>
              <dt className="text-slate-500">{t("books.margin.total")}</dt>
              <dd className="font-semibold tabular-nums">{format.yen(sale.total)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("books.margin.cost")}</dt>
              <dd className="font-semibold tabular-nums">{sale.cost === null ? "—" : format.yen(sale.cost)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("books.margin.margin")}</dt>
              <dd
                className={`text-lg font-bold tabular-nums ${sale.margin !== null && sale.margin < 0 ? "text-red-800" : "text-slate-900"}`}
                data-testid="books-margin-value"
              >
                {sale.margin === null ? "—" : format.yen(sale.margin)}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="mt-2 text-sm text-slate-700">
            {daysHeld !== null ? t("books.margin.notSold", { days: daysHeld }) : t("books.margin.noRecord")}
          </p>
        )}
      </section>

      <Form method="post" className="space-y-5" data-testid="books-form">
        <section className={card} aria-labelledby="books-purchase">
          <h2 id="books-purchase" className="font-semibold text-slate-900">
            {t("books.purchase")}
          </h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-3">
            {field("boughtOn", t("books.boughtOn"), { type: "date", required: true })}
            {field("price", t("books.price"), { hint: t("books.priceHint"), required: true })}
            <Select
              label={t("books.sellerKind")}
              name="sellerKind"
              defaultValue={value("sellerKind")}
              options={SELLER_KINDS.map((k) => ({ value: k, label: t(`books.sellerKinds.${k}`) }))}
              error={errors.sellerKind}
              required
            />
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {field("auctionHouse", t("books.auctionHouse"), { maxLength: 80 })}
            {field("lotNumber", t("books.lotNumber"), { maxLength: 20 })}
          </div>
          <p className="mt-4 text-sm text-slate-600">{t("books.personHint")}</p>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            {field("sellerName", t("books.sellerName"), { maxLength: 120 })}
            {field("sellerAddress", t("books.sellerAddress"), { maxLength: 300 })}
            {field("sellerOccupation", t("books.sellerOccupation"), { maxLength: 80 })}
            {field("sellerAge", t("books.sellerAge"), { number: { min: 18, max: 120 } })}
            <Select
              label={t("books.idCheck")}
              name="idCheck"
              defaultValue={value("idCheck")}
              placeholder="—"
              options={ID_CHECKS.map((k) => ({ value: k, label: t(`books.idChecks.${k}`) }))}
              error={errors.idCheck}
            />
            {field("idCheckNote", t("books.idCheckNote"), { maxLength: 200 })}
          </div>
        </section>

        <section className={card} aria-labelledby="books-vehicle">
          <h2 id="books-vehicle" className="font-semibold text-slate-900">
            {t("books.vehicle")}
          </h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {field("chassisNumber", t("books.chassisNumber"), { maxLength: 30, required: true })}
            {field("year", t("books.year"), { maxLength: 4, required: true })}
            {field("colour", t("books.colour"), { maxLength: 40 })}
            {field("plate", t("books.plate"), { maxLength: 40 })}
          </div>
        </section>

        <section className={card} aria-labelledby="books-costs">
          <h2 id="books-costs" className="font-semibold text-slate-900">
            {t("books.costs")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("books.costsHint")}</p>
          <div className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {COST_FIELDS.map((name) => (
              <div key={name}>{field(name, t(`books.costNames.${name}`), { maxLength: 20 })}</div>
            ))}
          </div>
          {record ? (
            <p className="mt-4 text-sm text-slate-800" data-testid="books-total-cost">
              {t("books.totalCost")}:{" "}
              <span className="font-semibold tabular-nums">{format.yen(totalCost(record))}</span>
            </p>
          ) : null}
        </section>

        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          className="h-12 w-full rounded-lg bg-accent-700 px-6 font-semibold text-white hover:bg-accent-800 disabled:opacity-60 sm:w-auto"
        >
          {t("books.save")}
        </button>
      </Form>

      <Form
        method="post"
        encType="multipart/form-data"
        id="papers"
        className={`${card} space-y-4`}
        aria-labelledby="books-papers"
        data-testid="papers-form"
      >
        <input type="hidden" name="intent" value="papers" />
        <h2 id="books-papers" className="font-semibold text-slate-900">
          {t("books.papers.title")}
        </h2>
        <p className="text-sm text-slate-600">{t("books.papers.intro")}</p>
        {papersRefused ? <FormMessage tone="error">{say(papersRefused.message)}</FormMessage> : null}
        <div className="grid gap-4 sm:grid-cols-3">
          {paperField("certificateNumber", { maxLength: 40 })}
          {paperField("certificateIssuedOn", { type: "date" })}
          {paperField("leaveBy", { type: "date" })}
          {paperField("returnedOn", { type: "date" })}
          {paperField("permitNumber", { maxLength: 40 })}
          {paperField("permitDate", { type: "date" })}
        </div>
        <div>
          <label htmlFor="permit-file" className="field-label">
            {t("books.papers.permitFile")}
          </label>
          <input
            id="permit-file"
            name="file"
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            aria-invalid={paperErrors.permitFile ? true : undefined}
            aria-describedby="permit-file-hint"
            className={`${inputClass} h-auto border-slate-300 py-2 text-sm`}
          />
          <p id="permit-file-hint" className="mt-1 text-xs text-slate-600">
            {t("books.papers.permitFileHint")}
          </p>
          {paperErrors.permitFile ? <p className="mt-1 text-sm text-red-700">{paperErrors.permitFile}</p> : null}
          {papers?.permitFile ? (
            <p className="mt-2 text-sm text-slate-700" data-testid="permit-file">
              {t("books.papers.permitCurrent", {
                date: format.date(papers.permitFile.addedAt, { dateStyle: "medium" }),
                sha: papers.permitFile.sha256.slice(0, 16),
              })}{" "}
              <a
                href={`/admin/edit/${vehicle.id}/books/permit`}
                className="font-semibold text-accent-700 underline"
                download
              >
                {t("books.papers.download")}
              </a>
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          className="h-12 w-full rounded-lg bg-accent-700 px-6 font-semibold text-white hover:bg-accent-800 disabled:opacity-60 sm:w-auto"
        >
          {t("books.papers.save")}
        </button>
        {paperVersions.length > 0 ? (
          <details data-testid="papers-versions">
            <summary className="cursor-pointer text-sm font-semibold text-slate-900">
              {t("books.versions.title", { count: paperVersions.length })}
            </summary>
            <ol className="mt-2 space-y-2 text-sm">
              {paperVersions.map((v) => (
                <li key={v.version} className="border-t border-slate-100 pt-2">
                  <p className="font-semibold text-slate-900">
                    {t("books.versions.saved", {
                      version: v.version,
                      date: format.date(v.savedAt, { dateStyle: "medium", timeStyle: "short" }),
                      by: v.savedBy,
                    })}
                  </p>
                  <p className="break-words text-slate-700">
                    {[
                      v.certificateNumber && `${v.certificateNumber} · ${v.certificateIssuedOn} → ${v.leaveBy}`,
                      v.returnedOn && `${t("books.papers.returnedOn")} ${v.returnedOn}`,
                      v.permitNumber && `${v.permitNumber} · ${v.permitDate}`,
                      v.permitFile && `SHA-256 ${v.permitFile.sha256.slice(0, 16)}`,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </Form>

      {record ? (
        <details className={card} data-testid="books-versions">
          <summary className="cursor-pointer font-semibold text-slate-900">
            {t("books.versions.title", { count: versions.length })}
          </summary>
          <p className="mt-2 text-sm text-slate-600">{t("books.versions.keepUntil", { date: record.keepUntil })}</p>
          <ol className="mt-2 space-y-3 text-sm">
            {versions.map((v) => (
              <li key={v.version} className="border-t border-slate-100 pt-2">
                <p className="font-semibold text-slate-900">
                  {t("books.versions.saved", {
                    version: v.version,
                    date: format.date(v.savedAt, { dateStyle: "medium", timeStyle: "short" }),
                    by: v.savedBy,
                  })}
                </p>
                <p className="text-slate-700">
                  {v.fields.boughtOn} · {format.yen(v.fields.price)} ·{" "}
                  {v.fields.sellerKind === "auction"
                    ? `${v.fields.auctionHouse} ${v.fields.lotNumber}`
                    : v.fields.sellerName}{" "}
                  · {t("books.totalCost")} {format.yen(totalCost(v.fields))}
                </p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
