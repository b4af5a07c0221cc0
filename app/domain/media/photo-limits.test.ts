import { describe, expect, it } from "vitest";
import { english } from "../../../tests/support/english";
import { MAX_PHOTO_BYTES, photoFileProblem } from "./photo-limits";

const MB = 1024 * 1024;

describe("a photo picked in the staff's file box", () => {
  it("may be a JPG, PNG or WebP of up to 25 MB", () => {
    expect(MAX_PHOTO_BYTES).toBe(25 * MB);
    for (const type of ["image/jpeg", "image/png", "image/webp"])
      expect(photoFileProblem({ name: "car", size: 25 * MB, type }), type).toBeNull();
    // A phone that gives no type: its name says what it is.
    expect(photoFileProblem({ name: "IMG_2041.JPG", size: 11 * MB, type: "" })).toBeNull();
  });

  it("is refused, by name, over 25 MB or of another type", () => {
    const tooBig = photoFileProblem({ name: "front.jpg", size: 25 * MB + 1, type: "image/jpeg" });
    expect(english(tooBig!)).toMatch(/^front\.jpg: Image is larger than \d+ MB\.$/);
    const heic = photoFileProblem({ name: "IMG_2042.HEIC", size: MB, type: "image/heic" });
    expect(english(heic!)).toBe("IMG_2042.HEIC: Only JPG, PNG or WebP images are accepted.");
    expect(photoFileProblem({ name: "notes.txt", size: 10, type: "" })).not.toBeNull();
    expect(english(photoFileProblem({ name: "", size: 10, type: "image/gif" })!)).toMatch(/^An image: /);
  });
});
