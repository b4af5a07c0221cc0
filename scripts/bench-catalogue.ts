import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { loadConfig } from "~/config.server";
import { type DB, dialectOf, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { bulkInsertStock } from "~/db/seed/bulk.server";
import { createRng, pick } from "~/db/seed/factories";
import { VEHICLE_MODELS, VEHICLE_TYPES } from "~/domain/inventory/catalogue";
import { getVehicle } from "~/domain/inventory/inventory.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { readVehicleQuery, SORTS } from "~/domain/search/filters";
import { resolveVehicleFilters } from "~/domain/search/list-where.server";
import { menuCounts, stockFacets, waysOut } from "~/domain/search/menu-counts.server";
import { searchVehicles } from "~/domain/search/search.server";
import type * as ServerApp from "../server/app";
import { benchPhotos } from "./bench-photos";
import { onFreshPostgres } from "./bench-postgres";

type ServerModule = typeof ServerApp;

/*
 * `npm run bench:catalogue`: 100,000 vehicles and 20,000 parts in a fresh
 * database (SQLite; PostgreSQL too when TEST_DATABASE_URL is set), then the
 * server time of the list work, home and the parts list, p50 and p95 over many
 * varied runs. Targets on both: p95 <= 20 ms per query, <= 50 ms per whole page
 * over HTTP.
 * BENCH_VEHICLES, BENCH_PARTS and BENCH_RUNS set the sizes; BENCH_DATABASES
 * ("sqlite,postgres") which databases; BENCH_PG_SCHEMA keeps PostgreSQL's data
 * in a schema of that name for the next run, which loads nothing when it
 * finds the same sizes there.
 */

// React renders in production mode only when this is set before it loads (npm start sets it too).
process.env.NODE_ENV = "production";

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 100_000);
const PARTS = Number(process.env.BENCH_PARTS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
// "postgres" alone for a million vehicles (BENCH_VEHICLES=1000000 BENCH_PARTS=100000), where SQLite is not the store.
const DATABASES = (process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",");
for (const name of DATABASES)
  if (name !== "sqlite" && name !== "postgres")
    throw new Error(`BENCH_DATABASES: "${name}" is neither sqlite nor postgres`);
if (DATABASES.includes("postgres") && !process.env.TEST_DATABASE_URL && !DATABASES.includes("sqlite"))
  throw new Error("BENCH_DATABASES=postgres needs TEST_DATABASE_URL");
const KEPT_SCHEMA = process.env.BENCH_PG_SCHEMA || undefined;
const root = path.resolve(import.meta.dirname, "..");

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
}
const { createApp, productionBuild } = (await import(path.join(root, "build/server/index.js"))) as ServerModule;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Times `fn`; what it returns, when a string, names the run among the slowest (printed for a row over its target). */
async function time(label: string, runs: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn(i); // warm up
  const samples: { ms: number; asked: unknown }[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const asked = await fn(i);
    samples.push({ ms: performance.now() - started, asked });
  }
  samples.sort((a, b) => a.ms - b.ms);
  const ms = samples.map((s) => s.ms);
  const slowest = samples
    .slice(-5)
    .reverse()
    .map((s) => `${s.ms.toFixed(1)} ms${typeof s.asked === "string" ? ` ${s.asked || "(no filter)"}` : ""}`);
  return { label, p50: percentile(ms, 50), p95: percentile(ms, 95), slowest };
}

