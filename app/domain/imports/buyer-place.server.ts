import type { KeptRead } from "~/db/kept-reads.server";
import type { DB } from "~/db/db.server";
import { destinationAmong, listFreightPorts, portChoicesOf } from "~/domain/freight/freight.server";
import { COOKIES, readCookie } from "~/utils/cookies";
import { importingFrom, readImportings } from "./import-rules.server";

/**
 * Where a buyer ships to and imports into, from their cookies: the port they
 * chose (a freight row), and the country chosen, else the port's, with its
 * rule and the months a vehicle ordered today ships and arrives in. The
 * root's answer for every page, and what a page's own estimate starts from.
 */
export async function buyerPlace(db: DB, keep: KeptRead, cookies: string | null, now = new Date()) {
  const freightPorts = await keep("freight ports", () => listFreightPorts(db));
  const destination = destinationAmong(freightPorts, readCookie(cookies, COOKIES.port.name));
  const ports = portChoicesOf(freightPorts);
  const importing = importingFrom(
    await keep("import rules", () => readImportings(db)),
    readCookie(cookies, COOKIES.importCountry.name) ?? destination?.country ?? null,
    ports.map((p) => p.country),
    now,
  );
  return { destination, ports, importing };
}
