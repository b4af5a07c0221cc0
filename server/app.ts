import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { ConfigError, loadConfig } from "~/config.server";
import { requestInfoContext, servicesContext, type Services } from "~/context.server";
import { databaseAnswers, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { mediaStorageProblem, mediaStoreFor } from "~/domain/media/media-setup.server";
import { documentStorageProblem, documentStoreFor } from "~/domain/media/document-store.server";
import { createSender, startOutboxWorker } from "~/domain/mail/outbox.server";
import { invoiceAttachments } from "~/domain/sale/invoice-file.server";
import { alertRunOptions, startAlertWorker } from "~/domain/alerts/alert-run.server";
import { keepRatesFresh } from "~/domain/rates/rates.server";
import { startDealWorker } from "~/domain/sale/holds.server";
import { dealContext } from "~/domain/sale/offers.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { log } from "~/utils/log.server";
import { mediaHandler } from "./media";
import { applyMemorySettings, YOUNG_GENERATION_FLAG } from "./memory";
import { IMMUTABLE_FILE, precompressedAssets } from "./precompressed";
import { createPageCache, scopeEachRequest } from "./page-cache";
import { createShopRequestHandler, RequestRefused, requestShape } from "./request-handler";

/*
 * The shop's HTTP server. server.js (the process entry) calls start(); in
 * production this file is part of the server bundle, in development Vite
 * loads it. Everything a request needs arrives through `services`.
 */

type BuildLoader = () => Promise<ServerBuild>;

/** The pages of the production build (this file is the entry of that build). */
export const productionBuild: BuildLoader = () => import("virtual:react-router/server-build");

export function createApp(services: Services, build: BuildLoader | ServerBuild, vite?: ViteDevServer) {
  const app = express();
  app.disable("x-powered-by");
  // No ETag made by Express: pages carry none, the built files need none (IMMUTABLE_FILE), photos
  // carry their own (server/media.ts), and res.sendFile would otherwise add one whatever it is told.
  app.disable("etag");
  // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY (a proxy on this machine by default).
  app.set("trust proxy", services.config.trustProxy);
  const inFlight = new Set<Response>();
  const state = {
    stopping: false,
    /** Answer what is in flight, and tell those clients not to reuse the connection. */
    stop() {
      state.stopping = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    },
  };

  app.use(requestLog);
  // What the request is for, before anything reads its Host or path.
  app.use(requestShape(services.config.publicUrl));
  // What the app learns while answering (a session read, public content changed), for the page cache.
  app.use(scopeEachRequest);
  app.use((req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    // Behind an https proxy (X-Forwarded-Proto from loopback), browsers are told to keep to https.
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (state.stopping) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.on("close", () => inFlight.delete(res));
    next();
  });
  app.use(compression());
  app.use(sameSiteWritesOnly(services.config.publicUrl.origin));
  // Only for the built shop: while developing, every change must show at once.
  if (!vite && services.config.pageCacheSeconds > 0) {
    app.use(createPageCache({ ttlMs: services.config.pageCacheSeconds * 1000 }).middleware);
  }

  app.get("/healthz", async (_req, res) => {
    const ok = !state.stopping && (await databaseAnswers(services.db));
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ok ? "ok" : "unavailable" });
  });

  // Photos: the local folder, or the bucket (streamed, or a redirect to MEDIA_PUBLIC_URL). See server/media.ts.
  app.use("/media", mediaHandler(services.config, services.media));

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const client = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
    app.use("/assets", precompressedAssets(path.join(client, "assets")));
    app.use("/assets", express.static(path.join(client, "assets"), IMMUTABLE_FILE));
    // Only what the build put beside the assets (favicon.svg...): a page's address is not looked for on disk first.
    const files = express.static(client, { maxAge: "1h", index: false });
    const names = new Set(fs.existsSync(client) ? fs.readdirSync(client).filter((name) => name !== "assets") : []);
    app.use((req, res, next) => (names.has(req.path.split("/")[1] ?? "") ? files(req, res, next) : next()));
  }

  app.use(
    createShopRequestHandler({
      build,
      mode: services.config.env === "production" ? "production" : "development",
      getLoadContext(req) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestInfoContext, { ip: req.ip ?? "unknown" });
        return context;
      },
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof RequestRefused) {
      res.status(error.status).set("Cache-Control", "no-store").type("text/plain").send(error.message);
      return;
    }
    const status = (error as { status?: number }).status ?? 500;
    if (status >= 500) log("error", "request failed", { path: loggedPath(req.path), error: String(error) });
    if (res.headersSent) return void res.destroy();
    res
      .status(status >= 400 && status < 600 ? status : 500)
      .type("text/plain")
      .send(status === 404 ? "Not found" : status < 500 ? "Bad request" : "Something went wrong");
  });

  return { app, state };
}

/**
 * A browser sends Origin (and Sec-Fetch-Site) with every POST; a form on
 * another site must not change anything here. Clients that send neither
 * (scripts, health checks) are not browsers riding on a buyer's cookies.
 * A mail provider's one-click unsubscribe (RFC 8058: a POST of
 * `List-Unsubscribe=One-Click` to an alert mail's /alerts/unsubscribe link,
 * without cookies) sends neither, so it passes; the token in the link is its
 * only authority. The same POST from a page on another site is still refused.
 */
