import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "kysely";
import { openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { bulkInsertStock } from "~/db/seed/bulk.server";
import { DEMO_STAFF } from "~/db/seed/seed.server";
import { VEHICLE_MODELS } from "~/domain/inventory/catalogue";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { COOKIES } from "~/utils/cookies";
import { cookieFrom } from "../tests/support/set-cookie";
import { signInStaff } from "../tests/support/sign-in";
import { benchPhotos } from "./bench-photos";
import { residentMemory, startBuiltShop, stopBuiltShop } from "./bench-shop";
import { photoZip, vehicleFile } from "./bench-stock-file";

/*
 * `npm run bench:memory`: the shop's resident memory (issue 47.6: under
 * 400 MB) as it runs in production on 100,000 vehicles, after a load like
 * bench:load's (home, a filtered list, 1,000 vehicle pages in turn) and after
 * a stock file of 10,000 vehicles is previewed and imported through the
 * owner's import page, and after 40 vehicles with 12 camera-sized photos each
 * in a ZIP. Each setting in BENCH_MEMORY_SETTINGS runs on a shop of
 * its own, in turn, on the same data, so they compare side by side:
 * "default" is the shop as `npm start` runs it; "small" is what the README
 * gives a 1 GB server.
 *
 * BENCH_VEHICLES (100000), BENCH_ROWS (10000), BENCH_SECONDS (10 per page).
 */

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 100_000);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SETTINGS: Record<string, { env?: Record<string, string>; nodeFlags?: string[] }> = {
  default: {},
  small: { env: { MALLOC_ARENA_MAX: "2" } },
  // Not run by default: how much of the memory is the page cache's (BENCH_MEMORY_SETTINGS=default,no-page-cache).
  "no-page-cache": { env: { PAGE_CACHE_SECONDS: "0" } },
  // Not run by default: V8's own heap sizing, no flags (BENCH_MEMORY_SETTINGS=engine-defaults,default).
  "engine-defaults": { nodeFlags: ["--heap-growing-percent=0"] },
  // Not run by default: a bare `node server.js`, without the flag npm start gives.
  "bare-node": { nodeFlags: [] },
  // Not run by default: jemalloc in place of glibc's malloc (Debian's libjemalloc2), which gives back what the photos took.
  jemalloc: { env: { LD_PRELOAD: "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2" } },
};
const PHOTO_VEHICLES = 40;
const chosen = (process.env.BENCH_MEMORY_SETTINGS ?? "default,small").split(",");

async function loadPages(base: string, paths: string[]) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: 50,
    duration: SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
  // Pages the shop refused mean the load was not what it should be; a few time-outs on a busy machine are only told.
  if (result.non2xx > 0) throw new Error(`${paths[0]}: ${result.non2xx} answers not 2xx`);
  if (result.errors + result.timeouts > 0)
    console.log(`${paths[0]}: ${result.errors} errors, ${result.timeouts} time-outs (a busy machine?)`);
}

