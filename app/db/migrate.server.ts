import { type Kysely, sql } from "kysely";
import { type Migration, type MigrationResultSet, Migrator } from "kysely/migration";
import { log } from "~/utils/log.server";
import { dialectOf } from "./db.server";
import * as initial from "./migrations/2026-11-21-01-initial";
import * as listSearch from "./migrations/2026-11-21-02-list-search";
import * as staffTwoFactor from "./migrations/2026-11-21-03-staff-two-factor";
import * as buyerTools from "./migrations/2026-11-21-04-buyer-tools";
import * as listPlans from "./migrations/2026-11-23-01-list-plans";
import * as partsYear from "./migrations/2026-11-23-02-parts-year";
import * as quoteQuantity from "./migrations/2026-11-23-03-quote-quantity";
import * as findRequests from "./migrations/2026-11-23-04-find-requests";
import * as partFavourites from "./migrations/2026-11-24-01-part-favourites";
import * as menuCountIndexes from "./migrations/2026-11-24-02-menu-count-indexes";
import * as facetsUnsold from "./migrations/2026-11-24-03-facets-unsold";
import * as deals from "./migrations/2026-11-24-04-deals";
import * as orders from "./migrations/2026-11-24-05-orders";
import * as importRules from "./migrations/2026-11-25-01-import-rules";
import * as importIndexes from "./migrations/2026-11-25-02-import-indexes";
import * as partFitment from "./migrations/2026-11-26-01-part-fitment";
import * as stockImports from "./migrations/2026-11-26-02-stock-imports";
import * as modelPriceIndex from "./migrations/2026-11-27-01-model-price-index";
import * as orderIndexes from "./migrations/2026-11-28-01-order-indexes";
import * as importMakeIndexes from "./migrations/2026-11-29-01-import-make-indexes";
import * as offerImportOverride from "./migrations/2026-11-30-01-offer-import-override";
import * as invoicePdfKept from "./migrations/2026-12-02-01-invoice-pdf-kept";
import * as partDealsDue from "./migrations/2026-12-02-02-part-deals-due";
import * as mailDigests from "./migrations/2026-12-02-11-mail-digests";
import * as orderParties from "./migrations/2026-12-02-21-order-parties";
import * as partyChanges from "./migrations/2026-12-02-31-party-changes";
import * as importRulesChecks from "./migrations/2026-12-03-01-import-rules-checks";
import * as portInspection from "./migrations/2026-12-03-02-port-inspection";
import * as landedTables from "./migrations/2026-12-03-03-landed-tables";
import * as ruleRegimes from "./migrations/2026-12-03-04-rule-regimes";
import * as importUnsold from "./migrations/2026-12-03-05-import-unsold";
import * as vehiclePapers from "./migrations/2026-12-03-06-vehicle-papers";
import * as paperReadings from "./migrations/2026-12-03-07-paper-readings";
import * as proofPacks from "./migrations/2026-12-03-08-proof-packs";
import * as orderPhotos from "./migrations/2026-12-03-09-order-photos";
import * as sheetFilters from "./migrations/2026-12-03-10-sheet-filters";
import * as purchaseRecords from "./migrations/2026-12-03-11-purchase-records";
import * as exportPapers from "./migrations/2026-12-03-12-export-papers";
import * as invoiceFiles from "./migrations/2026-12-03-13-invoice-files";
import * as importPriceIndexes from "./migrations/2026-12-04-01-import-price-indexes";
import * as menuCountCovering from "./migrations/2026-12-04-02-menu-count-covering";
import * as keywordText from "./migrations/2026-12-04-03-keyword-text";
import * as importPriceIndexesSqlite from "./migrations/2026-12-04-04-import-price-indexes-sqlite";
import * as menuCountCoveringSqlite from "./migrations/2026-12-04-05-menu-count-covering-sqlite";
import * as fitmentSpellings from "./migrations/2026-12-05-01-fitment-spellings";
import * as ownerCounts from "./migrations/2026-12-05-02-owner-counts";
import * as ownerSearch from "./migrations/2026-12-05-03-owner-search";
import * as keywordStatistics from "./migrations/2026-12-05-04-keyword-statistics";

