/**
 * Debian's Chromium (or CHROMIUM_PATH), with the flags that keep it from
 * reaching the internet or needing a display. Nothing is ever downloaded.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
