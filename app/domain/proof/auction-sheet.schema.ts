import { z } from "zod";
import {
  maxLengthIssue,
  patternIssue,
  staffChoice,
  staffField,
  staffRequiredText,
  staffPastDay,
  staffText,
} from "~/domain/staff/staff-problems";
import {
  type AuctionSheetFields,
  FLAG_KEYS,
  MARK_CODES,
  MARK_PLACES,
  MAX_MARKS,
  type SheetFlag,
  type SheetMark,
  SHEET_GRADES,
  SHEET_PART_GRADES,
} from "./auction-sheet";
import { checkPaperMonths, optionalMonth } from "~/domain/inventory/inventory.schema";
import { monthOfDate } from "~/domain/inventory/months";
import type { ReadingKind } from "./paper-check";

/*
 * The owner's form for a vehicle's auction sheet (issue 45.1, 45.7): what
 * the sheet says, checked before anything is stored. Marks come as rows of
 * two lists (`markCode`, `markPlace`), empty rows left out; flags as ticked
 * boxes. Refusals are keys of the `admin` catalogue. Browser-safe.
 */

/** What the owner is told after a save. */
export const SHEET_SAVED = staffText("sheetSaved");
export const PAPER_SAVED = staffText("paperSaved");

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
/** A name the form sends once or many times, as a list. */
const list = (v: unknown): string[] => (v === undefined ? [] : [v].flat().map((x) => (typeof x === "string" ? x : "")));

const choice = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: patternIssue("chooseFromList", { choice: staffChoice(name) }) });

/** Kilometres as read on the sheet: digits, with thousands marked as people write them ("58,000", "58 000"). */
const mileage = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .regex(/^\d{1,3}([,.\s]?\d{3})*$/, patternIssue("wholeNumber", { field: staffField("sheetMileage") }))
    .transform((v) => Number(v.replace(/\D/g, "")))
    .pipe(z.number().max(2_000_000, patternIssue("maxNumber", { field: staffField("sheetMileage"), max: "2,000,000" })))
    .optional(),
);

/** The marks' rows: each filled row needs both a code and a place; empty rows are skipped. */
const marks = z
  .object({ codes: z.array(z.string()), places: z.array(z.string()) })
  .transform((rows, ctx): SheetMark[] => {
    const out: SheetMark[] = [];
    const length = Math.max(rows.codes.length, rows.places.length);
    for (let i = 0; i < length; i++) {
      const code = (rows.codes[i] ?? "").trim().toUpperCase();
      const place = (rows.places[i] ?? "").trim();
      if (!code && !place) continue;
      const row = { row: String(i + 1) };
      if (!(MARK_CODES as readonly string[]).includes(code)) {
        ctx.addIssue({
          code: "custom",
          message: patternIssue(code ? "markCodeUnknown" : "markCodeMissing", { ...row, code }),
        });
        return z.NEVER;
      }
      if (!(MARK_PLACES as readonly string[]).includes(place)) {
        ctx.addIssue({ code: "custom", message: patternIssue("markPlaceMissing", { ...row, code }) });
        return z.NEVER;
      }
      out.push({ code: code as SheetMark["code"], place: place as SheetMark["place"] });
    }
    if (out.length > MAX_MARKS) {
      ctx.addIssue({ code: "custom", message: patternIssue("tooManyMarks", { max: String(MAX_MARKS) }) });
      return z.NEVER;
    }
    return out;
  });

const flags = z.array(z.string()).transform((ticked, ctx): SheetFlag[] => {
  const unknown = ticked.find((f) => !(FLAG_KEYS as readonly string[]).includes(f));
  if (unknown !== undefined) {
    ctx.addIssue({ code: "custom", message: patternIssue("chooseFromList", { choice: staffChoice("sheetFlag") }) });
    return z.NEVER;
  }
  return FLAG_KEYS.filter((f) => ticked.includes(f));
});

