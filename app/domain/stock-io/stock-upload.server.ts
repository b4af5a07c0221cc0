import type { StockPath } from "~/domain/inventory/stock-kinds";
import { type FieldProblems, parseForm, type Problem } from "~/utils/forms";
import type { z } from "zod";
import type { Refusal } from "~/domain/refusal";
import type { DB } from "~/db/db.server";
import type { PartInput, VehicleInput } from "~/domain/inventory/inventory";
import type { ImageRef } from "~/domain/media/image-url";
import { MediaError, type MediaStore } from "~/domain/media/media-store.server";
import { fileName, firstValues, type MultipartForm } from "~/domain/media/multipart.server";
import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { repositoryOf } from "~/domain/inventory/stock-repository.server";
import { chassisHolder } from "~/domain/inventory/vehicles.server";
import { statusByHandRefusal } from "~/domain/sale/status-by-hand.server";
import {
  FILL_REQUIRED,
  imageUploadFailed,
  partUploadSchema,
  uploadFailed,
  vehicleUploadSchema,
} from "~/domain/inventory/inventory.schema";

/** A part form missing a field ("Make is required", "Price is required") says only "Please fill in all required fields". */
const MISSING = new Set(["messages.pattern.required", "messages.text.priceRequired"]);

export type UploadOutcome =
  { ok: true; id: number; refId: string } | { ok: false; refusal: Refusal; message: Problem; errors: FieldProblems };

/** A photo refused, or the photos' storage down. */
export type PhotoRefusal = { refusal: Refusal; message: Problem };

/**
 * Stores the photos (checked and re-encoded by the media store); if any is
 * refused, or the storage fails, the ones already stored are removed again
 * (as far as the storage lets) and nothing is listed.
 */
export async function storePhotos(media: MediaStore, form: MultipartForm): Promise<ImageRef[] | PhotoRefusal> {
  const stored: ImageRef[] = [];
  for (const file of form.files) {
    try {
      stored.push(await media.put(file.data));
    } catch (error) {
      await Promise.all(stored.map((image) => media.remove(image)));
      if (error instanceof MediaError) return photoRefused(error, file.filename);
      throw error;
    }
  }
  return stored;
}

/** A refused photo is the sender's to fix; a storage outage is not about any one file. */
export function photoRefused(error: MediaError, filename: string): PhotoRefusal {
  if (error.code === "storage") return { refusal: "unavailable", message: error.problem };
  return {
    refusal: "invalid",
    message: staffPattern("fileProblem", { name: fileName(filename), reason: error.problem }),
  };
}

async function list(
  db: DB,
  media: MediaStore,
  form: MultipartForm,
  table: StockPath,
  input: { refId?: string | null },
  create: (images: ImageRef[]) => Promise<{ id: number; refId: string }>,
): Promise<UploadOutcome> {
  if (input.refId) {
    if ((await repositoryOf(table).refIdHolder(db, input.refId)) !== null)
      return {
        ok: false,
        refusal: "invalid",
        message: staffText("uploadRefIdUsed"),
        errors: { refId: staffText("refIdUsed") },
      };
  }
  const photos = await storePhotos(media, form);
  if (!Array.isArray(photos))
    return {
      ok: false,
      refusal: photos.refusal,
      message: imageUploadFailed(photos.message),
      errors: { images: photos.message },
    };
  try {
    return { ok: true, ...(await create(photos)) };
  } catch (error) {
    await Promise.all(photos.map((image) => media.remove(image)));
    throw error;
  }
}

