import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { monthOfDate, yearOf } from "~/domain/inventory/months";
import type { DB } from "~/db/db.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { answerOffer, type AnswerOutcome, type OfferAccess } from "~/domain/sale/answer.server";
import type { DealVisitor } from "~/domain/sale/deal-access.server";
import { BANK_KEY } from "~/domain/sale/deal-settings.server";
import { shopDayAfter } from "~/domain/sale/deal-time";
import type { BankAccount } from "~/domain/sale/deal-types";
import { offerLinkPath } from "~/domain/sale/offer-links.server";
import { createOffer, type DealContext } from "~/domain/sale/offers.server";
import { addFreightPort } from "~/domain/freight/freight.server";
import { formInput } from "~/utils/forms";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import type { VehicleInput } from "~/domain/inventory/inventory";
import { recordPayment } from "~/domain/sale/orders.server";
import { invoiceAttachments } from "~/domain/sale/invoice-file.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { localDriver } from "~/domain/media/media-store.server";
import { sendDueMail, type MailSender } from "~/domain/mail/outbox.server";
import { QuoteRequestSchema } from "~/domain/quotes/quotes.schema";
import { createQuote } from "~/domain/quotes/quotes.server";
import { writeSetting } from "~/domain/settings/settings-store.server";
import type { LanguageCode } from "~/i18n/languages";
import { createTestDb, type TestDb } from "./test-db";

/*
 * A shop with what a deal needs, for database tests of the sale: the bank
 * account, a freight port, buyers, and one call for each step a buyer or the
 * owner takes (stock, a quote, an offer, an acceptance, a payment), through
 * the shop's own services.
 */

export const STAFF = { id: 1, adminId: "owner" };
export const SYSTEM = { kind: "system", id: null } as const;

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

/** A buyer who signs up before the tests. */
export type Buyer = { email: string; fullName: string; country: string; phone: string };

/** The buyer most sale tests follow, and another who must not see their deal. */
export const AMAL: Buyer = {
  email: "amal@example.lk",
  fullName: "Amal Perera",
  country: "Sri Lanka",
  phone: "+94 77 555 0101",
};
export const OTHER_BUYER: Buyer = {
  email: "other@example.ke",
  fullName: "Other Buyer",
  country: "Kenya",
  phone: "+254 700 000 000",
};

/** The buyers of most sale tests: Amal, and another who must not see Amal's deals. */
export const AMAL_AND_OTHER = { buyers: [AMAL, OTHER_BUYER] };

export type WorldPlan = {
  /** How many numbered buyers (buyer0@example.lk, ...), or these. */
  buyers?: number | Buyer[];
  /** The one freight port, Colombo unless named; the quotes' country is its country. */
  port?: { country: string; port: string };
  /** The language the buyers ask in, English unless planned. */
  language?: LanguageCode;
};

/** The shop day `days` calendar days from now, as the offer and payment forms take it (YYYY-MM-DD, Tokyo). */
export const shopDayIn = (days = 0) => shopDayAfter(new Date(), days);

/** A FormData of these fields, as a browser sends a form. */
function formOf(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  return form;
}

/** A payment as the owner's form sends it: received today by bank transfer, reference TT-1. */
export const paymentFields = (amount: string, extra: Record<string, string> = {}) => ({
  amount,
  receivedOn: shopDayIn(),
  method: "bank_transfer",
  reference: "TT-1",
  ...extra,
});

/** A visitor of the buyer's pages: signed in as a buyer, or holding an order's link. */
export const asVisitor = (v: Partial<DealVisitor>) => ({
  secret: DEAL.sessionSecret,
  visitor: { staff: false, customerId: null, orderLink: null, offerLink: null, ...v },
});

/** The signed link's access to an offer, as the offer mail gives it to a buyer without an account. */
export function linkAccess(number: string, offer: { id: number; valid_until: string }): OfferAccess {
  const url = new URL(offerLinkPath(DEAL.sessionSecret, number, offer), "https://x");
  return { offerId: Number(url.searchParams.get("offer")), sig: url.searchParams.get("sig")! };
}

