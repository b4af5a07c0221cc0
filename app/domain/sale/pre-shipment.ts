/*
 * The vehicle at the port before loading (issue 45.3): photos the owner adds
 * to the order and a link to a video, shown to the buyer on the order's page
 * and timeline. Browser-safe: the limits and the video link's rule.
 */

/** Photos in one upload: a phone's ten photos of 10 MB each is what one form carries. */
export const PHOTOS_AT_ONCE = 10;
/** Photos an order keeps: enough for every side, the engine, the chassis number and the odometer. */
export const PHOTOS_PER_ORDER = 40;
/** The widths a photo is served at: a thumbnail in the grid and the photo opened on a phone or a screen. */
export const PHOTO_WIDTHS = [480, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export const VIDEO_URL_MAX = 500;

/** A video link as the buyer sees it: the address, and the site it opens, named before they leave the shop. */
export type VideoLink = { url: string; host: string };

export type PhotoView = {
  id: number;
  width: number;
  height: number;
  addedAt: string;
  sha256: string;
  /** The shop's address of the photo (the order's buyer and the staff only); `?w=` picks a width. */
  path: string;
};

export type PreShipmentView = { photos: PhotoView[]; video: VideoLink | null };

/**
 * The owner's video link, read: an https address of a named site (not an
 * address by number, no user name or password in it), or why not. Empty means
 * no video.
 */
export function readVideoLink(raw: string): VideoLink | "empty" | "invalid" | "too-long" {
  const text = raw.trim();
  if (text === "") return "empty";
  if (text.length > VIDEO_URL_MAX) return "too-long";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "invalid";
  }
  const host = url.hostname.toLowerCase();
  // An address by number or without a dot names no site the buyer could recognise.
  const named = host.includes(".") && !/^[\d.]+$/.test(host) && !host.startsWith("[");
  if (url.protocol !== "https:" || url.username || url.password || !named) return "invalid";
  return { url: url.href, host: host.replace(/^www\./, "") };
}