/** A stock file through the owner's import page: previewed, confirmed, and followed until done. */
async function importFile(
  base: string,
  file: Buffer,
  zip: Buffer | null = null,
): Promise<{ status: string; longestWait: number }> {
  const signedIn = await signInStaff(base);
  if (signedIn.status !== 302)
    throw new Error(`the staff sign-in answered ${signedIn.status}: ${(await signedIn.text()).slice(0, 200)}`);
  const cookie = cookieFrom(signedIn, COOKIES.staffSession.name);
  const headers = { Cookie: cookie };
  const form = new FormData();
  form.set("kind", "vehicle");
  form.set("file", new Blob([new Uint8Array(file)], { type: "text/csv" }), "stock.csv");
  if (zip) form.set("photos", new Blob([new Uint8Array(zip)], { type: "application/zip" }), "photos.zip");
  const staged = await fetch(`${base}/admin/api/stock-import`, { method: "POST", body: form, headers });
  const answer = (await staged.json()) as { ok: boolean; id: number | null };
  if (!answer.ok || !answer.id) throw new Error(`the preview was refused: ${JSON.stringify(answer)}`);
  const confirm = await fetch(`${base}/admin/stock-import/${answer.id}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "confirm" }),
    headers,
    redirect: "manual",
  });
  if (confirm.status !== 302) throw new Error(`the import was not confirmed: ${confirm.status}`);
  // The import's progress on a new connection each time: a kept one the shop closes while it is busy
  // writing (its idle time passed) breaks the next request (ECONNRESET).
  let longestWait = 0;
  for (let i = 0; i < 1_200; i++) {
    const asked = Date.now();
    const progress = (await getJson(`${base}/admin/stock-import/${answer.id}/progress`, cookie)) as { status: string };
    longestWait = Math.max(longestWait, Date.now() - asked);
    if (progress.status !== "running" && progress.status !== "previewed")
      return { status: progress.status, longestWait };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the import did not end in 10 minutes");
}

/** A JSON answer over a connection of its own (no keep-alive). */
function getJson(url: string, cookie: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { Cookie: cookie } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          try {
            resolve(JSON.parse(body));
          } catch (error) {
            reject(new Error(`${url} answered ${res.statusCode}: ${body.slice(0, 200)}`, { cause: error }));
          }
        });
      })
      .on("error", reject)
      // A shop that never answers ends the run rather than holding it.
      .setTimeout(60_000, function (this: http.ClientRequest) {
        this.destroy(new Error(`${url} did not answer in 60 s`));
      });
  });
}

const zipOfPhotos = await photoZip(PHOTO_VEHICLES, "P");
const seeded = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-memory-"));
const rows: Record<string, string | number>[] = [];
try {
  const db = openDatabase({ dialect: "sqlite", file: path.join(seeded, "shop.sqlite") });
  await migrateToLatest(db);
  const photos = await benchPhotos(new MediaStore(localDriver(path.join(seeded, "media"))));
  console.log(`Loading ${VEHICLES.toLocaleString("en-US")} vehicles...`);
  await bulkInsertStock(db, { vehicles: VEHICLES, parts: VEHICLES / 5, photos });
  await ensureStaffAccount(db, DEMO_STAFF.adminId, DEMO_STAFF.password);
  await sql`analyze`.execute(db);
  // One file, so that each setting starts from the same data.
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
  const ids = (await db.selectFrom("vehicles").select("id").orderBy("id").limit(1000).execute()).map((r) => r.id);
  await db.destroy();
  const makes = Object.keys(VEHICLE_MODELS);
  const pages = [
    ["/"],
    makes.map((make) => `/vehicles?Make=${encodeURIComponent(make)}&Sort=price_asc`),
    ids.map((id) => `/vehicles/${id}`),
  ];

  for (const [round, name] of chosen.entries()) {
    const setting = SETTINGS[name];
    if (!setting) throw new Error(`no setting ${name}: ${Object.keys(SETTINGS).join(", ")}`);
    // A library the loader cannot find is skipped without a word, and the row would measure glibc.
    const preload = setting.env?.LD_PRELOAD;
    if (preload && !fs.existsSync(preload))
      throw new Error(`${name}: ${preload} is not there (apt-get install libjemalloc2)`);
    const dataDir = `${seeded}-round-${round}`;
    fs.cpSync(seeded, dataDir, { recursive: true });
    const { url, child } = await startBuiltShop(dataDir, setting.env, setting.nodeFlags);
    try {
      const started = residentMemory(child);
      for (const paths of pages) await loadPages(url, paths);
      const loaded = residentMemory(child);
      console.log(`${name}: importing ${ROWS.toLocaleString("en-US")} vehicles...`);
      // From sign-in to the end: the upload and preview too.
      const importStarted = Date.now();
      const ended = await importFile(url, vehicleFile(ROWS, 0, "M"));
      if (ended.status !== "done") throw new Error(`${name}: the import ended ${ended.status}`);
      const imported = residentMemory(child);
      const importSeconds = (Date.now() - importStarted) / 1000;
      // Large uploads: a ZIP of 480 camera-sized photos, each re-encoded into its sizes.
      console.log(`${name}: importing ${PHOTO_VEHICLES} vehicles with 12 photos each...`);
      const withPhotos = await importFile(url, vehicleFile(PHOTO_VEHICLES, 0, "P"), zipOfPhotos);
      if (withPhotos.status !== "done") throw new Error(`${name}: the photo import ended ${withPhotos.status}`);
      const photographed = residentMemory(child);
      rows.push({
        setting: name,
        "at start (MB)": started.rss,
        "after the load (MB)": loaded.rss,
        "after the import (MB)": imported.rss,
        "after the photos (MB)": photographed.rss,
        "highest (MB)": photographed.peak,
        "import (s)": Number(importSeconds.toFixed(1)),
        // How long the shop kept a request waiting while it imported: every visitor waits as long.
        "longest answer during it (s)": Number((ended.longestWait / 1000).toFixed(1)),
      });
    } finally {
      await stopBuiltShop(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  fs.rmSync(seeded, { recursive: true, force: true });
}
console.log(
  `\nResident memory of the shop, ${VEHICLES.toLocaleString("en-US")} vehicles, ${SECONDS} s per page, ${ROWS.toLocaleString("en-US")} rows imported (target: under 400 MB)`,
);
console.table(rows);
for (const [name, { env = {}, nodeFlags }] of Object.entries(SETTINGS).filter(([name]) => chosen.includes(name)))
  console.log(
    `  ${name}: ${
      [
        ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
        ...(nodeFlags ? [["node", ...nodeFlags, "server.js"].join(" ")] : []),
      ].join(" ") || "as npm start runs it"
    }`,
  );
