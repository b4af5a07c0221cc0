import { STOCK_STATUSES } from "./stock-status";
import { parseYen } from "~/domain/inventory/price";
import { shopYear } from "~/i18n/format";
import { own } from "~/utils/own";
import { z } from "zod";
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
} from "./catalogue";

/*
 * The owner's stock forms (SPEC 3, 5; DECISIONS "Inventory"). A listing needs
 * make, model, year and price; the ref id is made when left blank; the name
 * defaults to "{year} {make} {model}". Browser-safe; the server is the authority.
 */

export const FILL_REQUIRED = "Please fill in all required fields";
export const UPLOAD_COMPLETE = "Upload complete";
/**
 * SPEC's failure sentences, each followed by its reason on the same line. The
 * upload screens say 'Upload failed: ' when the form could not be read and
 * 'Image upload failed' when a photo was refused or could not be stored; the
 * edit screen says 'Upload failed.' and 'Image upload failed.'.
 */
export const uploadFailed = (reason: string) => `Upload failed: ${reason}`;
export const imageUploadFailed = (reason: string) => `Image upload failed: ${reason}`;
export const editUploadFailed = (reason: string) => `Upload failed. ${reason}`;
export const editImageUploadFailed = (reason: string) => `Image upload failed. ${reason}`;
export const MAX_IMAGES_PER_UPLOAD = 10;
export const MAX_IMAGES_PER_ITEM = 12;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const optionalText = (label: string, max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${label} must be at most ${max} characters`).optional());

const optionalChoice = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: `Choose a ${label} from the list` }).optional());

const wholeNumber = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[\d,\s]+$/, `${label} must be a whole number`)
      .transform((v) => Number(v.replace(/\D/g, "")))
      .pipe(
        z
          .number()
          .int()
          .max(max, `${label} must be at most ${max.toLocaleString("en-US")}`),
      )
      .optional(),
  );

/** Whole yen, as typed: "1,250,000", "¥1 250 000". A minus sign or letters are refused. */
export const yenPrice = z
  .string({ error: "Price is required" })
  .trim()
  .min(1, "Price is required")
  .refine((v) => parseYen(v) !== null, "Price must be a whole number of yen (no minus sign)")
  .transform((v) => parseYen(v)!)
  .pipe(z.number().int().min(1, "Price must be more than 0").max(2_000_000_000, "Price is too high"));

const refId = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(40, "Ref ID must be at most 40 characters")
    .regex(/^[A-Za-z0-9-]+$/, "Ref ID may use letters, digits and dashes")
    .optional(),
);

/** A model year from the upload form's list: 1980 to this year (SPEC 9, DECISIONS "Inventory"). */
const modelYear = (thisYear: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}$/, "Year must be a year such as 2016")
    .transform(Number)
    .pipe(
      z
        .number()
        .min(UPLOAD_FIRST_YEAR, `Year must be from ${UPLOAD_FIRST_YEAR} to ${thisYear}`)
        .max(thisYear, `Year must be from ${UPLOAD_FIRST_YEAR} to ${thisYear}`),
    );

/** What a vehicle and a part taken from one share: mileage, colour and fuel, each optional. */
const vehicleFacts = {
  mileage: wholeNumber("Mileage", 2_000_000),
  color: optionalText("Color", 40),
  fuel: optionalChoice("fuel", FUELS),
};

const stockStatus = z.preprocess(blankToUndefined, z.enum(STOCK_STATUSES).default("available"));

export function vehicleUploadSchema(now = new Date()) {
  const thisYear = shopYear(now);
  return z
    .object({
      refId,
      name: optionalText("Name", 200),
      make: z.string({ error: "Make is required" }).trim().min(1, "Make is required"),
      model: z.string({ error: "Model is required" }).trim().min(1, "Model is required"),
      year: z.string({ error: "Year is required" }).trim().min(1, "Year is required").pipe(modelYear(thisYear)),
      price: yenPrice,
      type: optionalText("Type", 40),
      subType: optionalText("SubType", 40),
      ...vehicleFacts,
      engineCc: wholeNumber("Engine capacity", 20_000),
      transmission: optionalChoice("transmission", TRANSMISSIONS),
      drive: optionalChoice("drive", DRIVES),
      seats: optionalChoice("number of seats", SEATS),
      doors: z.preprocess(
        blankToUndefined,
        z
          .enum(DOORS.map(String) as [string, ...string[]])
          .transform(Number)
          .optional(),
      ),
      steering: optionalChoice("steering side", STEERING),
      exteriorGrade: optionalChoice("grade", GRADES),
      interiorGrade: optionalChoice("grade", GRADES),
      description: z.preprocess(
        (v) => v ?? "",
        z.string().trim().max(5000, "Description must be at most 5,000 characters"),
      ),
      stockStatus,
    })
    .superRefine((v, ctx) => {
      const models = own(VEHICLE_MODELS, v.make);
      if (!models) ctx.addIssue({ code: "custom", path: ["make"], message: "Choose a make from the list" });
      else if (!models.includes(v.model))
        ctx.addIssue({ code: "custom", path: ["model"], message: `Choose a ${v.make} model from the list` });
      if (v.type && !own(VEHICLE_SUB_TYPES, v.type))
        ctx.addIssue({ code: "custom", path: ["type"], message: "Choose a type from the list" });
      if (v.subType && (!v.type || !own(VEHICLE_SUB_TYPES, v.type)?.includes(v.subType))) {
        ctx.addIssue({ code: "custom", path: ["subType"], message: "Choose a subtype of the chosen type" });
      }
    });
}

export function partUploadSchema(now = new Date()) {
  const thisYear = shopYear(now);
  return z
    .object({
      refId: z
        .string({ error: FILL_REQUIRED })
        .trim()
        .min(1, "Ref ID is required")
        .max(40, "Ref ID must be at most 40 characters")
        .regex(/^[A-Za-z0-9-]+$/, "Ref ID may use letters, digits and dashes"),
      name: z
        .string({ error: FILL_REQUIRED })
        .trim()
        .min(1, "Name is required")
        .max(200, "Name must be at most 200 characters"),
      price: yenPrice,
      make: z.string({ error: FILL_REQUIRED }).trim().min(1, "Make is required"),
      model: z.string({ error: FILL_REQUIRED }).trim().min(1, "Model is required"),
      type: z.string({ error: FILL_REQUIRED }).trim().min(1, "Type is required"),
      subType: z.string({ error: FILL_REQUIRED }).trim().min(1, "SubType is required"),
      // A part's car: its year, mileage, fuel and colour, each optional (a tyre has none).
      year: z.preprocess(blankToUndefined, modelYear(thisYear).optional()),
      ...vehicleFacts,
      partNumber: optionalText("Part number", 60),
      condition: optionalChoice("condition", PART_CONDITIONS),
      quantity: z.preprocess(
        // Left blank or not sent: one.
        (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? "1" : v),
        z
          .string()
          .regex(/^\d{1,6}$/, "Quantity must be a whole number")
          .transform(Number),
      ),
      description: z.preprocess(
        (v) => v ?? "",
        z.string().trim().max(5000, "Description must be at most 5,000 characters"),
      ),
      stockStatus,
    })
    .superRefine((v, ctx) => {
      const models = own(PART_MODELS, v.make);
      if (!models) ctx.addIssue({ code: "custom", path: ["make"], message: "Choose a make from the list" });
      else if (!models.includes(v.model))
        ctx.addIssue({ code: "custom", path: ["model"], message: `Choose a ${v.make} model from the list` });
      const subTypes = own(PART_SUB_TYPES, v.type);
      if (!subTypes) ctx.addIssue({ code: "custom", path: ["type"], message: "Choose a type from the list" });
      else if (!subTypes.includes(v.subType))
        ctx.addIssue({ code: "custom", path: ["subType"], message: "Choose a subtype of the chosen type" });
    });
}
