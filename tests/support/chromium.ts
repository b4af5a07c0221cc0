import { existsSync, statfsSync } from "node:fs";

/**
 * Debian's Chromium (or CHROMIUM_PATH), with the flags that keep it from
 * reaching the internet or needing a display. Nothing is ever downloaded.
 * Lighthouse, `scripts/screenshots.ts`, `scripts/bench-page-weight.ts` and
 * the test that measures the width of drawn text use it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser tests' Chromium: Debian's headless shell when it is installed
 * (package chromium-headless-shell), the same engine without the full
 * browser's window machinery. The browser files take about half the
 * machine's CPU on it (docs/performance.md, "The browser tests on the
 * headless shell"). CHROMIUM_PATH, when set, is used for every test.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The flags for TEST_CHROMIUM_PATH. Debian's `chromium` keeps the browser's
 * shared memory in /tmp when /dev/shm has under 3.8 GB free (a container's is
 * often 64 MB); its headless shell does not, so the tests ask for it.
 */
export const TEST_CHROMIUM_FLAGS =
  sharedMemoryFree() < 4_080_218_931 ? [...CHROMIUM_FLAGS, "--disable-dev-shm-usage"] : CHROMIUM_FLAGS;

function sharedMemoryFree(): number {
  try {
    const { bavail, bsize } = statfsSync("/dev/shm");
    return bavail * bsize;
  } catch {
    return 0;
  }
}
