import { useState } from "react";
import { photoFileProblem, PHOTO_TYPES } from "~/domain/media/photo-limits";
import { useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import type { Problem } from "~/i18n/problem";

/**
 * The box a staff form picks photos in (`images`, several at once), labelled, with the
 * formats it takes under it. A file of another type or over the size limit is taken out
 * of the pick at once, and said so beside the box, so it never starts a slow upload only
 * to be refused; the server checks every file again.
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
  const { message: m } = useProblems("admin");
  const [refused, setRefused] = useState<Problem[]>([]);
  const errorId = `${id}-refused`;
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
        accept={PHOTO_TYPES.join(",")}
        className="mt-2 block text-sm"
        aria-invalid={refused.length > 0 ? true : undefined}
        aria-describedby={refused.length > 0 ? errorId : undefined}
        onChange={(event) => {
          const input = event.currentTarget;
          const files = [...(input.files ?? [])];
          const problems = files.map(photoFileProblem).filter((found) => found !== null);
          if (problems.length > 0) {
            const keep = new DataTransfer();
            files.filter((file) => !photoFileProblem(file)).forEach((file) => keep.items.add(file));
            input.files = keep.files;
            input.focus();
          }
          setRefused(problems);
          onChange?.(event);
        }}
      />
      <p className={formatsClassName}>{t("upload.formats")}</p>
      {refused.length > 0 ? (
        <ul id={errorId} role="alert" className="mt-1 space-y-1 text-sm text-red-700" data-testid="photos-refused">
          {refused.map((found, i) => (
            <li key={i}>{m(found)}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
