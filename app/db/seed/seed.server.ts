import { seedLandedSamples } from "./demo-landed.server";
import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import type { ImageRef } from "~/domain/media/image-url";
import type { MediaStore } from "~/domain/media/media-store.server";
import { seedCompany } from "~/domain/settings/company.server";
import { seedDemoBank } from "./demo-bank.server";
import { seedReplyTemplates } from "~/domain/sale/reply-templates.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { between, createRng, partFactory, vehicleFactory, chassisFor } from "./factories";
import { drawPartPhoto, drawVehiclePhoto } from "./pictures.server";

export const DEMO_CUSTOMER = {
  email: "buyer@example.com",
  password: "demo-buyer-2026",
  fullName: "Nimal Perera",
  country: "Sri Lanka",
  phone: "+94 77 123 4567",
};
export const DEMO_STAFF = { adminId: "owner", password: "demo-owner-2026" };

export type SeedOptions = {
  vehicles: number;
  parts: number;
  /** Fewest and most photos per item (SPEC 3 allows up to 12). */
  photos: [number, number];
  seed?: number;
};

export const DEMO_SEED: SeedOptions = { vehicles: 64, parts: 44, photos: [1, 12], seed: 2026 };

/** Is there any stock yet? The demo fills only an empty shop. */
export async function hasStock(db: DB): Promise<boolean> {
  const row = await sql<{
    n: number;
  }>`select (select count(*) from vehicles) + (select count(*) from parts) as n`.execute(db);
  return Number(row.rows[0]?.n ?? 0) > 0;
}

/**
 * Fills the shop with stock listed over the last 60 days, photos drawn on the
 * spot and stored through the media store, plus the demo buyer and owner.
 */
export async function seedStock(db: DB, media: MediaStore, options: SeedOptions) {
  const rng = createRng(options.seed ?? 1);
  const now = Date.now();
  const spread = 60 * 24 * 3600 * 1000;
  const vehicles: { id: number; refId: string; createdAt: string }[] = [];
  for (let i = 0; i < options.vehicles; i++) {
    const drawn = vehicleFactory(rng, i);
    const input = { ...drawn, chassisNumber: chassisFor(i, drawn.modelCode) };
    const count = between(rng, options.photos[0], options.photos[1]);
    // Photos of one item are drawn and stored side by side (sharp works on a thread pool).
    const images: ImageRef[] = await Promise.all(
      Array.from({ length: count }, async (_, p) => media.put(await drawVehiclePhoto(input.type, input.color, p))),
    );
    // Oldest first, so the last listed is the newest.
    const createdAt = new Date(now - spread + Math.floor((spread * (i + 1)) / (options.vehicles + 1))).toISOString();
    const created = await createVehicle(db, input, images, { kind: "system", id: "seed" }, createdAt);
    vehicles.push({ ...created, createdAt });
  }
  const parts: { id: number; refId: string; createdAt: string }[] = [];
  for (let i = 0; i < options.parts; i++) {
    const input = partFactory(rng, i);
    const count = between(rng, options.photos[0], Math.min(options.photos[1], 6));
    const images: ImageRef[] = await Promise.all(
      Array.from({ length: count }, async (_, p) => media.put(await drawPartPhoto(input, p))),
    );
    const createdAt = new Date(now - spread + Math.floor((spread * (i + 1)) / (options.parts + 1))).toISOString();
    const created = await createPart(db, input, images, { kind: "system", id: "seed" }, createdAt);
    parts.push({ ...created, createdAt });
  }
  return { vehicles, parts };
}

/**
 * Demo freight: ports the shop's buyers ship to, with freight per size in yen
 * and marine insurance. Large vehicles to Hai Phong have no rate, so the demo
 * shows "ask for a quote" too. Only into an empty table.
 */
export const DEMO_PORTS = [
  // The inspection fees are the demo's samples, not a quote from an inspection company.
  {
    country: "Sri Lanka",
    port: "Colombo",
    small: 85_000,
    medium: 110_000,
    large: 165_000,
    insurance: 150,
    inspection: 25_000,
  },
  {
    country: "Sri Lanka",
    port: "Hambantota",
    small: 90_000,
    medium: 115_000,
    large: 170_000,
    insurance: 150,
    inspection: 25_000,
  },
  { country: "India", port: "Chennai", small: 95_000, medium: 125_000, large: 180_000, insurance: 150 },
  {
    country: "Nepal",
    port: "Kolkata (India, for Birgunj)",
    small: 120_000,
    medium: 150_000,
    large: 215_000,
    insurance: 200,
  },
  { country: "Vietnam", port: "Hai Phong", small: 70_000, medium: 90_000, large: null, insurance: 100 },
  { country: "China", port: "Shanghai", small: 60_000, medium: 80_000, large: 120_000, insurance: 100 },
  {
    country: "Kenya",
    port: "Mombasa",
    small: 110_000,
    medium: 140_000,
    large: 200_000,
    insurance: 0,
    inspection: 20_000,
  },
  {
    country: "Tanzania",
    port: "Dar es Salaam",
    small: 115_000,
    medium: 145_000,
    large: 205_000,
    insurance: 0,
    inspection: 20_000,
  },
] as const;

export async function seedFreightPorts(db: DB): Promise<number> {
  const any = await db.selectFrom("freight_ports").select("id").limit(1).executeTakeFirst();
  if (any) return 0;
  const at = new Date().toISOString();
  await db
    .insertInto("freight_ports")
    .values(
      DEMO_PORTS.map((p) => ({
        country: p.country,
        port: p.port,
        freight_small: p.small,
        freight_medium: p.medium,
        freight_large: p.large,
        insurance_bp: p.insurance,
        inspection: "inspection" in p ? p.inspection : null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  return DEMO_PORTS.length;
}

/** The demo: stock, a buyer and an owner account, printed by `npm run demo`. */
export async function seedDemo(db: DB, media: MediaStore, options: SeedOptions = DEMO_SEED) {
  const stock = await seedStock(db, media, options);
  await createCustomer(db, DEMO_CUSTOMER);
  await ensureStaffAccount(db, DEMO_STAFF.adminId, DEMO_STAFF.password);
  await seedFreightPorts(db);
  await seedCompany(db);
  await seedDemoBank(db);
  await seedReplyTemplates(db);
  await seedLandedSamples(db);
  return stock;
}
