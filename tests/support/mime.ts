/*
 * Just enough MIME to read what the shop sends in tests: unfolded headers with
 * encoded words decoded, the text and HTML parts decoded from
 * quoted-printable or base64 (UTF-8), and attached files as bytes.
 */

import fs from "node:fs";
import path from "node:path";

export type ReadAttachment = { filename: string; contentType: string; content: Buffer };
export type ReadMail = {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: ReadAttachment[];
};

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? "").toLowerCase();
  if (e === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (e === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

const lf = (text: string) => text.replace(/\r\n/g, "\n");

/** "=?UTF-8?B?...?=" and "=?UTF-8?Q?...?=" words, joined where only space separates them. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at > 0) headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return headers;
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  return { headers: parseHeaders(head), body };
}

export function readMail(raw: string): ReadMail {
  const top = split(raw);
  const found = { text: "", html: "" };
  const attachments: ReadAttachment[] = [];
  const visit = (part: { headers: Map<string, string>; body: string }) => {
    const type = part.headers.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const piece of part.body.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith("--")) break;
        visit(split(piece.replace(/^\r?\n/, "")));
      }
      return;
    }
    const disposition = part.headers.get("content-disposition") ?? "";
    if (/^attachment/i.test(disposition)) {
      const base64 = /base64/i.test(part.headers.get("content-transfer-encoding") ?? "");
      attachments.push({
        filename: decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? ""),
        contentType: type.split(";")[0]!.trim(),
        content: base64 ? Buffer.from(part.body.replace(/\s+/g, ""), "base64") : Buffer.from(part.body, "utf8"),
      });
      return;
    }
    const decoded = lf(decodeBody(part.body, part.headers.get("content-transfer-encoding")));
    if (type.startsWith("text/html")) found.html += decoded;
    else if (type.startsWith("text/plain")) found.text += decoded;
  };
  visit(top);
  return { headers: top.headers, subject: decodeWords(top.headers.get("subject") ?? ""), ...found, attachments };
}

/** Every mail a shop without SMTP wrote to an address (its .eml files under `$DATA_DIR/mail`), read. */
export function mailsTo(dataDir: string, address: string): ReadMail[] {
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((file) => readMail(fs.readFileSync(path.join(dir, file), "utf8")))
    .filter((mail) => (mail.headers.get("to") ?? "").includes(address));
}