/** How a quote is asked: by a signed-in buyer or a guest, in a language, with fields of its own. */
export type Asking = { guest?: boolean; language?: LanguageCode; fields?: Record<string, string> };

export type DealWorld = Awaited<ReturnType<typeof dealWorld>>;

/** A fresh database with a bank account, one freight port (Colombo unless planned) and the planned buyers (2 numbered ones). */
export async function dealWorld(plan: number | WorldPlan = 2) {
  const {
    buyers: planned = 2,
    port: where = { country: "Sri Lanka", port: "Colombo" },
    language = "en",
  }: WorldPlan = typeof plan === "number" ? { buyers: plan } : plan;
  const buyers: Buyer[] =
    typeof planned === "number"
      ? Array.from({ length: planned }, (_, i) => ({
          email: `buyer${i}@example.lk`,
          fullName: `Buyer ${i}`,
          country: "Sri Lanka",
          phone: `+94 77 555 01${String(i).padStart(2, "0")}`,
        }))
      : planned;
  const t: TestDb = await createTestDb();
  // The invoices' kept files, in a folder of the world's own.
  const documentsDir = fs.mkdtempSync(path.join(os.tmpdir(), "deal-documents-"));
  const documents = new DocumentStore(localDriver(documentsDir));
  await writeSetting(t.db, BANK_KEY, BANK, new Date().toISOString());
  const port = await addFreightPort(t.db, STAFF, {
    ...where,
    small: 90_000,
    medium: 120_000,
    large: 180_000,
    insurance: 150,
  });
  if (!port.ok) throw new Error("port");
  const portId = (await t.db.selectFrom("freight_ports").select("id").executeTakeFirstOrThrow()).id;
  const portLabel = `${where.port}, ${where.country}`;
  const buyerIds: number[] = [];
  for (const buyer of buyers) {
    const made = await createCustomer(t.db, { ...buyer, password: "correct horse battery" });
    buyerIds.push(made!.id);
  }
  let made = 0;
  let keys = 0;

  const world = {
    t,
    db: t.db,
    buyers,
    buyerIds,
    /** The port as an offer names it ("Colombo, Sri Lanka"). */
    portLabel,
    /** Where invoices' files are kept; `files` is what the invoice files' service takes. */
    documents,
    files: { db: t.db, documents },
    documentsDir,
    cleanup: async () => {
      await t.cleanup();
      fs.rmSync(documentsDir, { recursive: true, force: true });
    },

    /** A vehicle on sale that every seeded import rule admits, unless `fields` say otherwise. */
    async vehicle(price = 1_000_000, fields: Partial<VehicleInput> = {}) {
      const v = await createVehicle(
        t.db,
        vehicleFactory(createRng(300 + ++made), made, {
          stockStatus: "available",
          price,
          type: "Sedan",
          subType: null,
          engineCc: 1500,
          // Made and registered a few months ago, right-hand drive: every seeded country's rule admits it.
          year: yearOf(monthOfDate(new Date()) - 4),
          manufactured: monthOfDate(new Date()) - 4,
          registered: monthOfDate(new Date()) - 3,
          steering: "Right",
          ...fields,
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

    /**
     * A quote from buyer `buyer` (an index into buyers) for an item; a part's for `quantity` units. A guest
     * asks with the buyer's name and address but no account.
     */
    async quote(kind: "vehicle" | "part", itemId: number, buyer = 0, quantity = 1, asking: Asking = {}) {
      const who = buyers[buyer] ?? buyers[0]!;
      const form = formOf({
        kind,
        itemId: String(itemId),
        submissionKey: `world-key-${String(++keys).padStart(12, "0")}`,
        name: who.fullName,
        country: where.country,
        email: who.email,
        phone: who.phone,
        message: `Price to ${where.port} please.`,
        ...(kind === "part" ? { quantity: String(quantity) } : {}),
        ...asking.fields,
      });
      const quote = await createQuote(
        t.db,
        { ...QuoteRequestSchema.parse(formInput(form)), portId },
        asking.guest ? null : (buyerIds[buyer] ?? null),
        {
          ownerEmail: DEAL.ownerEmail,
          shopName: DEAL.shopName,
          publicUrl: DEAL.publicUrl,
          language: asking.language ?? language,
        },
      );
      if (!quote.ok) throw new Error(`no quote: ${JSON.stringify(quote)}`);
      return quote.number;
    },

    /** The owner's FOB offer on a quote to the world's port, valid a week; `form` changes any field. */
    offer(number: string, fob = "40000", form: Record<string, string> = {}) {
      return createOffer(
        t.db,
        DEAL,
        number,
        { fob, terms: "FOB", port: portLabel, validUntil: shopDayIn(7), message: "", ...form },
        STAFF,
      );
    },

    /** The owner's CIF offer form: ¥1,000,000 FOB, the freight table's freight and insurance to the port, a week. */
    cifForm: (overrides: Record<string, string> = {}) => ({
      fob: "1,000,000",
      freight: "120000",
      insurance: "16800",
      inspection: "",
      otherName1: "",
      otherAmount1: "",
      terms: "CIF",
      port: portLabel,
      validUntil: shopDayIn(7),
      message: "Dear {buyer_name}, {vehicle} to {port} for {total} until {valid_until}.",
      ...overrides,
    }),

    /** A quote of buyer `buyer` (null: a guest) on `vehicleId` or a new vehicle, and the owner's offer `form` on it. */
    async offered(buyer: number | null = 0, form: Record<string, string> = world.cifForm(), vehicleId?: number) {
      const item = vehicleId ?? (await world.vehicle());
      const number = await world.quote("vehicle", item, buyer ?? 0, 1, { guest: buyer === null });
      const outcome = await createOffer(t.db, DEAL, number, form, STAFF);
      if (!outcome.ok) throw new Error(JSON.stringify(outcome));
      const offer = await t.db
        .selectFrom("offers")
        .selectAll()
        .where("id", "=", outcome.offerId)
        .executeTakeFirstOrThrow();
      return { vehicleId: item, number, offer };
    },

    /** The open offer of a quote, as stored. */
    openOffer: (number: string) =>
      t.db
        .selectFrom("offers")
        .innerJoin("quotes", "quotes.id", "offers.quote_id")
        .selectAll("offers")
        .where("quotes.number", "=", number)
        .where("offers.status", "=", "open")
        .executeTakeFirstOrThrow(),

    /**
     * The signed-in buyer accepts, or with `buyer` null a guest through the open offer's link; `db` another
     * connection to answer from, as a second instance would.
     */
    async accept(number: string, buyer: number | null = 0, db: DB = t.db): Promise<AnswerOutcome> {
      const access =
        buyer === null ? linkAccess(number, await world.openOffer(number)) : { customerId: buyerIds[buyer]! };
      return answerOffer(db, DEAL, number, "accept", access);
    },

    /**
     * An order as an accepted FOB offer of ¥1,000,000 makes it: for `vehicleId`, a new vehicle, or a part
     * of `part.stock` units of which the buyer asks `part.asked`. A guest accepts through the offer's link.
     */
    async accepted(
      plan: {
        buyer?: number;
        guest?: boolean;
        language?: LanguageCode;
        vehicleId?: number;
        part?: { stock: number; asked: number };
        fields?: Record<string, string>;
      } = {},
    ) {
      const { buyer = 0, guest = false, language: asked = language, part, fields } = plan;
      const partId = part ? await world.part(part.stock, 1_000_000) : 0;
      const vehicleId = part ? 0 : (plan.vehicleId ?? (await world.vehicle()));
      const quoteNumber = part
        ? await world.quote("part", partId, buyer, part.asked, { guest, language: asked, fields })
        : await world.quote("vehicle", vehicleId, buyer, 1, { guest, language: asked, fields });
      const offer = await world.offer(quoteNumber, "1,000,000", { message: "Offer" });
      if (!offer.ok) throw new Error(JSON.stringify(offer));
      const answer = await world.accept(quoteNumber, guest ? null : buyer);
      if (!answer.ok || !answer.invoiceNumber) throw new Error(JSON.stringify(answer));
      return { number: answer.invoiceNumber, quoteNumber, vehicleId, partId };
    },

    /** The owner records money received on an order, by bank transfer today. */
    pay(orderNumber: string, amount: number) {
      const fields = { amount: String(amount), receivedOn: shopDayIn(0), method: "bank_transfer" };
      return recordPayment(t.db, DEAL, orderNumber, fields, STAFF);
    },

    quoteRow: (number: string) =>
      t.db.selectFrom("quotes").selectAll().where("number", "=", number).executeTakeFirstOrThrow(),

    order: (number: string) =>
      t.db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirstOrThrow(),

    async vehicleStatus(id: number) {
      return (await t.db.selectFrom("vehicles").select("stock_status").where("id", "=", id).executeTakeFirstOrThrow())
        .stock_status;
    },

    /** The mails about a quote, oldest first. */
    quoteMails: (quoteNumber: string) =>
      t.db
        .selectFrom("mail_outbox")
        .innerJoin("quotes", "quotes.id", "mail_outbox.quote_id")
        .select(["mail_outbox.to_address", "mail_outbox.subject", "mail_outbox.text_body", "mail_outbox.attachments"])
        .where("quotes.number", "=", quoteNumber)
        .orderBy("mail_outbox.id")
        .execute(),

    /** The mails to the first buyer about an order, oldest first. */
    buyerMails: (number: string) => world.orderMails(number, buyers[0]!.email),

    /** A quote's offer (the first, where it has several), its hold and its invoice, as stored. */
    offerOf: async (number: string) =>
      t.db
        .selectFrom("offers")
        .selectAll()
        .where("quote_id", "=", (await world.quoteRow(number)).id)
        .executeTakeFirstOrThrow(),
    holdOf: async (number: string) =>
      t.db
        .selectFrom("holds")
        .selectAll()
        .where("quote_id", "=", (await world.quoteRow(number)).id)
        .executeTakeFirstOrThrow(),
    invoiceOf: async (number: string) =>
      t.db
        .selectFrom("invoices")
        .selectAll()
        .where("quote_id", "=", (await world.quoteRow(number)).id)
        .executeTakeFirstOrThrow(),

    /** Sends what the outbox holds due by `now` through `sender` (20 at a time) until nothing is left. */
    async sendAll(sender: MailSender, now?: Date) {
      while (
        (await sendDueMail(t.db, sender, "shop@shop.example", now, invoiceAttachments({ db: t.db, documents }))) > 0
      );
    },

    /** The rows of `table` that belong to a quote. */
    ofQuote: async (table: "offers" | "holds" | "invoices", number: string) =>
      t.db
        .selectFrom(table)
        .select("id")
        .where("quote_id", "=", (await world.quoteRow(number)).id)
        .execute(),

    /** The mails to `to` about an order (each links to the order's page; the invoice mail links to the quote). */
    orderMails: (number: string, to: string) =>
      t.db
        .selectFrom("mail_outbox")
        .select(["subject", "text_body"])
        .where("to_address", "=", to)
        .where("text_body", "like", `%/orders/${number}%`)
        .orderBy("id")
        .execute(),
  };
  return world;
}

/**
 * This test file's deal world, Amal's and another buyer's unless planned: made before its tests and removed
 * after them. The world is read through
 * the returned object once the tests run (not while the file is collected).
 */
export function dealWorldForFile(plan: WorldPlan = {}): DealWorld {
  let world: DealWorld | undefined;
  beforeAll(async () => {
    world = await dealWorld({ ...AMAL_AND_OTHER, ...plan });
  });
  afterAll(() => world?.cleanup());
  return new Proxy({} as DealWorld, {
    get(_, key) {
      if (!world) throw new Error("The deal world is made before the tests run: read it inside a test.");
      return world[key as keyof DealWorld];
    },
  });
}
