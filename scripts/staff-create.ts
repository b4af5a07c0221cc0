import { stdin, stdout } from "node:process";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { clearTwoFactor } from "~/domain/staff/two-factor.server";
import { withDatabase } from "./cli";

/*
 * `npm run staff:create` creates a staff account, or sets a new password on an
 * existing one (which ends its sessions). Takes --id and --password, or asks.
 * A password given on the command line stays in the shell history: prefer asking.
 *
 * `npm run staff:create -- --id owner --turn-off-two-factor` turns two-step
 * sign-in off for a staff member who lost both phone and recovery codes.
 */

const { values } = parseArgs({
  options: { id: { type: "string" }, password: { type: "string" }, "turn-off-two-factor": { type: "boolean" } },
});

if (values["turn-off-two-factor"]) {
  const adminId = values.id ?? "";
  await withDatabase(async (db) => {
    const staff = await db.selectFrom("staff").select("id").where("admin_id", "=", adminId).executeTakeFirst();
    if (!staff) {
      console.error(`No staff account ${JSON.stringify(adminId)}.`);
      process.exitCode = 1;
      return;
    }
    await clearTwoFactor(db, staff.id, { kind: "system", id: null }, adminId);
    console.log(`Two-step sign-in turned off for ${adminId}; the password alone signs in again.`);
  });
  process.exit();
}

// One reader for every question, so answers piped in arrive in order.
const rl = readline.createInterface({ input: stdin, output: stdout, terminal: stdin.isTTY });
const lines = rl[Symbol.asyncIterator]();

async function ask(question: string, hidden = false): Promise<string> {
  stdout.write(question);
  const output = rl as unknown as { _writeToOutput?: (s: string) => void };
  const mute = hidden && stdin.isTTY && typeof output._writeToOutput === "function";
  const write = output._writeToOutput;
  // While a password is typed at a terminal, nothing is shown.
  if (mute) output._writeToOutput = () => {};
  const next = await lines.next();
  if (mute) {
    output._writeToOutput = write;
    stdout.write("\n");
  }
  return typeof next.value === "string" ? next.value.trim() : "";
}

const adminId = values.id ?? (await ask("Admin ID: "));
if (!/^[A-Za-z0-9._-]{3,64}$/.test(adminId)) {
  rl.close();
  console.error("The Admin ID must be 3 to 64 letters, digits, dots, dashes or underscores.");
  process.exit(1);
}
const password = values.password ?? (await ask("Password (8 to 128 characters): ", true));
if (password.length < 8 || password.length > 128) {
  rl.close();
  console.error("The password must be 8 to 128 characters long.");
  process.exit(1);
}
rl.close();
await withDatabase(async (db) => {
  const outcome = await ensureStaffAccount(db, adminId, password);
  console.log(
    outcome === "created"
      ? `Staff account ${adminId} created.`
      : `New password set for ${adminId}; its sessions have ended.`,
  );
});
