import { shopYear } from "~/i18n/format";
import type { Problem } from "~/i18n/problem";
import { staffPattern } from "~/domain/staff/staff-problems";

/*
 * The cars a part fits (issue 23): make, model, model code and a range of
 * years, each part a list of them. One way of writing the list, read and
 * written here only: one car per line in the panel, cars separated by ";" in
 * a CSV cell, each as "Make / Model / model code / years", e.g.
 * "Toyota / Corolla / NZE161 / 2012-2018". The model code and the years may
 * be left out or blank: "Toyota / Hiace", "Toyota / Hiace / / 2005-".
 * Browser-safe.
 */

export type Fitment = {
  make: string;
  model: string;
  /** The maker's model code (NZE161), in capitals; null when the part fits every code of the model. */
  modelCode: string | null;
  /** Inclusive; null for open-ended. */
  yearFrom: number | null;
  yearTo: number | null;
};

/** At most this many cars per part. */
export const MAX_FITMENTS = 50;
/** The earliest year a fitment may name. */
export const FITMENT_FIRST_YEAR = 1950;

const NAME = /^[\p{L}\p{N}][\p{L}\p{N} .&'+-]*$/u;
const MODEL_CODE = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;

/** A make or model as stored and compared: trimmed, single spaces. */
export const fitmentName = (text: string) => text.trim().replace(/\s+/g, " ");

export type FitmentRead = { ok: true; fits: Fitment[] } | { ok: false; problem: Problem };

/**
 * Reads a list of cars, one per line or separated by ";". Blank entries are
 * skipped and repeats kept once; the first bad entry is refused with its
 * number ("Car 2: …").
 */
export function readFitments(text: string, now = new Date()): FitmentRead {
  const entries = text
    .split(/[;\n\r]+/)
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (entries.length > MAX_FITMENTS)
    return { ok: false, problem: staffPattern("fitmentTooMany", { max: MAX_FITMENTS }) };
  const fits: Fitment[] = [];
  const seen = new Set<string>();
  const lastYear = shopYear(now) + 1;
  for (const [i, entry] of entries.entries()) {
    const refuse = (reason: string): FitmentRead => ({
      ok: false,
      problem: staffPattern(`fitment.${reason}`, { n: i + 1, entry: entry.slice(0, 80) }),
    });
    const parts = entry.split("/").map((p) => fitmentName(p));
    if (parts.length < 2 || parts.length > 4) return refuse("shape");
    const [make = "", model = "", code = "", years = ""] = parts;
    if (!make || !model) return refuse("shape");
    if (make.length > 40 || model.length > 60 || !NAME.test(make) || !NAME.test(model)) return refuse("name");
    if (code && (code.length > 30 || !MODEL_CODE.test(code))) return refuse("code");
    const range = /^(\d{4})?\s*(-)?\s*(\d{4})?$/.exec(years);
    if (!range || (years !== "" && !range[1] && !range[3])) return refuse("years");
    const yearFrom = range[1] ? Number(range[1]) : null;
    // "2012" alone is that year only; "2012-" is from 2012 on.
    const yearTo = range[3] ? Number(range[3]) : range[2] ? null : yearFrom;
    for (const y of [yearFrom, yearTo])
      if (y !== null && (y < FITMENT_FIRST_YEAR || y > lastYear)) return refuse("years");
    if (yearFrom !== null && yearTo !== null && yearFrom > yearTo) return refuse("years");
    const fit: Fitment = { make, model, modelCode: code ? code.toUpperCase() : null, yearFrom, yearTo };
    const key = fitmentKey(fit);
    if (seen.has(key)) continue;
    seen.add(key);
    fits.push(fit);
  }
  return { ok: true, fits };
}

/** One car as the list writes it. */
export function fitmentText(fit: Fitment): string {
  const years =
    fit.yearFrom === null && fit.yearTo === null
      ? ""
      : fit.yearFrom === fit.yearTo
        ? String(fit.yearFrom)
        : `${fit.yearFrom ?? ""}-${fit.yearTo ?? ""}`;
  const fields = [fit.make, fit.model, fit.modelCode ?? "", years];
  while (fields.length > 2 && fields[fields.length - 1] === "") fields.pop();
  // A blank model code is written "Toyota / Hiace / / 2005-", as typed, not with two spaces.
  return fields.join(" / ").replace(/\/ {2}\//g, "/ /");
}

/** The list for the panel's box (a line each) or a CSV cell ("; " between cars). */
export function fitmentsText(fits: readonly Fitment[], between: "\n" | "; " = "; "): string {
  return fits.map(fitmentText).join(between);
}

/** Two entries naming the same car, whatever their case. */
export function fitmentKey(fit: Fitment): string {
  return [fit.make, fit.model, fit.modelCode ?? "", fit.yearFrom ?? "", fit.yearTo ?? ""].join("|").toLowerCase();
}

/** Whether a part with these fitments fits this car (the oracle the database's filter is tested against). */
export function fitsCar(fits: readonly Fitment[], car: { make: string; model?: string; year?: number }): boolean {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  return fits.some(
    (f) =>
      same(f.make, car.make) &&
      (car.model === undefined || same(f.model, car.model)) &&
      (car.year === undefined ||
        ((f.yearFrom === null || f.yearFrom <= car.year) && (f.yearTo === null || f.yearTo >= car.year))),
  );
}

/** A part number as searched: letters and digits only, in capitals ("04465-33450" and "0446533450" meet). */
export function partNumberKey(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]/gu, "")
    .toUpperCase();
}
