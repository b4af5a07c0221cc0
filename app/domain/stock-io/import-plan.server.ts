import { createHash } from "node:crypto";
import { type DB, dialectOf } from "~/db/db.server";
import { type FieldProblems, parseForm } from "~/utils/forms";
import { fitmentsOf, partColumns } from "~/domain/inventory/parts.server";
import type { PartInput, VehicleInput } from "~/domain/inventory/inventory";
import { partUploadSchema, vehicleUploadSchema } from "~/domain/inventory/inventory.schema";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import { partInput, vehicleInput } from "./stock-upload.server";
import { vehicleColumns } from "~/domain/inventory/vehicles.server";
import { statusByHandRefusal, type VehicleDeal, vehicleDeals } from "~/domain/sale/status-by-hand.server";
import { type Fitment, fitmentsText } from "~/domain/inventory/fitment";
import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import type { Problem } from "~/i18n/problem";
import type { ImportPreview, PreviewRow, RowOutcome, RowProblem } from "./import-preview";
import { columnLetter } from "~/utils/csv";
import { shopDay } from "~/i18n/format";
import type { AuctionSheetFields } from "~/domain/proof/auction-sheet";
import { type CurrentSheet, currentSheets } from "~/domain/proof/auction-sheets.server";
import { planSheet } from "./import-sheet.server";
import { choiceOf, STOCK_COLUMNS } from "./stock-columns";
import { type CheckedPhoto, checkedPhotos, type PhotoIndex } from "./import-photos.server";
import { columnName, shopKept, type StockFile } from "./stock-file.server";
import { type PartRow, partRecord, type VehicleRow, vehicleRecord } from "./stock-record.server";

/*
 * What importing a stock file would do, row by row (issue 23): each row is
 * read as the upload form would read it, laid over the listing its ref id
 * names (a vehicle without one is found by its chassis number), and compared
 * with what is stored: new, an update (with the columns it changes),
 * unchanged, or an error with its reason and its cell. The same plan is made
 * for the preview and again when the owner confirms, against the stock as it
 * is by then.
 */

export { ROW_OUTCOMES, type ImportPreview, type PreviewRow, type RowOutcome, type RowProblem } from "./import-preview";

/** What writing a good row needs: the checked fields, the listing it updates, the photos that replace its own. */
export type RowWork = {
  line: number;
  kind: StockKind;
  input: VehicleInput | PartInput;
  targetId: number | null;
  /** The ref id to write; null makes one (a new vehicle known by its chassis number only). */
  refId: string | null;
  /** null: the listing's photos stay as they are. */
  photos: CheckedPhoto[] | null;
  outcome: "new" | "update";
  /** What the plan saw of the listing (listingFingerprint); the write checks it again under lock. */
  seen: string | null;
  /** A vehicle's auction sheet translation to write as its next version, and the sheet's file it reads. */
  sheet: { fields: AuctionSheetFields; paperId: number } | null;
};

export type ImportPlan = { preview: ImportPreview; work: RowWork[] };

const CHUNK = 500;

async function inChunks<T, R>(values: T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await read(values.slice(i, i + CHUNK))));
  return out;
}

/** Stored photos' fingerprints per listing, in display order (null for a photo not made by an import). */
async function photoHashes(db: DB, kind: StockKind, ids: number[]): Promise<Map<number, (string | null)[]>> {
  const rows =
    kind === "vehicle"
      ? await inChunks(ids, (chunk) =>
          db
            .selectFrom("vehicle_images")
            .select(["vehicle_id as owner", "position", "source_hash"])
            .where("vehicle_id", "in", chunk)
            .execute(),
        )
      : await inChunks(ids, (chunk) =>
          db
            .selectFrom("part_images")
            .select(["part_id as owner", "position", "source_hash"])
            .where("part_id", "in", chunk)
            .execute(),
        );
  rows.sort((a, b) => a.owner - b.owner || a.position - b.position);
  const map = new Map<number, (string | null)[]>();
  for (const r of rows) map.set(r.owner, [...(map.get(r.owner) ?? []), r.source_hash]);
  return map;
}

/** The fitting cars of each part, in order. */
export async function partFitments(db: DB, ids: number[]): Promise<Map<number, Fitment[]>> {
  return fitmentsOf(db, ids);
}

