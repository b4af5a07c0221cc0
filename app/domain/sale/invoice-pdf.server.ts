import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatYen } from "~/domain/inventory/price";
import { formatDate } from "~/i18n/format";
import type { BankCharges, InvoiceDocument, InvoiceParty, OfferTerms } from "./deal-types";

import { faceOrder, fontFile, glyphsOf, toRuns, type Face, type Weight } from "./invoice-fonts.server";
/*
 * The proforma invoice as a PDF (issue 20): English, A4, one page for an
 * ordinary deal. Names and addresses come as people typed them, so the text
 * is set in Noto Sans from the shop's own font packages: each character takes
 * the first face that has it (Latin with Vietnamese, then Sinhala,
 * Devanagari, Japanese and Chinese), and a character none has prints as "?"
 * rather than failing the invoice. pdfkit embeds only the glyphs used.
 */

export const PAGE = { width: 595.28, height: 841.89, margin: 48 };
export const LEFT = PAGE.margin;
export const WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
const LINE_GAP = 0.5;

export const COLOUR = {
  ink: "#1f2937",
  muted: "#6b7280",
  rule: "#d1d5db",
  hairline: "#e5e7eb",
  accent: "#194e90",
  accentLight: "#eef4fb",
};

const TERMS_MEANING: Record<OfferTerms, string> = {
  FOB: "free on board, port of loading in Japan",
  "C&F": "cost and freight",
  CIF: "cost, insurance and freight",
};

type TextStyle = {
  width: number;
  size?: number;
  bold?: boolean;
  color?: string;
  align?: "left" | "right";
};

/** pdfkit with the face runs, page breaks and the few text styles the invoice uses. */
export class InvoicePage {
  readonly pdf: PDFKit.PDFDocument;
  private readonly registered = new Set<string>();
  y = PAGE.margin;
  pages = 1;

  /** Says at the top of a further page whose invoice it continues. */
  private readonly continued: string;

  constructor(pdf: PDFKit.PDFDocument, continued: string) {
    this.pdf = pdf;
    this.continued = continued;
  }

  private useFace(face: Face, weight: Weight) {
    const name = `${face.id}-${weight}`;
    if (!this.registered.has(name)) {
      this.pdf.registerFont(name, fontFile(face.file(weight)));
      this.registered.add(name);
    }
    this.pdf.font(name);
  }

  /** Writes text with its top at (x, y) and returns the y under it. */
  text(value: string, x: number, y: number, style: TextStyle): number {
    const runs = toRuns(value);
    if (runs.length === 0) return y;
    const { pdf } = this;
    const size = style.size ?? 9;
    pdf.fontSize(size).fillColor(style.color ?? COLOUR.ink);
    // pdfkit places a right-aligned line made of several runs badly; such text is left-aligned.
    const align = runs.length === 1 ? (style.align ?? "left") : "left";
    // Every face sits on the Latin face's baseline; each would otherwise hang from its own ascender.
    const latin = glyphsOf(faceOrder("")[0]!);
    const baseline = -(latin.ascent / latin.unitsPerEm) * size;
    const options = { width: style.width, align, lineGap: LINE_GAP, baseline };
    runs.forEach((run, i) => {
      this.useFace(run.face, style.bold ? 700 : 400);
      const continued = i < runs.length - 1;
      if (i === 0) pdf.text(run.text, x, y, { ...options, continued });
      else pdf.text(run.text, { continued });
    });
    return pdf.y;
  }

  /** The height text would take, measured in the Latin face (close enough to keep a block on one page). */
  heightOf(value: string, style: TextStyle): number {
    this.useFace(faceOrder("")[0]!, style.bold ? 700 : 400);
    return this.pdf.fontSize(style.size ?? 9).heightOfString(value || " ", { width: style.width, lineGap: LINE_GAP });
  }

  /** The largest size up to `largest` at which bold text fits on one line of `width`. */
  fitSize(value: string, width: number, largest: number): number {
    let size = largest;
    while (
      size > 8 &&
      this.heightOf(value, { width, size, bold: true }) > this.heightOf("x", { width, size, bold: true })
    ) {
      size -= 0.5;
    }
    return size;
  }

  /** Starts a new page when the next `height` points would not fit. */
  keep(height: number) {
    if (this.y + height > BOTTOM) {
      this.pdf.addPage();
      this.pages++;
      this.y = this.text(this.continued, LEFT, PAGE.margin, { width: WIDTH, size: 8, color: COLOUR.muted }) + 4;
      this.rule(this.y);
      this.y += 12;
    }
  }

