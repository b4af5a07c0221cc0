import { formatDate, formatNumber } from "~/i18n/format";
import type { Key, TFunction } from "~/i18n/core";
import type { LanguageCode } from "~/i18n/languages";
import { serverT } from "~/i18n/request.server";
import {
  FLAG_KEYS,
  MARK_CODES,
  MARK_PLACES,
  type MarkCode,
  markParts,
  MILEAGE_FLAGS,
  type PackView,
  type PapersView,
  SHEET_FLAGS,
  type SheetFlag,
  type SheetView,
} from "./auction-sheet";
import type { AuctionSheet } from "./auction-sheets.server";
import type { PackEntry, ProofPack } from "./packs.server";
import { monthOf, yearOf } from "~/domain/inventory/months";
import type { ImportRule } from "~/domain/imports/import-rules";
import { shownCountry } from "~/domain/countries";
import {
  compared,
  disagreements,
  MILEAGE_SLACK_KM,
  monthFromPapers,
  type Reading,
  type ReadingSource,
} from "./paper-check";

/*
 * An auction sheet's translation in the reader's language, written on the
 * server (issue 45.1): the grades, marks and flags from the `proof`
 * catalogue, so the page's scripts carry neither the words nor the lists.
 * The inspector's notes stay as the owner translated them, in English, and
 * the page says so.
 */

/** A mark's meaning in `language`: "medium scratch", "part replaced". */
function markMeaning(t: TFunction<"proof">, code: MarkCode): string {
  const { kind, size } = markParts(code);
  const meaning = t(`kinds.${kind}`);
  return size ? t("sized", { size: t(`sizes.${size}`), kind: meaning }) : meaning;
}

/** The vehicle page's view of a sheet, in `language`. */
export function sheetView(sheet: AuctionSheet, vehicleId: number, language: LanguageCode): SheetView {
  const t = serverT(language, "proof");
  const f = sheet.fields;
  const grade = (value: string | null, scale: "grades" | "partGrades") =>
    value === null ? null : `${value} (${t(`${scale}.${value}` as Key<"proof">)})`;
  const rows: { label: string; value: string }[] = [
    { label: t("sheet.house"), value: f.auctionHouse },
    { label: t("sheet.lot"), value: f.lotNumber },
    { label: t("sheet.date"), value: formatDate(`${f.auctionDate}T12:00:00+09:00`, language) },
    { label: t("sheet.overall"), value: grade(f.overallGrade, "grades")! },
    ...(f.exteriorGrade ? [{ label: t("sheet.exterior"), value: grade(f.exteriorGrade, "partGrades")! }] : []),
    ...(f.interiorGrade ? [{ label: t("sheet.interior"), value: grade(f.interiorGrade, "partGrades")! }] : []),
    {
      label: t("sheet.mileage"),
      value: f.mileageKm === null ? t("sheet.mileageNone") : `${formatNumber(f.mileageKm, language)} km`,
    },
  ];
  const paper = sheet.paper;
  return {
    title: t("sheet.title"),
    intro: t("sheet.intro"),
    rows,
    marksTitle: t("sheet.marks"),
    marks: f.marks.map((m) => ({
      code: m.code,
      text: t("sheet.mark", { code: m.code, meaning: markMeaning(t, m.code), place: t(`places.${m.place}`) }),
    })),
    noMarks: t("sheet.noMarks"),
    flagsTitle: t("sheet.flags"),
    // The Japanese term too: the buyer can find it on the picture.
    flags: f.flags.map((flag) => ({ key: flag, text: t(`flags.${flag}`), japanese: SHEET_FLAGS[flag] })),
    noFlags: t("sheet.noFlags"),
    notesTitle: t("sheet.notes"),
    notes: f.notes,
    language,
    inEnglish: language === "en" ? "" : serverT(language, "common")("inEnglish"),
    file: paper && {
      url: `/vehicles/${vehicleId}/auction-sheet/${paper.version}`,
      image: paper.contentType.startsWith("image/"),
      alt: t("sheet.imageAlt"),
      open: t(paper.contentType.startsWith("image/") ? "sheet.openImage" : "sheet.openPdf"),
      fingerprintLabel: t("sheet.fingerprint"),
      sha256: paper.sha256,
      added: t("sheet.added", { date: formatDate(paper.addedAt, language) }),
    },
  };
}

/** The owner's form's choices, with their meanings in the staff panel's language. */
export function sheetChoices(language: LanguageCode) {
  const t = serverT(language, "proof");
  return {
    codes: MARK_CODES.map((code) => ({ value: code, label: `${code}: ${markMeaning(t, code)}` })),
    places: MARK_PLACES.map((place) => ({ value: place, label: t(`places.${place}`) })),
    flags: FLAG_KEYS.map((flag: SheetFlag) => ({ value: flag, label: `${t(`flags.${flag}`)} (${SHEET_FLAGS[flag]})` })),
  };
}

