import type { StockKind } from "~/domain/inventory/stock-kinds";
import type { Problem } from "~/i18n/problem";

/** What a stock import's preview says of each row (import-plan.server.ts makes it). Browser-safe. */

export type RowOutcome = "new" | "update" | "unchanged" | "error";
export const ROW_OUTCOMES = ["error", "new", "update", "unchanged"] as const satisfies readonly RowOutcome[];

/** A cell's mistake: "F14" and its column's name, or no cell when it is about the row or its photos. */
export type RowProblem = { cell: string | null; column: string | null; message: Problem };

export type PreviewRow = {
  line: number;
  refId: string | null;
  name: string;
  outcome: RowOutcome;
  problems: RowProblem[];
  /** The columns an update changes, by their export names ("price", "photos"). */
  changes: string[];
  /** Photos the ZIP holds for this row. */
  photos: number;
  /** What the preview saw of the listing the row names (null: a new one); the import leaves the row out if it changed since. */
  seen: string | null;
};

export type ImportPreview = {
  kind: StockKind;
  rows: PreviewRow[];
  counts: Record<RowOutcome, number>;
  /** Columns not imported: the shop's own (photos, dates) and ones it does not know. */
  shopColumns: string[];
  unknownColumns: string[];
  /** Ref ids with photos in the ZIP and no row in the file; files not named ref id_number. */
  photosWithoutRow: string[];
  photosUnnamed: string[];
};