async function bench(name: string, db: DB, dataDir: string) {
  console.log(
    `\n${name}: loading ${VEHICLES.toLocaleString("en-US")} vehicles and ${PARTS.toLocaleString("en-US")} parts...`,
  );
  const media = new MediaStore(localDriver(path.join(dataDir, "media")));
  const size = async (table: "vehicles" | "parts") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  if ((await size("vehicles")) === VEHICLES && (await size("parts")) === PARTS) {
    console.log(`kept from an earlier run (BENCH_PG_SCHEMA=${KEPT_SCHEMA})`);
  } else {
    if ((await size("vehicles")) > 0) throw new Error(`${name} holds stock of other sizes: drop its schema first`);
    const photos = await benchPhotos(media);
    const loadStarted = Date.now();
    await bulkInsertStock(db, { vehicles: VEHICLES, parts: PARTS, photos });
    // The state the shop's tables are kept in: SQLite's statistics; on PostgreSQL also the visibility map
    // autovacuum keeps, without which no count can read an index alone.
    await (dialectOf(db) === "postgres" ? sql`vacuum analyze` : sql`analyze`).execute(db);
    console.log(`loaded in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s`);
  }

  const rng = createRng(3);
  const makes = Object.keys(VEHICLE_MODELS);
  const words = ["hybrid", "diesel", "navigation", "corolla", "white", "4wd", "alloy", "serena", "camera", "towbar"];
  const maxId = Number(
    (
      await db
        .selectFrom("vehicles")
        .select((eb) => eb.fn.max("id").as("m"))
        .executeTakeFirstOrThrow()
    ).m,
  );
  const q = (qs: string) => readVehicleQuery(new URLSearchParams(qs));
  // A list with a country to import into reads the country's rule first, as the list page does (issue 22).
  const importList = async (qs: string) => {
    const query = q(qs);
    return searchVehicles(db, { ...query, filters: await resolveVehicleFilters(db, query.filters) });
  };

  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SESSION_SECRET: randomBytes(24).toString("hex"),
  });
  const { app } = createApp(
    { config, db, media, documents: new DocumentStore(localDriver(config.documentsDir)) },
    productionBuild,
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Each visit of home and the parts list is to an address of its own (see below).
  let visits = 0;
  const results = [
    await time("first list page", RUNS, () => searchVehicles(db, q(""))),
    await time("make + type filter", RUNS, () =>
      searchVehicles(db, q(`Make=${pick(rng, makes)}&Type=${pick(rng, VEHICLE_TYPES)}`)),
    ),
    await time("keyword", RUNS, async () => {
      const word = pick(rng, words);
      await searchVehicles(db, q(`Keyword=${word}`));
      return word;
    }),
    await time("price range, price sort", RUNS, () => {
      const from = Math.floor(rng() * 20) * 100_000;
      return searchVehicles(
        db,
        q(`PriceFrom=${from}&PriceTo=${from + 800_000}&Sort=${rng() < 0.5 ? "price_asc" : "price_desc"}`),
      );
    }),
    await time("import Kenya, newest", RUNS, () => importList("ImportTo=Kenya")),
    await time("import India, price sort", RUNS, () =>
      importList(`ImportTo=India&Sort=${rng() < 0.5 ? "price_asc" : "price_desc"}`),
    ),
    await time("import Kenya + make", RUNS, () => importList(`ImportTo=Kenya&Make=${pick(rng, makes)}`)),
    await time("make and type counts", RUNS, () => stockFacets(db, "vehicles")),
    // Issue 18.2: the menus count under the list's other filters (fuel, price, keyword...).
    await time("menu counts under filters", RUNS, async () => {
      const qs = pick(rng, [
        `Make=${pick(rng, makes)}&Fuel=diesel`,
        `Type=${pick(rng, VEHICLE_TYPES)}&PriceTo=1500000`,
        `Keyword=${pick(rng, words)}&Make=${pick(rng, makes)}`,
        `Transmission=manual&Color=Red`,
        `PriceFrom=${Math.floor(rng() * 20) * 100_000}`,
      ]);
      await menuCounts(db, "vehicles", q(qs).filters);
      return qs;
    }),
    await time("ways out of an empty list", RUNS, () =>
      waysOut(db, "vehicles", q(`Make=${pick(rng, makes)}&Fuel=electric&Color=Red&PriceTo=300000`).filters),
    ),
    await time("detail page data", RUNS, () => getVehicle(db, 1 + Math.floor(rng() * maxId))),
    await time("whole list response (HTTP)", RUNS, async () => {
      const qs = pick(rng, [
        "",
        `Make=${pick(rng, makes)}`,
        `Keyword=${pick(rng, words)}`,
        "Sort=price_asc",
        "Page=40",
      ]);
      const res = await fetch(`${base}/vehicles?${qs}`);
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      await res.text();
      return qs;
    }),
    // Home and the parts list read what is in stock (the search boxes' choices, 'Fits my car'); a new address
    // each run, so the page cache answers none.
    await time("home page (HTTP)", RUNS, async () => {
      const res = await fetch(`${base}/?visit=${visits++}`);
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      await res.text();
    }),
    await time("parts list (HTTP)", RUNS, async () => {
      const res = await fetch(`${base}/parts?visit=${visits++}`);
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      await res.text();
    }),
    // Many addresses (country, order, page), so that few are answered from the 5-second page cache.
    await time("whole list, import filter (HTTP)", RUNS, async () => {
      const country = pick(rng, ["Kenya", "India", "Vietnam", "Uganda"]);
      const qs = `ImportTo=${country}&Sort=${pick(rng, SORTS)}&Page=${1 + Math.floor(rng() * 10)}`;
      const res = await fetch(`${base}/vehicles?${qs}`);
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      await res.text();
      return qs;
    }),
  ];
  server.close();

  console.log(`\n${name}, ${RUNS} runs each              p50 (ms)   p95 (ms)   target p95`);
  for (const r of results) {
    // A whole page over HTTP has the answer's target; a query, a query's.
    const target = r.label.endsWith("(HTTP)") ? 50 : 20;
    const mark = r.p95 <= target ? "ok" : "OVER";
    console.log(
      `  ${r.label.padEnd(36)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(10)}   ${String(target).padStart(4)} ms ${mark}`,
    );
    if (mark === "OVER") console.log(`    slowest: ${r.slowest.join("; ")}`);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
try {
  if (DATABASES.includes("sqlite")) {
    const sqlite = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "bench.sqlite") });
    await migrateToLatest(sqlite);
    await bench("SQLite", sqlite, dataDir);
    await sqlite.destroy();
  }

  const url = process.env.TEST_DATABASE_URL;
  if (url && DATABASES.includes("postgres"))
    await onFreshPostgres(url, (postgres) => bench("PostgreSQL", postgres, dataDir), KEPT_SCHEMA);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
