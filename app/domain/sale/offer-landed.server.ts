import type { DB } from "~/db/db.server";
import { vehicleKind } from "~/domain/imports/import-rules";
import { getImportSettings, shippingMonths } from "~/domain/imports/import-rules.server";
import { landedCountry, type YenCosts } from "~/domain/landed-cost/landed-cost";
import { estimateFor, type PageLanded } from "~/domain/landed-cost/landed-page.server";
import { insuranceYen, landedPrice, portLabel } from "~/domain/freight/freight";
import { listFreightPorts } from "~/domain/freight/freight.server";
import { sizeClassOf } from "~/domain/inventory/size-class";
import { destinationCountry, portKey } from "./deal-import-verdict.server";
import type { OfferLine } from "./deal-types";

/*
 * The landed-cost estimate beside an offer (issue 43.1): the buyer's offer
 * page and the owner's offer form show what the offered car would cost
 * cleared in the offer's country, from the offer's own amounts.
 */

/** An offer's amounts as the estimate's costs: an "other" line is part of what the buyer pays in Japan, as FOB is. */
export function offerCosts(lines: readonly Pick<OfferLine, "kind" | "amount">[]): YenCosts {
  const sum = (kinds: OfferLine["kind"][]) =>
    lines.filter((l) => kinds.includes(l.kind)).reduce((s, l) => s + l.amount, 0);
  return {
    fob: sum(["fob", "other"]),
    freight: sum(["freight"]),
    insurance: sum(["insurance"]),
    inspection: sum(["inspection"]),
  };
}

/** The estimate for a vehicle quote's offer (or the offer being written); null for a part or a country not estimated. */
export async function offerLanded(
  db: DB,
  quoteNumber: string,
  offer: { port: string | null; costs: YenCosts },
  now = new Date(),
): Promise<PageLanded | null> {
  const quote = await db
    .selectFrom("quotes")
    .select(["kind", "vehicle_id", "destination", "country"])
    .where("number", "=", quoteNumber)
    .executeTakeFirst();
  if (!quote || quote.kind !== "vehicle" || quote.vehicle_id === null) return null;
  const v = await db
    .selectFrom("vehicles")
    .select(["make", "model", "year", "manufactured_month", "fuel", "engine_cc", "type", "sub_type", "seats"])
    .where("id", "=", quote.vehicle_id)
    .executeTakeFirst();
  if (!v) return null;
  const named = await destinationCountry(db, quote, offer.port);
  const country = named ? landedCountry(named) : null;
  if (!country) return null;
  // An FOB or C&F offer leaves freight or insurance out, but customs tax them all the same: the
  // freight table's figures stand in for what the offer does not carry, and the page says so.
  const costs = { ...offer.costs };
  const filled: ("freight" | "insurance")[] = [];
  if (costs.freight === 0 || costs.insurance === 0) {
    const ports = await listFreightPorts(db);
    const row = offer.port ? ports.find((p) => portKey(portLabel(p)) === portKey(offer.port!)) : undefined;
    const size = sizeClassOf({
      type: v.type,
      subType: v.sub_type,
      engineCc: v.engine_cc === null ? null : Number(v.engine_cc),
    });
    const table = row ? landedPrice(costs.fob, size, row) : null;
    if (table && costs.freight === 0 && table.freight > 0) {
      costs.freight = table.freight;
      filled.push("freight");
    }
    if (table && costs.insurance === 0 && row!.insuranceBp > 0) {
      costs.insurance = insuranceYen(costs.fob + costs.freight, row!.insuranceBp);
      filled.push("insurance");
    }
  }
  const when = shippingMonths(await getImportSettings(db), now);
  const facts = {
    make: v.make,
    model: v.model,
    year: Number(v.year),
    manufactured: v.manufactured_month === null ? null : Number(v.manufactured_month),
    fuel: v.fuel,
    engineCc: v.engine_cc === null ? null : Number(v.engine_cc),
    kind: vehicleKind({ type: v.type, subType: v.sub_type, seats: v.seats }),
  };
  // Read afresh: staff and offer pages are few, and must show a table the moment it is confirmed.
  const fresh = <T>(_name: string, read: () => Promise<T>) => read();
  const port = offer.port?.trim() || quote.destination || named!;
  const landed = await estimateFor(db, fresh, country, port, facts, costs, when.ship + when.sea);
  return filled.length > 0 && landed.state === "estimate" ? { ...landed, filled } : landed;
}
