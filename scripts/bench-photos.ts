import sharp from "sharp";
import type { MediaStore } from "~/domain/media/media-store.server";

/** Four stored photos (plain colours, 1280 × 960) that bulk-loaded stock can share. */
export function benchPhotos(media: MediaStore) {
  return Promise.all(
    ["#7a8ea3", "#a33", "#2a4f8f", "#ddd"].map(async (colour) =>
      media.put(
        await sharp({ create: { width: 1280, height: 960, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      ),
    ),
  );
}
