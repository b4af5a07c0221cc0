import { log } from "~/utils/log.server";
import { Form, redirect, useLocation } from "react-router";
import { Field, fieldsOf, FormMessage } from "~/components/ui/field";
import { PhotoPicker } from "~/components/admin/photo-picker";
import { SettingsCard } from "~/components/admin/settings-editor";
import {
  SaveButton,
  SecondaryButton,
  SettingsScreen,
  settingsCard,
  useSettingsScreen,
} from "~/components/admin/settings-screen";
import { refuse, staffAction, staffRequest } from "~/routes/admin/staff-request.server";
import { imageSrcSet, imageUrl } from "~/domain/media/image-url";
import {
  type Company,
  type CompanyField,
  MAX_MEMBERSHIPS,
  MAX_OFFICE_PHOTOS,
  readCompanyForm,
} from "~/domain/settings/company";
import {
  getCompany,
  getOfficePhotos,
  OFFICE_PHOTO_NOT_FOUND,
  removeOfficePhoto,
  saveCompany,
} from "~/domain/settings/company.server";
import { type FieldProblems, formInput, type Problem } from "~/utils/forms";
import { staffText } from "~/domain/staff/staff-problems";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/company";

/*
 * Who stands behind the shop (issue 18.8): the company's registration, its
 * second-hand dealer licence, memberships, year founded, contact details and
 * office photos. The footer, About, How to buy and FAQ show them as entered.
 */

export const meta: Route.MetaFunction = noindexMeta("admin", "titles.company");

export async function loader(args: Route.LoaderArgs) {
  // What a save sends the page back with (?saved=): each has its message, company.saved.*
  const { services, saved } = await staffRequest(args, ["details", "photos", "removed"]);
  const [company, photos] = await Promise.all([
    getCompany(services.db, services.config.shop),
    getOfficePhotos(services.db),
  ]);
  return { company, photos, saved };
}

type Values = Record<CompanyField, string>;
type ActionResult = { message: Problem; errors: FieldProblems; values: Partial<Values> | null };

export async function action(args: Route.ActionArgs) {
  const { services, staff, form, intent } = await staffAction(args);

  if (intent === "remove-photo") {
    const removed = await removeOfficePhoto(services.db, staff, String(form.get("key") ?? ""));
    if (!removed)
      return refuse<ActionResult>({ message: OFFICE_PHOTO_NOT_FOUND, errors: {}, values: null }, "not-found");
    // The photo is off the page already; a file the storage cannot remove now is only logged.
    await services.media.remove(removed).catch((error: unknown) => {
      log("warn", "office photo file not removed", { error: String(error) });
    });
    return redirect("/admin/company?saved=removed");
  }
  if (intent !== "save")
    return refuse<ActionResult>({ message: staffText("unknownAction"), errors: {}, values: null }, "invalid");

  const parsed = readCompanyForm(formInput(form));
  if (!parsed.ok) {
    const { errors, values } = parsed;
    return refuse<ActionResult>({ message: staffText("correctFields"), errors, values }, "invalid");
  }
  await saveCompany(services.db, staff, services.config.shop, parsed.company);
  return redirect("/admin/company?saved=details");
}

/** What a stored company looks like in the form's text fields. */
function formValues(company: Company): Values {
  return {
    ...company,
    memberships: company.memberships.join("\n"),
    foundedYear: company.foundedYear === null ? "" : String(company.foundedYear),
  };
}

export default function CompanyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, m, texts, busy } = useSettingsScreen();
  const location = useLocation();
  const { company, photos, saved } = loaderData;
  const result = actionData as ActionResult | undefined;
  const start: Partial<Values> = result?.values ?? formValues(company);
  const e: Partial<Values> = texts(result?.errors);
  const bind = fieldsOf((name: CompanyField) => t(`company.fields.${name}`), start, e);
  const field = (name: CompanyField, maxLength: number, required = true, hint?: string) => (
    <Field {...bind(name)} required={required} hint={hint} maxLength={maxLength} />
  );

  return (
    <SettingsScreen title={t("titles.company")} intro={t("company.intro")} saved={saved && t(`company.saved.${saved}`)}>
      {/* Posted to this screen by name: after a refused photo upload the address is /admin/company/photos. */}
      <Form
        method="post"
        action="/admin/company"
        noValidate
        className="space-y-6"
        key={location.key}
        data-testid="company-form"
      >
        <input type="hidden" name="intent" value="save" />
        {result?.values ? <FormMessage tone="error">{m(result.message)}</FormMessage> : null}
        <fieldset className={settingsCard}>
          <legend className="px-1 text-lg font-semibold text-slate-900">{t("company.sections.registration")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">{field("legalName", 120)}</div>
            {field("corporateNumber", 20, false, t("company.hints.corporateNumber"))}
            {field("foundedYear", 4, false, t("company.hints.foundedYear"))}
            {field("licenceNumber", 20, false, t("company.hints.licenceNumber"))}
            {field("licenceIssuer", 80, false, t("company.hints.licenceIssuer"))}
            <div className="sm:col-span-2">
              <Field
                {...bind("memberships")}
                required={false}
                hint={t("company.hints.memberships", { max: MAX_MEMBERSHIPS })}
                rows={3}
                maxLength={MAX_MEMBERSHIPS * 101}
              />
            </div>
          </div>
        </fieldset>
        <fieldset className={settingsCard}>
          <legend className="px-1 text-lg font-semibold text-slate-900">{t("company.sections.contact")}</legend>
          <p className="mb-4 text-sm text-slate-600">{t("company.contactIntro")}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {field("phone", 20)}
            {field("whatsapp", 20)}
            {field("email", 254)}
            <div className="sm:col-span-2">
              <Field {...bind("address")} rows={2} maxLength={200} />
            </div>
          </div>
        </fieldset>
        <SaveButton busy={busy}>{t("company.save")}</SaveButton>
      </Form>

      <SettingsCard className={settingsCard} titleId="office-photos-title" title={t("company.photos.title")}>
        <p className="mt-1 text-sm text-slate-600">{t("company.photos.intro", { max: MAX_OFFICE_PHOTOS })}</p>
        {result && !result.values ? <FormMessage tone="error">{m(result.message)}</FormMessage> : null}
        {photos.length > 0 ? (
          <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="office-photos">
            {photos.map((photo, i) => (
              <li key={photo.key} className="space-y-2">
                <img
                  src={imageUrl(photo, 480)}
                  srcSet={imageSrcSet(photo)}
                  sizes="(min-width: 640px) 14rem, 45vw"
                  width={photo.width}
                  height={photo.height}
                  alt={t("company.photos.alt", { n: i + 1 })}
                  className="aspect-[4/3] w-full rounded-lg object-cover"
                />
                <Form method="post" action="/admin/company">
                  <input type="hidden" name="intent" value="remove-photo" />
                  <input type="hidden" name="key" value={photo.key} />
                  <button
                    type="submit"
                    className="rounded-md px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
                    aria-label={t("company.photos.removeNumber", { n: i + 1 })}
                  >
                    {t("company.photos.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600">{t("company.photos.none")}</p>
        )}
        {photos.length < MAX_OFFICE_PHOTOS ? (
          <Form
            method="post"
            action="/admin/company/photos"
            encType="multipart/form-data"
            className="mt-5 space-y-3"
            data-testid="office-photo-form"
          >
            <div>
              <PhotoPicker id="office-photos-input" label={t("company.photos.add")} />
            </div>
            <SecondaryButton busy={busy}>{t("company.photos.upload")}</SecondaryButton>
          </Form>
        ) : null}
      </SettingsCard>
    </SettingsScreen>
  );
}
