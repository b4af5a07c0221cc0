import { randomBytes } from "node:crypto";
import argon2 from "argon2";

// argon2id with at least 19 MiB and 2 passes (OWASP's minimum for argon2id).
const PASSWORD_HASHING = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASHING);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Checks `password` against an account's hash, or, when there is no such
 * account, against a hash of a random password made the same way: the
 * answer takes as long either way, so its timing does not tell whether the
 * e-mail or Admin ID exists.
 */
export async function verifyAccountPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (hash !== undefined) return verifyPassword(hash, password);
  dummy ??= hashPassword(randomBytes(24).toString("base64url"));
  try {
    await verifyPassword(await dummy, password);
  } catch {
    // A hash that could not be made (memory, say) is made again next time; the answer stays a refusal.
    dummy = undefined;
  }
  return false;
}
