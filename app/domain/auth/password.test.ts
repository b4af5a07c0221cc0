import argon2 from "argon2";
import { describe, expect, it, vi } from "vitest";
import { hashPassword, verifyAccountPassword, verifyPassword } from "./password.server";
import type * as PasswordModule from "./password.server";

describe("passwords", () => {
  it("are hashed with argon2id at OWASP's least: 19 MiB and two passes", async () => {
    const hash = await hashPassword("long-enough-pass");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, "long-enough-pass")).toBe(true);
    expect(await verifyPassword(hash, "long-enough-pasS")).toBe(false);
    expect(await verifyPassword("not a hash", "long-enough-pass")).toBe(false);
  });

  it("of an account that does not exist are refused after checking a hash made the same way", async () => {
    const hash = await hashPassword("long-enough-pass");
    expect(await verifyAccountPassword(hash, "long-enough-pass")).toBe(true);
    expect(await verifyAccountPassword(hash, "wrong")).toBe(false);
    // No password opens an account that is not there, not even an empty one.
    const verify = vi.spyOn(argon2, "verify");
    try {
      for (const password of ["", "long-enough-pass", "wrong"])
        expect(await verifyAccountPassword(undefined, password)).toBe(false);
      // Each was checked against a hash with the shop's settings, so it took as long as a wrong password.
      expect(verify).toHaveBeenCalledTimes(3);
      for (const [hash] of verify.mock.calls) expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    } finally {
      verify.mockRestore();
    }
  });

  it("refuses, and does not fail, when the hash to check against cannot be made; it is made again next time", async () => {
    // A fresh copy of the module, without its kept hash; the worker's other modules stay loaded (vitest.config.ts).
    const fresh = (await import(
      /* @vite-ignore */ `./password.server.ts?fresh=${Date.now()}`
    )) as typeof PasswordModule;
    const hash = vi.spyOn(argon2, "hash").mockRejectedValueOnce(new Error("not enough memory"));
    try {
      expect(await fresh.verifyAccountPassword(undefined, "long-enough-pass")).toBe(false);
      expect(await fresh.verifyAccountPassword(undefined, "long-enough-pass")).toBe(false);
      expect(hash).toHaveBeenCalledTimes(2);
    } finally {
      hash.mockRestore();
    }
  });
});
