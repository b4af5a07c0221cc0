import { openDatabase } from "~/db/db.server";
import { createQuote } from "~/domain/quotes/quotes.server";
const db = openDatabase({ dialect: "sqlite", file: "/tmp/demo-a/shop.sqlite" });
const customer = await db.selectFrom("customers").select("id").where("email", "=", "buyer@example.com").executeTakeFirstOrThrow();
const vehicle = await db.selectFrom("vehicles").select(["id"]).where("stock_status", "=", "available").orderBy("id").limit(1).offset(Number(process.argv[2] ?? 0)).executeTakeFirstOrThrow();
const port = await db.selectFrom("freight_ports").select("id").where("port", "=", "Colombo").executeTakeFirstOrThrow();
const made = await createQuote(db, { kind: "vehicle", itemId: vehicle.id, submissionKey: `shot-${Date.now()}-000000`, name: "Nimal Perera", country: "Sri Lanka", email: "buyer@example.com", phone: "+94 77 123 4567", message: "Please send the price to Colombo with inspection.", portId: port.id, quantity: null, contactMethods: ["WhatsApp"] }, customer.id, { ownerEmail: "owner@example.com", shopName: "Demo", publicUrl: new URL("http://localhost:3901"), language: "en" });
console.log(made.ok ? made.number : JSON.stringify(made));
await db.destroy();
