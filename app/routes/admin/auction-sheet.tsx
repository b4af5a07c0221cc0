import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Select } from "~/components/admin/form-bits";
import { Field, FormMessage, inputClass } from "~/components/ui/field";
import { noindexMeta } from "~/components/ui/page-meta";
import { getServices } from "~/context.server";
import { getVehicle } from "~/domain/inventory/inventory.server";
import { UploadError } from "~/domain/media/multipart.server";
import { EMPTY_MARK_ROWS, FLAG_KEYS, MAX_MARKS, SHEET_GRADES, SHEET_PART_GRADES } from "~/domain/proof/auction-sheet";
import { PAPER_SAVED, SHEET_SAVED } from "~/domain/proof/auction-sheet.schema";
import { readAuctionSheet, saveAuctionSheet } from "~/domain/proof/auction-sheets.server";
import { papersView, sheetChoices } from "~/domain/proof/sheet-words.server";
import {
  currentPaperReadings,
  isReadingKind,
  savePaperReadings,
  vehicleReadings,
} from "~/domain/proof/paper-readings.server";
import { READING_KINDS, type ReadingKind } from "~/domain/proof/paper-check";
import { monthText } from "~/domain/inventory/months";
import { useFormat, useT } from "~/i18n/i18n";
import { adminLanguage } from "~/i18n/languages";
import { useProblems } from "~/i18n/messages";
import { requestLanguage } from "~/i18n/request.server";
import { requireStaff } from "~/routes/guards.server";
import { refusalStatus } from "~/routes/refusal-status";
import type { TypedValues } from "~/utils/forms";
import { UPLOAD_ROUTE } from "~/utils/route-handle";
import { readOrderForm } from "./order-form.server";
import type { Route } from "./+types/auction-sheet";

/*
 * The owner's auction sheet of a vehicle (issue 45.1): the sheet's file and
 * what it says, typed from it. One plain form that works before scripts
 * arrive; mark rows are pairs of lists with a few empty rows to fill, more
 * after each save. A refusal gives back every field and row as typed.
 */

export const handle = UPLOAD_ROUTE;

/** The most fields the sheet's form sends: its own, every flag, and two per mark row (the most kept, and the empty ones). */
const SHEET_FORM_FIELDS = 20 + FLAG_KEYS.length + 2 * (MAX_MARKS + EMPTY_MARK_ROWS);
/** The notes' 2,000 characters, each up to 4 bytes. */
const SHEET_FIELD_BYTES = 8000;
export const meta: Route.MetaFunction = noindexMeta("admin", "sheet.edit");

