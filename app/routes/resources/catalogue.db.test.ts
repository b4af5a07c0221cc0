import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { routeContext } from "../../../tests/support/route-context";
import { loadConfig } from "~/config.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { startStaffSession } from "~/domain/staff/staff-sessions.server";
import { catalogueFor } from "~/i18n/catalogues.server";
import { type Catalogue, catalogueHref } from "~/i18n/core";
import { loader as rootLoader } from "~/root";
import { loader } from "./catalogue";

/*
 * A page names its text catalogue and the browser fetches it from its own
 * address: kept for a year while current, today's text (not kept) for an
 * address from an older release, nothing for an unknown one, and the staff
 * panel's text for signed-in staff only. The page's own data carries no text.
 */

let t: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-test-"));
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", PUBLIC_URL: "https://shop.example" });
let staffCookie = "";

beforeAll(async () => {
  t = await createTestDb();
  await ensureStaffAccount(t.db, "owner", "owner's long password");
  const staff = await t.db.selectFrom("staff").select("id").where("admin_id", "=", "owner").executeTakeFirstOrThrow();
  staffCookie = (await startStaffSession({ config, db: t.db }, staff.id, false)).split(";")[0]!;
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function fetchFile(href: string, cookie = "") {
  const [, , language, file] = href.split("/");
  const request = new Request(`https://shop.example${href}`, { headers: cookie ? { Cookie: cookie } : {} });
  return (await loader({
    request,
    context: routeContext(config, t.db),
    params: { language, file },
  } as never)) as Response;
}

describe("a page's text catalogue", () => {
  it("travels in a file of its own: the page's data names it, and holds none of its text", async () => {
    const request = new Request("https://shop.example/vehicles", { headers: { Cookie: "lang=ja" } });
    const data = await rootLoader({ request, context: routeContext(config, t.db), params: {} } as never);
    const japanese = catalogueFor("ja", "public");
    expect(data.catalogue).toEqual({ language: "ja", version: japanese.version });
    const sentence = (japanese.resources.stock as { list: { vehicles: { intro: string } } }).list.vehicles.intro;
    expect(sentence.length).toBeGreaterThan(10);
    expect(JSON.stringify(data)).not.toContain(sentence);

    const response = await fetchFile(catalogueHref(data.catalogue));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const file = (await response.json()) as Catalogue;
    expect(file).toEqual(JSON.parse(JSON.stringify(japanese)));
  });

  it("answers an address from an older release with today's text, not to be kept", async () => {
    const response = await fetchFile("/i18n/si/public-0ld.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, no-cache");
    expect(((await response.json()) as Catalogue).version).toBe(catalogueFor("si", "public").version);
  });

  it("has nothing at an address that names no language or area", async () => {
    for (const href of [
      "/i18n/xx/public-1.json",
      "/i18n/en/secret-1.json",
      "/i18n/en/public-1.txt",
      "/i18n/en/.json",
    ]) {
      expect((await fetchFile(href)).status, href).toBe(404);
    }
  });

  it("gives the staff panel's text to signed-in staff only, in the panel's languages", async () => {
    const href = catalogueHref(catalogueFor("ja", "admin"));
    expect((await fetchFile(href)).status).toBe(404);
    const answer = await fetchFile(href, staffCookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect((await fetchFile(`/i18n/si/${catalogueFor("si", "admin").version}.json`, staffCookie)).status).toBe(404);
  });
});
