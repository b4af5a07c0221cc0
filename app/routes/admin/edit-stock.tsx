import type { FieldProblems } from "~/utils/forms";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { disagreements } from "~/domain/proof/paper-check";
import { vehicleReadings } from "~/domain/proof/paper-readings.server";
import { useProblems } from "~/i18n/messages";
import { ImageManager } from "~/components/admin/image-manager";
import { StockFields } from "~/components/admin/stock-fields";
import { FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import { UPLOAD_FIRST_YEAR, yearsFrom } from "~/domain/inventory/catalogue";
import { kindOfAdminPath, STOCK_ADMIN } from "~/domain/inventory/admin-stock";
import { STOCK_KINDS } from "~/domain/inventory/stock-kinds";
import { getPart, getVehicle } from "~/domain/inventory/inventory.server";
import { editUploadFailed, MAX_IMAGES_PER_ITEM } from "~/domain/inventory/inventory.schema";
import { editStock, SAVE_FAILED, stockImages } from "~/domain/stock-io/stock-edit.server";
import { readMultipart, UploadError } from "~/domain/media/multipart.server";
import { requireStaff } from "~/routes/guards.server";
import { refusalStatus } from "~/routes/refusal-status";
import { metaT, useT } from "~/i18n/i18n";
import type { Route } from "./+types/edit-stock";
import { monthText } from "~/domain/inventory/months";
import { fitmentsText } from "~/domain/inventory/fitment";
import { UPLOAD_ROUTE } from "~/utils/route-handle";

// One module for Edit Vehicle (/admin/edit/{id}) and Edit Part (/admin/edit-parts/{id}, /admin/edit-part/{id}).

/** Photos stream in with their own limits. */
export const handle = UPLOAD_ROUTE;

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: metaT(matches, "admin")(STOCK_ADMIN[kindOfAdminPath(location.pathname)].titles.edit) },
  { name: "robots", content: "noindex" },
];

const idOf = (param: string | undefined) => (param && /^\d{1,15}$/.test(param) ? Number(param) : 0);

export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  await requireStaff(getServices(context), request);
  const kind = kindOfAdminPath(url.pathname);
  const item = kind === "vehicle" ? await getVehicle(db, idOf(params.id)) : await getPart(db, idOf(params.id));
  // SPEC 8: a missing id says 'Product not found' and goes back to the dashboard.
  if (!item) throw redirect("/admin?notice=product-not-found");
  const initial: Record<string, string> = Object.fromEntries(
    Object.entries(item)
      .filter(([, v]) => v !== null && typeof v !== "object")
      .map(([k, v]) => [k, String(v)]),
  );
  // A part's cars, a line each, as the box reads them.
  if ("fitment" in item) initial.fitment = fitmentsText(item.fitment, "\n");
  // Months are kept as numbers and typed as 2019-03.
  if ("manufactured" in item) {
    if (item.manufactured !== null) initial.manufactured = monthText(item.manufactured);
    if (item.registered !== null) initial.registered = monthText(item.registered);
  }
  return {
    id: item.id,
    name: item.name,
    initial,
    kind,
    images: await stockImages(db, STOCK_KINDS[kind].path, item.id),
    // Papers that disagree (issue 45.2): the owner is told here, before buyers see the warning.
    papersDisagree: kind === "vehicle" && disagreements(await vehicleReadings(db, item.id)).length > 0,
    years: yearsFrom(UPLOAD_FIRST_YEAR),
  };
}

export async function action({ params, request, context, url }: Route.ActionArgs) {
  const { db, media } = getServices(context);
  const staff = await requireStaff(getServices(context), request);
  try {
    const form = await readMultipart(request, { maxFiles: MAX_IMAGES_PER_ITEM });
    const kind = kindOfAdminPath(url.pathname);
    const outcome = await editStock(db, media, STOCK_KINDS[kind].path, idOf(params.id), form, staff);
    if (outcome.ok) return redirect(`${STOCK_ADMIN[kind].list}?notice=updated`);
    if (outcome.refusal === "not-found") return redirect("/admin?notice=product-not-found");
    return data({ message: outcome.message, errors: outcome.errors }, { status: refusalStatus(outcome.refusal) });
  } catch (error) {
    if (error instanceof UploadError)
      return data({ message: editUploadFailed(error.problem), errors: {} }, { status: refusalStatus(error.refusal) });
    return data({ message: SAVE_FAILED, errors: {} }, { status: 500 });
  }
}

export default function EditStock({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { t } = useT("admin");
  const { message: m } = useProblems("admin");
  const errors: FieldProblems = actionData?.errors ?? {};
  const { kind } = loaderData;
  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t(STOCK_ADMIN[kind].titles.edit)}</h1>
        <p className="text-slate-600">{loaderData.name}</p>
        {loaderData.papersDisagree ? (
          <p
            role="alert"
            className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
            data-testid="papers-disagree"
          >
            {t("sheet.disagree")}
          </p>
        ) : null}
        {kind === "vehicle" ? (
          <p className="mt-2">
            <Link
              to={`/admin/edit/${loaderData.id}/auction-sheet`}
              className="text-sm font-medium text-accent-700 underline"
              data-testid="auction-sheet-link"
            >
              {t("sheet.edit")}
            </Link>
            <span className="text-slate-400"> · </span>
            <Link
              to={`/admin/edit/${loaderData.id}/books`}
              className="text-sm font-medium text-accent-700 underline"
              data-testid="books-link"
            >
              {t("books.link")}
            </Link>
          </p>
        ) : null}
      </div>
      {actionData ? <FormMessage tone="error">{m(actionData.message)}</FormMessage> : null}
      <Form method="post" encType="multipart/form-data" className="space-y-6" data-testid="edit-form">
        <StockFields kind={kind} screen="edit" years={loaderData.years} initial={loaderData.initial} errors={errors} />
        <ImageManager images={loaderData.images} error={errors.images} />
        <div className="flex gap-3">
          <button
            type="submit"
            disabled={navigation.state === "submitting"}
            className="h-12 rounded-lg bg-accent-700 px-6 font-semibold text-white hover:bg-accent-800 disabled:opacity-60"
          >
            {navigation.state === "submitting" ? t("edit.saving") : t("edit.save")}
          </button>
          <Link
            to={STOCK_ADMIN[kind].list}
            className="flex h-12 items-center rounded-lg border border-slate-300 px-6 font-semibold text-slate-800 hover:bg-slate-50"
          >
            {t("edit.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
