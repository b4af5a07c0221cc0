import { z } from "zod";
import { staffText } from "~/domain/staff/staff-problems";
import { type DB, dialectOf, nowIso } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import type { ImageRef } from "~/domain/media/image-url";
import { type Company, COMPANY_FIELDS, companyDefaults, MAX_OFFICE_PHOTOS } from "./company";
import type { ShopSettings } from "./settings";
import { readSetting, writeSetting } from "./settings-store.server";

/*
 * The Company screen's details and office photos, each one row of the
 * settings table (JSON text). Until the owner saves, the contact details come
 * from the environment (SHOP_*) and the rest is empty.
 */

const DETAILS_KEY = "company";
const PHOTOS_KEY = "company.photos";

type Staff = { id: number; adminId: string };

// A stored row is read leniently: a field that is missing or odd keeps its default.
const StoredCompany = z.object({
  legalName: z.string().optional().catch(undefined),
  corporateNumber: z.string().optional().catch(undefined),
  licenceNumber: z.string().optional().catch(undefined),
  licenceIssuer: z.string().optional().catch(undefined),
  memberships: z.array(z.string()).optional().catch(undefined),
  foundedYear: z.number().int().nullable().optional().catch(undefined),
  phone: z.string().optional().catch(undefined),
  whatsapp: z.string().optional().catch(undefined),
  email: z.string().optional().catch(undefined),
  address: z.string().optional().catch(undefined),
});

const StoredPhotos = z.array(
  z.object({
    key: z.string().regex(/^[0-9a-f]{20}$/),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    variants: z.array(z.number().int().positive()).min(1),
  }),
);

/** The company as the owner last saved it, over the defaults. */
export async function getCompany(db: DB, shop: ShopSettings): Promise<Company> {
  const defaults = companyDefaults(shop);
  const parsed = StoredCompany.safeParse(await readSetting(db, DETAILS_KEY));
  if (!parsed.success) return defaults;
  const stored = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  return { ...defaults, ...stored };
}

const LABELS: Record<keyof Company, string> = {
  legalName: "company name",
  corporateNumber: "corporate number",
  licenceNumber: "licence number",
  licenceIssuer: "issuing commission",
  memberships: "memberships",
  foundedYear: "year founded",
  phone: "phone",
  whatsapp: "WhatsApp",
  email: "e-mail",
  address: "address",
};

/** Saves the Company screen (checked by readCompanyForm) and logs what changed. */
export async function saveCompany(db: DB, staff: Staff, shop: ShopSettings, company: Company): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await getCompany(trx, shop);
    const changed = COMPANY_FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(company[f]));
    const at = nowIso();
    await writeSetting(trx, DETAILS_KEY, company, at);
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "company.updated",
      subject: { kind: "company", id: "details" },
      summary: changed.length
        ? `Company details updated: ${changed.map((f) => LABELS[f]).join(", ")}`
        : "Company details saved unchanged",
      at,
    });
  });
}

/**
 * The demo's company, with numbers that are clearly made up (no real
 * company's licence or corporate number). The contact details stay those of
 * the environment. Only into a shop whose owner has not saved the screen yet.
 */
export const DEMO_COMPANY = {
  legalName: "Sakura Auto Export Co., Ltd.",
  corporateNumber: "1234567890123",
  licenceNumber: "123456789012",
  licenceIssuer: "Kanagawa Prefectural Public Safety Commission",
  memberships: ["Japan Used Motor Vehicle Exporters Association (JUMVEA)", "Yokohama Chamber of Commerce and Industry"],
  foundedYear: 2009,
} satisfies Partial<Company>;

export async function seedCompany(db: DB): Promise<boolean> {
  const result = await db
    .insertInto("settings")
    .values({ key: DETAILS_KEY, value: JSON.stringify(DEMO_COMPANY), updated_at: nowIso() })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The office photos, in the order they were added. */
export async function getOfficePhotos(db: DB): Promise<ImageRef[]> {
  const parsed = StoredPhotos.safeParse(await readSetting(db, PHOTOS_KEY));
  return parsed.success ? parsed.data : [];
}

/**
 * The photos inside a transaction that will change them: PostgreSQL locks the
 * row, so two uploads at once count each other's photos; SQLite has one writer.
 */
async function lockedOfficePhotos(trx: DB): Promise<ImageRef[]> {
  await trx
    .insertInto("settings")
    .values({ key: PHOTOS_KEY, value: "[]", updated_at: nowIso() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  await trx
    .selectFrom("settings")
    .select("key")
    .where("key", "=", PHOTOS_KEY)
    .$if(dialectOf(trx) === "postgres", (q) => q.forUpdate())
    .execute();
  return getOfficePhotos(trx);
}

export const TOO_MANY_OFFICE_PHOTOS = staffText("tooManyOfficePhotos");
export const OFFICE_PHOTO_NOT_FOUND = staffText("officePhotoNotFound");

/**
 * Adds office photos already stored by the media store. Refuses (and returns
 * false) when they would pass the limit; the caller then removes them again.
 */
export async function addOfficePhotos(db: DB, staff: Staff, photos: ImageRef[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await lockedOfficePhotos(trx);
    if (current.length + photos.length > MAX_OFFICE_PHOTOS) return false;
    const at = nowIso();
    await writeSetting(trx, PHOTOS_KEY, [...current, ...photos], at);
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "company.photos_added",
      subject: { kind: "company", id: "photos" },
      summary: `${photos.length} office photo${photos.length === 1 ? "" : "s"} added`,
      at,
    });
    return true;
  });
}

/** Takes one office photo off the list; returns it (to remove from the media store), or null. */
export async function removeOfficePhoto(db: DB, staff: Staff, key: string): Promise<ImageRef | null> {
  return db.transaction().execute(async (trx) => {
    const current = await lockedOfficePhotos(trx);
    const photo = current.find((p) => p.key === key);
    if (!photo) return null;
    const at = nowIso();
    await writeSetting(
      trx,
      PHOTOS_KEY,
      current.filter((p) => p.key !== key),
      at,
    );
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "company.photo_removed",
      subject: { kind: "company", id: "photos" },
      summary: "An office photo removed",
      at,
    });
    return photo;
  });
}
