import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { sql } from "kysely";
import { type DB, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { bulkInsertStock } from "~/db/seed/bulk.server";
import { seedDemo, seedFreightPorts } from "~/db/seed/seed.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { seedCompany } from "~/domain/settings/company.server";
import { benchPhotos } from "./bench-photos";
import { startBuiltShop, stopBuiltShop } from "./bench-shop";

/*
 * `npm run bench:render`: what a page costs to make when no cache answers it.
 * The built shop runs as in production with the page cache off
 * (PAGE_CACHE_SECONDS=0), on a database of the demo's size and on one of
 * 100,000 vehicles. For each page it prints the requests per second rendered
 * and the same for a static file of exactly the page's bytes served by the
 * same process (express.static, as the shop serves its files), their ratio,
 * and the page's HTML raw and gzip. The page and its file take turns in
 * short rounds, so a machine busy with something else slows both alike.
 * A page made afresh is held to `npm run bench:load`'s 1,000 pages in turn
 * (decision record 21, accepted); the ratio to three times the file is
 * printed as a figure to watch.
 *
 * BENCH_ROUNDS (3) and BENCH_SECONDS (5) set the rounds per page and their
 * length; BENCH_CONNECTIONS (20) the connections; BENCH_SIZES ("demo,100000")
 * the databases. Results also in test-results/bench-render.json.
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SIZES = (process.env.BENCH_SIZES ?? "demo,100000").split(",");
const TARGET_RATIO = 3;

const root = path.resolve(import.meta.dirname, "..");
const client = path.join(root, "build/client");
/** Where the static copies go: a folder of the built client, served like favicon.svg. */
const copies = path.join(client, "bench-render");

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  throw new Error("No build: run `npm run build` first (npm run bench:render does).");
}

/** A data folder with the stock of one size: the demo's own (drawn photos) or bulk rows sharing four photos. */
async function makeData(size: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-bench-render-${size}-`));
  const db: DB = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
  await migrateToLatest(db);
  const media = new MediaStore(localDriver(path.join(dataDir, "media")));
  const started = Date.now();
  if (size === "demo") {
    console.log("Adding the demo's stock (about a minute)...");
    await seedDemo(db, media);
  } else {
    const vehicles = Number(size);
    console.log(
      `Loading ${vehicles.toLocaleString("en-US")} vehicles and ${(vehicles / 5).toLocaleString("en-US")} parts...`,
    );
    await bulkInsertStock(db, { vehicles, parts: vehicles / 5, photos: await benchPhotos(media) });
    await seedFreightPorts(db);
    await seedCompany(db);
  }
  await sql`analyze`.execute(db);
  await db.destroy();
  console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return dataDir;
}

const startShop = (dataDir: string) => startBuiltShop(dataDir, { PAGE_CACHE_SECONDS: "0" });
const stopShop = stopBuiltShop;

type Page = { name: string; path: string; headers: Record<string, string> };

/** The pages measured, with addresses taken from the shop's own lists. */
async function pagesOf(url: string): Promise<Page[]> {
  const list = await (await fetch(`${url}/vehicles?PerPage=100`)).text();
  const vehicleIds = [...new Set([...list.matchAll(/href="\/vehicles\/(\d+)"/g)].map((m) => m[1]!))];
  const parts = await (await fetch(`${url}/parts`)).text();
  const partId = parts.match(/href="\/parts\/(\d+)"/)?.[1];
  if (vehicleIds.length < 3 || !partId) throw new Error("The shop lists too little stock to measure.");
  const compared = vehicleIds.slice(0, 3).join(",");
  return [
    { name: "home", path: "/", headers: {} },
    { name: "filtered list", path: "/vehicles?Make=Toyota&Sort=price_asc", headers: {} },
    { name: "vehicle page", path: `/vehicles/${vehicleIds[0]}`, headers: {} },
    { name: "part page", path: `/parts/${partId}`, headers: {} },
    { name: "compare (3 vehicles)", path: `/compare?ids=${compared}`, headers: {} },
  ];
}

async function requestsPerSecond(url: string, page: { path: string; headers: Record<string, string> }) {
  const result = await autocannon({
    url: `${url}${page.path}`,
    headers: page.headers,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.errors + result.timeouts + result.non2xx > 0) {
    throw new Error(`${page.path}: ${result.errors} errors, ${result.timeouts} time-outs, ${result.non2xx} not 2xx`);
  }
  return result.requests.total / SECONDS;
}

type Figure = {
  size: string;
  page: string;
  path: string;
  rendered: number;
  file: number;
  ratio: number;
  htmlBytes: number;
  gzipBytes: number;
  dataBytes: number;
};

/** The bytes of the page's hydration data (the scripts React Router writes into it). */
function dataBytes(html: string): number {
  return [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .filter((s) => s.includes("__reactRouterContext"))
    .reduce((sum, s) => sum + Buffer.byteLength(s), 0);
}

const figures: Figure[] = [];
fs.mkdirSync(copies, { recursive: true });
try {
  for (const size of SIZES) {
    const dataDir = await makeData(size);
    try {
      let shop = await startShop(dataDir);
      const pages = await pagesOf(shop.url);
      const html = new Map<string, string>();
      for (const [i, page] of pages.entries()) {
        const response = await fetch(`${shop.url}${page.path}`, { headers: page.headers });
        if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
        const text = await response.text();
        html.set(page.name, text);
        fs.writeFileSync(path.join(copies, `${size}-${i}.html`), text);
      }
      // Started again, so the copies are there from the start like any file the shop serves.
      await stopShop(shop.child);
      shop = await startShop(dataDir);
      try {
        for (const [i, page] of pages.entries()) {
          const file = { path: `/bench-render/${size}-${i}.html`, headers: {} };
          // Warm both first, so no round measures a cold process.
          await requestsPerSecond(shop.url, page).catch(() => 0);
          let rendered = 0;
          let served = 0;
          for (let round = 0; round < ROUNDS; round++) {
            rendered += await requestsPerSecond(shop.url, page);
            served += await requestsPerSecond(shop.url, file);
          }
          const text = html.get(page.name)!;
          const figure: Figure = {
            size,
            page: page.name,
            path: page.path,
            rendered: rendered / ROUNDS,
            file: served / ROUNDS,
            ratio: served / rendered,
            htmlBytes: Buffer.byteLength(text),
            gzipBytes: gzipSync(text).length,
            dataBytes: dataBytes(text),
          };
          figures.push(figure);
          console.log(
            `${size} ${page.name}: ${Math.round(figure.rendered)}/s rendered, ${Math.round(figure.file)}/s as a file, ${figure.ratio.toFixed(1)}×`,
          );
        }
      } finally {
        await stopShop(shop.child);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  fs.rmSync(copies, { recursive: true, force: true });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `\nPage cache off, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s, ${os.cpus().length} cores\n`,
);
console.table(
  figures.map((f) => ({
    stock: f.size === "demo" ? "demo" : `${Number(f.size).toLocaleString("en-US")} vehicles`,
    page: f.page,
    "rendered/s": Math.round(f.rendered),
    "file/s": Math.round(f.file),
    ratio: `${f.ratio.toFixed(1)}×`,
    HTML: kb(f.htmlBytes),
    gzip: kb(f.gzipBytes),
    "of it data": kb(f.dataBytes),
    [`within ${TARGET_RATIO}×`]: f.ratio <= TARGET_RATIO ? "yes" : "NO",
  })),
);
fs.mkdirSync(path.join(root, "test-results"), { recursive: true });
fs.writeFileSync(path.join(root, "test-results/bench-render.json"), JSON.stringify(figures, null, 2));
