import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { tokenHash } from "~/domain/auth/tokens.server";
import { ensureStaffAccount } from "./staff.server";
import { startStaffSession } from "./staff-sessions.server";
import { base32Decode, totpCode, totpStep } from "./totp.server";
import {
  beginTwoFactorSetup,
  checkSecondFactor,
  clearTwoFactor,
  confirmTwoFactor,
  pendingTwoFactorSetup,
  readChallenge,
  renewRecoveryCodes,
  startChallenge,
  turnOffTwoFactor,
  twoFactorStatus,
} from "./two-factor.server";

let t: TestDb;
const services = () => ({
  db: t.db,
  config: {
    publicUrl: new URL("http://localhost:3000"),
    sessionSecret: "two-factor-test-secret-of-32-characters-or-more",
    shop: { name: "Sakura Auto" },
  },
});
let staff: { id: number; adminId: string };

beforeAll(async () => {
  t = await createTestDb();
  await ensureStaffAccount(t.db, "owner2fa", "owner password 1");
  const row = await t.db.selectFrom("staff").select("id").where("admin_id", "=", "owner2fa").executeTakeFirstOrThrow();
  staff = { id: row.id, adminId: "owner2fa" };
});
afterAll(() => t.cleanup());

const codeAt = (key: string, when: Date) => totpCode(base32Decode(key), totpStep(when));

describe("two-step sign-in for staff", () => {
  it("is turned on only by a code from the app, keeps the secret encrypted, and ends other sessions", async () => {
    const svc = services();
    const other = await startStaffSession(svc, staff.id, false);
    const mine = await startStaffSession(svc, staff.id, false);
    const mineHash = tokenHash(mine.split(";")[0]!.split("=")[1]!);

    const setup = await beginTwoFactorSetup(svc, staff.id);
    expect(setup.key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(setup.url).toMatch(/^otpauth:\/\/totp\/Sakura%20Auto%20staff%3Aowner2fa\?secret=/);
    expect(setup.qrSvg).toMatch(/^<svg[^>]*viewBox/);
    // Shown again on reload, the same key.
    expect((await pendingTwoFactorSetup(svc, staff.id))?.key).toBe(setup.key);
    const stored = await t.db.selectFrom("staff").selectAll().where("id", "=", staff.id).executeTakeFirstOrThrow();
    expect(stored.totp_pending_secret).not.toContain(setup.key.replace(/ /g, ""));
    expect(stored.totp_secret).toBeNull();

    const now = new Date();
    expect(await confirmTwoFactor(svc, staff, "000000", mineHash, now)).toBeNull();
    expect((await twoFactorStatus(t.db, staff.id)).enabled).toBe(false);
    const codes = await confirmTwoFactor(svc, staff, codeAt(setup.key, now), mineHash, now);
    expect(codes).toHaveLength(10);
    expect(await twoFactorStatus(t.db, staff.id)).toEqual({
      enabled: true,
      enabledAt: now.toISOString(),
      recoveryCodesLeft: 10,
    });
    const sessions = await t.db
      .selectFrom("staff_sessions")
      .select("id_hash")
      .where("staff_id", "=", staff.id)
      .execute();
    expect(sessions.map((s) => s.id_hash)).toEqual([mineHash]);
    expect(other).not.toBe(mine);
    // Recovery codes are kept as hashes only.
    const kept = await t.db.selectFrom("staff_recovery_codes").select("code_hash").execute();
    expect(kept.some((k) => codes!.some((c) => k.code_hash.includes(c.replace("-", ""))))).toBe(false);

    // An app code works once: the confirming code cannot be used again.
    expect(await checkSecondFactor(svc, staff.id, codeAt(setup.key, now), now)).toBeNull();
    const later = new Date(now.getTime() + 30_000);
    expect(await checkSecondFactor(svc, staff.id, codeAt(setup.key, later), later)).toBe("code");
    expect(await checkSecondFactor(svc, staff.id, codeAt(setup.key, later), later)).toBeNull();
    // A code from 2 minutes ago is refused.
    const muchLater = new Date(now.getTime() + 180_000);
    expect(await checkSecondFactor(svc, staff.id, codeAt(setup.key, now), muchLater)).toBeNull();

    // A recovery code works once, typed any way; two at once pass only once.
    const first = codes![0]!;
    expect(await checkSecondFactor(svc, staff.id, first.toUpperCase().replace("-", " "))).toBe("recovery");
    expect(await checkSecondFactor(svc, staff.id, first)).toBeNull();
    const racing = await Promise.all([
      checkSecondFactor(svc, staff.id, codes![1]!),
      checkSecondFactor(svc, staff.id, codes![1]!),
    ]);
    expect(racing.filter(Boolean)).toEqual(["recovery"]);
    expect((await twoFactorStatus(t.db, staff.id)).recoveryCodesLeft).toBe(8);

    // New codes replace the old ones, after a code (an app code or a recovery code).
    expect(await renewRecoveryCodes(svc, staff, "not a code")).toBeNull();
    const fresh = await renewRecoveryCodes(svc, staff, codes![2]!);
    expect(fresh).toHaveLength(10);
    expect(await checkSecondFactor(svc, staff.id, codes![3]!)).toBeNull();
    expect(await checkSecondFactor(svc, staff.id, fresh![0]!)).toBe("recovery");

    // Turning off needs the password and a code.
    expect(await turnOffTwoFactor(svc, staff, "wrong password", fresh![1]!)).toBe("wrong password");
    expect(await turnOffTwoFactor(svc, staff, "owner password 1", "123456")).toBe("wrong code");
    expect(await turnOffTwoFactor(svc, staff, "owner password 1", fresh![1]!)).toBe("off");
    expect(await twoFactorStatus(t.db, staff.id)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const actions = await t.db
      .selectFrom("activity_log")
      .select("action")
      .where("subject_kind", "=", "staff")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(["staff.two_factor_on", "staff.recovery_codes_renewed", "staff.two_factor_off"]),
    );
  });

  it("a sealed secret is useless with another SESSION_SECRET", async () => {
    const svc = services();
    const setup = await beginTwoFactorSetup(svc, staff.id);
    const now = new Date();
    const other = {
      ...services(),
      config: { ...services().config, sessionSecret: "another-secret-another-secret-another" },
    };
    expect(await confirmTwoFactor(other, staff, codeAt(setup.key, now), null, now)).toBeNull();
    expect(await confirmTwoFactor(svc, staff, codeAt(setup.key, now), null, now)).toHaveLength(10);
    await clearTwoFactor(t.db, staff.id, { kind: "system", id: null }, staff.adminId);
    expect((await twoFactorStatus(t.db, staff.id)).enabled).toBe(false);
  });

  it("a challenge lasts five minutes, one per staff member", async () => {
    const svc = services();
    const first = await startChallenge(svc, staff.id, true);
    const second = await startChallenge(svc, staff.id, false);
    const request = (cookie: string) =>
      new Request("http://localhost:3000/admin/login/code", { headers: { Cookie: cookie.split(";")[0]! } });
    expect(first).toMatch(/^staff_2fa=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=300$/);
    expect(await readChallenge(svc, request(first))).toBeNull();
    expect(await readChallenge(svc, request(second))).toMatchObject({ staffId: staff.id, remember: false });
    await t.db
      .updateTable("staff_login_challenges")
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .execute();
    expect(await readChallenge(svc, request(second))).toBeNull();
    expect(await t.db.selectFrom("staff_login_challenges").selectAll().execute()).toHaveLength(0);
  });
});
