import { STOCK_STATUSES } from "./stock-status";
import { parseYen } from "~/domain/inventory/price";
import { shopYear } from "~/i18n/format";
import { own } from "~/utils/own";
import { z } from "zod";
import { issue, type Problem } from "~/i18n/problem";
import {
  maxLengthIssue,
  patternIssue,
  requiredIssue,
  staffChoice,
  staffField,
  staffPattern,
  staffText,
  textIssue,
} from "~/domain/staff/staff-problems";
import {
  DOORS,
  DRIVES,
  FUELS,
  GRADES,
  PART_CONDITIONS,
  PART_MODELS,
  PART_SUB_TYPES,
  SEATS,
  STEERING,
  TRANSMISSIONS,
  UPLOAD_FIRST_YEAR,
  VEHICLE_MODELS,
  VEHICLE_SUB_TYPES,
  AUCTION_GRADES,
} from "./catalogue";
import { monthOfDate, parseMonth } from "./months";
import { readFitments } from "./fitment";

/*
 * The owner's stock forms (SPEC 3, 5; DECISIONS "Inventory"). A listing needs
 * make, model, year and price; the ref id is made when left blank; the name
 * defaults to "{year} {make} {model}". Browser-safe; the server is the authority.
 * Refusals are keys of the `admin` catalogue.
 */

export const FILL_REQUIRED = staffText("fillRequired");
export const UPLOAD_COMPLETE = staffText("uploadComplete");
/**
 * SPEC's failure sentences, each followed by its reason on the same line. The
 * upload screens say 'Upload failed: ' when the form could not be read and
 * 'Image upload failed' when a photo was refused or could not be stored; the
 * edit screen says 'Upload failed.' and 'Image upload failed.'.
 */
export const uploadFailed = (reason: Problem) => staffPattern("uploadFailed", { reason });
export const imageUploadFailed = (reason: Problem) => staffPattern("imageUploadFailed", { reason });
export const editUploadFailed = (reason: Problem) => staffPattern("editUploadFailed", { reason });
export const editImageUploadFailed = (reason: Problem) => staffPattern("editImageUploadFailed", { reason });
export const MAX_IMAGES_PER_UPLOAD = 10;
export const MAX_IMAGES_PER_ITEM = 12;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const optionalText = (field: string, max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, maxLengthIssue(field, max)).optional());

const optionalChoice = <T extends readonly [string, ...string[]]>(choice: string, values: T) =>
  z.preprocess(
    blankToUndefined,
    z.enum(values, { error: patternIssue("chooseFromList", { choice: staffChoice(choice) }) }).optional(),
  );

const wholeNumber = (field: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[\d,\s]+$/, patternIssue("wholeNumber", { field: staffField(field) }))
      .transform((v) => Number(v.replace(/\D/g, "")))
      .pipe(
        z
          .number()
          .int()
          .max(max, patternIssue("maxNumber", { field: staffField(field), max: max.toLocaleString("en-US") })),
      )
      .optional(),
  );

/** Whole yen, as typed: "1,250,000", "¥1 250 000". A minus sign or letters are refused. */
export const yenPrice = z
  .string({ error: textIssue("priceRequired") })
  .trim()
  .min(1, textIssue("priceRequired"))
  .refine((v) => parseYen(v) !== null, textIssue("priceFormat"))
  .transform((v) => parseYen(v)!)
  .pipe(z.number().int().min(1, textIssue("priceMin")).max(2_000_000_000, textIssue("priceTooHigh")));

const refIdText = z
  .string()
  .trim()
  .max(40, maxLengthIssue("refId", 40))
  .regex(/^[A-Za-z0-9-]+$/, textIssue("refIdChars"));
const refId = z.preprocess(blankToUndefined, refIdText.optional());

/** A model year from the upload form's list: 1980 to this year (SPEC 9, DECISIONS "Inventory"). */
const modelYear = (thisYear: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}$/, textIssue("yearFormat"))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(UPLOAD_FIRST_YEAR, patternIssue("yearRange", { first: UPLOAD_FIRST_YEAR, last: thisYear }))
        .max(thisYear, patternIssue("yearRange", { first: UPLOAD_FIRST_YEAR, last: thisYear })),
    );