const vehicleId = (params: { id?: string }) => (params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  await requireStaff(services, request);
  const id = vehicleId(params);
  const vehicle = id ? await getVehicle(services.db, id) : null;
  if (!vehicle) throw data(null, { status: 404 });
  const sheet = await readAuctionSheet(services.db, vehicle.id);
  const language = adminLanguage(requestLanguage(request));
  const papers = papersView(
    await vehicleReadings(services.db, vehicle.id, sheet),
    { country: null, rule: null },
    language,
  );
  return {
    vehicle: { id: vehicle.id, name: vehicle.name, refId: vehicle.refId },
    sheet,
    readings: await currentPaperReadings(services.db, vehicle.id),
    // What buyers are warned of, in the staff panel's language: the owner sees it before they do.
    warnings: papers?.warnings ?? [],
    choices: sheetChoices(language),
    saved: new URL(request.url).searchParams.get("saved"),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const staff = await requireStaff(services, request);
  const id = vehicleId(params);
  if (!id) throw data(null, { status: 404 });
  let read;
  try {
    read = await readOrderForm(request, SHEET_FORM_FIELDS, SHEET_FIELD_BYTES);
  } catch (error) {
    // The form is named in the address too, so a refused upload goes back to the form that sent it.
    if (error instanceof UploadError)
      return data(
        {
          intent: new URL(request.url).searchParams.get("intent") ?? "sheet",
          message: error.problem,
          errors: { sheet: error.problem, file: error.problem },
          values: {} as TypedValues,
          lists: null,
        },
        { status: refusalStatus(error.refusal) },
      );
    throw error;
  }
  const upload = read.file ? { data: read.file.data, filename: read.file.filename } : null;
  const intent = String(read.fields.intent ?? "sheet");
  if (isReadingKind(intent)) {
    const outcome = await savePaperReadings(services.db, services.documents, id, intent, read.fields, upload, staff);
    if (outcome.ok) return redirect(`/admin/edit/${id}/auction-sheet?saved=${intent}#${intent}`);
    const { message, errors, values } = outcome;
    return data({ intent, message, errors, values, lists: null }, { status: refusalStatus(outcome.refusal) });
  }
  const outcome = await saveAuctionSheet(services.db, services.documents, id, read.fields, upload, staff);
  if (outcome.ok) return redirect(`/admin/edit/${id}/auction-sheet?saved=1`);
  const { message, errors, values, lists } = outcome;
  return data({ intent: "sheet", message, errors, values, lists }, { status: refusalStatus(outcome.refusal) });
}

export default function AuctionSheetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  const { message: say, errors: localize } = useProblems("admin");
  const format = useFormat();
  const navigation = useNavigation();
  const { vehicle, sheet, choices, saved, warnings, readings } = loaderData;
  const sheetRefused = actionData && actionData.intent !== "export_certificate" && actionData.intent !== "inspection";
  const errors = localize(sheetRefused ? actionData?.errors : undefined);
  const typed = sheetRefused && actionData?.lists ? actionData.values : undefined;
  const f = sheet?.fields;
  // What the form shows: what was just typed after a refusal, else the current translation.
  const value = (name: string, stored: string | null | undefined) => (typed ? (typed[name] ?? "") : (stored ?? ""));
  const rows: { code: string; place: string }[] = actionData?.lists
    ? actionData.lists.markCode.map((code, i) => ({ code, place: actionData.lists!.markPlace[i] ?? "" }))
    : (f?.marks ?? []).map((m) => ({ code: m.code, place: m.place }));
  const filled = rows.filter((r) => r.code || r.place);
  const markRows = [...filled, ...Array.from({ length: EMPTY_MARK_ROWS }, () => ({ code: "", place: "" }))];
  const ticked = new Set<string>(actionData?.lists ? actionData.lists.flags : (f?.flags ?? []));
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <p className="text-sm">
        <Link to={`/admin/edit/${vehicle.id}`} className="text-accent-700 underline">
          {t("sheet.back")}
        </Link>
      </p>
      <h1 className="text-xl font-semibold text-slate-900">{t("sheet.title", { vehicle: vehicle.name })}</h1>
      <p className="text-sm text-slate-700">{t("sheet.intro")}</p>
      {saved === "1" && !actionData ? <FormMessage tone="success">{say(SHEET_SAVED)}</FormMessage> : null}
      {saved && saved !== "1" && !actionData ? <FormMessage tone="success">{say(PAPER_SAVED)}</FormMessage> : null}
      {actionData ? <FormMessage tone="error">{say(actionData.message)}</FormMessage> : null}
      {warnings.length ? (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
          data-testid="papers-warnings"
        >
          <p className="font-semibold">{t("papers.warningsTitle")}</p>
          <ul className="mt-1 list-disc pl-5">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {sheet ? (
        <p className="text-sm text-slate-600" data-testid="sheet-saved-by">
          {t("sheet.saved", { version: sheet.version, date: format.date(sheet.savedAt), by: sheet.savedBy })}{" "}
          <Link to={`/vehicles/${vehicle.id}#auction-sheet`} className="text-accent-700 underline">
            {t("sheet.publicPage")}
          </Link>
        </p>
      ) : null}
      <Form
        method="post"
        action="?intent=sheet"
        encType="multipart/form-data"
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <div>
          <label htmlFor="sheet-file" className="field-label">
            {t("sheet.file")}
          </label>
          <input
            id="sheet-file"
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            required={!sheet?.paper}
            aria-invalid={errors.sheet ? true : undefined}
            aria-describedby="sheet-file-hint"
            className={`${inputClass} h-auto border-slate-300 py-2 text-sm`}
          />
          <p id="sheet-file-hint" className="mt-1 text-xs text-slate-600">
            {sheet?.paper
              ? t("sheet.fileCurrent", { version: sheet.paper.version, date: format.date(sheet.paper.addedAt) })
              : t("sheet.fileHint")}
          </p>
          {errors.sheet ? <p className="mt-1 text-sm text-red-700">{errors.sheet}</p> : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label={t("sheet.house")}
            name="auctionHouse"
            defaultValue={value("auctionHouse", f?.auctionHouse)}
            error={errors.auctionHouse}
            maxLength={80}
          />
          <Field
            label={t("sheet.lot")}
            name="lotNumber"
            defaultValue={value("lotNumber", f?.lotNumber)}
            error={errors.lotNumber}
            maxLength={20}
          />
          <Field
            label={t("sheet.date")}
            name="auctionDate"
            type="date"
            defaultValue={value("auctionDate", f?.auctionDate)}
            error={errors.auctionDate}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-4">
          <Select
            label={t("sheet.overall")}
            name="overallGrade"
            options={SHEET_GRADES}
            defaultValue={value("overallGrade", f?.overallGrade)}
            error={errors.overallGrade}
            required
          />
          <Select
            label={t("sheet.exterior")}
            name="exteriorGrade"
            options={SHEET_PART_GRADES}
            placeholder={t("sheet.noGrade")}
            defaultValue={value("exteriorGrade", f?.exteriorGrade)}
            error={errors.exteriorGrade}
          />
          <Select
            label={t("sheet.interior")}
            name="interiorGrade"
            options={SHEET_PART_GRADES}
            placeholder={t("sheet.noGrade")}
            defaultValue={value("interiorGrade", f?.interiorGrade)}
            error={errors.interiorGrade}
          />
          <Field
            label={t("sheet.mileage")}
            name="mileageKm"
            defaultValue={value("mileageKm", f?.mileageKm === null || !f ? "" : String(f.mileageKm))}
            error={errors.mileageKm}
            required={false}
            maxLength={12}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("sheet.manufactured")}
            name="manufactured"
            defaultValue={value("manufactured", f?.manufactured == null ? "" : monthText(f.manufactured))}
            error={errors.manufactured}
            required={false}
            hint={t("papers.monthHint")}
            maxLength={10}
          />
          <Field
            label={t("sheet.registered")}
            name="registered"
            defaultValue={value("registered", f?.registered == null ? "" : monthText(f.registered))}
            error={errors.registered}
            required={false}
            hint={t("papers.monthHint")}
            maxLength={10}
          />
        </div>
        <fieldset>
          <legend className="field-label">{t("sheet.marks")}</legend>
          <p className="mt-1 text-xs text-slate-600">{t("sheet.marksHint")}</p>
          {errors.marks ? (
            <p className="mt-1 text-sm text-red-700" data-testid="sheet-marks-error">
              {errors.marks}
            </p>
          ) : null}
          <div className="mt-2 space-y-2">
            {markRows.map((row, i) => (
              <div key={i} className="grid grid-cols-2 gap-2">
                <Select
                  label={t("sheet.markCode", { row: i + 1 })}
                  name="markCode"
                  options={choices.codes}
                  placeholder="–"
                  defaultValue={row.code}
                />
                <Select
                  label={t("sheet.markPlace", { row: i + 1 })}
                  name="markPlace"
                  options={choices.places}
                  placeholder="–"
                  defaultValue={row.place}
                />
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="field-label">{t("sheet.flags")}</legend>
          {errors.flags ? <p className="mt-1 text-sm text-red-700">{errors.flags}</p> : null}
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {choices.flags.map((flag) => (
              <label key={flag.value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="flags"
                  value={flag.value}
                  defaultChecked={ticked.has(flag.value)}
                  className="h-5 w-5"
                />
                {flag.label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label={t("sheet.notes")}
          name="notes"
          rows={4}
          defaultValue={value("notes", f?.notes)}
          error={errors.notes}
          required={false}
          maxLength={2000}
        />
        <button type="submit" disabled={busy} className="h-12 w-full btn-accent disabled:opacity-60 sm:w-auto sm:px-6">
          {t("sheet.save")}
        </button>
      </Form>
      <h2 className="pt-4 text-lg font-semibold text-slate-900">{t("papers.title")}</h2>
      <p className="text-sm text-slate-700">{t("papers.intro")}</p>
      {READING_KINDS.map((kind) => (
        <PaperForm
          key={kind}
          kind={kind}
          stored={readings[kind] ?? null}
          refused={actionData?.intent === kind ? actionData : null}
        />
      ))}
    </div>
  );
}

type Stored = Route.ComponentProps["loaderData"]["readings"][ReadingKind];

/** The readings of one paper (the export certificate or the inspection), with its file. */
function PaperForm({
  kind,
  stored,
  refused,
}: {
  kind: ReadingKind;
  stored: Stored | null;
  refused: { errors: Parameters<ReturnType<typeof useProblems>["errors"]>[0]; values: TypedValues } | null;
}) {
  const { t } = useT("admin");
  const { errors: localize } = useProblems("admin");
  const format = useFormat();
  const busy = useNavigation().state === "submitting";
  const errors = localize(refused?.errors);
  const month = (m: number | null | undefined) => (m == null ? "" : monthText(m));
  const value = (name: string, kept: string) => (refused ? (refused.values[name] ?? "") : kept);
  return (
    <Form
      id={kind}
      method="post"
      action={`?intent=${kind}`}
      encType="multipart/form-data"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid={`paper-${kind}`}
    >
      <input type="hidden" name="intent" value={kind} />
      <h3 className="font-semibold text-slate-900">{t(`papers.${kind}`)}</h3>
      {stored ? (
        <p className="text-sm text-slate-600">
          {t("papers.current", { version: stored.version, date: format.date(stored.savedAt) })}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t("papers.reference")}
          name="reference"
          defaultValue={value("reference", stored?.reference ?? "")}
          error={errors.reference}
          hint={t("papers.referenceHint")}
          maxLength={60}
        />
        <Field
          label={t("papers.issuedOn")}
          name="issuedOn"
          type="date"
          defaultValue={value("issuedOn", stored?.issuedOn ?? "")}
          error={errors.issuedOn}
        />
        <Field
          label={t("papers.mileage")}
          name="mileageKm"
          defaultValue={value("mileageKm", stored?.mileageKm == null ? "" : String(stored.mileageKm))}
          error={errors.mileageKm}
          required={false}
          maxLength={12}
        />
        <Field
          label={t("papers.manufactured")}
          name="manufactured"
          defaultValue={value("manufactured", month(stored?.manufactured))}
          error={errors.manufactured}
          required={false}
          hint={t("papers.monthHint")}
          maxLength={10}
        />
        <Field
          label={t("papers.registered")}
          name="registered"
          defaultValue={value("registered", month(stored?.registered))}
          error={errors.registered}
          required={false}
          hint={t("papers.monthHint")}
          maxLength={10}
        />
      </div>
      <div>
        <label htmlFor={`${kind}-file`} className="field-label">
          {t("papers.file")}
        </label>
        <input
          id={`${kind}-file`}
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          aria-invalid={errors.file ? true : undefined}
          className={`${inputClass} h-auto border-slate-300 py-2 text-sm`}
        />
        {errors.file ? <p className="mt-1 text-sm text-red-700">{errors.file}</p> : null}
      </div>
      <button type="submit" disabled={busy} className="h-11 w-full btn-accent disabled:opacity-60 sm:w-auto sm:px-6">
        {t("papers.save")}
      </button>
    </Form>
  );
}
