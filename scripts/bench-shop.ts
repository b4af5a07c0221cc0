import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { YOUNG_GENERATION_FLAG } from "../server/memory";
import { freePort } from "../tests/support/shop-process";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The built shop as `npm start` runs it, on `dataDir`, for a benchmark:
 * answering once /healthz does. `env` adds settings (PAGE_CACHE_SECONDS...),
 * `nodeFlags` replace the engine's flags `npm start` gives.
 */
export async function startBuiltShop(
  dataDir: string,
  env: Record<string, string> = {},
  nodeFlags: string[] = [YOUNG_GENERATION_FLAG],
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags, "server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: "bench-shop-secret-bench-shop-secret-bench-shop",
      // No exchange-rate provider is reachable here; the shop shows yen.
      RATES_URL: "http://127.0.0.1:9/",
      ...env,
    },
    // The request log goes where a service's log would go; here, nowhere.
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGTERM");
  throw new Error("The shop did not start.");
}

/** Stops a shop started by startBuiltShop, once it has ended. */
export async function stopBuiltShop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

/** A shop's resident memory now and at its highest, in MB, as the kernel counts it. */
export function residentMemory(child: ChildProcess): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}