/** Lists a vehicle from the upload form (SPEC 2 "Upload Vehicle"). */
export async function uploadVehicle(
  db: DB,
  media: MediaStore,
  form: MultipartForm,
  staff: Staff,
): Promise<UploadOutcome> {
  const submission = parseForm(firstValues(form), vehicleUploadSchema());
  if (submission.status === "error") {
    const { errors } = submission;
    return { ok: false, refusal: "invalid", message: uploadFailed(Object.values(errors)[0]!), errors };
  }
  const input = vehicleInput(submission.value);
  // A new listing has no deal: Reserved is only ever a deal's word (status-by-hand.server.ts).
  const byHand = statusByHandRefusal(null, input.stockStatus, undefined);
  if (byHand) return { ok: false, refusal: "invalid", message: uploadFailed(byHand), errors: { stockStatus: byHand } };
  const chassis = input.chassisNumber ?? null;
  const taken = await chassisTaken(db, chassis);
  if (taken) return { ok: false, refusal: "invalid", message: uploadFailed(taken), errors: { chassisNumber: taken } };
  try {
    return await list(db, media, form, "vehicles", input, (images) =>
      createVehicle(db, input, images, { kind: "staff", id: staff.adminId }),
    );
  } catch (error) {
    // Another upload took the number between the check above and this one's write (its photos are gone already).
    const clash = chassis ? await chassisClash(db, error, chassis) : null;
    if (clash) return { ok: false, refusal: "invalid", message: uploadFailed(clash), errors: { chassisNumber: clash } };
    throw error;
  }
}

/** The refusal of a chassis number another vehicle is listed with; null when it is free. */
export async function chassisTaken(db: DB, chassis: string | null, except?: number): Promise<Problem | null> {
  if (!chassis) return null;
  const holder = await chassisHolder(db, chassis, except);
  return holder ? staffPattern("chassisUsed", { ref: holder.refId }) : null;
}

/** The refusal for a write the unique index of chassis numbers stopped; null for any other failure. */
export async function chassisClash(db: DB, error: unknown, chassis: string, except?: number): Promise<Problem | null> {
  if (!/unique|duplicate/i.test(String(error)) || !/chassis/i.test(String(error))) return null;
  return chassisTaken(db, chassis, except);
}

/** A vehicle's fields as the upload and edit forms give them. */
export function vehicleInput(v: z.output<ReturnType<typeof vehicleUploadSchema>>): VehicleInput {
  return {
    refId: v.refId ?? null,
    name: v.name ?? null,
    make: v.make,
    model: v.model,
    type: v.type ?? null,
    subType: v.subType ?? null,
    year: v.year,
    price: v.price,
    mileage: v.mileage ?? null,
    engineCc: v.engineCc ?? null,
    color: v.color ?? null,
    fuel: v.fuel ?? null,
    transmission: v.transmission ?? null,
    drive: v.drive ?? null,
    seats: v.seats ?? null,
    doors: v.doors ?? null,
    steering: v.steering ?? null,
    exteriorGrade: v.exteriorGrade ?? null,
    interiorGrade: v.interiorGrade ?? null,
    manufactured: v.manufactured ?? null,
    registered: v.registered ?? null,
    chassisNumber: v.chassisNumber ?? null,
    modelCode: v.modelCode ?? null,
    auctionGrade: v.auctionGrade ?? null,
    description: v.description,
    stockStatus: v.stockStatus,
  };
}

/** A part's fields as the upload and edit forms give them; the category is the part type. */
export function partInput(p: z.output<ReturnType<typeof partUploadSchema>>): PartInput {
  return {
    refId: p.refId,
    name: p.name,
    make: p.make,
    model: p.model,
    type: p.type,
    subType: p.subType,
    price: p.price,
    description: p.description,
    year: p.year ?? null,
    mileage: p.mileage ?? null,
    color: p.color ?? null,
    fuel: p.fuel ?? null,
    partNumber: p.partNumber ?? null,
    category: p.type,
    condition: p.condition ?? null,
    quantity: p.quantity,
    stockStatus: p.stockStatus,
    fitment: p.fitment,
  };
}

/** Lists a part from the upload form: a real part record (DECISIONS "Inventory"). */
export async function uploadPart(db: DB, media: MediaStore, form: MultipartForm, staff: Staff): Promise<UploadOutcome> {
  const submission = parseForm(firstValues(form), partUploadSchema());
  if (submission.status === "error") {
    const { errors } = submission;
    const missing = Object.values(errors).some((p) => MISSING.has(p.key));
    return {
      ok: false,
      refusal: "invalid",
      message: missing ? FILL_REQUIRED : uploadFailed(Object.values(errors)[0]!),
      errors,
    };
  }
  const input = partInput(submission.value);
  return list(db, media, form, "parts", input, (images) =>
    createPart(db, input, images, { kind: "staff", id: staff.adminId }),
  );
}