/** What a listing holds besides its row: a part's cars, a vehicle's auction sheet, and the photos' fingerprints. */
async function listingExtras(db: DB, kind: StockKind, ids: number[]) {
  const [hashes, fitments, sheets] = await Promise.all([
    photoHashes(db, kind, ids),
    kind === "part" ? partFitments(db, ids) : Promise.resolve(new Map<number, Fitment[]>()),
    kind === "vehicle"
      ? inChunks(ids, async (chunk) => [...(await currentSheets(db, chunk))]).then((entries) => new Map(entries))
      : Promise.resolve(new Map<number, CurrentSheet>()),
  ]);
  return { hashes, fitments, sheets };
}

/** All a listing holds, as one short text: two that differ mean the listing changed in between. */
export function listingFingerprint(record: Record<string, string>, photos: readonly (string | null)[]): string {
  return createHash("sha256")
    .update(JSON.stringify([record, photos]))
    .digest("base64url")
    .slice(0, 22);
}

/**
 * The fingerprints of these listings as they are now, read with their rows
 * locked (PostgreSQL; SQLite's one writer needs no lock): the write's last
 * look before it overwrites anything.
 */
export async function lockedFingerprints(db: DB, kind: StockKind, ids: number[]): Promise<Map<number, string>> {
  const rows = (
    kind === "vehicle"
      ? await inChunks(ids, (chunk) =>
          db
            .selectFrom("vehicles")
            .selectAll()
            .where("id", "in", chunk)
            .$if(dialectOf(db) === "postgres", (q) => q.forUpdate())
            .execute(),
        )
      : await inChunks(ids, (chunk) =>
          db
            .selectFrom("parts")
            .selectAll()
            .where("id", "in", chunk)
            .$if(dialectOf(db) === "postgres", (q) => q.forUpdate())
            .execute(),
        )
  ) as (VehicleRow | PartRow)[];
  const { hashes, fitments, sheets } = await listingExtras(db, kind, ids);
  return new Map(
    rows.map((row) => [
      row.id,
      listingFingerprint(
        kind === "vehicle"
          ? vehicleRecord(row as VehicleRow, sheets.get(row.id)?.fields ?? null)
          : partRecord(row as PartRow, fitments.get(row.id) ?? []),
        hashes.get(row.id) ?? [],
      ),
    ]),
  );
}

/** A stored value and a written one, alike as text (line ends as a spreadsheet or a browser writes them). */
const text = (v: unknown) => (v === null || v === undefined ? "" : String(v).replace(/\r\n?/g, "\n"));
const same = (a: unknown, b: unknown) => text(a) === text(b);

/** Stored columns whose names differ from the file's. */
const HEADER_OF_COLUMN: Record<string, string> = {
  manufactured_month: "manufactured",
  registered_month: "registered",
};

/** The export's names of the columns a write would change. */
function changedColumns(kind: StockKind, write: Record<string, unknown>, stored: Record<string, unknown>): string[] {
  const headers = new Set(STOCK_COLUMNS[kind].map((c) => c.header));
  const changes: string[] = [];
  for (const [column, value] of Object.entries(write)) {
    const header = HEADER_OF_COLUMN[column] ?? column;
    // Columns the shop derives (a part's category, a part number's search key) follow the others.
    if (headers.has(header) && !same(value, stored[column])) changes.push(header);
  }
  return changes;
}

/**
 * Plans an import. When the owner confirms, `seen` holds what the preview
 * saw of each row's listing (by line): a row whose listing has changed since
 * (an edit, a reservation) is left out, never written over.
 */
