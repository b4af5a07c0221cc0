import { crc32, inflateRawSync } from "node:zlib";

/*
 * Reads the photos' ZIP of a stock import (issue 23) from memory, trusting
 * nothing it says: names that climb out of their folder or start at the root,
 * encrypted or ZIP64 archives, more entries than a stock file needs, and
 * declared sizes past the limits are refused before anything is inflated; an
 * entry is inflated with a cap on its output (a "ZIP bomb" stops at the cap),
 * and must then be exactly its declared size with its declared checksum.
 * Nothing is ever written under an entry's name: entries are only read.
 */

export type ZipErrorCode =
  "notZip" | "zip64" | "encrypted" | "unsafePath" | "tooManyEntries" | "tooLarge" | "method" | "corrupt";

export class ZipError extends Error {
  constructor(
    readonly code: ZipErrorCode,
    /** The entry it is about, when one. */
    readonly entry: string | null = null,
  ) {
    super(`ZIP ${code}${entry ? `: ${entry}` : ""}`);
    this.name = "ZipError";
  }
}

export type ZipLimits = {
  /** Entries the central directory may list. */
  maxEntries: number;
  /** The most one entry may inflate to. */
  maxEntryBytes: number;
  /** The most all entries together may inflate to. */
  maxTotalBytes: number;
};

export type ZipEntry = {
  /** The path inside the archive, with "/" between folders. */
  path: string;
  /** The last part of the path: the file's own name. */
  name: string;
  directory: boolean;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Whether the bytes start like a ZIP (a workbook saved as .xlsx is one too). */
export function looksLikeZip(data: Buffer): boolean {
  return data.length >= 4 && (data.readUInt32LE(0) === LOCAL || data.readUInt32LE(0) === EOCD);
}

function endOfDirectory(data: Buffer): number {
  // The end record is 22 bytes and may carry a comment of up to 65,535.
  const stop = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= stop; at--) if (data.readUInt32LE(at) === EOCD) return at;
  throw new ZipError("notZip");
}

/** A path that stays inside the archive's folder: no root, no drive, no "..". */
function safePath(raw: string): string | null {
  const path = raw.replace(/\\/g, "/");
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path) || path.includes("\0")) return null;
  if (path.split("/").some((part) => part === "..")) return null;
  return path;
}

/** The entries of an archive, checked against the limits; throws ZipError. */
export function zipEntries(data: Buffer, limits: ZipLimits): ZipEntry[] {
  if (data.length < 22) throw new ZipError("notZip");
  const end = endOfDirectory(data);
  const count = data.readUInt16LE(end + 10);
  const directorySize = data.readUInt32LE(end + 12);
  const directoryOffset = data.readUInt32LE(end + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw new ZipError("zip64");
  if (count > limits.maxEntries) throw new ZipError("tooManyEntries");
  if (directoryOffset + directorySize > end) throw new ZipError("corrupt");
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || data.readUInt32LE(at) !== CENTRAL) throw new ZipError("corrupt");
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const crc = data.readUInt32LE(at + 16);
    const compressedSize = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localOffset = data.readUInt32LE(at + 42);
    if (at + 46 + nameLength > end) throw new ZipError("corrupt");
    // Bit 11 marks a UTF-8 name; older tools write their code page, read here byte for byte.
    const raw = data.toString(flags & 0x800 ? "utf8" : "latin1", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    const path = safePath(raw);
    if (path === null) throw new ZipError("unsafePath", raw.slice(0, 120));
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) throw new ZipError("zip64");
    if (flags & 0x1) throw new ZipError("encrypted", path);
    const directory = path.endsWith("/");
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipError("tooLarge");
    const name = path.split("/").filter(Boolean).pop() ?? "";
    entries.push({ path, name, directory, method, crc, compressedSize, size, localOffset });
  }
  return entries;
}

/** One entry's bytes, inflated under the cap; throws ZipError when they are not what the archive declares. */
export function zipEntryData(data: Buffer, entry: ZipEntry, maxBytes: number): Buffer {
  if (entry.size > maxBytes) throw new ZipError("tooLarge", entry.path);
  const at = entry.localOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL) throw new ZipError("corrupt", entry.path);
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const packed = data.subarray(start, start + entry.compressedSize);
  if (packed.length !== entry.compressedSize) throw new ZipError("corrupt", entry.path);
  let bytes: Buffer;
  if (entry.method === 0) bytes = packed;
  else if (entry.method === 8) {
    try {
      // One byte past the declared size is enough to know it lied.
      bytes = inflateRawSync(packed, { maxOutputLength: entry.size + 1 });
    } catch {
      throw new ZipError("corrupt", entry.path);
    }
  } else throw new ZipError("method", entry.path);
  if (bytes.length !== entry.size || crc32(bytes) >>> 0 !== entry.crc) throw new ZipError("corrupt", entry.path);
  return bytes;
}
