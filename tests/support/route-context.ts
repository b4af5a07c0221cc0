import { RouterContextProvider } from "react-router";
import type { Config } from "~/config.server";
import { requestInfoContext, servicesContext } from "~/context.server";
import type { DB } from "~/db/db.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { DocumentStore } from "~/domain/media/document-store.server";

/**
 * The context a loader or action gets from the server, for calling a route
 * straight from a database test: the shop's services over `db`, photos and
 * documents in the config's folders, and the client address `ip`.
 */
export function routeContext(config: Config, db: DB, ip = "203.0.113.9"): RouterContextProvider {
  const ctx = new RouterContextProvider();
  ctx.set(servicesContext, {
    config,
    db,
    media: new MediaStore(localDriver(config.mediaDir)),
    documents: new DocumentStore(localDriver(config.documentsDir)),
  });
  ctx.set(requestInfoContext, { ip });
  return ctx;
}
