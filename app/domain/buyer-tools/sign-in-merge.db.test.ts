import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { routeContext } from "../../../tests/support/route-context";
import { loadConfig } from "~/config.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { action as login } from "~/routes/account/login";
import { action as register } from "~/routes/account/register";
import { RECENT_FIELD } from "./recent";
import { recentVehicles, recordView } from "./recent.server";

/* The sign-in and registration forms carry the browser's list; the actions merge it, trusting nothing else. */

let t: TestDb;
let v: number[];
let bystander: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recent-merge-test-"));

beforeAll(async () => {
  t = await createTestDb();
  const rng = createRng(3);
  v = [];
  for (let i = 0; i < 6; i++) {
    v.push((await createVehicle(t.db, vehicleFactory(rng, i), [], { kind: "system", id: null })).id);
  }
  await createCustomer(t.db, {
    email: "kamal@example.lk",
    password: "kamal's password",
    fullName: "Kamal",
    country: "Sri Lanka",
    phone: "+94 77 5",
  });
  bystander = (await createCustomer(t.db, {
    email: "bystander@example.lk",
    password: "bystander password",
    fullName: "Other",
    country: "Sri Lanka",
    phone: "+94 77 6",
  }))!.id;
  await recordView(t.db, bystander, v[5]!);
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const context = () => routeContext(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }), t.db);

async function post(fn: (args: never) => Promise<unknown>, url: string, fields: Record<string, string>) {
  const request = new Request(`http://shop.test${url}`, { method: "POST", body: new URLSearchParams(fields) });
  try {
    return (await fn({ request, context: context(), params: {} } as never)) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}

const customerId = async (email: string) =>
  (await t.db.selectFrom("customers").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

describe("merging the browser's recently viewed list", () => {
  it("at sign-in: the browser's vehicles first, junk and unknown ids ignored, another buyer untouched", async () => {
    const kamal = await customerId("kamal@example.lk");
    await recordView(t.db, kamal, v[0]!);
    const res = await post(login, "/login", {
      email: "kamal@example.lk",
      password: "kamal's password",
      redirectTo: "/account",
      [RECENT_FIELD]: `${v[2]},junk,${v[1]},0,424242,${v[2]}`,
    });
    expect(res.status).toBe(302);
    expect((await recentVehicles(t.db, kamal)).map((c) => c.id)).toEqual([v[2], v[1], v[0]]);
    expect((await recentVehicles(t.db, bystander)).map((c) => c.id)).toEqual([v[5]]);
  });

  it("a failed sign-in merges nothing", async () => {
    const kamal = await customerId("kamal@example.lk");
    const res = await post(login, "/login", {
      email: "kamal@example.lk",
      password: "not the password",
      [RECENT_FIELD]: `${v[4]}`,
    });
    // A form error is `data(…, { status: 400 })`, not a Response.
    expect((res as unknown as { init: { status: number } }).init.status).toBe(400);
    expect((await recentVehicles(t.db, kamal)).map((c) => c.id)).not.toContain(v[4]);
  });

  it("at registration: the new buyer's list starts with the browser's", async () => {
    const res = await post(register, "/register", {
      fullName: "Dilani Silva",
      country: "Sri Lanka",
      phone: "+94 71 234 5678",
      email: "dilani@example.lk",
      password: "dilani's long password",
      confirmPassword: "dilani's long password",
      [RECENT_FIELD]: `${v[3]},${v[4]},not-a-number`,
    });
    expect(res.status).toBe(302);
    const dilani = await customerId("dilani@example.lk");
    expect((await recentVehicles(t.db, dilani)).map((c) => c.id)).toEqual([v[3], v[4]]);
  });
});
