import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, publicSettings } from "./config.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-config-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("has working defaults for development: port 3000 and a SQLite file in the data folder", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl.href).toBe("http://localhost:3000/");
    expect(config.database).toEqual({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
    expect(config.admin).toBeNull();
    expect(config.shop.name).not.toBe("");
  });

  it("looks at the mail outbox every 2 s unless MAIL_OUTBOX_EVERY_MS says otherwise (tests make it short)", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).mailOutboxEveryMs).toBe(2000);
    expect(loadConfig({ DATA_DIR: dataDir, MAIL_OUTBOX_EVERY_MS: "100" }).mailOutboxEveryMs).toBe(100);
    for (const bad of ["0", "99", "600001", "1.5", "often"])
      expect(problems({ MAIL_OUTBOX_EVERY_MS: bad }), bad).toEqual([
        "MAIL_OUTBOX_EVERY_MS must be a whole number of milliseconds from 100 to 600000",
      ]);
  });

  it("reads PostgreSQL and SQLite database addresses", () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://shop@db:5432/shop" }).database).toEqual({
      dialect: "postgres",
      url: "postgres://shop@db:5432/shop",
    });
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "sqlite:/var/lib/shop/shop.db" }).database).toEqual({
      dialect: "sqlite",
      file: "/var/lib/shop/shop.db",
    });
  });

  it("names each bad variable", () => {
    expect(problems({ DATABASE_URL: "postgres://" })[0]).toMatch(/^DATABASE_URL must be/);
    expect(problems({ PUBLIC_URL: "shop.example" })[0]).toMatch(/^PUBLIC_URL must be an http/);
    expect(problems({ SMTP_URL: "http://mail" })[0]).toMatch(/^SMTP_URL must be an smtp/);
    expect(problems({ OWNER_EMAIL: "owner" })[0]).toMatch(/^OWNER_EMAIL must be an e-mail/);
    expect(problems({ SESSION_SECRET: "short" })[0]).toMatch(/^SESSION_SECRET must be at least 32/);
    expect(problems({ ADMIN_ID: "boss" })).toEqual(["ADMIN_PASSWORD must be set together with ADMIN_ID"]);
    expect(problems({ NODE_ENV: "production" })).toEqual([
      "SESSION_SECRET is required in production (at least 32 random characters)",
    ]);
  });

  it("believes X-Forwarded-For from a proxy on this machine, or from the load balancers named in TRUST_PROXY", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toEqual(["loopback"]);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "loopback, 10.0.0.0/8,fd00::/8" }).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
    ]);
    expect(problems({ TRUST_PROXY: "true" })[0]).toMatch(/^TRUST_PROXY must be loopback/);
    expect(problems({ TRUST_PROXY: "10.0.0.0/8, everyone" })[0]).toMatch(/^TRUST_PROXY must be loopback/);
  });

  it("creates the staff account from ADMIN_ID and ADMIN_PASSWORD when both are set", () => {
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_ID: "owner", ADMIN_PASSWORD: "long-enough-1" });
    expect(config.admin).toEqual({ id: "owner", password: "long-enough-1" });
  });

  it("gives pages the shop settings and never a secret", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: "s".repeat(40),
      SMTP_URL: "smtp://user:pass@mail.example:587",
      ADMIN_ID: "owner",
      ADMIN_PASSWORD: "long-enough-1",
      SHOP_PHONE: "+81 3 1234 5678",
    });
    const visible = JSON.stringify(publicSettings(config));
    expect(visible).toContain("+81 3 1234 5678");
    for (const secret of ["s".repeat(40), "user:pass", "long-enough-1"]) expect(visible).not.toContain(secret);
  });
});

describe("where orders' documents are kept", () => {
  it("in $DATA_DIR/documents by default, beside the photos and never under them", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.documentsDir).toBe(path.join(dataDir, "documents"));
    expect(path.relative(config.mediaDir, config.documentsDir).startsWith("..")).toBe(true);
    expect(config.documentsS3).toBeNull();
  });

  it("in DOCUMENTS_S3_BUCKET when set, at the photos' endpoint with their keys", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      MEDIA_S3_BUCKET: "shop-photos",
      DOCUMENTS_S3_BUCKET: "shop-papers",
      MEDIA_S3_ENDPOINT: "http://minio:9000/",
      MEDIA_S3_REGION: "auto",
      MEDIA_S3_ACCESS_KEY_ID: "key",
      MEDIA_S3_SECRET_ACCESS_KEY: "secret-key",
    });
    const keys = { accessKeyId: "key", secretAccessKey: "secret-key" };
    expect(config.documentsS3).toEqual({
      bucket: "shop-papers",
      endpoint: "http://minio:9000",
      region: "auto",
      credentials: keys,
    });
    expect(config.mediaS3).toEqual({
      bucket: "shop-photos",
      endpoint: "http://minio:9000",
      region: "auto",
      credentials: keys,
    });
    expect(JSON.stringify(publicSettings(config))).not.toContain("shop-papers");
    // Photos on the disk and documents in a bucket: the endpoint and keys are then the documents'.
    const papersOnly = loadConfig({
      DATA_DIR: dataDir,
      DOCUMENTS_S3_BUCKET: "shop-papers",
      MEDIA_S3_ENDPOINT: "http://minio:9000",
    });
    expect(papersOnly.mediaS3).toBeNull();
    expect(papersOnly.documentsS3?.endpoint).toBe("http://minio:9000");
  });

  it("never in the photos' bucket, which may be public; a bad name is named", () => {
    expect(problems({ MEDIA_S3_BUCKET: "shop-photos", DOCUMENTS_S3_BUCKET: "shop-photos" })).toEqual([
      "DOCUMENTS_S3_BUCKET must not be the photos' bucket (MEDIA_S3_BUCKET may be public): name a private bucket of its own",
    ]);
    expect(problems({ DOCUMENTS_S3_BUCKET: "Papers_Bucket" })[0]).toMatch(/^DOCUMENTS_S3_BUCKET must be a bucket name/);
    expect(problems({ DOCUMENTS_S3_BUCKET: "shop-papers", MEDIA_PUBLIC_URL: "https://cdn.example.com" })).toEqual([
      "MEDIA_PUBLIC_URL needs MEDIA_S3_BUCKET (photos are on the local disk without it)",
    ]);
  });
});
