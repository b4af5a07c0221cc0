/*
 * The total price to a buyer's port: FOB + freight (C&F), plus marine
 * insurance (CIF), plus the pre-shipment inspection where the destination
 * requires one (as BE FORWARD and SBT count it in their totals). Browser-safe: cards and the detail page compute it from the
 * vehicle and the chosen port's row.
 *
 * All arithmetic is in whole yen. Insurance is a rate in hundredths of a per
 * cent (basis points) of FOB + freight, rounded to the nearest yen with halves
 * going up. The total in another currency is the yen total converted once, so
 * FOB + freight + insurance always adds up in yen.
 */

import type { SizeClass } from "~/domain/inventory/size-class";

/** What a page needs of the chosen port. */
export type Destination = {
  id: number;
  country: string;
  port: string;
  freight: Record<SizeClass, number | null>;
  /** Hundredths of a per cent: 150 = 1.50 %. */
  insuranceBp: number;
  /** The pre-shipment inspection the destination requires, in whole yen; null when none. */
  inspectionYen: number | null;
};

/** A port in the picker. */
export type PortChoice = { id: number; country: string; port: string };

/** A port as a page shows it: its name in the page's language, or the owner's English one (`lang: "en"`). */
export type PortShown = { name: string; lang: "en" | undefined };

/** A port inside a sentence: an English name tagged, for the page to mark it (`PortText`). */
export const portInText = (p: PortShown): string => (p.lang ? `<en>${p.name}</en>` : p.name);

/** Insurance in whole yen: (FOB + freight) × rate, halves rounded up. */
export function insuranceYen(insured: number, insuranceBp: number): number {
  if (!Number.isSafeInteger(insured) || insured < 0) throw new RangeError("insured value must be whole yen");
  if (!Number.isInteger(insuranceBp) || insuranceBp < 0)
    throw new RangeError("insurance rate must be whole basis points");
  // Integer arithmetic: prices under 10^10 yen times rates under 10^4 stay exact.
  return Math.floor((insured * insuranceBp + 5000) / 10000);
}

export type Landed = {
  fob: number;
  freight: number;
  /** 0 when the port has no insurance rate. */
  insurance: number;
  /** The pre-shipment inspection the destination requires; 0 when none. */
  inspection: number;
  /** FOB + freight. */
  cfr: number;
  /** FOB + freight + insurance + inspection. */
  total: number;
  /** "CIF" with insurance, "C&F" without. */
  terms: "CIF" | "C&F";
};

/** The price to the port, or null when the port has no freight for this size (ask for a quote). */
export function landedPrice(
  fobYen: number,
  sizeClass: SizeClass,
  port: Pick<Destination, "freight" | "insuranceBp" | "inspectionYen">,
): Landed | null {
  const freight = port.freight[sizeClass];
  if (freight === null || freight === undefined) return null;
  const cfr = fobYen + freight;
  const insurance = port.insuranceBp > 0 ? insuranceYen(cfr, port.insuranceBp) : 0;
  // Insured is the cargo (FOB + freight); the inspection is a service in Japan, added after.
  const inspection = port.inspectionYen ?? 0;
  return {
    fob: fobYen,
    freight,
    insurance,
    inspection,
    cfr,
    total: cfr + insurance + inspection,
    terms: termsTo(port),
  };
}

/** A port's terms, the same for every vehicle: "CIF" where it has an insurance rate, else "C&F". */
export function termsTo(port: Pick<Destination, "insuranceBp">): Landed["terms"] {
  return port.insuranceBp > 0 ? "CIF" : "C&F";
}

/** "Colombo, Sri Lanka": how a port is named in quotes and mails. */
export function portLabel(p: { port: string; country: string }): string {
  return `${p.port}, ${p.country}`;
}

/** "1.5" from 150 basis points; "0" from 0. */
export function percentFromBp(bp: number): string {
  return String(bp / 100);
}

/**
 * The port a buyer's place form settles on (issue 44.1): the one sent, except
 * that a port left as the form was drawn follows a newly chosen country that
 * has ports of its own (its first). A landlocked country has none, and keeps
 * the neighbour's port the buyer ships through.
 */
export function settledPort(form: {
  country: string;
  countryWas: string;
  port: string;
  portWas: string;
  ports: readonly PortChoice[];
}): string {
  const { port, ports } = form;
  // Countries as the rules and the freight table write them, whatever their case.
  const key = (name: string) => name.trim().toLowerCase();
  const country = key(form.country);
  if (!country || country === key(form.countryWas) || port !== form.portWas) return port;
  if (ports.some((p) => String(p.id) === port && key(p.country) === country)) return port;
  const own = ports.find((p) => key(p.country) === country);
  return own ? String(own.id) : port;
}