export function sameSiteWritesOnly(publicOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const ownOrigins = [publicOrigin, `${req.protocol}://${req.get("host")}`];
    const crossSite =
      (site !== undefined && site !== "same-origin" && site !== "none") ||
      (origin !== undefined && !ownOrigins.includes(origin));
    if (crossSite) {
      log("warn", "cross-site write refused", { method: req.method, path: req.path, origin, site });
      res.status(403).type("text/plain").send("This request came from another site and was refused.");
      return;
    }
    next();
  };
}

/** A path as the logs keep it: an invoice's verification code and a stock feed's token are keys, so they are left out. */
export function loggedPath(path: string): string {
  return path.replace(/^\/verify\/[^/]+/, "/verify/:code").replace(/^\/feeds\/[^/]+/, "/feeds/:token");
}

function requestLog(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    // Paths only: query strings may carry reset tokens or e-mail addresses.
    log("info", "request", {
      method: req.method,
      path: loggedPath(req.path),
      status: res.statusCode,
      ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
      bytes: Number(res.getHeader("Content-Length") ?? 0) || undefined,
      ip: req.ip,
    });
  });
  next();
}

/** Reads the configuration, prepares the database and starts listening. Exits on a bad configuration. */
export async function start(options: { vite?: ViteDevServer } = {}) {
  const memory = applyMemorySettings();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) process.stderr.write(`Configuration error: ${problem}\n`);
      process.exit(1);
    }
    throw error;
  }

  // With photos in a bucket, that bucket must answer to these keys before anything is served.
  const mediaProblem = await mediaStorageProblem(config);
  if (mediaProblem) {
    process.stderr.write(`Media storage error: ${mediaProblem}\n`);
    process.exit(1);
  }
  // The same for the orders' private documents in their own bucket.
  const documentsProblem = await documentStorageProblem(config);
  if (documentsProblem) {
    process.stderr.write(`Document storage error: ${documentsProblem}\n`);
    process.exit(1);
  }

  const db = openDatabase(config.database);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log("info", "database migrated", { applied });
  } catch (error) {
    process.stderr.write(`Database error: ${error instanceof Error ? error.message : String(error)}\n`);
    await db.destroy().catch(() => {});
    process.exit(1);
  }
  if (config.admin) {
    const outcome = await ensureStaffAccount(db, config.admin.id, config.admin.password);
    log("info", `staff account ${config.admin.id}: ${outcome}`);
  }

  const services: Services = { config, db, media: mediaStoreFor(config), documents: documentStoreFor(config) };
  const stopRates = keepRatesFresh(db, config.rates);
  const stopOutbox = startOutboxWorker(
    db,
    createSender(config),
    config.mailFrom,
    config.mailOutboxEveryMs,
    invoiceAttachments(services),
  );
  const stopAlerts = startAlertWorker(db, alertRunOptions(config), config.alertsEveryMinutes * 60_000);
  const stopDeals = startDealWorker(db, dealContext(config), config.dealsEveryMs);
  const vite = options.vite;
  // In production the build is loaded once: handed a function, React Router
  // would derive its routes again on every request (as it must while developing).
  const build: BuildLoader | ServerBuild = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : await productionBuild();
  const { app, state } = createApp(services, build, vite);

  const server = app.listen(config.port, config.host, () => {
    log("info", "shop started", {
      url: config.publicUrl.href,
      listen: `${config.host}:${config.port}`,
      database: config.database.dialect,
      media: config.mediaS3 ? `s3:${config.mediaS3.bucket}` : "local",
      documents: config.documentsS3 ? `s3:${config.documentsS3.bucket}` : "local",
    });
    if (!vite && !memory.youngGenerationGiven)
      log(
        "warn",
        `started without ${YOUNG_GENERATION_FLAG}: the engine keeps more memory than the shop needs (README, Memory)`,
      );
  });
  // An idle connection is kept longer than a proxy or a browser keeps it (nginx's upstream and load balancers,
  // 60 s): with Node's 5 s, a request sent just as the shop closed its connection was lost ("socket hang up").
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on("error", (error) => {
    process.stderr.write(`Server error: ${error.message}\n`);
    process.exit(1);
  });

  // SIGTERM: stop accepting, finish what is in flight, close the database, exit.
  const stop = (signal: string) => {
    if (state.stopping) return;
    state.stop();
    stopRates();
    log("info", "stopping", { signal });
    // Stop listening, but not with http's own close: it would also drop connections
    // accepted a moment ago whose request has not arrived yet. Those are answered
    // (with Connection: close); connections left idle are closed a little later.
    net.Server.prototype.close.call(server, async () => {
      await stopAlerts().catch(() => {});
      await stopDeals().catch(() => {});
      await stopOutbox().catch(() => {});
      await db.destroy().catch(() => {});
      log("info", "stopped");
      process.exit(0);
    });
    setInterval(() => server.closeIdleConnections(), 1000).unref();
    setTimeout(() => server.closeAllConnections(), 15_000).unref();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return { server, services };
}