// Listed here rather than read from a folder so that the server bundle carries
// them. Names sort in the order they must run.
const migrations: Record<string, Migration> = {
  "2026-11-21-01-initial": initial,
  "2026-11-21-02-list-search": listSearch,
  "2026-11-21-03-staff-two-factor": staffTwoFactor,
  "2026-11-21-04-buyer-tools": buyerTools,
  "2026-11-23-01-list-plans": listPlans,
  "2026-11-23-02-parts-year": partsYear,
  "2026-11-23-03-quote-quantity": quoteQuantity,
  "2026-11-23-04-find-requests": findRequests,
  "2026-11-24-01-part-favourites": partFavourites,
  "2026-11-24-02-menu-count-indexes": menuCountIndexes,
  "2026-11-24-03-facets-unsold": facetsUnsold,
  "2026-11-24-04-deals": deals,
  "2026-11-24-05-orders": orders,
  "2026-11-25-01-import-rules": importRules,
  "2026-11-25-02-import-indexes": importIndexes,
  "2026-11-26-01-part-fitment": partFitment,
  "2026-11-26-02-stock-imports": stockImports,
  "2026-11-27-01-model-price-index": modelPriceIndex,
  "2026-11-28-01-order-indexes": orderIndexes,
  "2026-11-29-01-import-make-indexes": importMakeIndexes,
  "2026-11-30-01-offer-import-override": offerImportOverride,
  "2026-12-02-01-invoice-pdf-kept": invoicePdfKept,
  "2026-12-02-02-part-deals-due": partDealsDue,
  "2026-12-02-11-mail-digests": mailDigests,
  "2026-12-02-21-order-parties": orderParties,
  "2026-12-02-31-party-changes": partyChanges,
  "2026-12-03-01-import-rules-checks": importRulesChecks,
  "2026-12-03-02-port-inspection": portInspection,
  "2026-12-03-03-landed-tables": landedTables,
  "2026-12-03-04-rule-regimes": ruleRegimes,
  "2026-12-03-05-import-unsold": importUnsold,
  "2026-12-03-06-vehicle-papers": vehiclePapers,
  "2026-12-03-07-paper-readings": paperReadings,
  "2026-12-03-08-proof-packs": proofPacks,
  "2026-12-03-09-order-photos": orderPhotos,
  "2026-12-03-10-sheet-filters": sheetFilters,
  "2026-12-03-11-purchase-records": purchaseRecords,
  "2026-12-03-12-export-papers": exportPapers,
  "2026-12-03-13-invoice-files": invoiceFiles,
  "2026-12-04-01-import-price-indexes": importPriceIndexes,
  "2026-12-04-02-menu-count-covering": menuCountCovering,
  "2026-12-04-03-keyword-text": keywordText,
  "2026-12-04-04-import-price-indexes-sqlite": importPriceIndexesSqlite,
  "2026-12-04-05-menu-count-covering-sqlite": menuCountCoveringSqlite,
  "2026-12-05-01-fitment-spellings": fitmentSpellings,
  "2026-12-05-02-owner-counts": ownerCounts,
  "2026-12-05-03-owner-search": ownerSearch,
  "2026-12-05-04-keyword-statistics": keywordStatistics,
};

/** The shop's migrator, for bringing a database forward or (to undo a release) back. */
export async function migratorFor(db: Kysely<any>): Promise<Migrator> {
  // On PostgreSQL the migrator's own tables go in the current schema by name:
  // left unnamed, it may find another schema's tables and skip making its own.
  const schema =
    dialectOf(db) === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Brings the database to the latest schema. Running it again does nothing. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = await migratorFor(db);
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  const done = (result.results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  // A table written afresh has lost its map of all-visible pages; VACUUM cannot run inside the migrations'
  // transaction. Its failure stops nothing: the lists are right without it, counts from an index alone slower.
  const written = done.flatMap((name) => (migrations[name] as { VACUUM_AFTER?: string[] }).VACUUM_AFTER ?? []);
  if (dialectOf(db) === "postgres")
    for (const table of new Set(written))
      await sql
        .raw(`vacuum analyze ${table}`)
        .execute(db)
        .catch((error: unknown) =>
          log("warn", `vacuum after migrating failed: run "vacuum analyze ${table}" by hand`, { error: String(error) }),
        );
  return done;
}
