import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { seedFreightPorts } from "~/db/seed/seed.server";
import { routeContext } from "../../../tests/support/route-context";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { action } from "./preferences";

/*
 * The buyer's settings as /preferences remembers them (issue 44.1 and 44.2):
 * the place form's country, port and currency, and a list's layout.
 */

let t: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "preferences-test-"));
beforeAll(async () => {
  t = await createTestDb();
  await seedFreightPorts(t.db);
});
afterAll(async () => {
  await t?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const portId = async (port: string) =>
  (await t.db.selectFrom("freight_ports").select("id").where("port", "=", port).executeTakeFirstOrThrow()).id;

/** The answer's redirect and the cookies it sets, by name ("" for one cleared). */
async function send(fields: Record<string, string>) {
  const request = new Request("http://shop.test/preferences", { method: "POST", body: new URLSearchParams(fields) });
  const context = routeContext(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }), t.db);
  const response = (await action({ request, context, params: {} } as never)) as Response;
  const cookies = Object.fromEntries(
    response.headers.getSetCookie().map((c) => {
      const [pair, ...attributes] = c.split(";");
      const [name, value] = pair!.split("=");
      return [name, attributes.some((a) => /max-age=0/i.test(a)) ? "" : decodeURIComponent(value!)];
    }),
  );
  return { status: response.status, location: response.headers.get("Location"), cookies };
}

describe("the place form", () => {
  it("a first country brings its port; the currency may follow the country", async () => {
    const mombasa = await portId("Mombasa");
    const got = await send({
      redirectTo: "/vehicles?Make=Toyota",
      importCountry: "Kenya",
      countryWas: "",
      port: "",
      portWas: "",
      currency: "",
    });
    expect(got.status).toBe(302);
    expect(got.location).toBe("/vehicles?Make=Toyota");
    expect(got.cookies).toEqual({ currency: "", port: String(mombasa), import_country: "Kenya" });
  });

  it("a landlocked country keeps the neighbour's port; a port chosen in the same form is kept", async () => {
    const mombasa = String(await portId("Mombasa"));
    const dar = String(await portId("Dar es Salaam"));
    const uganda = await send({ importCountry: "Uganda", countryWas: "Kenya", port: mombasa, portWas: mombasa });
    expect(uganda.cookies).toMatchObject({ port: mombasa, import_country: "Uganda" });
    const chosen = await send({ importCountry: "Kenya", countryWas: "Uganda", port: dar, portWas: mombasa });
    expect(chosen.cookies).toMatchObject({ port: dar, import_country: "Kenya" });
    expect(chosen.location).toBe("/");
  });

  it("a currency named is kept; one the shop does not offer, and a way back to another site, are not", async () => {
    const got = await send({ currency: "USD", redirectTo: "//evil.example/x" });
    expect(got.cookies).toEqual({ currency: "USD" });
    expect(got.location).toBe("/");
    expect((await send({ currency: "XYZ" })).cookies).toEqual({});
  });
});

describe("a list's layout", () => {
  it("is remembered as grid or list, and nothing else", async () => {
    expect((await send({ view: "list", redirectTo: "/parts" })).cookies).toEqual({ view: "list" });
    expect((await send({ view: "grid" })).cookies).toEqual({ view: "grid" });
    expect((await send({ view: "<b>" })).cookies).toEqual({});
  });
});
