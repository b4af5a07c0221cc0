import os from "node:os";

/*
 * How many test files run at once (vitest.config.ts), and so how many shops
 * the browser tests start. Most files wait on a database, a browser or a shop
 * more than they compute, so one more than the cores keeps both busy.
 * TEST_WORKERS sets it.
 */
export function testWorkers(): number {
  const asked = Number(process.env.TEST_WORKERS);
  return Number.isInteger(asked) && asked > 0 ? asked : os.availableParallelism() + 1;
}
