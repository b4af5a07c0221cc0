import { existsSync } from "node:fs";

/**
 * Debian's Chromium (or CHROMIUM_PATH), with the flags that keep it from
 * reaching the internet or needing a display. Nothing is ever downloaded.
 * Lighthouse, the screenshots and the tests that measure drawn text use it.
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
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
