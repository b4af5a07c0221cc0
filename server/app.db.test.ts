import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { createTestDb } from "../tests/support/test-db";
import { createApp } from "./app";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-app-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("/healthz", () => {
  it("answers 200 while the database answers and 503 once it does not", async () => {
    const t = await createTestDb();
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" });
    const { app } = createApp(
      {
        config,
        db: t.db,
        media: new MediaStore(localDriver(config.mediaDir)),
        documents: new DocumentStore(localDriver(config.documentsDir)),
      },
      () => {
        throw new Error("no pages in this test");
      },
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
    try {
      const ok = await fetch(url);
      expect(ok.status).toBe(200);
      expect(ok.headers.get("cache-control")).toBe("no-store");
      await t.cleanup();
      const down = await fetch(url);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: "unavailable" });
    } finally {
      server.close();
    }
  });
});

describe("writes from other sites", () => {
  it("refuses a POST whose Origin or Sec-Fetch-Site says another site, and lets the shop's own through", async () => {
    const t = await createTestDb();
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", PUBLIC_URL: "https://shop.example" });
    const { app } = createApp(
      {
        config,
        db: t.db,
        media: new MediaStore(localDriver(config.mediaDir)),
        documents: new DocumentStore(localDriver(config.documentsDir)),
      },
      async () => {
        throw Object.assign(new Error("reached the pages"), { status: 418 });
      },
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/preferences`;
    const post = (headers: Record<string, string>) => fetch(url, { method: "POST", headers, redirect: "manual" });
    try {
      expect((await post({ Origin: "https://evil.example" })).status).toBe(403);
      expect((await post({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
      expect((await post({ "Sec-Fetch-Site": "same-site", Origin: "https://shop.example" })).status).toBe(403);
      // The shop's own origin, and a client that is not a browser, reach the page handler.
      expect((await post({ Origin: "https://shop.example", "Sec-Fetch-Site": "same-origin" })).status).toBe(418);
      expect((await post({})).status).toBe(418);
    } finally {
      server.close();
      await t.cleanup();
    }
  });
});
