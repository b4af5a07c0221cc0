import sharp from "sharp";
import PDFDocument from "pdfkit";
import type { Config } from "~/config.server";
import type { DB } from "~/db/db.server";
import { answerOffer } from "~/domain/sale/answer.server";
import { createOffer, dealContext } from "~/domain/sale/offers.server";
import { shopDayAfter } from "~/domain/sale/deal-time";
import { formInput } from "~/utils/forms";
import type { DocumentStore } from "~/domain/media/document-store.server";
import { moveOrderByStaff, recordPayment, saveCourier, saveShipment } from "~/domain/sale/orders.server";
import { addDocument } from "~/domain/sale/order-documents.server";
import { addPreShipmentPhotos, saveVideoLink } from "~/domain/sale/pre-shipment.server";
import { drawVehiclePhoto } from "./pictures.server";
import { QuoteRequestSchema } from "~/domain/quotes/quotes.schema";
import { createQuote } from "~/domain/quotes/quotes.server";
import { shopDay } from "~/i18n/format";
import { DEMO_CUSTOMER, DEMO_STAFF } from "./seed.server";

/*
 * A quote with an offer waiting for the demo buyer's answer, and two orders,
 * made the way the shop makes them (an offer accepted, then the owner's
 * steps), so the demo shows both sides of a deal: one order awaiting
 * payment, one paid and on its ship with an export certificate to download,
 * photos taken at the port before loading and a video link.
 */

const staff = { id: 0, adminId: DEMO_STAFF.adminId };

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.append(k, v);
  return data;
}

/** A one-page PDF standing for a scanned certificate. */
function certificatePdf(title: string, ref: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: "A4", info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.fontSize(18).text(title);
    doc.moveDown().fontSize(11).text(`Vehicle ${ref}. A sample document of the demo shop.`);
    doc.end();
  });
}

/** A quote of the demo buyer answered with the owner's offer, as the shop makes them; its number. */
async function offeredQuote(db: DB, config: Config, vehicleId: number, key: string): Promise<string | null> {
  const customer = await db
    .selectFrom("customers")
    .select("id")
    .where("email", "=", DEMO_CUSTOMER.email)
    .executeTakeFirst();
  const port = await db.selectFrom("freight_ports").select("id").orderBy("id").executeTakeFirst();
  if (!customer || !port) return null;
  const deal = dealContext(config);
  const request = QuoteRequestSchema.parse(
    formInput(
      form({
        kind: "vehicle",
        itemId: String(vehicleId),
        submissionKey: key,
        name: DEMO_CUSTOMER.fullName,
        country: DEMO_CUSTOMER.country,
        email: DEMO_CUSTOMER.email,
        phone: DEMO_CUSTOMER.phone,
        message: "Please send me your best CIF price.",
      }),
    ),
  );
  const quote = await createQuote(db, { ...request, portId: port.id }, customer.id, {
    ownerEmail: deal.ownerEmail,
    shopName: deal.shopName,
    publicUrl: deal.publicUrl,
    language: "en",
  });
  if (!quote.ok) return null;
  const vehicle = await db.selectFrom("vehicles").select("price").where("id", "=", vehicleId).executeTakeFirstOrThrow();
  const offer = await createOffer(
    db,
    deal,
    quote.number,
    {
      fob: String(vehicle.price ?? 1_000_000),
      freight: "120000",
      insurance: "15000",
      terms: "CIF",
      port: "Colombo, Sri Lanka",
      validUntil: shopDayAfter(new Date(), 7),
      message: "Thank you for your interest. Here is our best price.",
      // A demo vehicle may be older than Sri Lanka's rule admits (issue 40): offered anyway, and read by the buyer.
      importOverride: "on",
      importReason: "Demo order: the buyer has confirmed the import with their agent.",
    },
    staff,
  );
  return offer.ok ? quote.number : null;
}

/** An offer the demo buyer accepted: the order's invoice number. */
async function acceptedOrder(db: DB, config: Config, vehicleId: number, key: string): Promise<string | null> {
  const quoteNumber = await offeredQuote(db, config, vehicleId, key);
  if (!quoteNumber) return null;
  const customer = await db
    .selectFrom("customers")
    .select("id")
    .where("email", "=", DEMO_CUSTOMER.email)
    .executeTakeFirstOrThrow();
  const answer = await answerOffer(
    db,
    dealContext(config),
    quoteNumber,
    "accept",
    { customerId: customer.id },
    new Date(),
    { importWarningRead: true },
  );
  return answer.ok ? answer.invoiceNumber : null;
}

/** Adds the demo orders to a shop that has none. */
export async function seedDemoOrders(db: DB, config: Config, documents: DocumentStore): Promise<void> {
  if (await db.selectFrom("orders").select("id").limit(1).executeTakeFirst()) return;
  const vehicles = await db
    .selectFrom("vehicles")
    .select(["id", "ref_id", "type", "color"])
    .where("stock_status", "=", "available")
    .where("price", "is not", null)
    .orderBy("id")
    .limit(3)
    .execute();
  if (vehicles.length < 3) return;
  const deal = dealContext(config);
  // A quote whose offer waits for the buyer's answer, and two orders.
  await offeredQuote(db, config, vehicles[2]!.id, "demo-quote-offered-00001");
  await acceptedOrder(db, config, vehicles[0]!.id, "demo-order-awaiting-0001");
  const number = await acceptedOrder(db, config, vehicles[1]!.id, "demo-order-shipped-00001");
  if (!number) return;
  const order = await db.selectFrom("orders").select("total").where("number", "=", number).executeTakeFirstOrThrow();
  const today = shopDay(new Date());
  await recordPayment(
    db,
    deal,
    number,
    { amount: String(Number(order.total)), receivedOn: today, method: "bank_transfer", reference: "TT 2026-118" },
    staff,
  );
  await saveShipment(
    db,
    deal,
    number,
    {
      vessel: "Morning Lily",
      voyage: "V.221",
      portOfLoading: "Yokohama",
      etd: today,
      eta: shopDayAfter(new Date(), 18),
      method: "roro",
      bl: "YKCMB2611042",
    },
    staff,
  );
  await addDocument(
    db,
    documents,
    deal,
    { number },
    { data: await certificatePdf("Export certificate", vehicles[1]!.ref_id), filename: "export-certificate.pdf" },
    { by: "staff", staff, kind: "export_certificate", title: "" },
  );
  // Photos at the port before loading, drawn as the stock's are, and a video link (issue 45.3).
  const shipped = vehicles[1]!;
  const photos = await Promise.all(
    [0, 1, 2, 3].map(async (angle) => ({
      data: await sharp(await drawVehiclePhoto(shipped.type, shipped.color, angle))
        .jpeg({ quality: 82 })
        .toBuffer(),
      filename: `port-${angle + 1}.jpg`,
    })),
  );
  await addPreShipmentPhotos(db, documents, deal, number, photos, staff);
  await saveVideoLink(db, deal, number, "https://video.example.com/yokohama-port/walk-around", staff);
  await moveOrderByStaff(db, deal, number, "ship", {}, staff);
  await saveCourier(db, deal, number, { courier: "dhl", tracking: "1234567890" }, staff);
}
