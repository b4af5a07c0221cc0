import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import * as fontkit from "fontkit";

/*
 * The invoice's text in Noto Sans from the shop's own font packages: each
 * character takes the first face that has it (Latin with Vietnamese, then
 * Sinhala, Devanagari, Japanese and Chinese); a character none has prints
 * as "?" rather than failing the invoice.
 */

// ---- Fonts --------------------------------------------------------------

export type Weight = 400 | 700;
export type Face = {
  id: string;
  file: (weight: Weight) => string;
  /** The characters the subset is cut for; it may lack some of them. */
  ranges: [number, number][];
  glyphs?: fontkit.Font;
};

export const requireFromHere = createRequire(import.meta.url);

/** "U+0000-00FF,U+0131" → [[0, 255], [305, 305]] */
export function parseRanges(list: string): [number, number][] {
  return list.split(",").map((part) => {
    const [lo, hi = lo] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(lo!, 16), parseInt(hi!, 16)];
  });
}

/** Faces of one @fontsource family: the named subsets in that order, or all its numbered (CJK) subsets. */
export function familyFaces(family: string, wanted: string[] | "numbered"): Face[] {
  const dir = path.dirname(requireFromHere.resolve(`@fontsource/${family}/unicode.json`));
  const subsets = JSON.parse(fs.readFileSync(path.join(dir, "unicode.json"), "utf8")) as Record<string, string>;
  const names =
    wanted === "numbered"
      ? Object.keys(subsets)
          .filter((subset) => /^\[\d+\]$/.test(subset))
          .map((subset) => subset.slice(1, -1))
      : wanted;
  return names.map((name) => ({
    id: `${family}-${name}`,
    file: (weight: Weight) => path.join(dir, "files", `${family}-${name}-${weight}-normal.woff`),
    ranges: parseRanges(subsets[wanted === "numbered" ? `[${name}]` : name]!),
  }));
}

let faceOrders: { kana: Face[]; other: Face[] } | null = null;

/** Faces in the order characters try them; Han characters prefer Japanese forms only in text that has kana. */
export function faceOrder(text: string): Face[] {
  if (!faceOrders) {
    const latin = familyFaces("noto-sans-jp", ["latin", "latin-ext", "vietnamese", "cyrillic"]);
    const scripts = [
      ...familyFaces("noto-sans-sinhala", ["sinhala"]),
      ...familyFaces("noto-sans-devanagari", ["devanagari"]),
    ];
    const japanese = familyFaces("noto-sans-jp", "numbered");
    const chinese = familyFaces("noto-sans-sc", "numbered");
    faceOrders = {
      kana: [...latin, ...scripts, ...japanese, ...chinese],
      other: [...latin, ...scripts, ...chinese, ...japanese],
    };
  }
  return /[\u3040-\u30ff]/.test(text) ? faceOrders.kana : faceOrders.other;
}

/**
 * A WOFF file as the plain font inside it. fontkit reads WOFF too, but
 * inflates its tables in JavaScript on every document; node's zlib does it
 * once per file here.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") return woff;
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = 44 + i * 20;
    const [offset, compressed, length] = [
      woff.readUInt32BE(entry + 4),
      woff.readUInt32BE(entry + 8),
      woff.readUInt32BE(entry + 12),
    ];
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? zlib.inflateSync(stored) : stored,
    };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(woff.readUInt32BE(4), 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(head, record);
    head.writeUInt32BE(table.checksum, record + 4);
    head.writeUInt32BE(offset, record + 8);
    head.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

export const fontFiles = new Map<string, Buffer>();

export function fontFile(file: string): Buffer {
  let data = fontFiles.get(file);
  if (!data) {
    data = woffToSfnt(fs.readFileSync(file));
    fontFiles.set(file, data);
  }
  return data;
}

export function glyphsOf(face: Face): fontkit.Font {
  face.glyphs ??= fontkit.create(fontFile(face.file(400))) as fontkit.Font;
  return face.glyphs;
}

/** Whether the face draws the character: inside its ranges, and a glyph really there. */
export function covers(face: Face, codePoint: number): boolean {
  return (
    face.ranges.some(([lo, hi]) => codePoint >= lo && codePoint <= hi) && glyphsOf(face).hasGlyphForCodePoint(codePoint)
  );
}

export type Run = { face: Face; text: string };

/** Splits text into runs of one face each; a character stays with the face before it when that face has it (marks, joiners, spaces). */
export function toRuns(input: string): Run[] {
  const text = input
    .normalize("NFC")
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(/[^\P{Cc}\n]/gu, " ");
  const order = faceOrder(text);
  const base = order[0]!;
  const runs: Run[] = [];
  for (const char of text) {
    const current = runs.at(-1);
    const codePoint = char.codePointAt(0)!;
    if (current && (char === "\n" || covers(current.face, codePoint))) {
      current.text += char;
      continue;
    }
    const face = char === "\n" ? base : order.find((f) => covers(f, codePoint));
    const [use, shown] = face ? [face, char] : [base, "?"];
    if (current && (current.face === use || (!face && covers(current.face, 0x3f)))) current.text += shown;
    else runs.push({ face: use, text: shown });
  }
  return runs;
}

// ---- Layout -------------------------------------------------------------
