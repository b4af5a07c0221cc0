import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PART_SUB_TYPES } from "~/domain/inventory/catalogue";
import { drawPartPhoto } from "./pictures.server";

const fingerprint = async (png: Buffer) =>
  createHash("sha256")
    .update(await sharp(png).resize(64, 48).raw().toBuffer())
    .digest("hex");

describe("demo photos", () => {
  it("draw each part subtype as itself: no two subtypes share a picture", async () => {
    const seen = new Map<string, string>();
    for (const [type, subTypes] of Object.entries(PART_SUB_TYPES)) {
      for (const subType of subTypes) {
        const print = await fingerprint(await drawPartPhoto({ type, subType }, 0));
        expect(seen.get(print), `${subType} looks like ${seen.get(print)}`).toBeUndefined();
        seen.set(print, subType);
      }
    }
    expect(seen.size).toBe(Object.values(PART_SUB_TYPES).flat().length);
  });
});