/** The translation's fields, checked; `today` is the shop's day ("2026-12-03"). */
export function auctionSheetSchema(today: string) {
  return z
    .preprocess(
      (input) => {
        const form = (input ?? {}) as Record<string, unknown>;
        return {
          ...form,
          marks: { codes: list(form.markCode), places: list(form.markPlace) },
          flags: list(form.flags),
        };
      },
      z
        .object({
          auctionHouse: staffRequiredText("auctionHouse", 80),
          lotNumber: staffRequiredText("lotNumber", 20),
          auctionDate: staffPastDay("auctionDate", today),
          overallGrade: z.preprocess(blank, choice("auctionGrade", SHEET_GRADES)),
          exteriorGrade: z.preprocess(blank, choice("grade", SHEET_PART_GRADES).optional()),
          interiorGrade: z.preprocess(blank, choice("grade", SHEET_PART_GRADES).optional()),
          mileageKm: mileage,
          manufactured: optionalMonth("manufactured"),
          registered: optionalMonth("registered"),
          marks,
          flags,
          notes: z.preprocess(
            (v) => (typeof v === "string" ? v : ""),
            z.string().trim().max(2000, maxLengthIssue("sheetNotes", 2000)),
          ),
        })
        .superRefine((v, ctx) => checkPaperMonths(v, ctx, monthOfDate(new Date(`${today}T12:00:00Z`)))),
    )
    .transform((v): AuctionSheetFields => ({
      auctionHouse: v.auctionHouse,
      lotNumber: v.lotNumber,
      auctionDate: v.auctionDate,
      overallGrade: v.overallGrade,
      exteriorGrade: v.exteriorGrade ?? null,
      interiorGrade: v.interiorGrade ?? null,
      mileageKm: v.mileageKm ?? null,
      manufactured: v.manufactured ?? null,
      registered: v.registered ?? null,
      marks: v.marks,
      flags: v.flags,
      notes: v.notes,
    }));
}

/** The fields as stored: what the translation was when saved, read back for pages and the proof's history. */
export const StoredSheetFields = z.object({
  auctionHouse: z.string(),
  lotNumber: z.string(),
  auctionDate: z.string(),
  overallGrade: z.enum(SHEET_GRADES),
  exteriorGrade: z.enum(SHEET_PART_GRADES).nullable(),
  interiorGrade: z.enum(SHEET_PART_GRADES).nullable(),
  mileageKm: z.number().int().nullable(),
  // Translations saved before the sheet's months were asked have none.
  manufactured: z.number().int().nullable().default(null),
  registered: z.number().int().nullable().default(null),
  marks: z.array(z.object({ code: z.enum(MARK_CODES), place: z.enum(MARK_PLACES) })),
  flags: z.array(z.enum(FLAG_KEYS as [SheetFlag, ...SheetFlag[]])),
  notes: z.string(),
});

/** What the owner types from the export certificate or the pre-shipment inspection. */
export type PaperReadingFields = {
  kind: ReadingKind;
  /** The certificate's number, or the inspection body and its certificate number ("JEVIC 2026-123456"). */
  reference: string;
  /** The paper's day ("2026-11-02"). */
  issuedOn: string;
  mileageKm: number | null;
  manufactured: number | null;
  registered: number | null;
};

/** The readings form of a paper, checked; `today` is the shop's day. */
export function paperReadingSchema(kind: ReadingKind, today: string) {
  return z
    .object({
      reference: staffRequiredText("paperReference", 60),
      issuedOn: staffPastDay("issuedOn", today),
      mileageKm: mileage,
      manufactured: optionalMonth("manufactured"),
      registered: optionalMonth("registered"),
    })
    .superRefine((v, ctx) => checkPaperMonths(v, ctx, monthOfDate(new Date(`${today}T12:00:00Z`))))
    .transform((v): PaperReadingFields => ({
      kind,
      reference: v.reference,
      issuedOn: v.issuedOn,
      mileageKm: v.mileageKm ?? null,
      manufactured: v.manufactured ?? null,
      registered: v.registered ?? null,
    }));
}
