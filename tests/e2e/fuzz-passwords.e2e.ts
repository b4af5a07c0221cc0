import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/domain/auth/password.server";
import { tokenHash } from "~/domain/auth/tokens.server";
import { withShopDb, writeShopDb } from "../support/browser";
import {
  RUNS,
  FEW,
  value,
  post,
  answersCleanly,
  chars,
  cookieOf,
  BUYER_COOKIE,
  RESET_BUYER,
  limiterOpen,
  typedEmail,
  setUpFuzzFixtures,
} from "../support/fuzz";

setUpFuzzFixtures();

describe("fuzzing password resets", () => {
  const mailsTo = (email: string) =>
    withShopDb(async (db) =>
      Number(
        (
          await db
            .selectFrom("mail_outbox")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("to_address", "=", email)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );

  it(`password reset requests: ${RUNS} forms, a real account among them; a link is mailed to it exactly when allowed`, async () => {
    const account = RESET_BUYER;
    const fields = fc.record({
      intent: fc.oneof({ weight: 3, arbitrary: fc.constant("request") }, value),
      email: fc.oneof(value, fc.emailAddress(), typedEmail(account.email)),
    });
    const seen = { mailed: 0, limited: 0 };
    await fc.assert(
      fc.asyncProperty(fields, async (f) => {
        const key = `reset:account:${f.email.slice(0, 254).trim().toLowerCase()}`;
        const ours = f.intent !== "reset" && key === `reset:account:${account.email}`;
        const open = ours ? await limiterOpen(key) : true;
        const before = await mailsTo(account.email);
        const r = await post("/reset-password", f);
        answersCleanly(r);
        const after = await mailsTo(account.email);
        if (ours) {
          expect(r.status).toBe(open ? 200 : 429);
          expect(after - before).toBe(open ? 1 : 0);
          if (open) seen.mailed++;
          else seen.limited++;
        } else {
          expect([200, 400, 429]).toContain(r.status);
          expect(after).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
    expect(seen.mailed).toBeGreaterThan(10);
    expect(seen.limited).toBeGreaterThan(10);
  }, 600_000);

  it(`choosing a new password: ${FEW * 2} forms with real links (live and spent) and made-up ones; only a live link changes it, once`, async () => {
    const account = RESET_BUYER;
    const LINK = /reset-password\?token=([A-Za-z0-9_-]+)/;

    /** The links the account was mailed, with their state now. */
    const hashes = new Map<string, string>();
    const hashOf = (token: string) => hashes.get(token) ?? hashes.set(token, tokenHash(token)).get(token)!;
    async function links() {
      return withShopDb(async (db) => {
        const mails = await db
          .selectFrom("mail_outbox")
          .select("text_body")
          .where("to_address", "=", account.email)
          .execute();
        const tokens = mails.flatMap((m) => LINK.exec(m.text_body)?.[1] ?? []);
        if (tokens.length === 0) return [];
        const rows = await db
          .selectFrom("password_resets")
          .select(["token_hash", "used_at", "expires_at"])
          .where("token_hash", "in", tokens.map(hashOf))
          .execute();
        const byHash = new Map(rows.map((r) => [r.token_hash, r]));
        const now = new Date().toISOString();
        return tokens.map((token) => {
          const row = byHash.get(hashOf(token))!;
          return { token, live: row.used_at === null && row.expires_at > now };
        });
      });
    }
    /** A new live link, asked for through the form. */
    async function freshToken(): Promise<string> {
      // The request fuzz above may have spent the account's limit on reset mails.
      await writeShopDb((db) =>
        db.deleteFrom("rate_limits").where("key", "=", `reset:account:${account.email}`).execute(),
      );
      expect((await post("/reset-password", { intent: "request", email: account.email })).status).toBe(200);
      const live = (await links()).filter((l) => l.live);
      expect(live).toHaveLength(1);
      return live[0]!.token;
    }
    const state = () =>
      withShopDb(async (db) => ({
        hash: (
          await db
            .selectFrom("customers")
            .select("password_hash")
            .where("email", "=", account.email)
            .executeTakeFirstOrThrow()
        ).password_hash,
        resets: await db
          .selectFrom("password_resets")
          .innerJoin("customers", "customers.id", "password_resets.customer_id")
          .select(["token_hash", "used_at"])
          .where("customers.email", "=", account.email)
          .orderBy("token_hash")
          .execute(),
      }));

    const token = fc.oneof(
      { weight: 3, arbitrary: fc.constant({ real: "live" as const }) },
      { weight: 1, arbitrary: fc.constant({ real: "spent" as const }) },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((t) => ({ made: t })) },
      { weight: 1, arbitrary: value.map((t) => ({ made: t })) },
    );
    const password = fc.oneof(fc.constantFrom("a new password 1", "パスワードは長いです", " spaces  around "), value);
    const fields = fc.tuple(token, password, fc.option(value, { nil: undefined }), fc.boolean());
    const seen = { changed: 0, spent: 0 };
    await fc.assert(
      fc.asyncProperty(fields, async ([which, pw, otherConfirm, sameConfirm]) => {
        const known = await links();
        const live = known.find((l) => l.live)?.token;
        let t: string;
        if ("made" in which) t = which.made;
        else if (which.real === "live") t = live ?? (await freshToken());
        else t = known.find((l) => !l.live)?.token ?? live ?? (await freshToken());
        // Live: the unused link, or one just asked for (not among the known ones).
        const wasLive = "real" in which && (t === live || !known.some((l) => l.token === t));
        const confirmPassword = sameConfirm || otherConfirm === undefined ? pw : otherConfirm;
        const before = await state();
        const r = await post("/reset-password", { intent: "reset", token: t, password: pw, confirmPassword });
        answersCleanly(r);
        const after = await state();
        const valid = chars(pw) >= 8 && chars(pw) <= 128 && confirmPassword === pw;
        if (wasLive && valid) {
          seen.changed++;
          expect(r.status).toBe(302);
          expect(r.location).toBe("/account?password=changed");
          expect(cookieOf(r, BUYER_COOKIE)).not.toBeNull();
          expect(await verifyPassword(after.hash, pw)).toBe(true);
          // This link and every other one the account was sent are spent now.
          expect(after.resets.every((row) => row.used_at !== null)).toBe(true);
        } else {
          if (!wasLive && "real" in which) seen.spent++;
          expect(r.status).toBe(400);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: FEW * 2 },
    );
    expect(seen.changed).toBeGreaterThan(10);
    expect(seen.spent).toBeGreaterThan(10);
  }, 600_000);
});
