import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { createTestDb } from "../tests/support/test-db";
import { createApp } from "./app";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-app-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("/healthz", () => {
  it("answers 200 while the database answers and 503 once it does not", async () => {
    const t = await createTestDb();
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" });
    const { app } = createApp({ config, db: t.db, media: new MediaStore(localDriver(config.mediaDir)) }, () => {
      throw new Error("no pages in this test");
    });
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