/** A field the form must have: required, trimmed. */
const requiredField = (field: string, missing = requiredIssue(field)) =>
  z.string({ error: missing }).trim().min(1, requiredIssue(field));

/** The description, at most 5,000 characters. */
const description = z.preprocess((v) => v ?? "", z.string().trim().max(5000, maxLengthIssue("description", 5000)));

/** The make, model, type and subtype checks both kinds share. */
const chooseMake = textIssue("chooseMake");
const chooseType = textIssue("chooseType");
const chooseSubType = textIssue("chooseSubType");
const chooseModel = (make: string) => patternIssue("chooseModel", { make });

/** What a vehicle and a part taken from one share: mileage, colour and fuel, each optional. */
const vehicleFacts = {
  mileage: wholeNumber("mileage", 2_000_000),
  color: optionalText("color", 40),
  fuel: optionalChoice("fuel", FUELS),
};

/** A part form without one of its fields was not sent by the screen. */
const FILL = issue(FILL_REQUIRED);

const stockStatus = z.preprocess(blankToUndefined, z.enum(STOCK_STATUSES).default("available"));

/** A month as the owner types it ("2019-03", "03/2019"); blank for not known. */
export const optionalMonth = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((v) => parseMonth(v) !== null, patternIssue("monthFormat", { field: staffField(field) }))
      .transform((v) => parseMonth(v)!)
      .optional(),
  );

/**
 * Months of manufacture and first registration as any paper gives them: neither after this month, the
 * registration not before the manufacture. The vehicle's form and its papers' (domain/proof) share it.
 */
export function checkPaperMonths(
  v: { manufactured?: number; registered?: number },
  ctx: z.RefinementCtx,
  thisMonth: number,
): void {
  for (const field of ["manufactured", "registered"] as const) {
    const m = v[field];
    if (m !== undefined && m > thisMonth)
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: patternIssue("monthFuture", { field: staffField(field) }),
      });
  }
  if (v.manufactured !== undefined && v.registered !== undefined && v.registered < v.manufactured)
    ctx.addIssue({ code: "custom", path: ["registered"], message: textIssue("registeredBeforeMade") });
}

/** A chassis (frame) number or model code: letters, digits and dashes, kept in capitals. */
export const frameText = (field: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, maxLengthIssue(field, max))
      .regex(/^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/, patternIssue("frameChars", { field: staffField(field) }))
      .transform((v) => v.toUpperCase())
      .optional(),
  );

