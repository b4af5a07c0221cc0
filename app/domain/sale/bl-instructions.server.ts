import type { DB } from "~/db/db.server";
import { shopDay } from "~/i18n/format";
import type { InvoiceDocument, InvoiceParty } from "./deal-types";
import { COLOUR, dayText, InvoicePage, LEFT, startPdf, WIDTH } from "./invoice-pdf.server";
import { partiesOf } from "./order-parties.server";

/*
 * The bill of lading instructions (issue 42.1): one A4 sheet the owner sends
 * the forwarder, who makes out the bill of lading from it: shipper,
 * consignee, notify party, ports, vessel, the goods and who pays the freight.
 * Staff only; made afresh from the order and its invoice on each download.
 */

const partyLines = (p: InvoiceParty) => [p.name, p.address, p.phone && `Tel ${p.phone}`, p.taxId].filter(Boolean);

/** The sheet for an order by number; null when there is no such order. */
export async function blInstructionsPdf(db: DB, orderNumber: string, now = new Date()): Promise<Buffer | null> {
  const order = await db.selectFrom("orders").selectAll().where("number", "=", orderNumber).executeTakeFirst();
  if (!order) return null;
  const invoice = await db
    .selectFrom("invoices")
    .select("document")
    .where("id", "=", order.invoice_id)
    .executeTakeFirstOrThrow();
  const doc = JSON.parse(invoice.document) as InvoiceDocument;
  const given = await partiesOf(db, order.id);
  const buyer: InvoiceParty = { name: doc.buyer.name, address: doc.buyer.country, phone: doc.buyer.phone, taxId: "" };
  const consignee = given.consignee ?? null;

  const { pdf, done } = startPdf({
    Title: `Bill of lading instructions ${order.number}`,
    Author: doc.seller.name,
    Creator: doc.seller.name,
    CreationDate: now,
  });
  const page = new InvoicePage(pdf, `${doc.seller.name}   ·   B/L instructions ${order.number} (continued)`);
  page.y = page.text("BILL OF LADING INSTRUCTIONS", LEFT, page.y, {
    width: WIDTH,
    size: 16,
    bold: true,
    color: COLOUR.accent,
  });
  page.y =
    page.text(`Order ${order.number} · invoice ${doc.number} · ${dayText(shopDay(now))}`, LEFT, page.y + 2, {
      width: WIDTH,
      color: COLOUR.muted,
    }) + 10;
  page.rule(page.y, COLOUR.accent, 1.25);
  page.y += 12;

  const block = (label: string, lines: string[]) => {
    page.heading(label);
    for (const line of lines) page.y = page.text(line, LEFT, page.y, { width: WIDTH, size: 10 }) + 1;
    page.y += 8;
  };
  block(
    "Shipper",
    [
      doc.seller.name,
      doc.seller.address.replace(/\s*\n\s*/g, ", "),
      doc.seller.phone && `Tel ${doc.seller.phone}`,
    ].filter(Boolean),
  );
  block(
    "Consignee",
    consignee ? partyLines(consignee) : [...partyLines(buyer), "(the buyer: no other consignee has been given)"],
  );
  block("Notify party", given.notify ? partyLines(given.notify) : ["Same as consignee"]);

  page.heading("Shipment");
  const specs = new Map(doc.item.specs.map((s) => [s.label, s.value]));
  page.y = page.fields(
    [
      ["Port of loading", order.port_of_loading],
      ["Port of discharge", order.port || doc.port],
      ["Vessel / voyage", [order.vessel, order.voyage].filter(Boolean).join(" / ")],
      ["ETD", order.etd ? dayText(order.etd) : ""],
      ["Freight", doc.terms === "FOB" ? "Collect (FOB)" : `Prepaid (${doc.terms})`],
      [
        "Goods",
        doc.item.kind === "vehicle"
          ? `1 unit used vehicle: ${doc.item.name}`
          : `${doc.item.quantity ?? 1} x used part: ${doc.item.name}`,
      ],
      ["Chassis no.", specs.get("Chassis no.") ?? ""],
      ["Year", specs.get("Year") ?? ""],
      ["Colour", specs.get("Colour") ?? ""],
      ["Engine (cc)", specs.get("Engine (cc)") ?? ""],
      ["Container", order.container_number],
    ],
    LEFT,
    WIDTH,
    110,
  );
  pdf.end();
  return done;
}
