/** Where the browser finds a stored image variant. Browser-safe. */

export type ImageRef = {
  key: string;
  width: number;
  height: number;
  /** Widths of the stored WebP variants, smallest first. */
  variants: number[];
};

/**
 * The stored name of one variant: the key (20 hex digits, made by the server)
 * under a folder of its first two digits, and the width. The only shape
 * `/media/*` serves.
 */
export const MEDIA_PATH = /^([0-9a-f]{2})\/\1[0-9a-f]{18}-[1-9][0-9]{0,4}\.webp$/;

export function mediaPath(key: string, width: number): string {
  return `${key.slice(0, 2)}/${key}-${width}.webp`;
}

export function isMediaPath(relativePath: string): boolean {
  return MEDIA_PATH.test(relativePath);
}

/** "/media" (the shop serves its photos), or MEDIA_PUBLIC_URL (a CDN or the bucket's own address). */
let mediaBase = "/media";

/** Set once from the configuration (server) and from the root's settings (browser). */
export function setMediaBase(base: string | null | undefined) {
  if (base) mediaBase = base.replace(/\/+$/, "");
}

export function imageUrl(image: ImageRef, width: number, base = mediaBase): string {
  // The smallest variant at least as wide as asked, else the largest there is.
  const chosen = image.variants.find((w) => w >= width) ?? image.variants[image.variants.length - 1] ?? width;
  return `${base}/${mediaPath(image.key, chosen)}`;
}

export function imageSrcSet(image: ImageRef, base = mediaBase): string {
  return image.variants.map((w) => `${base}/${mediaPath(image.key, w)} ${w}w`).join(", ");
}

/**
 * A full address of an image (structured data, link previews, the stock
 * feeds): the shop's origin unless the base already has one. A caller outside
 * any page (a feed) passes the configured base itself.
 */
export function absoluteImageUrl(image: ImageRef, width: number, origin: string, base = mediaBase): string {
  const url = imageUrl(image, width, base);
  return /^https?:\/\//.test(url) ? url : `${origin}${url}`;
}