/** "Mar 2019" in `language`. */
function monthWords(m: number, language: LanguageCode): string {
  return formatDate(new Date(Date.UTC(yearOf(m), monthOf(m) - 1, 1)), language, {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/**
 * Every paper's mileage and months beside the listing's, with what
 * disagrees, and from which paper the buyer's country's rule gets the date it
 * counts from ("not confirmed by a paper yet" when none gives it). Null when
 * no paper is held: the listing alone has nothing to be compared with.
 */
export function papersView(
  readings: readonly Reading[],
  importing: { country: string | null; rule: ImportRule | null },
  language: LanguageCode,
  sheetFlags: readonly SheetFlag[] = [],
): PapersView | null {
  const meterDoubt = sheetFlags.some((flag) => MILEAGE_FLAGS.includes(flag));
  if (!readings.some((r) => r.source !== "listing")) return null;
  const t = serverT(language, "proof");
  const name = (source: ReadingSource) => t(`papers.names.${source}`);
  const warnings = disagreements(readings).map((d) => {
    if (d.field === "mileage")
      return d.kind === "went_back"
        ? t("papers.wentBack", { later: name(d.later), earlier: name(d.earlier) })
        : t("papers.farApart", {
            low: name(d.low),
            high: name(d.high),
            slack: formatNumber(MILEAGE_SLACK_KM, language),
          });
    return t(d.field === "manufactured" ? "papers.manufacturedDiffer" : "papers.registeredDiffer");
  });
  const dash = t("papers.notGiven");
  let rule: string | null = null;
  const counted = importing.rule?.usedVehicles && importing.rule.maxAgeYears !== null ? importing.rule.ageFrom : null;
  if (counted && importing.country) {
    const field = counted === "registration" ? "registered" : "manufactured";
    const from = monthFromPapers(readings, field);
    const words = {
      country: shownCountry(importing.country, language),
      what: t(field === "registered" ? "papers.what.registration" : "papers.what.manufacture"),
    };
    rule = from
      ? t("papers.ruleFrom", { ...words, month: monthWords(from.month, language), paper: name(from.source) })
      : t("papers.ruleUnconfirmed", words);
  }
  return {
    title: t("papers.title"),
    intro: t("papers.intro"),
    headings: [t("papers.paper"), t("papers.mileage"), t("papers.manufactured"), t("papers.registered")],
    rows: readings.map((r) => ({
      source: r.source,
      cells: [
        t(`papers.columns.${r.source}`),
        r.mileageKm === null ? dash : `${formatNumber(r.mileageKm, language)} km`,
        r.manufactured === null ? dash : monthWords(r.manufactured, language),
        r.registered === null ? dash : monthWords(r.registered, language),
      ],
    })),
    warnings,
    // Said only when papers were compared and none says its meter cannot be trusted.
    agree: warnings.length || !compared(readings) || meterDoubt ? null : t("papers.agree"),
    rule,
  };
}

/** A vehicle's proof pack for /verify, in `language`. */
export function packView(pack: ProofPack, language: LanguageCode): PackView {
  const t = serverT(language, "proof");
  const section = (title: string, rows: PackEntry[] | undefined) =>
    rows && {
      title,
      entries: rows.map((e) => ({
        version: t("pack.version", { version: e.version }),
        state: t(e.current ? "pack.current" : "pack.replaced"),
        current: e.current,
        added: t("pack.added", {
          date: formatDate(e.at, language, {
            day: "numeric",
            month: "short",
            year: "numeric",
            hour: "2-digit",
            minute: "2-digit",
          }),
        }),
        sha256: e.sha256,
      })),
    };
  const sections = [
    section(t("papers.columns.auction_sheet"), pack.files.auction_sheet),
    section(t("pack.translation"), pack.translations.length ? pack.translations : undefined),
    section(t("papers.columns.export_certificate"), pack.files.export_certificate),
    section(t("pack.readings", { paper: t("papers.names.export_certificate") }), pack.readings.export_certificate),
    section(t("papers.columns.inspection"), pack.files.inspection),
    section(t("pack.readings", { paper: t("papers.names.inspection") }), pack.readings.inspection),
  ].filter((x): x is NonNullable<typeof x> => Boolean(x));
  const sheetVersion = pack.files.auction_sheet?.find((e) => e.current)?.version;
  return {
    title: t("pack.title", { code: pack.code }),
    intro: t("pack.intro"),
    vehicle: {
      label: t("pack.vehicle"),
      name: `${pack.vehicle.name} (${pack.vehicle.refId})`,
      href: `/vehicles/${pack.vehicle.id}`,
      link: t("pack.seeVehicle"),
    },
    published: t("pack.published", { date: formatDate(pack.publishedAt, language) }),
    sheetLink: sheetVersion
      ? { href: `/vehicles/${pack.vehicle.id}/auction-sheet/${sheetVersion}`, text: t("pack.sheetLink") }
      : null,
    sections,
    fingerprint: t("pack.fingerprint"),
  };
}
