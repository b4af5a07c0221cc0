import type { RouterContextProvider } from "react-router";
import { getServices } from "~/context.server";
import { isStockKind, type StockKind } from "~/domain/inventory/stock-kinds";
import { readMultipart, UploadError } from "~/domain/media/multipart.server";
import { requireStaff } from "~/routes/guards.server";
import { refusalStatus } from "~/routes/refusal-status";
import { staffText } from "~/domain/staff/staff-problems";
import type { Problem } from "~/i18n/problem";
import { MAX_ZIP_BYTES } from "~/domain/stock-io/import-photos.server";
import { stageImport } from "~/domain/stock-io/stock-import.server";

export type StockUploadAnswer = {
  status: number;
  body: { ok: boolean; id: number | null; problem: Problem | null; field: "file" | "photos" | "kind" | null };
};

/**
 * What the import page's form and its progress endpoint share: the guard, the
 * streamed form (a stock file and a ZIP, each read with its limit), and the
 * preview it leads to.
 */
export async function handleStockUpload(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StockUploadAnswer> {
  const services = getServices(context);
  const staff = await requireStaff(services, request);
  const refuse = (status: number, field: StockUploadAnswer["body"]["field"], problem: Problem): StockUploadAnswer => ({
    status,
    body: { ok: false, id: null, problem, field },
  });
  let form;
  try {
    form = await readMultipart(request, { maxFiles: 2, maxFileBytes: MAX_ZIP_BYTES, maxFields: 5 });
  } catch (error) {
    if (error instanceof UploadError) return refuse(refusalStatus(error.refusal), null, error.problem);
    throw error;
  }
  const kind = form.fields.get("kind")?.[0];
  if (!isStockKind(kind)) return refuse(400, "kind", staffText("import.chooseKind"));
  const file = form.files.find((f) => f.field === "file");
  const zip = form.files.find((f) => f.field === "photos");
  if (!file) return refuse(400, "file", staffText("import.chooseFile"));
  const outcome = await stageImport(
    services,
    staff,
    kind as StockKind,
    { name: file.filename, data: file.data },
    zip ? { name: zip.filename, data: zip.data } : null,
  );
  if (!outcome.ok) return refuse(refusalStatus(outcome.refusal), outcome.field, outcome.problem);
  return { status: 200, body: { ok: true, id: outcome.id, problem: null, field: null } };
}
