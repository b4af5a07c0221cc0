import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { routeContext } from "../../../tests/support/route-context";
import { loadConfig } from "~/config.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import { setFavourite } from "~/domain/accounts/favourites.server";
import { startCustomerSession } from "~/domain/accounts/sessions.server";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { loader } from "./favorites";

/*
 * /favorites pages ten at a time. Asked for a page past the end (a favourite
 * removed since the link was made), it shows the last page, not an empty one
 * (issue 19: the account lists did not clamp the page as the other lists do).
 */

let t: TestDb;
let cookie: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "favorites-test-"));
const config = () => loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", PUBLIC_URL: "http://shop.example" });

beforeAll(async () => {
  t = await createTestDb();
  const buyer = (await createCustomer(t.db, {
    email: "pages@example.lk",
    password: "a long enough password",
    fullName: "Pages",
    country: "Sri Lanka",
    phone: "+94 77 9",
  }))!;
  const rng = createRng(8);
  for (let i = 0; i < 12; i++) {
    const v = await createVehicle(t.db, vehicleFactory(rng, i), [], { kind: "system", id: null });
    await setFavourite(t.db, buyer.id, "vehicle", v.id, true);
  }
  const setCookie = await startCustomerSession({ db: t.db, config: config() } as never, buyer.id);
  cookie = setCookie.split(";")[0]!;
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function page(search: string) {
  const ctx = routeContext(config(), t.db, "192.0.2.9");
  const request = new Request(`http://shop.example/favorites${search}`, { headers: { Cookie: cookie } });
  return (await loader({ request, context: ctx, params: {} } as never)) as {
    signedIn: boolean;
    items?: unknown[];
    page?: number;
    pageCount?: number;
  };
}

describe("/favorites", () => {
  it("shows the last page when asked for one past the end, and the first for a page that is no number", async () => {
    expect(await page("")).toMatchObject({ signedIn: true, page: 1, pageCount: 2 });
    const past = await page("?Page=9");
    expect(past).toMatchObject({ page: 2, pageCount: 2 });
    expect(past.items).toHaveLength(2);
    expect(await page("?Page=1e3")).toMatchObject({ page: 1 });
  });
});