  rule(y: number, color = COLOUR.rule, width = 0.75, length = WIDTH) {
    this.pdf
      .moveTo(LEFT, y)
      .lineTo(LEFT + length, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  }

  /** A small capitalised heading over a block; the block starts under it. */
  heading(label: string, x = LEFT, width = WIDTH) {
    this.y = this.text(label.toUpperCase(), x, this.y, { width, size: 7.5, bold: true, color: COLOUR.accent }) + 3;
  }

  /** Label and value side by side; rows with no value are left out. Returns the y under the last row. */
  fields(rows: [string, string][], x: number, width: number, labelWidth: number): number {
    for (const [label, value] of rows) {
      if (!value.trim()) continue;
      const valueStyle = { width: width - labelWidth };
      this.keep(this.heightOf(value, valueStyle) + 2);
      this.text(label, x, this.y, { width: labelWidth - 6, color: COLOUR.muted });
      this.y = this.text(value, x + labelWidth, this.y, valueStyle) + 2;
    }
    return this.y;
  }
}

export const dayText = (day: string) =>
  formatDate(`${day}T12:00:00+09:00`, "en", { day: "numeric", month: "long", year: "numeric" });

function header(page: InvoicePage, doc: InvoiceDocument) {
  const { seller } = doc;
  const leftWidth = 300;
  let left = page.text(seller.name, LEFT, page.y, { width: leftWidth, size: 14, bold: true }) + 3;
  const licence =
    seller.licenceNumber &&
    `Second-hand dealer licence No. ${seller.licenceNumber}${seller.licenceIssuer ? `, ${seller.licenceIssuer}` : ""}`;
  const sellerLines = [
    seller.address,
    [seller.phone && `Tel ${seller.phone}`, seller.email].filter(Boolean).join("   "),
    [seller.corporateNumber && `Corporate number ${seller.corporateNumber}`, licence].filter(Boolean).join(" · "),
  ];
  for (const line of sellerLines) {
    if (line) left = page.text(line, LEFT, left, { width: leftWidth, size: 8.5, color: COLOUR.muted }) + 1;
  }

  const rightX = LEFT + leftWidth + 20;
  const rightWidth = WIDTH - leftWidth - 20;
  let right = page.text("PROFORMA INVOICE", rightX, page.y, {
    width: rightWidth,
    size: 17,
    bold: true,
    color: COLOUR.accent,
    align: "right",
  });
  right += 6;
  const facts: [string, string][] = [
    ["Invoice no.", doc.number],
    ["Issue date", dayText(doc.issuedOn)],
    ["Due date", dayText(doc.dueDate)],
    ["Quote no.", doc.quoteNumber],
    ["Terms", `${doc.terms} ${doc.port}`],
  ];
  for (const [label, value] of facts) {
    page.text(label, rightX + 10, right, { width: 60, size: 8.5, color: COLOUR.muted });
    right = page.text(value, rightX + 70, right, { width: rightWidth - 70, size: 9, bold: true, align: "right" }) + 2;
  }
  page.y = Math.max(left, right) + 10;
  page.rule(page.y, COLOUR.accent, 1.25);
  page.y += 12;
}

/** One party's block: its name large, then its lines; returns the y under it. */
function party(page: InvoicePage, label: string, x: number, width: number, name: string, lines: string[]) {
  const top = page.y;
  page.heading(label, x, width);
  let y = page.text(name, x, page.y, { width, size: 10, bold: true }) + 1;
  for (const line of lines) {
    if (line.trim()) y = page.text(line, x, y, { width, size: 8.5, color: COLOUR.muted }) + 1;
  }
  page.y = top;
  return y;
}

// The ID or tax number is left off: the invoice reaches whoever holds the offer's or order's link; the forwarder's sheet carries it.
const partyLines = (p: InvoiceParty) => [p.address, p.phone && `Tel ${p.phone}`];

/**
 * Who pays, who takes the vehicle at the port and whom the ship's agent
 * calls, side by side: the bill of lading is made out from these. Until the
 * buyer names a consignee, the buyer is it.
 */
function parties(page: InvoicePage, doc: InvoiceDocument) {
  const gap = 18;
  const third = (WIDTH - 2 * gap) / 3;
  const { buyer, consignee, notify } = doc;
  const bottoms = [
    party(page, "Bill to", LEFT, third, buyer.name, [buyer.country, buyer.phone && `Tel ${buyer.phone}`, buyer.email]),
    consignee
      ? party(page, "Consignee", LEFT + third + gap, third, consignee.name, partyLines(consignee))
      : party(page, "Consignee", LEFT + third + gap, third, "As bill to", [
          "Unless the buyer names another before the bill of lading is made out.",
        ]),
    notify
      ? party(page, "Notify party", LEFT + 2 * (third + gap), third, notify.name, partyLines(notify))
      : party(page, "Notify party", LEFT + 2 * (third + gap), third, "Same as consignee", []),
  ];
  page.y = Math.max(...bottoms) + 8;
}

function item(page: InvoicePage, doc: InvoiceDocument) {
  const { item } = doc;
  page.keep(60);
  page.y = page.text(item.name, LEFT, page.y, { width: WIDTH, size: 11, bold: true }) + 1;
  const ref = [`Ref. ${item.refId}`, item.quantity !== null ? `Quantity ${item.quantity}` : ""].filter(Boolean);
  page.y = page.text(ref.join("   ·   "), LEFT, page.y, { width: WIDTH, size: 8.5, color: COLOUR.muted }) + 5;

  // Specifications in three columns of label and value: a vehicle's sixteen take six short rows.
  const columns = 3;
  const gap = 16;
  const column = (WIDTH - (columns - 1) * gap) / columns;
  const labelWidth = 70;
  const valueStyle = { width: column - labelWidth, size: 8.5 };
  const specs = item.specs.filter((s) => s.value.trim());
  for (let i = 0; i < specs.length; i += columns) {
    const row = specs.slice(i, i + columns);
    const height = Math.max(...row.map((s) => page.heightOf(s.value, valueStyle)));
    page.keep(height + 3);
    page.rule(page.y, COLOUR.hairline, 0.5);
    const top = page.y + 2;
    let bottom = top;
    row.forEach((spec, j) => {
      const x = LEFT + j * (column + gap);
      const labelBottom = page.text(spec.label, x, top, { width: labelWidth - 4, size: 8, color: COLOUR.muted });
      const valueBottom = page.text(spec.value, x + labelWidth, top, valueStyle);
      bottom = Math.max(bottom, labelBottom, valueBottom);
    });
    page.y = bottom + 0.5;
  }
  if (specs.length) page.rule(page.y, COLOUR.hairline, 0.5);
  page.y += 8;
  if (doc.proofPack) {
    // The auction sheet and the papers the shop holds for this car, checkable as this invoice is.
    page.keep(24);
    page.y =
      page.fields(
        [["Proof of condition", `${doc.proofPack.code}   ·   ${doc.proofPack.verifyUrl}`]],
        LEFT,
        WIDTH,
        110,
      ) + 5;
  }
}

/** The destination's import rule when it admits the vehicle, one line under it (a refusal has a box: importRule). */
function importLine(page: InvoicePage, doc: InvoiceDocument) {
  const check = doc.importCheck;
  if (!check || check.refused) return;
  page.keep(24);
  page.y = page.fields([[`Import rule, ${check.country}`, check.text]], LEFT, WIDTH, 110) + 5;
}

/**
 * The destination's import rule when it refuses the vehicle (issue 40), framed
 * in red with the seller's override, under the item: rarer and weightier than
 * an ordinary deal's one page. A rule that admits it is a line of the shipment.
 */
function importRule(page: InvoicePage, doc: InvoiceDocument) {
  const check = doc.importCheck;
  if (!check?.refused) return;
  const lines = [check.text, check.override ?? ""].filter(Boolean).join("\n");
  const height = page.heightOf(lines, { width: WIDTH - 24, bold: check.refused }) + 26;
  page.keep(height + 10);
  const [fill, bar, ink] = check.refused
    ? ["#fef2f2", "#b91c1c", "#991b1b"]
    : [COLOUR.accentLight, COLOUR.accent, COLOUR.ink];
  page.pdf.save().rect(LEFT, page.y, WIDTH, height).fill(fill).restore();
  page.pdf.save().rect(LEFT, page.y, 3, height).fill(bar).restore();
  const top = page.text(`IMPORT RULE: ${check.country.toUpperCase()}`, LEFT + 12, page.y + 6, {
    width: WIDTH - 24,
    size: 7.5,
    bold: true,
    color: bar,
  });
  page.text(lines, LEFT + 12, top + 2, { width: WIDTH - 24, bold: check.refused, color: ink });
  page.y += height + 12;
}

/**
 * The lines and the total, with the verification code and its QR code beside
 * them: what is paid and how to check who asks for it, read together.
 */
async function charges(page: InvoicePage, doc: InvoiceDocument) {
  const boxWidth = 176;
  const tableWidth = WIDTH - boxWidth - 18;
  const amountWidth = 110;
  const labelWidth = tableWidth - amountWidth - 24;
  const amountX = LEFT + tableWidth - amountWidth - 8;
  page.keep(Math.max(VERIFICATION_HEIGHT, 62 + 20 * doc.lines.length));
  const top = page.y;
  const firstPage = page.pages;
  const boxBottom = await verification(page, doc, LEFT + tableWidth + 18, top, boxWidth);
  page.pdf.rect(LEFT, page.y, tableWidth, 18).fill(COLOUR.accentLight);
  page.text("Description", LEFT + 8, page.y + 5, { width: labelWidth, size: 8, bold: true, color: COLOUR.accent });
  page.text("Amount (JPY)", amountX, page.y + 5, {
    width: amountWidth,
    size: 8,
    bold: true,
    color: COLOUR.accent,
    align: "right",
  });
  page.y += 18;
  for (const line of doc.lines) {
    page.keep(page.heightOf(line.label, { width: labelWidth }) + 7);
    const top = page.y + 2.5;
    const labelBottom = page.text(line.label, LEFT + 8, top, { width: labelWidth, size: 9 });
    page.text(formatYen(line.amount), amountX, top, { width: amountWidth, size: 9, align: "right" });
    page.y = labelBottom + 1.5;
    page.rule(page.y, COLOUR.hairline, 0.5, tableWidth);
  }
  // A long port name wraps: the band grows with it rather than hide a line white on white.
  const totalLabel = `TOTAL   ${doc.terms} ${doc.port}`;
  const band = Math.max(26, page.heightOf(totalLabel, { width: labelWidth, size: 10, bold: true }) + 14);
  page.keep(band + 8);
  page.y += 4;
  page.pdf.rect(LEFT, page.y, tableWidth, band).fill(COLOUR.accent);
  page.text(totalLabel, LEFT + 8, page.y + 7.5, {
    width: labelWidth,
    size: 10,
    bold: true,
    color: "#ffffff",
  });
  page.text(formatYen(doc.total), amountX - 40, page.y + 6.5, {
    width: amountWidth + 40,
    size: 12,
    bold: true,
    color: "#ffffff",
    align: "right",
  });
  page.y += band;
  page.y = (page.pages === firstPage ? Math.max(page.y, boxBottom) : page.y) + 12;
}

/** The bank account, in two columns: who is paid and where, and how the transfer is marked. */
function payment(page: InvoicePage, doc: InvoiceDocument) {
  const { bank } = doc;
  const gap = 18;
  const half = (WIDTH - gap) / 2;
  page.keep(90);
  page.heading("Payment by bank transfer");
  const top = page.y;
  const firstPage = page.pages;
  // Two columns: who is paid and where on the left, how the transfer is marked on the right.
  const left = page.fields(
    [
      ["Beneficiary", bank.accountName],
      ["Beneficiary address", doc.seller.address.replace(/\s*\n\s*/g, ", ")],
      ["Account number", bank.accountNumber],
      ["Bank", bank.bankName],
      ["Branch", bank.branch],
      ["Bank address", bank.bankAddress],
    ],
    LEFT,
    half,
    96,
  );
  // Should the left column have run on to a new page, the right one starts there too.
  if (page.pages === firstPage) page.y = top;
  const right = page.fields(
    [
      ["SWIFT / BIC", bank.swift],
      ["Payment reference", doc.number],
      ["Bank charges", BANK_CHARGES_TEXT[bank.charges ?? "OUR"]],
      ["Note", bank.note],
    ],
    LEFT + half + gap,
    half,
    96,
  );
  page.y = Math.max(left, right) + 8;
}

const BANK_CHARGES_TEXT: Record<BankCharges, string> = {
  OUR: "OUR (the sender pays all charges)",
  SHA: "SHA (each side pays its own bank)",
};

/**
 * What the buyer agrees to by paying, short (how long the invoice and the
 * hold stand, what a cancellation costs), and the warning against changed
 * bank details: forged invoices with another account are this trade's common fraud.
 */
function terms(page: InvoicePage, doc: InvoiceDocument) {
  const held = doc.item.kind === "vehicle" ? "The vehicle" : "The item";
  const text =
    `${doc.terms}: ${TERMS_MEANING[doc.terms]}. Valid until ${dayText(doc.dueDate)}. ${held} is held for you until then; ` +
    "unpaid by that day, the hold ends and it may be sold to another buyer. An order cancelled before shipping is " +
    "refunded to the paying account, less bank charges; a shipped order cannot be cancelled.";
  page.keep(page.heightOf(text, { width: WIDTH, size: 7.5 }) + 14);
  page.heading("Terms");
  page.y = page.text(text, LEFT, page.y, { width: WIDTH, size: 7.5, color: COLOUR.muted }) + 6;

  // The check page's address on a line of its own, so it is never broken at a hyphen.
  const warning = "We never change our bank details by e-mail or chat. Before paying, check this invoice at";
  const textWidth = WIDTH - 24;
  const height =
    page.heightOf(warning, { width: textWidth, bold: true }) +
    page.heightOf(doc.verifyUrl, { width: textWidth, bold: true, size: 10 }) +
    10;
  page.keep(height);
  page.pdf.rect(LEFT, page.y, WIDTH, height).fill(COLOUR.accentLight);
  page.pdf.rect(LEFT, page.y, 3, height).fill(COLOUR.accent);
  const urlTop = page.text(warning, LEFT + 14, page.y + 5, { width: textWidth, bold: true, color: COLOUR.accent });
  page.text(doc.verifyUrl, LEFT + 14, urlTop, { width: textWidth, size: 10, bold: true, color: COLOUR.accent });
  page.y += height + 12;
}

/** About how tall the verification box is (its label, the code, the QR code and the padding). */
const VERIFICATION_HEIGHT = 100;

/** The verification code, large, over a QR code to the check page, in a framed box; returns its bottom. */
async function verification(page: InvoicePage, doc: InvoiceDocument, x: number, top: number, width: number) {
  const pad = 9;
  const qrSize = 58;
  const inner = width - 2 * pad;
  let y = page.text("VERIFICATION CODE", x + pad, top + pad, {
    width: inner,
    size: 7.5,
    bold: true,
    color: COLOUR.accent,
  });
  y = page.text(doc.code, x + pad, y + 2, { width: inner, size: page.fitSize(doc.code, inner, 16), bold: true }) + 6;
  const qr = await QRCode.toBuffer(doc.verifyUrl, { type: "png", margin: 1, width: 240, errorCorrectionLevel: "M" });
  page.pdf.image(qr, x + pad - 3, y, { width: qrSize, height: qrSize });
  page.text("Scan to check this invoice with us.", x + pad + qrSize + 4, y + 6, {
    width: inner - qrSize - 4,
    size: 8,
    color: COLOUR.muted,
  });
  const bottom = y + qrSize + pad - 2;
  page.pdf
    .roundedRect(x, top, width, bottom - top, 4)
    .lineWidth(1)
    .strokeColor(COLOUR.accent)
    .stroke();
  return bottom;
}

/** A band across the top of a cancelled invoice: nobody should pay it. */
function cancelledBand(page: InvoicePage, cancelled: { on: string; reason: string }) {
  const top = page.y;
  const text = `CANCELLED on ${cancelled.on}: DO NOT PAY THIS INVOICE. ${cancelled.reason}`;
  page.pdf.save().rect(LEFT, top, WIDTH, 30).fill("#fef2f2").restore();
  page.pdf.save().rect(LEFT, top, 3, 30).fill("#b91c1c").restore();
  page.text(text, LEFT + 12, top + 9, { width: WIDTH - 24, size: 9.5, bold: true, color: "#991b1b" });
  page.y = top + 44;
}

/** An A4 document set only in the embedded faces, and its bytes once it ends. */
export function startPdf(info: PDFKit.DocumentInfo) {
  // No default font: every line is set in the embedded faces.
  const pdf = new PDFDocument({ size: "A4", margin: PAGE.margin, font: null as unknown as string, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, done };
}

/**
 * The proforma invoice as a PDF (English, A4). A cancelled invoice carries a
 * band saying so above everything else.
 */
export async function renderInvoicePdf(
  doc: InvoiceDocument,
  options: { cancelled?: { on: string; reason: string } } = {},
): Promise<Buffer> {
  const { pdf, done } = startPdf({
    Title: `Proforma invoice ${doc.number}`,
    Author: doc.seller.name,
    Subject: `Quote ${doc.quoteNumber}`,
    Creator: doc.seller.name,
    // The issue day, so the same invoice always makes the same file.
    CreationDate: new Date(`${doc.issuedOn}T00:00:00+09:00`),
  });
  const page = new InvoicePage(pdf, `${doc.seller.name}   ·   Proforma invoice ${doc.number} (continued)`);
  if (options.cancelled) cancelledBand(page, options.cancelled);
  header(page, doc);
  parties(page, doc);
  item(page, doc);
  importLine(page, doc);
  importRule(page, doc);
  await charges(page, doc);
  payment(page, doc);
  terms(page, doc);
  pdf.end();
  return done;
}
