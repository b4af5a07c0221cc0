import { useT } from "~/i18n/i18n";

/** The photo formats the shop stores, as a file box's `accept`. */
const PHOTO_TYPES = "image/jpeg,image/png,image/webp";

/**
 * The box a staff form picks photos in (`images`, several at once), labelled, with the
 * formats it takes under it.
 */
export function PhotoPicker({
  id,
  label,
  onChange,
  formatsClassName = "mt-1 text-sm text-slate-600",
}: {
  id: string;
  label: string;
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
  formatsClassName?: string;
}) {
  const { t } = useT("admin");
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name="images"
        type="file"
        multiple
        accept={PHOTO_TYPES}
        className="mt-2 block text-sm"
        onChange={onChange}
      />
      <p className={formatsClassName}>{t("upload.formats")}</p>
    </>
  );
}
