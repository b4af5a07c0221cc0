import { createContext, type RouterContextProvider } from "react-router";
import type { Config } from "~/config.server";
import type { DB } from "~/db/db.server";
import type { MediaStore } from "~/domain/media/media-store.server";
import type { DocumentStore } from "~/domain/media/document-store.server";

/** What every loader and action may use: handed in by the server, never imported as a global. */
export type Services = {
  config: Config;
  db: DB;
  media: MediaStore;
  /** Orders' private documents: never served by address, only through a route that checked who asks. */
  documents: DocumentStore;
};

export const servicesContext = createContext<Services>();

export function getServices(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

/** Facts about the request that only the server knows (the client address, behind the proxy). */
export const requestInfoContext = createContext<{ ip: string }>({ ip: "unknown" });

export function getClientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).ip;
}

/** What reading or writing a session cookie needs. */
export type SessionServices = { db: DB; config: Pick<Config, "publicUrl"> };
