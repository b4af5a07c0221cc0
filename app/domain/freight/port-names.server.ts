import { findCountry, countryName, shownCountry } from "~/domain/countries";
import type { LanguageCode } from "~/i18n/languages";
import { portName } from "~/i18n/port-names.server";
import { serverT } from "~/i18n/request.server";
import { type Destination, portInText, type PortShown, termsTo } from "./freight";

/*
 * Ports as a page in the buyer's language shows them (issue 44.6), written
 * on the server so the table of names never rides on the pages' scripts.
 */

/** A freight port with its name in `language`, or its English one marked so. */
export function namedPort<P extends { port: string }>(p: P, language: LanguageCode): P & PortShown {
  const shown = portName(p.port, language);
  return { ...p, name: shown.name, lang: shown.english ? "en" : undefined };
}

/**
 * A freight row as the buyer's pages show it: its name and its country's. Every page carries the
 * picker's ports: no more than the picker uses (the sentence "Mombasa, Kenya" is `portLabelIn`'s).
 */
export function shownPort<P extends { port: string; country: string }>(p: P, language: LanguageCode) {
  return { ...namedPort(p, language), countryName: shownCountry(p.country, language) };
}

/** "Mombasa, Kenya" for a sentence in `language`, both names in it (a port the shop cannot name tagged English). */
export function portLabelIn(p: PortShown & { countryName: string }, language: LanguageCode): string {
  return serverT(language, "stock")("freight.portIn", { port: portInText(p), country: p.countryName });
}

/**
 * The buyer's port, with the sentences the pages say it in, written here (the
 * terms and the inspection are the port's, whatever the vehicle): the pages'
 * scripts carry neither the names nor these words.
 */
export function shownDestination(destination: Destination, language: LanguageCode) {
  const shown = shownPort(destination, language);
  const t = serverT(language, "stock");
  const port = portInText(shown);
  const label = portLabelIn(shown, language);
  const terms = termsTo(destination);
  return {
    ...shown,
    words: {
      // "CIF Mombasa" under a card's price, or "Mombasa: ask for a quote" when there is no freight for its size.
      total: t(destination.inspectionYen ? "freight.totalToInspected" : "freight.totalTo", { terms, port }),
      ask: t("freight.askForQuote", { port }),
      // The vehicle page's breakdown: "Total to Mombasa, Kenya".
      title: t("freight.breakdownTitle", { port: label }),
      noFreight: t("freight.noFreight", { port: label }),
    },
  };
}

/**
 * A port as a quote or offer stored it ("Mombasa", "Colombo, Sri Lanka", or
 * the owner's own words) for a sentence in `language`, English marked.
 */
export function shownPortText(text: string, language: LanguageCode): string {
  const whole = namedPort({ port: text }, language);
  if (!whole.lang) return whole.name;
  // A country alone ("Japan", where an FOB offer names no port) is named as countries are.
  const alone = findCountry(text);
  if (alone) return countryName(alone, language);
  const comma = text.lastIndexOf(",");
  const country = comma > 0 ? findCountry(text.slice(comma + 1)) : null;
  if (!country) return portInText(whole);
  return serverT(language, "stock")("freight.portIn", {
    port: portInText(namedPort({ port: text.slice(0, comma).trim() }, language)),
    country: countryName(country, language),
  });
}

/** `shownPortText` for plain text (a mail, the owner's log): the name alone, an English one unmarked. */
export function shownPortPlain(text: string, language: LanguageCode): string {
  return shownPortText(text, language).replace(/<\/?en>/g, "");
}
