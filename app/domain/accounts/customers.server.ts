import { type DB, nowIso } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import { hashPassword } from "~/domain/auth/password.server";

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
