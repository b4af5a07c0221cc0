import fs from "node:fs";
import path from "node:path";
import { afterAll, inject } from "vitest";
// Accounts a test makes itself are hashed as lightly as the shops' own (light-hashing.mjs).
import "./light-hashing.mjs";

/*
 * The browser tests' shops (tests/e2e/global-setup.ts starts one for each
 * worker): a test file takes a free one for its whole run, so files that run
 * at the same time never share a shop, and files in turn share one as they
 * always did. Loaded before each browser test file (vitest.config.ts).
 */

export type E2EShop = { url: string; dataDir: string; pid: number; ratesRequests: number };

let claimed: { shop: E2EShop; lock: string } | null = null;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Frees a lock whose holder has died, or that this very process left (a file
 * that ended without its afterAll): moved aside under a name of this
 * process's own first, so that of two files that found it stale only one
 * frees it, and a lock taken again meanwhile is put back. True when freed.
 */
function takeOver(lock: string): boolean {
  const holder = holderOf(lock);
  if (!holder || (holder !== process.pid && alive(holder))) return false;
  const aside = `${lock}.stale-${process.pid}-${Date.now()}`;
  try {
    fs.renameSync(lock, aside);
  } catch {
    return false;
  }
  if (holderOf(aside) !== holder) {
    // Another file took the shop between our two looks: it stays theirs.
    try {
      fs.renameSync(aside, lock);
    } catch {
      // The place was taken again meanwhile; that file's lock stands, this one is dropped.
      fs.rmSync(aside, { recursive: true, force: true });
    }
    return false;
  }
  fs.rmSync(aside, { recursive: true, force: true });
  return true;
}

function holderOf(lock: string): number {
  try {
    return Number(fs.readFileSync(path.join(lock, "pid"), "utf8")) || 0;
  } catch {
    // Not written yet, or given back meanwhile.
    return 0;
  }
}

/** Takes a shop no other running file holds: a lock folder per shop, with the holder's process id. */
function claim(): { shop: E2EShop; lock: string } {
  const shops = inject("shops");
  const locks = inject("shopLocks");
  const deadline = Date.now() + 120_000;
  for (;;) {
    for (let i = 0; i < shops.length; i++) {
      const shop = shops[i]!;
      const lock = path.join(locks, `shop-${i}`);
      try {
        fs.mkdirSync(lock);
        fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
        return { shop, lock };
      } catch {
        // Held: taken over only when its holder has died (a worker that crashed never gave it back).
        if (takeOver(lock)) i--;
      }
    }
    if (Date.now() > deadline) throw new Error(`no free shop among ${shops.length} in 120 s`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
}

/** The shop this test file runs against. */
export function e2eShop(): E2EShop {
  claimed ??= claim();
  return claimed.shop;
}

afterAll(() => {
  if (claimed) fs.rmSync(claimed.lock, { recursive: true, force: true });
  claimed = null;
});

// Taken as the file starts, not at its first use, so a file holds the same shop throughout.
e2eShop();
