import { AUCTION_GRADES, GRADES } from "~/domain/inventory/catalogue";

/*
 * What a Japanese auction sheet says, as the shop keeps its translation
 * (issue 45.1): the marks of its damage map (a letter for the kind, a digit
 * for how much), the places on the car they are drawn on, and the terms a
 * buyer must never miss. The letters and their meanings are the ones the
 * big auction houses share (USS, TAA, JU, CAA…), as the sheet translators
 * and exporters explain them: integrityexports.com's "Japanese car auction
 * sheet translations", jpsheet.com and carfromjapan.com's glossary (the
 * sources of ../shared/research/landed-cost-and-import-rules.md, [6]–[8]).
 * Browser-safe: the owner's form lists them; the words are the catalogues'.
 */

/** The overall grade, and the exterior and interior grades, on the scales the vehicle's own fields use. */
export const SHEET_GRADES = AUCTION_GRADES;
export const SHEET_PART_GRADES = GRADES;

/**
 * The damage map's marks, in the sheet's order. The letter says what
 * (A scratch, U dent…), the digit how large (1 small, 2 larger, 3 large);
 * P, H, X, XX and G stand alone.
 */
export const MARK_CODES = [
  "A1",
  "A2",
  "A3",
  "B1",
  "B2",
  "B3",
  "C1",
  "C2",
  "E1",
  "E2",
  "E3",
  "G",
  "H",
  "P",
  "S1",
  "S2",
  "U1",
  "U2",
  "U3",
  "W1",
  "W2",
  "W3",
  "X",
  "XX",
  "Y1",
  "Y2",
  "Y3",
] as const;
export type MarkCode = (typeof MARK_CODES)[number];

/** What each mark's letter means; the digit is its size (`MARK_SIZES`). */
export const MARK_KINDS = ["A", "B", "C", "E", "G", "H", "P", "S", "U", "W", "X", "XX", "Y"] as const;
export type MarkKind = (typeof MARK_KINDS)[number];

/** A mark's letter ("XX" for XX, "A" for A2) and its size (2), or null for a mark that has none. */
export function markParts(code: MarkCode): { kind: MarkKind; size: 1 | 2 | 3 | null } {
  const match = /^([A-Z]+)([123])?$/.exec(code)!;
  return { kind: match[1] as MarkKind, size: match[2] ? (Number(match[2]) as 1 | 2 | 3) : null };
}

/** Where on the car a mark is drawn: the damage map's panels, front to back, then glass, wheels and inside. */
export const MARK_PLACES = [
  "front_bumper",
  "bonnet",
  "front_left_fender",
  "front_right_fender",
  "windscreen",
  "roof",
  "front_left_door",
  "front_right_door",
  "rear_left_door",
  "rear_right_door",
  "left_sill",
  "right_sill",
  "left_mirror",
  "right_mirror",
  "rear_left_quarter",
  "rear_right_quarter",
  "rear_window",
  "boot",
  "rear_bumper",
  "front_left_wheel",
  "front_right_wheel",
  "rear_left_wheel",
  "rear_right_wheel",
  "underbody",
  "interior",
] as const;
export type MarkPlace = (typeof MARK_PLACES)[number];

export type SheetMark = { code: MarkCode; place: MarkPlace };

/**
 * The terms a sheet writes that change what a car is worth or whether it
 * may be imported, each with the Japanese the sheet uses, so the owner
 * finds it on the paper and the buyer can find it on the picture.
 */
export const SHEET_FLAGS = {
  flood: "冠水",
  repaired: "修復歴",
  mileage_unknown: "走行距離不明",
  meter_replaced: "メーター交換",
  meter_tampered: "メーター改ざん",
  fire: "火災",
  hail: "雹害",
  modified: "改造",
  ex_rental: "レンタカー",
  ex_business: "事業用",
} as const;
export type SheetFlag = keyof typeof SHEET_FLAGS;
export const FLAG_KEYS = Object.keys(SHEET_FLAGS) as SheetFlag[];

/** The flags that say the sheet's mileage cannot be trusted: the papers' mileage check names them. */
export const MILEAGE_FLAGS: readonly SheetFlag[] = ["mileage_unknown", "meter_replaced", "meter_tampered"];

/** The most marks a sheet's translation keeps: a damage map with more is a car to describe in the notes. */
export const MAX_MARKS = 40;

/** How many empty mark rows the owner's form offers below the filled ones (more after saving). */
export const EMPTY_MARK_ROWS = 4;

/** The translation of a sheet, as the owner enters it. */
export type AuctionSheetFields = {
  auctionHouse: string;
  lotNumber: string;
  /** "2026-10-14". */
  auctionDate: string;
  overallGrade: (typeof SHEET_GRADES)[number];
  exteriorGrade: (typeof SHEET_PART_GRADES)[number] | null;
  interiorGrade: (typeof SHEET_PART_GRADES)[number] | null;
  /** Kilometres as the sheet reads them; null when the sheet gives none. */
  mileageKm: number | null;
  /** The months of manufacture and first registration the sheet gives (year × 12 + month − 1), or null. */
  manufactured: number | null;
  registered: number | null;
  marks: SheetMark[];
  flags: SheetFlag[];
  /** The inspector's notes, translated by the owner (in English). */
  notes: string;
};

/** What the vehicle page shows of a sheet, every word already in the page's language (sheet-words.server.ts). */
export type SheetView = {
  title: string;
  intro: string;
  rows: { label: string; value: string }[];
  marksTitle: string;
  marks: { code: MarkCode; text: string }[];
  noMarks: string;
  flagsTitle: string;
  flags: { key: SheetFlag; text: string; japanese: string }[];
  noFlags: string;
  notesTitle: string;
  notes: string;
  /** The page's language, and "(in English)" after the notes on a page in another one ("" in English). */
  language: string;
  inEnglish: string;
  file: {
    url: string;
    image: boolean;
    alt: string;
    open: string;
    fingerprintLabel: string;
    sha256: string;
    added: string;
  } | null;
};

/** The side-by-side papers box of the vehicle page, every word in the page's language (sheet-words.server.ts). */
export type PapersView = {
  title: string;
  intro: string;
  headings: string[];
  rows: { source: string; cells: string[] }[];
  /** What disagrees, each a sentence; empty when all agree. */
  warnings: string[];
  agree: string | null;
  /** From which paper the buyer's country's age rule gets its date, or that none gives it; null without such a rule. */
  rule: string | null;
};

/** A proof pack as /verify shows it, every word in the page's language (sheet-words.server.ts). */
export type PackView = {
  title: string;
  intro: string;
  vehicle: { label: string; name: string; href: string; link: string };
  published: string;
  sheetLink: { href: string; text: string } | null;
  sections: {
    title: string;
    entries: { version: string; state: string; current: boolean; added: string; sha256: string }[];
  }[];
  fingerprint: string;
};
