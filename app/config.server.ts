import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { type Company, companyDefaults, PHONE_PATTERN } from "~/domain/settings/company";
import type { PublicSettings, ShopSettings, SocialLink } from "~/domain/settings/settings";

/**
 * The whole configuration of the shop, read once from the environment at
 * start. A wrong value stops the start with one line naming the variable.
 * Only `publicSettings()` ever reaches the browser.
 */

const DEV_SESSION_SECRET = "development-only-secret-do-not-use-in-production";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const urlText = (protocols: string[], hint: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        const u = new URL(v);
        return protocols.includes(u.protocol);
      } catch {
        return false;
      }
    }, hint);

const bucketName = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    "must be a bucket name (3 to 63 lower-case letters, digits, dots or dashes)",
  );

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    PUBLIC_URL: urlText(["http:", "https:"], "must be an http:// or https:// address").optional(),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .refine(
          (v) => isSqliteUrl(v) || isPostgresUrl(v),
          "must be sqlite:<file path> or postgres://user@host:port/database",
        )
        .optional(),
    ),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters long").optional()),
    SMTP_URL: optionalText.pipe(urlText(["smtp:", "smtps:"], "must be an smtp:// or smtps:// address").optional()),
    MAIL_FROM: optionalText,
    OWNER_EMAIL: optionalText.pipe(z.email("must be an e-mail address").optional()),
    ADMIN_ID: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9._-]{3,64}$/, "must be 3 to 64 letters, digits, dots, dashes or underscores")
        .optional(),
    ),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, "must be at least 8 characters long").max(128).optional()),
    RATES_URL: z
      .string()
      .trim()
      .default("https://v6.exchangerate-api.com/v6/{key}/latest/JPY")
      .pipe(urlText(["http:", "https:"], "must be an http:// or https:// address ({key} stands for RATES_API_KEY)")),
    RATES_API_KEY: optionalText,
    // Which proxies' X-Forwarded-For is believed: "loopback" (a proxy on this
    // machine) or addresses and subnets of the load balancers, comma-separated.
    TRUST_PROXY: z
      .string()
      .trim()
      .default("loopback")
      .refine(
        (v) =>
          v
            .split(",")
            .every((part) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(part.trim())),
        "must be loopback, linklocal, uniquelocal or IP addresses / subnets such as 10.0.0.0/8, comma-separated",
      ),
    PAGE_CACHE_SECONDS: z.coerce
      .number({ error: "must be a whole number of seconds from 0 to 600" })
      .int("must be a whole number of seconds from 0 to 600")
      .min(0, "must be a whole number of seconds from 0 to 600")
      .max(600, "must be a whole number of seconds from 0 to 600")
      .default(5),
    MAIL_OUTBOX_EVERY_MS: z.coerce
      .number({ error: "must be a whole number of milliseconds from 100 to 600000" })
      .int("must be a whole number of milliseconds from 100 to 600000")
      .min(100, "must be a whole number of milliseconds from 100 to 600000")
      .max(600_000, "must be a whole number of milliseconds from 100 to 600000")
      .default(2000),
    DEALS_EVERY_MS: z.coerce
      .number({ error: "must be a whole number of milliseconds from 100 to 3600000" })
      .int("must be a whole number of milliseconds from 100 to 3600000")
      .min(100, "must be a whole number of milliseconds from 100 to 3600000")
      .max(3_600_000, "must be a whole number of milliseconds from 100 to 3600000")
      .default(60_000),
    ALERTS_EVERY_MINUTES: z.coerce
      .number({ error: "must be a whole number of minutes from 0 to 1440" })
      .int("must be a whole number of minutes from 0 to 1440")
      .min(0, "must be a whole number of minutes from 0 to 1440")
      .max(1440, "must be a whole number of minutes from 0 to 1440")
      .default(15),
    MEDIA_S3_BUCKET: optionalText.pipe(bucketName.optional()),
    MEDIA_S3_ENDPOINT: optionalText.pipe(
      urlText(["http:", "https:"], "must be an http:// or https:// address such as http://minio:9000").optional(),
    ),
    MEDIA_S3_REGION: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]{1,40}$/, "must be a region name such as us-east-1 or auto")
        .optional(),
    ),
    // Orders' private documents, in a bucket of their own at the same endpoint, with the same keys.
    DOCUMENTS_S3_BUCKET: optionalText.pipe(bucketName.optional()),
    MEDIA_S3_ACCESS_KEY_ID: optionalText,
    MEDIA_S3_SECRET_ACCESS_KEY: optionalText,
    MEDIA_PUBLIC_URL: optionalText.pipe(
      urlText(["http:", "https:"], "must be an http:// or https:// address such as https://cdn.example.com/media")
        .refine((v) => !/[?#]/.test(v), "must be a base address without ? or #")
        .optional(),
    ),
    SHOP_NAME: z.string().trim().min(1).default("Sakura Auto Export"),
    SHOP_PHONE: z.string().trim().min(1).default("+81 45-000-1234"),
    SHOP_WHATSAPP: z
      .string()
      .trim()
      .regex(PHONE_PATTERN, "must be a phone number such as +81 90 0000 1234")
      .default("+81 90-0000-1234"),
    SHOP_EMAIL: z.email("must be an e-mail address").default("sales@sakura-auto.example"),
    SHOP_ADDRESS: z.string().trim().min(1).default("2-1 Minatomirai, Nishi-ku, Yokohama, Kanagawa 220-0012, Japan"),
    SHOP_FACEBOOK_URL: optionalText.pipe(urlText(["https:"], "must be an https:// address").optional()),
    SHOP_INSTAGRAM_URL: optionalText.pipe(urlText(["https:"], "must be an https:// address").optional()),
    SHOP_YOUTUBE_URL: optionalText.pipe(urlText(["https:"], "must be an https:// address").optional()),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production (at least 32 random characters)",
      });
    }
    if (Boolean(env.ADMIN_ID) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_ID ? "ADMIN_PASSWORD" : "ADMIN_ID"],
        message: "must be set together with " + (env.ADMIN_ID ? "ADMIN_ID" : "ADMIN_PASSWORD"),
      });
    }
    if (Boolean(env.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(env.MEDIA_S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.MEDIA_S3_ACCESS_KEY_ID ? "MEDIA_S3_SECRET_ACCESS_KEY" : "MEDIA_S3_ACCESS_KEY_ID"],
        message:
          "must be set together with " +
          (env.MEDIA_S3_ACCESS_KEY_ID ? "MEDIA_S3_ACCESS_KEY_ID" : "MEDIA_S3_SECRET_ACCESS_KEY"),
      });
    }
    if (env.DOCUMENTS_S3_BUCKET && env.DOCUMENTS_S3_BUCKET === env.MEDIA_S3_BUCKET) {
      // The photos' bucket may be readable by anyone (MEDIA_PUBLIC_URL); a bill of lading must never be.
      ctx.addIssue({
        code: "custom",
        path: ["DOCUMENTS_S3_BUCKET"],
        message: "must not be the photos' bucket (MEDIA_S3_BUCKET may be public): name a private bucket of its own",
      });
    }
    if (!env.MEDIA_S3_BUCKET) {
      // Photos on the local disk are served by the shop itself: these would do nothing
      // (the endpoint, region and keys are also the documents' bucket's, when there is one).
      const unused = [
        ...(env.DOCUMENTS_S3_BUCKET
          ? []
          : ([
              "MEDIA_S3_ENDPOINT",
              "MEDIA_S3_REGION",
              "MEDIA_S3_ACCESS_KEY_ID",
              "MEDIA_S3_SECRET_ACCESS_KEY",
            ] as const)),
        "MEDIA_PUBLIC_URL" as const,
      ];
      for (const name of unused) {
        if (env[name]) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "needs MEDIA_S3_BUCKET (photos are on the local disk without it)",
          });
          break;
        }
      }
    }
  });

