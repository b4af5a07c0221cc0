import type { FieldProblems } from "~/utils/forms";
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { StockFields } from "~/components/admin/stock-fields";
import { useProblems } from "~/i18n/messages";
import { ProgressList, useUploadWithProgress } from "~/components/admin/upload-progress";
import { FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import { UPLOAD_FIRST_YEAR, yearsFrom } from "~/domain/inventory/catalogue";
import { MAX_IMAGES_PER_UPLOAD } from "~/domain/inventory/inventory.schema";
import { kindOfAdminPath, STOCK_ADMIN } from "~/domain/inventory/admin-stock";
import { handleUpload } from "./upload-action.server";
import { requireStaff } from "~/routes/guards.server";
import { metaT, useT } from "~/i18n/i18n";
import type { Route } from "./+types/upload-stock";
import { UPLOAD_ROUTE } from "~/utils/route-handle";
import { PhotoPicker } from "~/components/admin/photo-picker";

// One module for Upload Vehicle (/admin/upload-vehicle) and Upload Part (/admin/upload-part).

/** Photos stream in with their own limits. */
export const handle = UPLOAD_ROUTE;

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: metaT(matches, "admin")(STOCK_ADMIN[kindOfAdminPath(location.pathname)].titles.upload) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(getServices(context), request);
  return { kind: kindOfAdminPath(url.pathname), years: yearsFrom(UPLOAD_FIRST_YEAR) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const answer = await handleUpload(request, context, kindOfAdminPath(url.pathname));
  return answer.status === 200 ? answer.body : data(answer.body, { status: answer.status });
}

export default function UploadStock({ loaderData, actionData }: Route.ComponentProps) {
  const { kind } = loaderData;
  const screen = STOCK_ADMIN[kind];
  const navigation = useNavigation();
  const { t } = useT("admin");
  const { message: m } = useProblems("admin");
  const sender = useUploadWithProgress(`/admin/api/upload/${kind}`);
  const uploading = navigation.state === "submitting" || sender.busy;
  // With JavaScript the answer comes from the progress upload; without, from the form's action.
  const shown = sender.result ?? actionData;
  // How many images were picked (null before any pick); the sentence is made when shown.
  const [picked, setPicked] = useState<number | null>(null);
  const e: FieldProblems = shown?.errors ?? {};
  return (
    <div className="max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t(screen.titles.upload)}</h1>
      {shown ? <FormMessage tone={shown.ok ? "success" : "error"}>{m(shown.message)}</FormMessage> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-6"
        key={shown?.ok ? `done-${shown.id}` : "form"}
        onSubmit={(event) => {
          event.preventDefault();
          sender.submit(event.currentTarget);
        }}
        data-testid={`upload-${kind}-form`}
      >
        <StockFields kind={kind} screen="upload" years={loaderData.years} errors={e} />
        <fieldset className="rounded-xl border border-slate-200 bg-white p-5">
          <legend className="px-1 text-base font-semibold text-slate-900">{t(screen.words.photos)}</legend>
          <PhotoPicker
            id={`${kind}-images`}
            label={t("upload.photos")}
            formatsClassName="mt-2 text-sm text-slate-600"
            onChange={(event) => {
              const input = event.currentTarget;
              const files = [...(input.files ?? [])];
              // Extra picks are cut to 10 (SPEC 5); the server refuses more in any case.
              if (files.length > MAX_IMAGES_PER_UPLOAD) {
                const keep = new DataTransfer();
                files.slice(0, MAX_IMAGES_PER_UPLOAD).forEach((f) => keep.items.add(f));
                input.files = keep.files;
              }
              setPicked(files.length);
            }}
          />
          <p className="text-sm text-slate-700" role="status">
            {picked === null
              ? ""
              : picked > MAX_IMAGES_PER_UPLOAD
                ? t("upload.onlyFirst", { max: MAX_IMAGES_PER_UPLOAD, chosen: picked })
                : t("upload.chosen", { count: picked })}
          </p>
          {e.images ? <p className="mt-1 text-sm text-red-700">{m(e.images)}</p> : null}
        </fieldset>
        <ProgressList files={sender.files} />
        <button
          type="submit"
          disabled={uploading}
          className="h-12 rounded-lg bg-accent-700 px-6 font-semibold text-white hover:bg-accent-800 disabled:opacity-60"
        >
          {uploading ? t("upload.uploading") : t(screen.words.submit)}
        </button>
      </Form>
    </div>
  );
}
