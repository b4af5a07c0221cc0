import fs from "node:fs";
import { parseArgs } from "node:util";
import { databaseTarget } from "~/config.server";
import { openDatabase } from "~/db/db.server";
import { copyShop, TargetNotEmptyError } from "~/domain/ops/copy.server";

/*
 * npm run db:copy -- --from sqlite:./data/shop.sqlite --to postgres://user@host:5432/shop
 *
 * Copies every table of an embedded shop into an empty PostgreSQL database in
 * one transaction, refuses a target that holds any row, and prints the row
 * counts on both sides. Stop the shop first: what it writes during the copy
 * would not be in the copy.
 */

const { values } = parseArgs({ options: { from: { type: "string" }, to: { type: "string" } } });
const from = values.from ? databaseTarget(values.from) : null;
const to = values.to ? databaseTarget(values.to) : null;
if (from?.dialect !== "sqlite" || to?.dialect !== "postgres") {
  console.error("Usage: npm run db:copy -- --from sqlite:<file> --to postgres://user:password@host:5432/database");
  process.exit(1);
}
if (!fs.existsSync(from.file)) {
  console.error(`No database file at ${from.file}.`);
  process.exit(1);
}

const source = openDatabase(from);
const target = openDatabase(to, { poolSize: 2 });
const started = Date.now();
try {
  const counts = await copyShop(source, target, (line) => console.log(`  ${line}`));
  console.table(counts.map((c) => ({ table: c.table, sqlite: c.source, postgresql: c.target })));
  const different = counts.filter((c) => c.source !== c.target);
  if (different.length > 0) {
    console.error(`Row counts differ in ${different.map((c) => c.table).join(", ")}.`);
    process.exitCode = 1;
  } else {
    console.log(`Copied in ${((Date.now() - started) / 1000).toFixed(1)} s. Every table has the same number of rows.`);
  }
} catch (error) {
  console.error(
    error instanceof TargetNotEmptyError ? error.message : `Copy failed, nothing was written: ${String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await source.destroy();
  await target.destroy();
}
