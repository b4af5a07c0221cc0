import { describe, expect, it } from "vitest";
import { makeZip } from "../../../tests/support/zip";
import { zipEntries, zipEntryData, ZipError, type ZipLimits } from "./zip-read.server";

/*
 * The photos' ZIP is the owner's file but may come from anywhere (a supplier,
 * an auction house): every lie an archive can tell is refused before it costs
 * memory, and nothing is ever written under an entry's name.
 */

const limits: ZipLimits = { maxEntries: 10, maxEntryBytes: 1024 * 1024, maxTotalBytes: 4 * 1024 * 1024 };
const photo = Buffer.from("pretend this is a photo ".repeat(50));

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ZipError) return [error.code, error.entry];
    throw error;
  }
  return null;
};

describe("reading the photos' ZIP", () => {
  it("lists the entries with their folders and reads each back, deflated or stored", () => {
    const zip = makeZip([
      { path: "photos/V-1_1.jpg", data: photo },
      { path: "V-1_2.jpg", data: photo, store: true },
      { path: "photos/", data: Buffer.alloc(0), store: true },
    ]);
    const entries = zipEntries(zip, limits);
    expect(entries.map((e) => [e.path, e.name, e.directory])).toEqual([
      ["photos/V-1_1.jpg", "V-1_1.jpg", false],
      ["V-1_2.jpg", "V-1_2.jpg", false],
      ["photos/", "photos", true],
    ]);
    expect(zipEntryData(zip, entries[0]!, limits.maxEntryBytes).equals(photo)).toBe(true);
    expect(zipEntryData(zip, entries[1]!, limits.maxEntryBytes).equals(photo)).toBe(true);
  });

  it("refuses paths that leave the folder or start at the root, whatever the slashes", () => {
    for (const path of ["../../x.jpg", "photos/../../x.jpg", "/etc/passwd", "C:\\Windows\\x.jpg", "a\\..\\..\\x.jpg"])
      expect(
        codeOf(() => zipEntries(makeZip([{ path, data: photo }]), limits)),
        path,
      ).toEqual(["unsafePath", path]);
  });

  it("stops a ZIP bomb: an entry that inflates past what it declares, and declared sizes past the limits", () => {
    const zeros = Buffer.alloc(50 * 1024 * 1024);
    // 50 MB of zeros packs into about 50 KB; the archive says 1 KB.
    const liar = makeZip([{ path: "V-1_1.jpg", data: zeros, declaredSize: 1024 }]);
    const [entry] = zipEntries(liar, limits);
    expect(codeOf(() => zipEntryData(liar, entry!, limits.maxEntryBytes))).toEqual(["corrupt", "V-1_1.jpg"]);
    // Honest about its size, but past the limit for one photo: refused before inflating.
    const honest = makeZip([{ path: "V-1_1.jpg", data: Buffer.alloc(2 * 1024 * 1024) }]);
    const [big] = zipEntries(honest, limits);
    expect(codeOf(() => zipEntryData(honest, big!, limits.maxEntryBytes))).toEqual(["tooLarge", "V-1_1.jpg"]);
    // Many entries that together declare more than the whole allowance: the archive is refused at once.
    const many = makeZip(
      Array.from({ length: 5 }, (_, i) => ({ path: `V-${i}_1.jpg`, data: photo, declaredSize: 1024 * 1024 })),
    );
    expect(codeOf(() => zipEntries(many, limits))).toEqual(["tooLarge", null]);
  });

  it("refuses too many entries, passwords, ZIP64, unknown packing, a wrong checksum and what is not a ZIP", () => {
    const eleven = makeZip(Array.from({ length: 11 }, (_, i) => ({ path: `V-${i}_1.jpg`, data: photo })));
    expect(codeOf(() => zipEntries(eleven, limits))).toEqual(["tooManyEntries", null]);
    expect(codeOf(() => zipEntries(makeZip([{ path: "a.jpg", data: photo, flags: 1 }]), limits))).toEqual([
      "encrypted",
      "a.jpg",
    ]);
    expect(codeOf(() => zipEntries(makeZip([{ path: "a.jpg", data: photo }], { entryCount: 0xffff }), limits))).toEqual(
      ["zip64", null],
    );
    const bzip = makeZip([{ path: "a.jpg", data: photo, method: 12 }]);
    expect(codeOf(() => zipEntryData(bzip, zipEntries(bzip, limits)[0]!, limits.maxEntryBytes))).toEqual([
      "method",
      "a.jpg",
    ]);
    const badCrc = makeZip([{ path: "a.jpg", data: photo, crc: 1234 }]);
    expect(codeOf(() => zipEntryData(badCrc, zipEntries(badCrc, limits)[0]!, limits.maxEntryBytes))).toEqual([
      "corrupt",
      "a.jpg",
    ]);
    expect(codeOf(() => zipEntries(Buffer.from("ref_id,name\nV-1,Corolla\n"), limits))).toEqual(["notZip", null]);
    // Cut off half way: the directory is gone.
    const whole = makeZip([{ path: "a.jpg", data: photo }]);
    expect(codeOf(() => zipEntries(whole.subarray(0, whole.length / 2), limits))).toEqual(["notZip", null]);
  });
});
