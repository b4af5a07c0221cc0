/** Where the browser finds a stored image variant. Browser-safe. */

export type ImageRef = {
  key: string;
  width: number;
  height: number;
  /** Widths of the stored WebP variants, smallest first. */
  variants: number[];
};

export function mediaPath(key: string, width: number): string {
  return `${key.slice(0, 2)}/${key}-${width}.webp`;
}

export function imageUrl(image: ImageRef, width: number, base = "/media"): string {
  // The smallest variant at least as wide as asked, else the largest there is.
  const chosen = image.variants.find((w) => w >= width) ?? image.variants[image.variants.length - 1] ?? width;
  return `${base}/${mediaPath(image.key, chosen)}`;
}

export function imageSrcSet(image: ImageRef, base = "/media"): string {
  return image.variants.map((w) => `${base}/${mediaPath(image.key, w)} ${w}w`).join(", ");
}
