import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { monthOfDate } from "~/domain/inventory/months";
import type { DB } from "~/db/db.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { answerOffer, type AnswerOutcome } from "~/domain/sale/answer.server";
import { BANK_KEY } from "~/domain/sale/deal-settings.server";
import { shopDayAfter } from "~/domain/sale/deal-time";
import type { BankAccount } from "~/domain/sale/deal-types";
import { createOffer, type DealContext } from "~/domain/sale/offers.server";
import { addFreightPort } from "~/domain/freight/freight.server";
import { formInput } from "~/utils/forms";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { recordPayment } from "~/domain/sale/orders.server";
import { QuoteRequestSchema } from "~/domain/quotes/quotes.schema";
import { createQuote } from "~/domain/quotes/quotes.server";
import { writeSetting } from "~/domain/settings/settings-store.server";
import { createTestDb, type TestDb } from "./test-db";

/*
 * A shop with what a deal needs, for database tests of the sale: the bank
 * account, a freight port, buyers, and one call for each step a buyer or the
 * owner takes (stock, a quote, an offer, an acceptance, a payment), through
 * the shop's own services.
 */

export const STAFF = { id: 1, adminId: "owner" };
const SYSTEM = { kind: "system", id: null } as const;

export const DEAL: DealContext = {
  ownerEmail: "owner@shop.example",
  shopName: "Test Shop",
  publicUrl: new URL("https://shop.example"),
  sessionSecret: "a-test-secret-that-is-long-enough-0123456789",
  shop: {
    name: "Test Shop",
    phone: "+81 45 000 0000",
    whatsapp: "+81 90 0000 0000",
    email: "sales@shop.example",
    address: "1-2-3 Minato, Yokohama, Japan",
    social: [],
  },
};

export const BANK: BankAccount = {
  bankName: "Mitsubishi UFJ Bank",
  branch: "Yokohama Branch",
  bankAddress: "1-1 Minatomirai, Yokohama",
  swift: "BOTKJPJT",
  accountName: "Test Shop Co., Ltd.",
  accountNumber: "1234567",
  note: "",
};

export type DealWorld = Awaited<ReturnType<typeof dealWorld>>;

/** A fresh database with a bank account, the port of Colombo and `buyers` signed-up buyers. */
export async function dealWorld(buyers = 2) {
  const t: TestDb = await createTestDb();
  await writeSetting(t.db, BANK_KEY, BANK, new Date().toISOString());
  const port = await addFreightPort(t.db, STAFF, {
    country: "Sri Lanka",
    port: "Colombo",
    small: 90_000,
    medium: 120_000,
    large: 180_000,
    insurance: 150,
  });
  if (!port.ok) throw new Error("port");
  const buyerIds: number[] = [];
  for (let i = 0; i < buyers; i++) {
    const made = await createCustomer(t.db, {
      email: `buyer${i}@example.lk`,
      password: "correct horse battery",
      fullName: `Buyer ${i}`,
      country: "Sri Lanka",
      phone: `+94 77 555 01${String(i).padStart(2, "0")}`,
    });
    buyerIds.push(made!.id);
  }
  let made = 0;
  let keys = 0;

  return {
    t,
    db: t.db,
    buyerIds,
    cleanup: () => t.cleanup(),

    async vehicle(price = 1_000_000) {
      const v = await createVehicle(
        t.db,
        vehicleFactory(createRng(300 + ++made), made, {
          stockStatus: "available",
          price,
          type: "Sedan",
          subType: null,
          engineCc: 1500,
          // Made and registered a few months ago, right-hand drive: every seeded country's rule admits it.
          year: new Date().getUTCFullYear(),
          manufactured: monthOfDate(new Date()) - 4,
          registered: monthOfDate(new Date()) - 3,
          steering: "Right",
        }),
        [],
        SYSTEM,
      );
      return v.id;
    },

    async part(quantity: number, price = 20_000) {
      const p = await createPart(
        t.db,
        partFactory(createRng(700 + ++made), made, { stockStatus: "available", price, quantity }),
        [],
        SYSTEM,
      );
      return p.id;
    },

    /** A quote from buyer `buyer` (an index into buyerIds) for an item; a part's for `quantity` units. */
    async quote(kind: "vehicle" | "part", itemId: number, buyer = 0, quantity = 1) {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        kind,
        itemId: String(itemId),
        submissionKey: `world-key-${String(++keys).padStart(12, "0")}`,
        name: `Buyer ${buyer}`,
        country: "Sri Lanka",
        email: `buyer${buyer}@example.lk`,
        phone: "+94 77 555 0101",
        message: "Price to Colombo please.",
        ...(kind === "part" ? { quantity: String(quantity) } : {}),
      }))
        form.append(k, v);
      const portId = (await t.db.selectFrom("freight_ports").select("id").executeTakeFirstOrThrow()).id;
      const quote = await createQuote(
        t.db,
        { ...QuoteRequestSchema.parse(formInput(form)), portId },
        buyerIds[buyer] ?? null,
        { ownerEmail: DEAL.ownerEmail, shopName: DEAL.shopName, publicUrl: DEAL.publicUrl, language: "en" },
      );
      if (!quote.ok) throw new Error(`no quote: ${JSON.stringify(quote)}`);
      return quote.number;
    },

    /** The owner's FOB offer on a quote, valid a week. */
    offer(number: string, fob = "40000") {
      return createOffer(
        t.db,
        DEAL,
        number,
        { fob, terms: "FOB", port: "Colombo, Sri Lanka", validUntil: shopDayAfter(new Date(), 7), message: "" },
        STAFF,
      );
    },

    /** The signed-in buyer accepts; `db` another connection to answer from, as a second instance would. */
    accept(number: string, buyer = 0, db: DB = t.db): Promise<AnswerOutcome> {
      return answerOffer(db, DEAL, number, "accept", { customerId: buyerIds[buyer]! });
    },

    /** The owner records money received on an order, by bank transfer today. */
    pay(orderNumber: string, amount: number) {
      const form = new FormData();
      form.set("amount", String(amount));
      form.set("receivedOn", shopDayAfter(new Date(), 0));
      form.set("method", "bank_transfer");
      return recordPayment(t.db, DEAL, orderNumber, form, STAFF);
    },
  };
}
