import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { loadConfig } from "~/config.server";
import { seedDemoBank } from "~/db/seed/demo-bank.server";
import { addFreightPort } from "~/domain/freight/freight.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { orderLinkPath } from "~/domain/sale/order-links.server";
import * as orderRoute from "~/routes/account/order";
import { acceptedDeal } from "../tests/support/orders";
import { rawHttp } from "../tests/support/raw-http";
import { createTestDb, type TestDb } from "../tests/support/test-db";
import { createApp } from "./app";
import { FORM_BODY_LIMIT } from "./request-handler";

/*
 * An upload refused for its declared size is answered before its body is read,
 * and the answer ends the connection and says so (issue 40): the shop's
 * server with the buyer's real order route, in a build of two routes made
 * here (no production build), spoken to over a raw socket that sends the
 * headers and only the first bytes of a body it says is far larger.
 */

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const OWNER = "owner@shop.example";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-upload-"));
let t: TestDb;
let server: Server;
let base: string;
let orderPath: string;

/** The least a ServerBuild needs to answer a form: the buyer's order page, a small form, and a page that is only its status. */
function twoRouteBuild(): ServerBuild {
  const nothing = () => null;
  return {
    routes: {
      root: { id: "root", path: "", module: { default: nothing } },
      "routes/account/order": {
        id: "routes/account/order",
        parentId: "root",
        path: "orders/:number",
        module: orderRoute,
      },
      "routes/form": {
        id: "routes/form",
        parentId: "root",
        path: "form",
        module: { action: () => new Response("taken"), default: nothing },
      },
    },
    entry: {
      module: { default: (_r: Request, status: number, headers: Headers) => new Response("page", { status, headers }) },
    },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {
        root: { id: "root", module: "/root.js", hasAction: false, hasLoader: false },
        "routes/account/order": {
          id: "routes/account/order",
          parentId: "root",
          path: "orders/:number",
          module: "/order.js",
          hasAction: true,
          hasLoader: true,
        },
        "routes/form": { id: "routes/form", parentId: "root", path: "form", module: "/form.js", hasAction: true },
      },
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: dataDir,
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
    basename: "/",
  } as unknown as ServerBuild;
}

beforeAll(async () => {
  t = await createTestDb();
  await addFreightPort(
    t.db,
    { id: 1, adminId: "setup" },
    { country: "Sri Lanka", port: "Colombo", small: 90_000, medium: 120_000, large: 180_000, insurance: 150 },
  );
  await seedDemoBank(t.db);
  // Whether the destination takes the vehicle is not what this test is about: no import rule for it.
  await t.db.deleteFrom("import_rules").where("country", "=", "Sri Lanka").execute();
  const { number } = await acceptedDeal(
    t.db,
    { dataDir, secret: SECRET, ownerEmail: OWNER },
    { customerId: null, name: "Amal Perera", email: "amal@example.lk", key: "upload-refused-0001", vehicleName: "Car" },
  );
  orderPath = orderLinkPath(SECRET, number);
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", SESSION_SECRET: SECRET, OWNER_EMAIL: OWNER });
  const { app } = createApp(
    {
      config,
      db: t.db,
      media: new MediaStore(localDriver(config.mediaDir)),
      documents: new DocumentStore(localDriver(config.documentsDir)),
    },
    twoRouteBuild(),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await t.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A POST that says its body is `declared` bytes and sends only its first part, then waits. */
function postPartly(pathAndQuery: string, type: string, declared: number, first: string, connection = "keep-alive") {
  return (
    `POST ${pathAndQuery} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: ${connection}\r\n` +
    `Content-Type: ${type}\r\nContent-Length: ${declared}\r\n\r\n${first}`
  );
}

const MULTIPART = "multipart/form-data; boundary=xyz";
const FILE_PART =
  '--xyz\r\nContent-Disposition: form-data; name="receipt"; filename="r.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';

describe("an upload too large by its Content-Length", () => {
  it("a receipt of 60 MB is answered 413 before its body comes, with Connection: close, and nothing is kept", async () => {
    const answer = await rawHttp(base, postPartly(orderPath, MULTIPART, 60 * 1024 * 1024, FILE_PART), 4000);
    expect(answer.status).toBe(413);
    expect(answer.head).toMatch(/^connection: close$/im);
    // The server ended the connection itself: the client did not have to time out.
    expect(answer.closed).toBe(true);
    expect(await t.db.selectFrom("order_documents").select("id").execute()).toEqual([]);
  });

  it("a small form past the shop's form limit is answered 413 with Connection: close", async () => {
    const type = "application/x-www-form-urlencoded";
    const answer = await rawHttp(base, postPartly("/form", type, FORM_BODY_LIMIT * 4, "a=1&b="), 4000);
    expect(answer.status).toBe(413);
    expect(answer.head).toMatch(/^connection: close$/im);
    expect(answer.closed).toBe(true);
  });

  it("a form within its limits is answered on a connection kept open", async () => {
    const body = "a=1";
    const message = postPartly("/form", "application/x-www-form-urlencoded", body.length, body);
    const answer = await rawHttp(base, message, 1000);
    expect(answer.status).toBe(200);
    expect(answer.head).toMatch(/^connection: keep-alive$/im);
  });
});

describe("receipt uploads counted per order", () => {
  it("past 10 an hour the order's page answers 429 with Retry-After, before reading the upload", async () => {
    // The 60 MB try above counted: nine more are taken (refused as empty: counted all the same).
    const empty = `${FILE_PART}\r\n--xyz--\r\n`;
    for (let i = 0; i < 9; i++) {
      const answer = await rawHttp(base, postPartly(orderPath, MULTIPART, empty.length, empty, "close"), 4000);
      expect(answer.status, `upload ${i}`).toBe(400);
    }
    const refused = await rawHttp(base, postPartly(orderPath, MULTIPART, 5 * 1024 * 1024, FILE_PART), 4000);
    expect(refused.status).toBe(429);
    expect(Number(/^retry-after: (\d+)$/im.exec(refused.head)?.[1])).toBeGreaterThan(3000);
  });
});
