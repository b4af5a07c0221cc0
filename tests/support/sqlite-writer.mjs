// A second process that keeps writing to a shop database (one row per transaction),
// as the running shop would while a backup is taken. Prints the rows it has committed.
import SQLite from "better-sqlite3";

const [file, ms = "4000"] = process.argv.slice(2);
const db = new SQLite(file);
db.pragma("journal_mode = WAL");
db.pragma("busy_timeout = 5000");
const insert = db.prepare(
  "INSERT INTO activity_log (created_at, actor_kind, actor_id, action, subject_kind, subject_id, summary) VALUES (?, 'system', NULL, 'test.write', NULL, NULL, ?)",
);
const until = Date.now() + Number(ms);
let committed = 0;
while (Date.now() < until) {
  insert.run(new Date().toISOString(), `write ${committed + 1}`);
  committed++;
  if (committed % 100 === 0) {
    process.stdout.write(`${committed}\n`);
    await new Promise((r) => setImmediate(r));
  }
}
process.stdout.write(`done ${committed}\n`);
db.close();