function isSqliteUrl(v: string) {
  return /^sqlite:.+/.test(v);
}

function isPostgresUrl(v: string) {
  if (!/^postgres(ql)?:\/\//.test(v)) return false;
  try {
    const u = new URL(v);
    return u.hostname !== "" && u.pathname.length > 1;
  } catch {
    return false;
  }
}

export type DatabaseTarget = { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string };

/** The database a DATABASE_URL names (`sqlite:<file>` or `postgres://…`), or null. */
export function databaseTarget(url: string): DatabaseTarget | null {
  if (isPostgresUrl(url)) return { dialect: "postgres", url };
  if (isSqliteUrl(url)) return { dialect: "sqlite", file: path.resolve(url.slice("sqlite:".length)) };
  return null;
}

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: URL;
  dataDir: string;
  mediaDir: string;
  /** Orders' private documents on the local disk: beside the photos, never under them (those are served). */
  documentsDir: string;
  mailDir: string;
  database: DatabaseTarget;
  sessionSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  ownerEmail: string;
  admin: { id: string; password: string } | null;
  /** Exchange-rate provider: server-only, the key never reaches a page. */
  rates: { url: string; key: string | null };
  /** Proxies whose X-Forwarded-For gives the client's address (Express "trust proxy"). */
  trustProxy: string[];
  /** How long public pages for visitors who are not signed in are kept ready (0: not at all). */
  pageCacheSeconds: number;
  /** How often the mail outbox is looked at for mail due to go out. */
  mailOutboxEveryMs: number;
  /** How often saved-search alerts are looked for (0: not in this process). */
  alertsEveryMinutes: number;
  /** How often offers past their validity and holds past their expiry are ended. */
  dealsEveryMs: number;
  /** Photos in an S3-compatible bucket (MEDIA_S3_BUCKET), or null: on the local disk under mediaDir. */
  mediaS3: S3MediaSettings | null;
  /** Orders' private documents in their own bucket (DOCUMENTS_S3_BUCKET), or null: under documentsDir. */
  documentsS3: S3MediaSettings | null;
  /** Base address of the photos for pages (a CDN or the bucket's own), without a trailing slash; null: /media. */
  mediaPublicUrl: string | null;
  shop: ShopSettings;
};

