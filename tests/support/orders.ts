import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DB, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoBank } from "~/db/seed/demo-bank.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { addFreightPort } from "~/domain/freight/freight.server";
import { seedCompany } from "~/domain/settings/company.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { monthOfDate, yearOf } from "~/domain/inventory/months";
import { answerOffer } from "~/domain/sale/answer.server";
import { shopDayAfter } from "~/domain/sale/deal-time";
import { offerLinkPath } from "~/domain/sale/offer-links.server";
import { createOffer, dealContext } from "~/domain/sale/offers.server";
import { formInput } from "~/utils/forms";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { QuoteRequestSchema } from "~/domain/quotes/quotes.schema";
import { createQuote } from "~/domain/quotes/quotes.server";
import { loadConfig } from "~/config.server";

/*
 * An order as the shop makes one, for tests that start a shop of their own:
 * a vehicle of ¥1,000,000, a quote to the first freight port, an FOB offer
 * and its acceptance (by the signed-in buyer, or through the offer mail's
 * link for a buyer without an account). Written before the shop starts.
 * The database needs a freight port and the bank account (seedDemoBank).
 */
export async function acceptedDeal(
  db: DB,
  shop: ShopSetup,
  buyer: DealBuyer,
): Promise<{ vehicleId: number; number: string; quoteNumber: string }> {
  const { vehicle, quote, deal } = await quotedVehicle(db, shop, buyer);
  const offer = await createOffer(
    db,
    deal,
    quote.number,
    {
      fob: "1,000,000",
      terms: "FOB",
      port: "Colombo, Sri Lanka",
      validUntil: shopDayAfter(new Date(), 7),
      message: "",
    },
    { id: 1, adminId: "setup" },
  );
  if (!offer.ok) throw new Error("no offer");
  const row = await db.selectFrom("offers").selectAll().where("id", "=", offer.offerId).executeTakeFirstOrThrow();
  const sig = new URL(offerLinkPath(shop.secret, quote.number, row), "http://x").searchParams.get("sig")!;
  const answer = await answerOffer(
    db,
    deal,
    quote.number,
    "accept",
    buyer.customerId === null ? { offerId: row.id, sig } : { customerId: buyer.customerId },
  );
  if (!answer.ok || !answer.invoiceNumber) throw new Error("not accepted");
  return { vehicleId: vehicle.id, number: answer.invoiceNumber, quoteNumber: quote.number };
}

type ShopSetup = { dataDir: string; secret: string; ownerEmail: string };
type DealBuyer = { customerId: number | null; name: string; email: string; key: string; vehicleName: string };

/** A vehicle of ¥1,000,000 and the buyer's quote for it to the first freight port, waiting for the owner's offer. */
export async function quotedVehicle(db: DB, shop: ShopSetup, buyer: DealBuyer) {
  const vehicle = await createVehicle(
    db,
    vehicleFactory(createRng(71 + buyer.key.length + buyer.vehicleName.length), 0, {
      stockStatus: "available",
      price: 1_000_000,
      type: "Sedan",
      subType: null,
      engineCc: 1500,
      name: buyer.vehicleName,
      // Made and registered a few months ago, right-hand drive: every seeded import rule admits it (issue 40).
      year: yearOf(monthOfDate(new Date()) - 4),
      manufactured: monthOfDate(new Date()) - 4,
      registered: monthOfDate(new Date()) - 3,
      steering: "Right",
    }),
    [],
    { kind: "system", id: null },
  );
  const port = await db.selectFrom("freight_ports").select("id").orderBy("id").executeTakeFirstOrThrow();
  const form = new FormData();
  for (const [k, v] of Object.entries({
    kind: "vehicle",
    itemId: String(vehicle.id),
    submissionKey: buyer.key,
    name: buyer.name,
    country: "Sri Lanka",
    email: buyer.email,
    phone: "+94 77 123 4567",
    message: "Price to Colombo please.",
  }))
    form.append(k, v);
  const config = loadConfig({ DATA_DIR: shop.dataDir, SESSION_SECRET: shop.secret, OWNER_EMAIL: shop.ownerEmail });
  const deal = dealContext({ ...config, publicUrl: new URL("http://127.0.0.1") });
  const quote = await createQuote(
    db,
    { ...QuoteRequestSchema.parse(formInput(form)), portId: port.id },
    buyer.customerId,
    { ownerEmail: deal.ownerEmail, shopName: deal.shopName, publicUrl: deal.publicUrl, language: "en" },
  );
  if (!quote.ok) throw new Error("no quote");
  return { vehicle, quote, deal };
}

type Person = { email: string; password: string; fullName: string; country: string; phone: string };

/**
 * A data folder and database of a test file's own, ready for deals before its
 * shop starts: migrated, a freight port to Colombo, the company and its bank
 * account, a staff member and the buyers (their customer ids in order).
 */
export async function dealShopData(
  prefix: string,
  staff: { adminId: string; password: string },
  buyers: Person[],
): Promise<{ dataDir: string; db: DB; customerIds: number[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${prefix}-`));
  const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
  await migrateToLatest(db);
  await addFreightPort(
    db,
    { id: 1, adminId: "setup" },
    { country: "Sri Lanka", port: "Colombo", small: 90_000, medium: 120_000, large: 180_000, insurance: 150 },
  );
  await seedCompany(db);
  await seedDemoBank(db);
  const customerIds: number[] = [];
  for (const buyer of buyers) customerIds.push((await createCustomer(db, buyer))!.id);
  await ensureStaffAccount(db, staff.adminId, staff.password);
  return { dataDir, db, customerIds };
}