export async function planImport(
  db: DB,
  kind: StockKind,
  file: StockFile,
  zip: { data: Buffer; index: PhotoIndex } | null,
  { now = new Date(), seen }: { now?: Date; seen?: ReadonlyMap<number, string | null> } = {},
): Promise<ImportPlan> {
  const refIds = [...new Set(file.rows.map((r) => r.values.refId?.trim() ?? "").filter(Boolean))];
  const chassisNumbers =
    kind === "vehicle"
      ? [...new Set(file.rows.map((r) => r.values.chassisNumber?.trim().toUpperCase() ?? "").filter(Boolean))]
      : [];
  const table = kind === "vehicle" ? "vehicles" : "parts";
  // A ref id names its listing whatever its case ("v-1001" is V-1001): exact matches through the index
  // first, then the rest compared in lower case.
  const byRef = new Map<string, VehicleRow | PartRow>();
  for (const row of await inChunks(refIds, (chunk) =>
    db.selectFrom(table).selectAll().where("ref_id", "in", chunk).execute(),
  ))
    byRef.set(row.ref_id.toUpperCase(), row as VehicleRow | PartRow);
  const unmatched = [...new Set(refIds.map((r) => r.toLowerCase()))].filter((r) => !byRef.has(r.toUpperCase()));
  for (const row of await inChunks(unmatched, (chunk) =>
    db
      .selectFrom(table)
      .selectAll()
      .where((eb) => eb(eb.fn("lower", ["ref_id"]), "in", chunk))
      .execute(),
  ))
    if (!byRef.has(row.ref_id.toUpperCase())) byRef.set(row.ref_id.toUpperCase(), row as VehicleRow | PartRow);
  const byChassis = new Map<string, VehicleRow>();
  for (const row of await inChunks(chassisNumbers, (chunk) =>
    db.selectFrom("vehicles").selectAll().where("chassis_number", "in", chunk).execute(),
  ))
    byChassis.set(row.chassis_number!, row);
  const targets = [...new Map([...byRef.values(), ...byChassis.values()].map((r) => [r.id, r])).values()];
  const { fitments, hashes, sheets } = await listingExtras(
    db,
    kind,
    targets.map((r) => r.id),
  );

  // What holds each vehicle named: its Reserved and Sold are the deal's, not the file's. A deal made
  // after this plan changes the vehicle's status, so the write's last look (lockedFingerprints) leaves its row out.
  const targetIds = targets.map((r) => r.id);
  const deals = kind === "vehicle" ? await vehicleDeals(db, targetIds) : new Map<number, VehicleDeal>();

  const columnIndex = new Map<string, number>();
  file.columns.forEach((c, i) => c && columnIndex.set(c.field, i));
  const cellOf = (field: string, line: number) => {
    const i = columnIndex.get(field);
    return i === undefined ? null : `${columnLetter(i)}${line}`;
  };
  const schema = kind === "vehicle" ? vehicleUploadSchema(now) : partUploadSchema(now);
  const refLines = new Map<string, number>();
  const chassisLines = new Map<string, number>();
  const targetLines = new Map<number, number>();
  const photoRefsUsed = new Set<string>();
  const rows: PreviewRow[] = [];
  const work: RowWork[] = [];

  for (const fileRow of file.rows) {
    const { line } = fileRow;
    const problems: RowProblem[] = [];
    const problem = (field: string | null, message: Problem) =>
      problems.push({
        cell: field ? cellOf(field, line) : null,
        column: field ? columnName(kind, field) : null,
        message,
      });
    if (fileRow.extraCells) problem(null, staffText("import.extraCells"));

    const refId = fileRow.values.refId?.trim() || null;
    const chassis = kind === "vehicle" ? fileRow.values.chassisNumber?.trim().toUpperCase() || null : null;
    if (refId) {
      const earlier = refLines.get(refId.toUpperCase());
      if (earlier !== undefined) problem("refId", staffPattern("import.refIdTwice", { ref: refId, line: earlier }));
      else refLines.set(refId.toUpperCase(), line);
    }
    if (chassis) {
      const earlier = chassisLines.get(chassis);
      if (earlier !== undefined)
        problem("chassisNumber", staffPattern("import.chassisTwice", { chassis, line: earlier }));
      else chassisLines.set(chassis, line);
    }
    if (kind === "vehicle" && !refId && !chassis) problem("refId", staffText("import.rowIdentity"));

    const target: VehicleRow | PartRow | undefined = refId
      ? byRef.get(refId.toUpperCase())
      : chassis
        ? byChassis.get(chassis)
        : undefined;
    if (target) {
      // Two rows for one listing (one by its ref id, one by its chassis number), unless said above already.
      const earlier = targetLines.get(target.id);
      if (earlier !== undefined && !problems.length)
        problem(
          refId ? "refId" : "chassisNumber",
          staffPattern("import.refIdTwice", { ref: target.ref_id, line: earlier }),
        );
      else targetLines.set(target.id, line);
    }
    const stored = target
      ? kind === "vehicle"
        ? vehicleRecord(target as VehicleRow, sheets.get(target.id)?.fields ?? null)
        : partRecord(target as PartRow, fitments.get(target.id) ?? [])
      : {};
    const record: Record<string, string> = { ...stored, ...fileRow.values };
    // The listing keeps its ref id as stored: found by chassis number, or by a ref id in another case.
    if (target) record.refId = target.ref_id;
    // Values of a list in the list's spelling, makes before their models and types before their subtypes.
    for (const column of STOCK_COLUMNS[kind]) {
      if (column.choices && columnIndex.has(column.field) && record[column.field]?.trim())
        record[column.field] = choiceOf(record[column.field]!, column.choices(record));
    }
    const submission = parseForm(record, schema);
    if (submission.status === "error")
      for (const [field, message] of Object.entries(submission.errors as FieldProblems)) problem(field, message);
    if (chassis) {
      const holder = byChassis.get(chassis);
      if (holder && holder.id !== target?.id)
        problem("chassisNumber", staffPattern("chassisUsed", { ref: holder.ref_id }));
    }
    if (kind === "vehicle" && submission.status === "success") {
      const from = target ? (target as VehicleRow).stock_status : null;
      const why = statusByHandRefusal(from, submission.value.stockStatus, target && deals.get(target.id));
      if (why) problem("stockStatus", why);
    }
    // The auction sheet's columns, through the owner's sheet form's own checks.
    const sheet =
      kind === "vehicle" && submission.status === "success"
        ? planSheet(record, target ? sheets.get(target.id) : undefined, shopDay(now), (f) => columnName(kind, f))
        : ({ kind: "none" } as const);
    if (sheet.kind === "error") for (const [field, message] of sheet.problems) problem(field, message);

    // The photos named after this row's ref id, checked as uploads are.
    const writeRef = target?.ref_id ?? refId;
    let photos: CheckedPhoto[] | null = null;
    const zipped = zip && writeRef ? zip.index.byRef.get(writeRef.toUpperCase()) : undefined;
    if (zip && zipped && writeRef) {
      photoRefsUsed.add(writeRef.toUpperCase());
      const checked = await checkedPhotos(zip.data, zipped);
      if (!checked.ok) problem(null, checked.problem);
      else photos = checked.photos;
    }

    const fingerprint = target ? listingFingerprint(stored, hashes.get(target.id) ?? []) : null;
    if (seen && seen.has(line) && seen.get(line) !== fingerprint)
      problem(null, staffText("import.changedSincePreview"));

    const name = record.name?.trim() || [record.year, record.make, record.model].filter(Boolean).join(" ");
    let outcome: RowOutcome = "error";
    let changes: string[] = [];
    if (problems.length === 0 && submission.status === "success") {
      const input = kind === "vehicle" ? vehicleInput(submission.value as never) : partInput(submission.value as never);
      if (target) {
        const write: Record<string, unknown> =
          kind === "vehicle" ? vehicleColumns(input as VehicleInput) : partColumns(input as PartInput);
        changes = changedColumns(kind, write, target as unknown as Record<string, unknown>);
        if (kind === "part") {
          const fits = (input as PartInput & { fitment?: Fitment[] }).fitment ?? [];
          if (fitmentsText(fits) !== fitmentsText(fitments.get(target.id) ?? [])) changes.push("fits");
        }
        const had = hashes.get(target.id) ?? [];
        if (photos && (photos.length !== had.length || photos.some((p, i) => p.hash !== had[i])))
          changes.push("photos");
        else photos = null;
      }
      if (sheet.kind === "write") changes.push(...sheet.changes);
      outcome = !target ? "new" : changes.length > 0 ? "update" : "unchanged";
      if (outcome !== "unchanged")
        work.push({
          line,
          kind,
          input,
          targetId: target?.id ?? null,
          refId: writeRef,
          photos,
          outcome: outcome as "new" | "update",
          seen: fingerprint,
          sheet: sheet.kind === "write" ? { fields: sheet.fields, paperId: sheet.paperId } : null,
        });
    }
    rows.push({
      line,
      refId: writeRef,
      name,
      outcome,
      problems,
      changes,
      photos: zipped?.length ?? 0,
      seen: fingerprint,
    });
  }

  const counts: Record<RowOutcome, number> = { new: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of rows) counts[r.outcome]++;
  const ignored = file.ignored;
  return {
    preview: {
      kind,
      rows,
      counts,
      shopColumns: ignored.filter(shopKept),
      unknownColumns: ignored.filter((h) => !shopKept(h)),
      photosWithoutRow: zip ? [...zip.index.byRef.keys()].filter((ref) => !photoRefsUsed.has(ref)).sort() : [],
      photosUnnamed: zip ? zip.index.unnamed.slice(0, 50) : [],
    },
    work,
  };
}
