import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DB, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { confirmImport, getImport, stageImport } from "~/domain/stock-io/stock-import.server";
import { onFreshPostgres } from "./bench-postgres";
import { photoZip, vehicleFile } from "./bench-stock-file";

/*
 * How long a stock file takes to preview and to import (issue 23: 5,000 rows
 * in under a minute on this machine), on SQLite and, when TEST_DATABASE_URL
 * is set, on PostgreSQL: a file of 5,000 new vehicles, the same file again
 * (all unchanged), the file with every price changed (5,000 updates), and 40
 * vehicles with 12 photos each in a ZIP.
 *
 *   npm run bench:import            (ROWS=5000 by default)
 */

const ROWS = Number(process.env.ROWS ?? 5000);
const staff = { id: 1, adminId: "bench" };

async function run(db: DB, media: MediaStore, documents: DocumentStore, file: Buffer, zip: Buffer | null) {
  const services = { db, media, documents };
  let started = performance.now();
  const staged = await stageImport(
    services,
    staff,
    "vehicle",
    { name: "bench.csv", data: file },
    zip && { name: "p.zip", data: zip },
  );
  if (!staged.ok) throw new Error(JSON.stringify(staged.problem));
  const previewMs = performance.now() - started;
  started = performance.now();
  const confirmed = await confirmImport(services, staff, staged.id);
  if (!confirmed.ok) throw new Error("not confirmed");
  await confirmed.run;
  const importMs = performance.now() - started;
  const view = (await getImport(db, staged.id))!;
  if (view.status !== "done") throw new Error(`import ${view.status}: ${JSON.stringify(view.result?.problem)}`);
  return { previewMs, importMs, result: view.result! };
}

async function bench(name: string, db: DB, dir: string) {
  const media = new MediaStore(localDriver(path.join(dir, "media")));
  const documents = new DocumentStore(localDriver(path.join(dir, "documents")));
  const row = (label: string, r: Awaited<ReturnType<typeof run>>) =>
    console.log(
      `${name.padEnd(10)} ${label.padEnd(34)} preview ${(r.previewMs / 1000).toFixed(1).padStart(5)} s  import ${(r.importMs / 1000).toFixed(1).padStart(5)} s  (${r.result.created} new, ${r.result.updated} updated, ${r.result.unchanged} unchanged, ${r.result.photos} photos)`,
    );
  row(`${ROWS} new vehicles`, await run(db, media, documents, vehicleFile(ROWS, 0), null));
  row("the same file again", await run(db, media, documents, vehicleFile(ROWS, 0), null));
  row(`${ROWS} prices changed`, await run(db, media, documents, vehicleFile(ROWS, 1000), null));
  const zip = await photoZip(40, "P");
  row("40 vehicles with 12 photos each", await run(db, media, documents, vehicleFile(40, 0, "P"), zip));
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
try {
  const sqlite = openDatabase({ dialect: "sqlite", file: path.join(dir, "bench.sqlite") });
  await migrateToLatest(sqlite);
  await bench("SQLite", sqlite, path.join(dir, "sqlite"));
  await sqlite.destroy();
  const url = process.env.TEST_DATABASE_URL;
  if (url) await onFreshPostgres(url, (postgres) => bench("PostgreSQL", postgres, path.join(dir, "pg")));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
