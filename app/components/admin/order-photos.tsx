import { Form } from "react-router";
import { PostForm } from "~/components/ui/post-form";
import { Field, FormMessage, inputClass } from "~/components/ui/field";
import { type FormRefusal, SubmitRow, useFieldError } from "./order-forms";
import { PHOTOS_AT_ONCE, PHOTOS_PER_ORDER } from "~/domain/sale/pre-shipment";
import type { OrderView } from "~/domain/sale/order-view";
import { useFormat, useT } from "~/i18n/i18n";

/*
 * The vehicle before loading on the owner's order page (issue 45.3): the
 * photos the buyer sees, each with its remove button, the upload of more
 * (several at once from a phone) and the video link. Works without scripts.
 */
export function PreShipmentCard({
  order,
  open,
  refusals,
}: {
  order: OrderView;
  /** Photos and the link may still change (the order is not cancelled). */
  open: boolean;
  refusals: { photos: FormRefusal; remove: FormRefusal; video: FormRefusal };
}) {
  const { t } = useT("admin");
  const format = useFormat();
  const videoError = useFieldError(refusals.video)("videoUrl");
  const { photos, video } = order.preShipment;
  const message = refusals.photos.message ?? refusals.remove.message;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="order-pre-shipment">
      <h2 id="order-pre-shipment" className="font-semibold text-slate-900">
        {t("order.preShipment.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("order.preShipment.help")}</p>
      {message ? (
        <div className="mt-3" data-testid="pre-shipment-refused">
          <FormMessage tone="error">{message}</FormMessage>
        </div>
      ) : null}
      <p className="mt-3 text-sm font-semibold text-slate-800">
        {photos.length === 0
          ? t("order.preShipment.none")
          : t("order.preShipment.count", { count: photos.length, max: PHOTOS_PER_ORDER })}
      </p>
      {photos.length > 0 ? (
        <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="pre-shipment-photos">
          {photos.map((photo, i) => (
            <li key={photo.id} className="min-w-0">
              <a href={`${photo.path}?w=1600`} className="block">
                <img
                  src={`${photo.path}?w=480`}
                  width={480}
                  height={360}
                  loading="lazy"
                  decoding="async"
                  alt={t("order.preShipment.photoAlt", {
                    n: i + 1,
                    date: format.date(photo.addedAt, { dateStyle: "medium" }),
                  })}
                  className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
                />
              </a>
              {open ? (
                <PostForm
                  fields={{ intent: "remove-photo", photoId: photo.id }}
                  confirm={t("order.preShipment.confirmRemove")}
                >
                  <button
                    type="submit"
                    className="mt-1 min-h-10 text-sm font-semibold text-red-800 hover:underline"
                    aria-label={t("order.preShipment.removeLabel", { n: i + 1 })}
                  >
                    {t("order.preShipment.remove")}
                  </button>
                </PostForm>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {video ? (
        <p className="mt-3 text-sm">
          <a
            href={video.url}
            className="font-semibold break-all text-accent-700 hover:underline"
            target="_blank"
            rel="noopener noreferrer"
            data-testid="pre-shipment-video"
          >
            {t("order.preShipment.videoOn", { host: video.host })}
          </a>
        </p>
      ) : null}
      {open ? (
        <div className="mt-4 grid gap-5 border-t border-slate-200 pt-4 lg:grid-cols-2">
          {/* Drawn afresh once photos are kept, so the chooser does not still name the files sent. */}
          <Form
            key={photos.length}
            method="post"
            action="?form=photos"
            encType="multipart/form-data"
            data-testid="pre-shipment-upload"
          >
            <input type="hidden" name="intent" value="photos" />
            <label htmlFor="pre-shipment-files" className="field-label">
              {t("order.preShipment.files")}
            </label>
            <input
              id="pre-shipment-files"
              name="photos"
              type="file"
              multiple
              required
              accept="image/jpeg,image/png,image/webp"
              aria-describedby="pre-shipment-files-hint"
              className={`${inputClass} h-auto border-slate-300 py-2 text-sm`}
            />
            <p id="pre-shipment-files-hint" className="mt-1 text-xs text-slate-500">
              {t("order.preShipment.filesHint", { max: PHOTOS_AT_ONCE })}
            </p>
            <div className="mt-3">
              <SubmitRow>{t("order.preShipment.add")}</SubmitRow>
            </div>
          </Form>
          <Form method="post" data-testid="pre-shipment-video-form">
            <input type="hidden" name="intent" value="video" />
            <Field
              id="pre-shipment-video-url"
              label={t("order.preShipment.video")}
              name="videoUrl"
              type="url"
              required={false}
              maxLength={500}
              defaultValue={refusals.video.values.videoUrl ?? video?.url ?? ""}
              error={videoError}
              hint={t("order.preShipment.videoHint")}
              placeholder="https://"
            />
            <div className="mt-3">
              <SubmitRow>{t("order.preShipment.saveVideo")}</SubmitRow>
            </div>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