export type S3MediaSettings = {
  bucket: string;
  /** For MinIO, R2 and other S3-compatible stores (path-style addressing); null: AWS S3 itself. */
  endpoint: string | null;
  region: string;
  /** Null: the AWS SDK's own chain (AWS_* variables, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

/** Reads and checks the environment. Throws ConfigError listing each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0] ?? "environment")} ${issue.message}`);
    throw new ConfigError([...new Set(problems)]);
  }
  const env = parsed.data;

  const dataDir = path.resolve(env.DATA_DIR);
  checkDataDir(dataDir);

  const database: DatabaseTarget = (env.DATABASE_URL && databaseTarget(env.DATABASE_URL)) || {
    dialect: "sqlite",
    file: path.join(dataDir, "shop.sqlite"),
  };

  // Both buckets are reached at one endpoint with one pair of keys (MEDIA_S3_*).
  const bucketSettings = (bucket: string): S3MediaSettings => ({
    bucket,
    endpoint: env.MEDIA_S3_ENDPOINT ? env.MEDIA_S3_ENDPOINT.replace(/\/+$/, "") : null,
    region: env.MEDIA_S3_REGION ?? "us-east-1",
    credentials:
      env.MEDIA_S3_ACCESS_KEY_ID && env.MEDIA_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY }
        : null,
  });

  const social: SocialLink[] = [
    { name: "Facebook", url: env.SHOP_FACEBOOK_URL ?? "https://www.facebook.com/" },
    { name: "Instagram", url: env.SHOP_INSTAGRAM_URL ?? "https://www.instagram.com/" },
    { name: "YouTube", url: env.SHOP_YOUTUBE_URL ?? "https://www.youtube.com/" },
  ];

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
    dataDir,
    mediaDir: path.join(dataDir, "media"),
    documentsDir: path.join(dataDir, "documents"),
    mailDir: path.join(dataDir, "mail"),
    database,
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? `"${env.SHOP_NAME}" <${env.SHOP_EMAIL}>`,
    ownerEmail: env.OWNER_EMAIL ?? env.SHOP_EMAIL,
    admin: env.ADMIN_ID && env.ADMIN_PASSWORD ? { id: env.ADMIN_ID, password: env.ADMIN_PASSWORD } : null,
    rates: { url: env.RATES_URL, key: env.RATES_API_KEY ?? null },
    trustProxy: env.TRUST_PROXY.split(",").map((part) => part.trim()),
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    mailOutboxEveryMs: env.MAIL_OUTBOX_EVERY_MS,
    alertsEveryMinutes: env.ALERTS_EVERY_MINUTES,
    dealsEveryMs: env.DEALS_EVERY_MS,
    mediaS3: env.MEDIA_S3_BUCKET ? bucketSettings(env.MEDIA_S3_BUCKET) : null,
    documentsS3: env.DOCUMENTS_S3_BUCKET ? bucketSettings(env.DOCUMENTS_S3_BUCKET) : null,
    mediaPublicUrl: env.MEDIA_PUBLIC_URL ? env.MEDIA_PUBLIC_URL.replace(/\/+$/, "") : null,
    shop: {
      name: env.SHOP_NAME,
      phone: env.SHOP_PHONE,
      whatsapp: env.SHOP_WHATSAPP,
      email: env.SHOP_EMAIL,
      address: env.SHOP_ADDRESS,
      social,
    },
  };
}

/** The data folder must exist (or be creatable) and be readable and writable. */
function checkDataDir(dir: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.W_OK);
    const stat = fs.statSync(dir);
    if (!stat.isDirectory()) throw new Error("not a folder");
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
    throw new ConfigError([`DATA_DIR ${dir} cannot be used as the data folder (${reason})`]);
  }
}

/**
 * The part of the configuration that pages may show, with the owner's Company
 * screen (its contact details replace the SHOP_* ones once saved). Never secrets.
 */
export function publicSettings(config: Config, company?: Company): PublicSettings {
  const { phone, whatsapp, email, address, ...facts } = company ?? companyDefaults(config.shop);
  return {
    shop: { ...config.shop, phone, whatsapp, email, address },
    company: facts,
    publicUrl: config.publicUrl.origin,
    mediaBase: config.mediaPublicUrl ?? "/media",
  };
}
