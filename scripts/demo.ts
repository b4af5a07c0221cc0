import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DEMO_CUSTOMER, DEMO_STAFF, hasStock, seedDemo, seedFreightPorts } from "~/db/seed/seed.server";
import { seedCompany } from "~/domain/settings/company.server";
import { seedDemoBank } from "~/db/seed/demo-bank.server";
import { seedLandedSamples } from "~/db/seed/demo-landed.server";
import { seedReplyTemplates } from "~/domain/sale/reply-templates.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { seedDemoOrders } from "~/db/seed/demo-orders.server";
import { seedDemoSheets } from "~/db/seed/demo-sheets.server";
import { seedDemoBooks } from "~/db/seed/demo-books.server";
import { documentStoreFor } from "~/domain/media/document-store.server";
import { withDatabase } from "./cli";

/*
 * `npm run demo`: builds if needed, prepares ./data/demo (or DATA_DIR), fills an
 * empty shop with demo stock, starts the shop and prints where and how to sign in.
 */

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const serverBuild = path.join(root, "build/server/index.js");
const sources = Math.max(newestChange(path.join(root, "app")), newestChange(path.join(root, "server")));
if (!fs.existsSync(serverBuild) || fs.statSync(serverBuild).mtimeMs < sources) {
  console.log("Building the shop...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = "production";
process.env.DATA_DIR ??= "./data/demo";
fs.mkdirSync(process.env.DATA_DIR, { recursive: true });
if (!process.env.SESSION_SECRET) {
  // A secret of the demo's own, kept beside its data so sessions survive a restart.
  const file = path.join(process.env.DATA_DIR, ".session-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  process.env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}

await withDatabase(async (db, config) => {
  // A demo folder from before the freight table, the Company screen, reply templates and auction sheets gets their demo rows too.
  if (await hasStock(db)) {
    await seedFreightPorts(db);
    await seedCompany(db);
    await seedDemoBank(db);
    await seedReplyTemplates(db);
    await seedLandedSamples(db);
    // Sheets first: an invoice names the vehicle's proof pack as it stands when issued.
    await seedDemoSheets(db, documentStoreFor(config));
    await seedDemoOrders(db, config, documentStoreFor(config));
    await seedDemoBooks(db, documentStoreFor(config));
    return;
  }
  console.log("Adding demo stock with photos (about a minute, once)...");
  const started = Date.now();
  const { vehicles, parts } = await seedDemo(db, new MediaStore(localDriver(config.mediaDir)));
  console.log(
    `Added ${vehicles.length} vehicles and ${parts.length} parts in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
  await seedDemoSheets(db, documentStoreFor(config));
  await seedDemoOrders(db, config, documentStoreFor(config));
  await seedDemoBooks(db, documentStoreFor(config));
});

const { start } = (await import(serverBuild)) as { start: () => Promise<{ services: { config: { publicUrl: URL } } }> };
const { services } = await start();
console.log(`
  The shop is open at ${services.config.publicUrl.href}
  Buyer login:  ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}
  Staff login:  ${services.config.publicUrl.origin}/admin/login  ${DEMO_STAFF.adminId} / ${DEMO_STAFF.password}
  Data folder:  ${path.resolve(process.env.DATA_DIR)}
  Stop with Ctrl+C.
`);
