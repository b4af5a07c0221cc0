import { withDatabase } from "./cli";

// Migrations run inside withDatabase; running this twice does nothing the second time.
await withDatabase(async (_db, config) => {
  console.log(`Database is up to date (${config.database.dialect}).`);
});
