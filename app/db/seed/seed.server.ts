import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import type { ImageRef } from "~/domain/media/image-url";
import type { MediaStore } from "~/domain/media/media-store.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { between, createRng, partFactory, vehicleFactory } from "./factories";
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
    const input = vehicleFactory(rng, i);
    const count = between(rng, options.photos[0], options.photos[1]);
    // Photos of one item are drawn and stored side by side (sharp works on a thread pool).
    const images: ImageRef[] = await Promise.all(
      Array.from({ length: count }, async (_, p) =>
        media.put(await drawVehiclePhoto(input.type, input.color, p, `${input.name} · photo ${p + 1} of ${count}`)),
      ),
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
      Array.from({ length: count }, async (_, p) =>
        media.put(await drawPartPhoto(input.type, p, `${input.name} · photo ${p + 1} of ${count}`)),
      ),
    );
    const createdAt = new Date(now - spread + Math.floor((spread * (i + 1)) / (options.parts + 1))).toISOString();
    const created = await createPart(db, input, images, { kind: "system", id: "seed" }, createdAt);
    parts.push({ ...created, createdAt });
  }
  return { vehicles, parts };
}

/** The demo: stock, a buyer and an owner account, printed by `npm run demo`. */
export async function seedDemo(db: DB, media: MediaStore, options: SeedOptions = DEMO_SEED) {
  const stock = await seedStock(db, media, options);
  await createCustomer(db, DEMO_CUSTOMER);
  await ensureStaffAccount(db, DEMO_STAFF.adminId, DEMO_STAFF.password);
  return stock;
}
