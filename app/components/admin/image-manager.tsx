import type { Problem } from "~/i18n/problem";
import { useState } from "react";
import { imageUrl } from "~/domain/media/image-url";
import { useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { PhotoPicker } from "./photo-picker";

type Image = { id: number; key: string; width: number; height: number; variants: number[] };
const MAX = 12;

/**
 * The photos of an item on the edit screen: move, remove, add; the first is the
 * cover. What is kept goes to the server as `keep` fields in order; without
 * JavaScript every photo is kept as it is.
 */
export function ImageManager({ images, error }: { images: Image[]; error?: Problem }) {
  const { t } = useT("admin");
  const { message: m } = useProblems("admin");
  const [list, setList] = useState(images);
  const [tooMany, setTooMany] = useState(false);
  const move = (from: number, to: number) => {
    const next = [...list];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    setList(next);
  };
  const room = MAX - list.length;
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5" data-testid="image-manager">
      <legend className="px-1 text-base font-semibold text-slate-900">{t("imageManager.legend")}</legend>
      {list.map((image) => (
        <input key={image.id} type="hidden" name="keep" value={image.id} />
      ))}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {list.map((image, i) => (
          <li key={image.id} className="rounded-lg border border-slate-200 p-2" data-testid="managed-image">
            <img
              src={imageUrl(image, 480)}
              width={image.width}
              height={image.height}
              alt={t("imageManager.photo", { number: i + 1 })}
              className="aspect-[4/3] w-full rounded object-cover"
            />
            <p className="mt-1 text-xs text-slate-600">
              {i === 0 ? t("imageManager.cover") : t("imageManager.photo", { number: i + 1 })}
            </p>
            <div className="mt-1 flex flex-wrap gap-2 text-xs">
              {(
                [
                  { to: i - 1, word: "earlier", label: "moveEarlier" },
                  { to: i + 1, word: "later", label: "moveLater" },
                ] as const
              ).map((way) => (
                // Earlier on the first photo, later on the last: there is nowhere to go.
                <button
                  key={way.word}
                  type="button"
                  disabled={way.to < 0 || way.to >= list.length}
                  onClick={() => move(i, way.to)}
                  className="font-semibold text-accent-700 disabled:text-slate-400"
                  aria-label={t(`imageManager.${way.label}`, { number: i + 1 })}
                >
                  {t(`imageManager.${way.word}`)}
                </button>
              ))}
              <button
                type="button"
                onClick={() => setList(list.filter((x) => x.id !== image.id))}
                className="font-semibold text-red-700"
                aria-label={t("imageManager.removePhoto", { number: i + 1 })}
              >
                {t("imageManager.remove")}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {room > 0 ? (
        <div className="mt-4">
          <PhotoPicker
            id="add-images"
            label={t("imageManager.add", { room })}
            onChange={(event) => {
              const count = event.currentTarget.files?.length ?? 0;
              setTooMany(count > room);
            }}
          />
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-700">{t("messages.text.tooManyImages")}</p>
      )}
      <p role="status" className="mt-1 text-sm text-red-700">
        {tooMany ? t("messages.text.tooManyImages") : m(error)}
      </p>
    </fieldset>
  );
}