export function vehicleUploadSchema(now = new Date()) {
  const thisYear = shopYear(now);
  const thisMonth = monthOfDate(now);
  return z
    .object({
      refId,
      name: optionalText("name", 200),
      make: requiredField("make"),
      model: requiredField("model"),
      year: requiredField("year").pipe(modelYear(thisYear)),
      price: yenPrice,
      type: optionalText("type", 40),
      subType: optionalText("subType", 40),
      ...vehicleFacts,
      engineCc: wholeNumber("engineCapacity", 20_000),
      transmission: optionalChoice("transmission", TRANSMISSIONS),
      drive: optionalChoice("drive", DRIVES),
      seats: optionalChoice("seats", SEATS),
      doors: z.preprocess(
        blankToUndefined,
        z
          .enum(DOORS.map(String) as [string, ...string[]])
          .transform(Number)
          .optional(),
      ),
      steering: optionalChoice("steering", STEERING),
      exteriorGrade: optionalChoice("grade", GRADES),
      interiorGrade: optionalChoice("grade", GRADES),
      manufactured: optionalMonth("manufactured"),
      registered: optionalMonth("registered"),
      chassisNumber: frameText("chassisNumber", 30),
      modelCode: frameText("modelCode", 30),
      auctionGrade: optionalChoice("auctionGrade", AUCTION_GRADES),
      description,
      stockStatus,
    })
    .superRefine((v, ctx) => {
      checkPaperMonths(v, ctx, thisMonth);
      // A model year is the year of manufacture or the one after (a car made in December sold as next year's).
      if (v.manufactured !== undefined && v.year !== undefined) {
        const made = Math.floor(v.manufactured / 12);
        if (made > v.year || made < v.year - 1)
          ctx.addIssue({ code: "custom", path: ["manufactured"], message: textIssue("madeOutsideYear") });
      }
      // Without the month of manufacture its age counts from January of the year: a registration before then
      // would make the car younger than its papers say.
      if (
        v.manufactured === undefined &&
        v.registered !== undefined &&
        v.year !== undefined &&
        v.registered < v.year * 12
      )
        ctx.addIssue({ code: "custom", path: ["registered"], message: textIssue("registeredBeforeYear") });
      const models = own(VEHICLE_MODELS, v.make);
      if (!models) ctx.addIssue({ code: "custom", path: ["make"], message: chooseMake });
      else if (!models.includes(v.model))
        ctx.addIssue({ code: "custom", path: ["model"], message: chooseModel(v.make) });
      if (v.type && !own(VEHICLE_SUB_TYPES, v.type))
        ctx.addIssue({ code: "custom", path: ["type"], message: chooseType });
      if (v.subType && (!v.type || !own(VEHICLE_SUB_TYPES, v.type)?.includes(v.subType))) {
        ctx.addIssue({ code: "custom", path: ["subType"], message: chooseSubType });
      }
    });
}

/** The longest list of cars a part's form may send (50 cars of a long line each). */
export const FITMENT_TEXT_MAX = 8000;

/**
 * The cars a part fits, one per line or separated by ";", read by the shop's
 * one reader of them (fitment.ts); its refusal, naming the car, is the field's.
 * Blank or not sent: none.
 */
const fitmentList = (now: Date) =>
  z.preprocess(
    (v) => v ?? "",
    z
      .string()
      .max(FITMENT_TEXT_MAX, maxLengthIssue("fitment", FITMENT_TEXT_MAX))
      .transform((text, ctx) => {
        const read = readFitments(text, now);
        if (read.ok) return read.fits;
        ctx.addIssue({ code: "custom", message: issue(read.problem) });
        return z.NEVER;
      }),
  );

export function partUploadSchema(now = new Date()) {
  const thisYear = shopYear(now);
  return z
    .object({
      refId: requiredField("refId", FILL).pipe(refIdText),
      name: requiredField("name", FILL).max(200, maxLengthIssue("name", 200)),
      price: yenPrice,
      make: requiredField("make", FILL),
      model: requiredField("model", FILL),
      type: requiredField("type", FILL),
      subType: requiredField("subType", FILL),
      // A part's car: its year, mileage, fuel and colour, each optional (a tyre has none).
      year: z.preprocess(blankToUndefined, modelYear(thisYear).optional()),
      ...vehicleFacts,
      partNumber: optionalText("partNumber", 60),
      condition: optionalChoice("condition", PART_CONDITIONS),
      fitment: fitmentList(now),
      quantity: z.preprocess(
        // Left blank or not sent: one.
        (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? "1" : v),
        z
          .string()
          .regex(/^\d{1,6}$/, patternIssue("wholeNumber", { field: staffField("quantity") }))
          .transform(Number),
      ),
      description,
      stockStatus,
    })
    .superRefine((v, ctx) => {
      const models = own(PART_MODELS, v.make);
      if (!models) ctx.addIssue({ code: "custom", path: ["make"], message: chooseMake });
      else if (!models.includes(v.model))
        ctx.addIssue({ code: "custom", path: ["model"], message: chooseModel(v.make) });
      const subTypes = own(PART_SUB_TYPES, v.type);
      if (!subTypes) ctx.addIssue({ code: "custom", path: ["type"], message: chooseType });
      else if (!subTypes.includes(v.subType))
        ctx.addIssue({ code: "custom", path: ["subType"], message: chooseSubType });
    });
}
