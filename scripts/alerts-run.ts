import { alertRunOptions, runSearchAlerts } from "~/domain/alerts/alert-run.server";
import { withDatabase } from "./cli";

// One run of the saved-search alerts (the shop also runs them every ALERTS_EVERY_MINUTES).
// The mails go into the outbox; a running shop sends them within seconds.
await withDatabase(async (db, config) => {
  const result = await runSearchAlerts(db, alertRunOptions(config));
  console.log(`Saved searches checked: ${result.checked}; alert mails queued: ${result.mailed}.`);
});
