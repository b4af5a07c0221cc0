import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { routeContext } from "../../../tests/support/route-context";
import { loadConfig } from "~/config.server";
import { catalogueFor } from "~/i18n/catalogues.server";
import { type Catalogue, catalogueHref } from "~/i18n/core";
import { loader as rootLoader } from "~/root";
import { loader } from "./catalogue";

/*
 * A page names its text catalogue and the browser fetches it from its own
 * address: kept for a year, nothing for another release's version or an
 * unknown one, the staff panel's text kept by the browser only. The page's
 * own data carries no text.
 */

let t: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-test-"));
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", PUBLIC_URL: "https://shop.example" });

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function fetchFile(href: string) {
  const [, , language, file] = href.split("/");
  const request = new Request(`https://shop.example${href}`);
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

  it("has nothing for a version of another release, and nothing to keep", async () => {
    const response = await fetchFile("/i18n/si/public-0ld.json");
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect((await fetchFile(catalogueHref(catalogueFor("si", "public")))).status).toBe(200);
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

  it("gives the staff panel's text in the panel's languages, to be kept by the browser only", async () => {
    // The sign-in page needs it before anyone has signed in.
    const answer = await fetchFile(catalogueHref(catalogueFor("ja", "admin")));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect((await fetchFile(`/i18n/si/${catalogueFor("si", "admin").version}.json`)).status).toBe(404);
  });
});
