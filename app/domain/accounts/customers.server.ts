import { type DB, dialectOf, nowIso } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import { hashPassword, verifyAccountPassword } from "~/domain/auth/password.server";
import { newToken, tokenHash } from "~/domain/auth/tokens.server";
import { passwordResetMail } from "~/domain/mail/buyer-mails.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import type { LanguageCode } from "~/i18n/languages";

export type NewCustomer = {
  email: string;
  password: string;
  fullName: string;
  country: string;
  phone: string;
};

/** E-mail addresses are compared without regard to case or surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Registers a buyer. Returns null when the e-mail address is already registered. */
export async function createCustomer(db: DB, input: NewCustomer): Promise<{ id: number } | null> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom("customers").select("id").where("email", "=", email).executeTakeFirst();
    if (taken) return null;
    const row = await trx
      .insertInto("customers")
      .values({
        email,
        password_hash: passwordHash,
        full_name: input.fullName.trim(),
        country: input.country.trim(),
        phone: input.phone.trim(),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      actor: { kind: "customer", id: String(row.id) },
      action: "customer.registered",
      subject: { kind: "customer", id: String(row.id) },
      summary: `New user registration: ${input.fullName.trim()} (${input.country.trim()})`,
      at: now,
    });
    return { id: row.id };
  });
}

/** The buyer with this e-mail and password, or null. Always does the slow hash, so timing tells nothing. */
export async function authenticateCustomer(db: DB, email: string, password: string): Promise<{ id: number } | null> {
  const row = await db
    .selectFrom("customers")
    .select(["id", "password_hash"])
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  const ok = await verifyAccountPassword(row?.password_hash, password);
  return row && ok ? { id: row.id } : null;
}

export async function updateProfile(
  db: DB,
  customerId: number,
  profile: { fullName: string; country: string; phone: string },
): Promise<void> {
  await db
    .updateTable("customers")
    .set({ full_name: profile.fullName, country: profile.country, phone: profile.phone, updated_at: nowIso() })
    .where("id", "=", customerId)
    .execute();
}

export const RESET_VALID_MS = 30 * 60 * 1000;

/**
 * Starts a password reset: a single-use token, kept hashed, valid 30 minutes,
 * mailed through the outbox with a link built from PUBLIC_URL, in the language
 * the buyer asked in. Unknown e-mail addresses get no mail and the same answer.
 */
export async function requestPasswordReset(
  db: DB,
  options: { email: string; publicUrl: URL; shopName: string; language?: LanguageCode },
): Promise<void> {
  const customer = await db
    .selectFrom("customers")
    .select(["id", "full_name", "email"])
    .where("email", "=", normaliseEmail(options.email))
    .executeTakeFirst();
  if (!customer) return;
  const token = newToken();
  const now = new Date();
  const link = new URL(`/reset-password?token=${token}`, options.publicUrl).href;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("password_resets")
      .values({
        token_hash: tokenHash(token),
        customer_id: customer.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_VALID_MS).toISOString(),
        used_at: null,
      })
      .execute();
    await enqueueMail(trx, {
      to: customer.email,
      ...passwordResetMail(options.language ?? "en", {
        name: customer.full_name,
        shopName: options.shopName,
        link,
      }),
    });
  });
}

export type ResetOutcome = { ok: true; customerId: number } | { ok: false; reason: "invalid" | "expired" | "used" };

/** Tokens are 43 characters; anything far longer is no token (and is not hashed). */
const TOKEN_MAX = 100;

/** A reset link as the database knows it: usable, or why not. The page and the reset read it the same way. */
export async function readResetLink(db: DB, token: string, now = new Date()) {
  const row =
    token.length > TOKEN_MAX
      ? undefined
      : await db
          .selectFrom("password_resets")
          .selectAll()
          .where("token_hash", "=", tokenHash(token))
          .executeTakeFirst();
  const state = !row
    ? ("invalid" as const)
    : row.used_at
      ? ("used" as const)
      : row.expires_at <= now.toISOString()
        ? ("expired" as const)
        : ("usable" as const);
  return { row, state };
}

/**
 * Sets a new password from a reset link. The link works once; every other
 * outstanding link of the buyer and every session of the buyer end with it.
 */
export async function resetPassword(db: DB, token: string, password: string, now = new Date()): Promise<ResetOutcome> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const { row, state } = await readResetLink(trx, token, now);
    if (!row || state !== "usable") return { ok: false, reason: state === "usable" ? "invalid" : state } as const;
    // One reset of a buyer at a time: two links used at the same moment on
    // PostgreSQL would each claim its own and miss the other's (SQLite runs
    // one write transaction at a time already).
    if (dialectOf(trx) === "postgres")
      await trx.selectFrom("customers").select("id").where("id", "=", row.customer_id).forUpdate().execute();
    const claimed = await trx
      .updateTable("password_resets")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", row.token_hash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, reason: "used" } as const;
    // Any other link still in the buyer's mail ends too: once the password is
    // chosen, an older link (perhaps read by someone else) must not change it again.
    await trx
      .updateTable("password_resets")
      .set({ used_at: now.toISOString() })
      .where("customer_id", "=", row.customer_id)
      .where("used_at", "is", null)
      .execute();
    await trx
      .updateTable("customers")
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where("id", "=", row.customer_id)
      .execute();
    await trx.deleteFrom("customer_sessions").where("customer_id", "=", row.customer_id).execute();
    return { ok: true, customerId: row.customer_id } as const;
  });
}
