import { useState } from "react";
import { useT } from "~/i18n/i18n";
import type { Problem } from "~/i18n/problem";
import { staffText } from "~/domain/staff/staff-problems";

export type UploadResult = { ok: boolean; message: Problem; errors: Record<string, Problem>; id?: number | null };
/** What the upload endpoint answers: the result, its message's English beside its Problem. */
type UploadAnswer = Omit<UploadResult, "message"> & { problem: Problem };

type FileProgress = { name: string; size: number; done: number };

/**
 * Sends an upload form with XMLHttpRequest (fetch cannot report upload
 * progress) and follows each file's share of the bytes sent. Files go in the
 * order chosen, so each one's progress is the part of the stream it covers.
 */
export function useUploadWithProgress(endpoint: string) {
  const [files, setFiles] = useState<FileProgress[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<UploadResult | null>(null);

  function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const chosen = data.getAll("images").filter((f): f is File => f instanceof File && f.size > 0);
    setFiles(chosen.map((f) => ({ name: f.name, size: f.size, done: 0 })));
    setBusy(true);
    setResult(null);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", endpoint);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      const fieldBytes = Math.max(0, event.total - chosen.reduce((s, f) => s + f.size, 0));
      let offset = fieldBytes;
      setFiles(
        chosen.map((f) => {
          const done = Math.min(f.size, Math.max(0, event.loaded - offset));
          offset += f.size;
          return { name: f.name, size: f.size, done };
        }),
      );
    };
    xhr.onload = () => {
      setBusy(false);
      const body = xhr.response as UploadAnswer | null;
      setResult(
        body
          ? { ok: body.ok, message: body.problem, errors: body.errors, id: body.id }
          : { ok: false, message: staffText("uploadNoAnswer"), errors: {} },
      );
      if (body?.ok) {
        form.reset();
        setFiles([]);
      }
    };
    xhr.onerror = () => {
      setBusy(false);
      setResult({ ok: false, message: staffText("uploadConnectionLost"), errors: {} });
    };
    xhr.send(data);
  }

  return { files, busy, result, submit };
}

export function ProgressList({ files }: { files: FileProgress[] }) {
  const { t } = useT("admin");
  if (files.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label={t("upload.progress")}>
      {files.map((f, i) => {
        const percent = f.size ? Math.round((f.done / f.size) * 100) : 100;
        return (
          <li key={`${f.name}-${i}`} className="text-sm">
            <div className="flex justify-between text-slate-700">
              <span className="truncate">{f.name}</span>
              <span>{percent}%</span>
            </div>
            <progress
              value={percent}
              max={100}
              className="h-2 w-full"
              aria-label={t("upload.fileProgress", { name: f.name })}
            >
              {percent}%
            </progress>
          </li>
        );
      })}
    </ul>
  );
}
