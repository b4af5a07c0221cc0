import { type Problem, problem } from "~/i18n/problem";
import { staffPattern, staffText } from "~/domain/staff/staff-problems";

/*
 * What a photo may be, as the staff's file boxes check it before a slow
 * upload and the server checks it again by content (media-store.server.ts).
 * Browser-safe.
 */

/** A phone's full-size photo (often 8 to 15 MB) goes up as it is; the server resizes it. */
export const MAX_PHOTO_BYTES = 25 * 1024 * 1024;

/** The formats the shop stores, as a file box's `accept` lists them. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** A file's name when the browser gives no type (some phones): what it is called is all there is to go on. */
const PHOTO_NAME = /\.(jpe?g|png|webp)$/i;

/** Why the browser will not send a picked file, in the admin catalogue's words ("car.heic: Only JPG, PNG or WebP…"); null when it may go. */
export function photoFileProblem(file: { name: string; size: number; type: string }): Problem | null {
  const typed = file.type ? (PHOTO_TYPES as readonly string[]).includes(file.type) : PHOTO_NAME.test(file.name);
  const reason = !typed ? staffText("imageFormat") : file.size > MAX_PHOTO_BYTES ? staffText("imageTooLarge") : null;
  return reason && staffPattern("fileProblem", { name: file.name || problem("messages.anImage"), reason });
}
