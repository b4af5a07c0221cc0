import type { KeptRead } from "~/db/kept-reads.server";
import type { DB } from "~/db/db.server";
import { destinationAmong, listFreightPorts, portChoicesOf } from "~/domain/freight/freight.server";
import { type Currency, firstVisitCurrency, isCurrency } from "~/domain/rates/currencies";
import type { LanguageCode } from "~/i18n/languages";
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

/** The currency a buyer sees prices in: the one they chose, else their country's when it can be known. */
export function buyerCurrency(
  cookies: string | null,
  known: { accountCountry?: string | null; portCountry?: string | null; language: LanguageCode },
): Currency {
  const chosen = readCookie(cookies, COOKIES.currency.name);
  return isCurrency(chosen)
    ? chosen
    : firstVisitCurrency({
        accountCountry: known.accountCountry,
        portCountry: known.portCountry,
        language: known.language,
      });
}
