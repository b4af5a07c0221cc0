import { type ChildProcess, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "kysely";
import { openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { bulkInsertStock } from "~/db/seed/bulk.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { VEHICLE_MODELS } from "~/domain/inventory/catalogue";
import { benchPhotos } from "./bench-photos";
import { residentMemory, startBuiltShop, stopBuiltShop } from "./bench-shop";

/*
 * `npm run bench:load`: the built shop as it runs in production, on a fresh
 * database of 100,000 vehicles and 20,000 parts, under 50 connections for
 * 30 seconds each on the home page, a filtered vehicle list (ten makes in
 * turn) and a vehicle page; then 1,000 different vehicle pages in turn, which
 * the page cache mostly cannot answer. Prints requests per second,
 * p50/p95/p99 latency and errors. Targets: 0 errors, p95 under 100 ms; and
 * for the 1,000 pages, at least three times the 163 requests a second they
 * gave before issue 24 (what decision record 21 proposes a page rendered
 * afresh be held to).
 *
 * BENCH_VEHICLES, BENCH_PARTS, BENCH_SECONDS and BENCH_CONNECTIONS change the
 * sizes; `npm run bench:load -- http://host:port` measures a running shop
 * instead (its own stock; no database is made).
 */

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 100_000);
const PARTS = Number(process.env.BENCH_PARTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(import.meta.dirname, "..");

async function startShop(): Promise<{ url: string; child: ChildProcess; dataDir: string; vehicleIds: number[] }> {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-load-"));
  const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
  await migrateToLatest(db);
  const media = new MediaStore(localDriver(path.join(dataDir, "media")));
  const photos = await benchPhotos(media);
  const started = Date.now();
  console.log(`Loading ${VEHICLES.toLocaleString("en-US")} vehicles and ${PARTS.toLocaleString("en-US")} parts...`);
  await bulkInsertStock(db, { vehicles: VEHICLES, parts: PARTS, photos });
  await sql`analyze`.execute(db);
  const ids = await db
    .selectFrom("vehicles")
    .select("id")
    .orderBy(sql`random()`)
    .limit(1000)
    .execute();
  await db.destroy();
  console.log(`Loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

  const { url, child } = await startBuiltShop(dataDir);
  return { url, child, dataDir, vehicleIds: ids.map((r) => r.id) };
}

type Figures = { page: string; rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number };

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

/** 50 connections for the set time on a page (or a rotation of addresses); every response's time is kept. */
async function load(base: string, page: string, paths: string[]): Promise<Figures> {
  const times: number[] = [];
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
      },
    ],
    setupClient: (client) => {
      client.on("response", (_status: number, _bytes: number, responseTime: number) => times.push(responseTime));
    },
  });
  times.sort((a, b) => a - b);
  return {
    page,
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const given = process.argv[2];
const shop = given ? null : await startShop();
const base = given ?? shop!.url;
let vehicleIds = shop?.vehicleIds ?? [];
if (!shop) {
  const html = await (await fetch(`${base}/vehicles?PerPage=100`)).text();
  vehicleIds = [...new Set([...html.matchAll(/href="\/vehicles\/(\d+)"/g)].map((m) => Number(m[1])))];
}

const makes = Object.keys(VEHICLE_MODELS);
const IN_TURN = "1,000 vehicle pages in turn";
/** The 1,000 pages' requests a second before issue 24 (docs/performance.md, "Under load"), times three. */
const IN_TURN_AT_LEAST = 3 * 163;
const pages: [string, string[]][] = [
  ["home /", ["/"]],
  ["vehicle list, filtered", makes.map((make) => `/vehicles?Make=${encodeURIComponent(make)}&Sort=price_asc`)],
  ["vehicle page", [`/vehicles/${vehicleIds[0]}`]],
  // 1,000 different vehicle pages in turn, so many are rendered afresh.
  [IN_TURN, vehicleIds.map((id) => `/vehicles/${id}`)],
];

const figures: Figures[] = [];
let memory: { rss: number; peak: number } | null = null;
try {
  for (const [page, paths] of pages) {
    // A few requests first, so the first figures are not of a cold process.
    for (const p of paths.slice(0, 20)) await (await fetch(`${base}${p}`)).text();
    console.log(`${page}: ${CONNECTIONS} connections for ${SECONDS} s...`);
    figures.push(await load(base, page, paths));
  }
  if (shop) memory = residentMemory(shop.child);
} finally {
  if (shop) {
    await stopBuiltShop(shop.child);
    fs.rmSync(shop.dataDir, { recursive: true, force: true });
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(
  `\n${given ? base : `${VEHICLES.toLocaleString("en-US")} vehicles`}, ${CONNECTIONS} connections, ${SECONDS} s per page, ${os.cpus().length} cores\n`,
);
console.table(
  figures.map((f) => ({
    page: f.page,
    "requests/s": Math.round(f.rps),
    p50: ms(f.p50),
    p95: ms(f.p95),
    p99: ms(f.p99),
    errors: f.errors,
    "non-2xx": f.non2xx,
    "p95 < 100 ms and no errors": f.p95 < 100 && f.errors === 0 && f.non2xx === 0 ? "yes" : "NO",
    [`${IN_TURN_AT_LEAST}/s or more`]: f.page === IN_TURN ? (f.rps >= IN_TURN_AT_LEAST ? "yes" : "NO") : "",
  })),
);
if (memory)
  console.log(
    `The shop's resident memory after the load: ${memory.rss} MB, ${memory.peak} MB at its highest (target: under 400 MB).`,
  );
fs.mkdirSync(path.join(root, "test-results"), { recursive: true });
fs.writeFileSync(path.join(root, "test-results/bench-load.json"), JSON.stringify(figures, null, 2));
