import type { DB } from "~/db/db.server";
import { dayAfter } from "~/domain/books/export-papers";
import { saveExportPapers } from "~/domain/books/export-papers.server";
import { savePurchase } from "~/domain/books/purchases.server";
import type { DocumentStore } from "~/domain/media/document-store.server";
import { shopDay } from "~/i18n/format";
import { DEMO_STAFF } from "./seed.server";

/*
 * The owner's books in the demo (issue 46): purchase records and costs for
 * the first vehicles (one bought from a person, with the identity check), the
 * shipped demo order's export permit, and two certificates the dashboard
 * warns of: a car that must leave within the month, one to hand back.
 */

const staff = { id: 0, adminId: DEMO_STAFF.adminId };

/** Adds the demo's books to a shop that has none; returns how many purchases it entered. */
export async function seedDemoBooks(db: DB, documents: DocumentStore, now = new Date()): Promise<number> {
  if (await db.selectFrom("purchase_records").select("id").limit(1).executeTakeFirst()) return 0;
  const vehicles = await db
    .selectFrom("vehicles")
    .select(["id", "price", "year", "color", "chassis_number"])
    .orderBy("id")
    .limit(8)
    .execute();
  const today = shopDay(now);
  let entered = 0;
  for (const [i, v] of vehicles.entries()) {
    const price = Math.round((Number(v.price ?? 1_000_000) * 0.62) / 1000) * 1000;
    const person = i === 4;
    const saved = await savePurchase(
      db,
      v.id,
      {
        boughtOn: dayAfter(today, -(12 + i * 17)),
        price: String(price),
        sellerKind: person ? "person" : "auction",
        auctionHouse: person ? "" : ["USS Tokyo", "TAA Yokohama", "JU Kanagawa"][i % 3],
        lotNumber: person ? "" : String(30_100 + i * 37),
        sellerName: person ? "Tanaka Ichiro" : "",
        sellerAddress: person ? "3-5 Kita-Saiwai, Nishi-ku, Yokohama, Kanagawa" : "",
        sellerOccupation: person ? "Office worker" : "",
        sellerAge: person ? "46" : "",
        idCheck: person ? "driving_licence" : "",
        chassisNumber: v.chassis_number ?? `DEMO-${String(v.id).padStart(6, "0")}`,
        year: String(v.year),
        colour: v.color ?? "",
        auctionFee: person ? "" : "16,500",
        transport: String(9_000 + i * 1_500),
        repairs: i % 3 === 0 ? "28,000" : "",
        inspection: "7,800",
        deregistration: "3,500",
        shipping: "98,000",
      },
      staff,
      now,
    );
    if (saved.ok) entered += 1;
  }
  const papers: [number, Record<string, string>][] = [];
  // The shipped demo order's car left with its permit; two cars still in stock wait on their certificates.
  const shipped = await db
    .selectFrom("orders")
    .select("vehicle_id")
    .where("status", "in", ["shipped", "arrived", "completed"])
    .where("vehicle_id", "is not", null)
    .executeTakeFirst();
  if (shipped?.vehicle_id) papers.push([shipped.vehicle_id, { permitNumber: "1-2026-0918-7714", permitDate: today }]);
  const waiting = await db
    .selectFrom("vehicles as v")
    .innerJoin("purchase_records as p", "p.vehicle_id", "v.id")
    .select("v.id")
    .where("v.stock_status", "=", "available")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("orders as o").select("o.id").whereRef("o.vehicle_id", "=", "v.id"))),
    )
    .orderBy("v.id")
    .limit(2)
    .execute();
  const certificates = [
    { certificateNumber: "YK-2026-0412", certificateIssuedOn: dayAfter(today, -40), leaveBy: dayAfter(today, 12) },
    { certificateNumber: "YK-2026-0388", certificateIssuedOn: dayAfter(today, -90), leaveBy: dayAfter(today, -4) },
  ];
  waiting.forEach((v, i) => papers.push([v.id, certificates[i]!]));
  for (const [id, fields] of papers) await saveExportPapers(db, documents, id, fields, null, staff, now);
  return entered;
}
