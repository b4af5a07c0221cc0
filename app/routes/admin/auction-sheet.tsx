import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Select } from "~/components/admin/form-bits";
import { Field, FormMessage, inputClass } from "~/components/ui/field";
import { noindexMeta } from "~/components/ui/page-meta";
import { getServices } from "~/context.server";
import { getVehicle } from "~/domain/inventory/inventory.server";
import { UploadError } from "~/domain/media/multipart.server";
import { EMPTY_MARK_ROWS, SHEET_GRADES, SHEET_PART_GRADES } from "~/domain/proof/auction-sheet";
import { SHEET_SAVED } from "~/domain/proof/auction-sheet.schema";
import { readAuctionSheet, saveAuctionSheet } from "~/domain/proof/auction-sheets.server";
import { sheetChoices } from "~/domain/proof/sheet-words.server";
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
export const meta: Route.MetaFunction = noindexMeta("admin", "sheet.edit");

const vehicleId = (params: { id?: string }) => {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  await requireStaff(services, request);
  const id = vehicleId(params);
  const vehicle = id ? await getVehicle(services.db, id) : null;
  if (!vehicle) throw data(null, { status: 404 });
  const sheet = await readAuctionSheet(services.db, vehicle.id);
  return {
    vehicle: { id: vehicle.id, name: vehicle.name, refId: vehicle.refId },
    sheet,
    choices: sheetChoices(adminLanguage(requestLanguage(request))),
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const staff = await requireStaff(services, request);
  const id = vehicleId(params);
  if (!id) throw data(null, { status: 404 });
  let read;
  try {
    read = await readOrderForm(request);
  } catch (error) {
    if (error instanceof UploadError)
      return data(
        { message: error.problem, errors: { sheet: error.problem }, values: {} as TypedValues, lists: null },
        { status: refusalStatus(error.refusal) },
      );
    throw error;
  }
  const upload = read.file ? { data: read.file.data, filename: read.file.filename } : null;
  const outcome = await saveAuctionSheet(services.db, services.documents, id, read.fields, upload, staff);
  if (outcome.ok) return redirect(`/admin/edit/${id}/auction-sheet?saved=1`);
  const { message, errors, values, lists } = outcome;
  return data({ message, errors, values, lists }, { status: outcome.status });
}

export default function AuctionSheetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  const { message: say, errors: localize } = useProblems("admin");
  const format = useFormat();
  const navigation = useNavigation();
  const { vehicle, sheet, choices, saved } = loaderData;
  const errors = localize(actionData?.errors);
  const typed = actionData?.lists ? actionData.values : undefined;
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
      {saved && !actionData ? <FormMessage tone="success">{say(SHEET_SAVED)}</FormMessage> : null}
      {actionData ? <FormMessage tone="error">{say(actionData.message)}</FormMessage> : null}
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
    </div>
  );
}
