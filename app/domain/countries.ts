import { LANGUAGES, type LanguageCode } from "~/i18n/languages";
import { type CountryList, packCountries } from "./country-list";

/*
 * The countries a buyer can name (ISO 3166-1), each with its international
 * calling code: the one list of countries and codes. A country is stored by
 * its English name, the way the owner's import rules and freight ports are
 * written, so the import check finds its rule. Names in other languages come
 * from the runtime (Intl.DisplayNames), not from a list kept here. Browser-safe.
 */

/** ISO 3166-1 alpha-2 code → calling code (without "+"). */
// prettier-ignore
const CALLING_CODES: Record<string, string> = {
  AD: "376", AE: "971", AF: "93", AG: "1", AI: "1", AL: "355", AM: "374", AO: "244", AQ: "672", AR: "54",
  AS: "1", AT: "43", AU: "61", AW: "297", AX: "358", AZ: "994", BA: "387", BB: "1", BD: "880", BE: "32",
  BF: "226", BG: "359", BH: "973", BI: "257", BJ: "229", BL: "590", BM: "1", BN: "673", BO: "591", BQ: "599",
  BR: "55", BS: "1", BT: "975", BV: "47", BW: "267", BY: "375", BZ: "501", CA: "1", CC: "61", CD: "243",
  CF: "236", CG: "242", CH: "41", CI: "225", CK: "682", CL: "56", CM: "237", CN: "86", CO: "57", CR: "506",
  CU: "53", CV: "238", CW: "599", CX: "61", CY: "357", CZ: "420", DE: "49", DJ: "253", DK: "45", DM: "1",
  DO: "1", DZ: "213", EC: "593", EE: "372", EG: "20", EH: "212", ER: "291", ES: "34", ET: "251", FI: "358",
  FJ: "679", FK: "500", FM: "691", FO: "298", FR: "33", GA: "241", GB: "44", GD: "1", GE: "995", GF: "594",
  GG: "44", GH: "233", GI: "350", GL: "299", GM: "220", GN: "224", GP: "590", GQ: "240", GR: "30", GS: "500",
  GT: "502", GU: "1", GW: "245", GY: "592", HK: "852", HM: "672", HN: "504", HR: "385", HT: "509", HU: "36",
  ID: "62", IE: "353", IL: "972", IM: "44", IN: "91", IO: "246", IQ: "964", IR: "98", IS: "354", IT: "39",
  JE: "44", JM: "1", JO: "962", JP: "81", KE: "254", KG: "996", KH: "855", KI: "686", KM: "269", KN: "1",
  KP: "850", KR: "82", KW: "965", KY: "1", KZ: "7", LA: "856", LB: "961", LC: "1", LI: "423", LK: "94",
  LR: "231", LS: "266", LT: "370", LU: "352", LV: "371", LY: "218", MA: "212", MC: "377", MD: "373", ME: "382",
  MF: "590", MG: "261", MH: "692", MK: "389", ML: "223", MM: "95", MN: "976", MO: "853", MP: "1", MQ: "596",
  MR: "222", MS: "1", MT: "356", MU: "230", MV: "960", MW: "265", MX: "52", MY: "60", MZ: "258", NA: "264",
  NC: "687", NE: "227", NF: "672", NG: "234", NI: "505", NL: "31", NO: "47", NP: "977", NR: "674", NU: "683",
  NZ: "64", OM: "968", PA: "507", PE: "51", PF: "689", PG: "675", PH: "63", PK: "92", PL: "48", PM: "508",
  PN: "64", PR: "1", PS: "970", PT: "351", PW: "680", PY: "595", QA: "974", RE: "262", RO: "40", RS: "381",
  RU: "7", RW: "250", SA: "966", SB: "677", SC: "248", SD: "249", SE: "46", SG: "65", SH: "290", SI: "386",
  SJ: "47", SK: "421", SL: "232", SM: "378", SN: "221", SO: "252", SR: "597", SS: "211", ST: "239", SV: "503",
  SX: "1", SY: "963", SZ: "268", TC: "1", TD: "235", TF: "262", TG: "228", TH: "66", TJ: "992", TK: "690",
  TL: "670", TM: "993", TN: "216", TO: "676", TR: "90", TT: "1", TV: "688", TW: "886", TZ: "255", UA: "380",
  UG: "256", UM: "1", US: "1", UY: "598", UZ: "998", VA: "39", VC: "1", VE: "58", VG: "1", VI: "1",
  VN: "84", VU: "678", WF: "681", WS: "685", YE: "967", YT: "262", ZA: "27", ZM: "260", ZW: "263",
};

export type CountryCode = string;

export const COUNTRY_CODES: readonly CountryCode[] = Object.keys(CALLING_CODES);

/**
 * Names buyers type that no language's list holds: misspellings, old and
 * short names, written as `exact` leaves them.
 */
const OTHER_NAMES: Record<string, CountryCode> = {
  kenia: "KE",
  kenyan: "KE",
  srilanka: "LK",
  shrilanka: "LK",
  ceylon: "LK",
  tanzaniaunitedrepublicof: "TZ",
  unitedrepublicoftanzania: "TZ",
  zanzibar: "TZ",
  ugandan: "UG",
  pakisthan: "PK",
  bharat: "IN",
  vietnamsocialistrepublicof: "VN",
  // Short names where the runtime writes longer ones ("Myanmar (Burma)", "Congo - Brazzaville").
  myanmar: "MM",
  congo: "CG",
  nippon: "JP",
  nihon: "JP",
  uk: "GB",
  england: "GB",
  greatbritain: "GB",
  britain: "GB",
  usa: "US",
  us: "US",
  america: "US",
  unitedstatesofamerica: "US",
  uae: "AE",
  burma: "MM",
  swaziland: "SZ",
  drc: "CD",
  drcongo: "CD",
  democraticrepublicofthecongo: "CD",
  republicofthecongo: "CG",
  ivorycoast: "CI",
  southkorea: "KR",
  korea: "KR",
  northkorea: "KP",
  laos: "LA",
  czechrepublic: "CZ",
  macedonia: "MK",
  holland: "NL",
  turkey: "TR",
  russianfederation: "RU",
  hongkong: "HK",
  macau: "MO",
  palestine: "PS",
  easttimor: "TL",
};

/** A name as compared: case, spaces and punctuation do not count ("Sri-Lanka" is "srilanka"). */
function exact(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]/gu, "");
}

/** Accents do not count either ("Viet Nam" is "Việt Nam"); asked only when the exact name is unknown. */
function loose(text: string): string {
  return exact(text.normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** A country's name in a language ("Kenya"; "ケニア" in Japanese). */
export function countryName(code: CountryCode, language: LanguageCode | "en" = "en"): string {
  let names = displayNames.get(language);
  if (!names) displayNames.set(language, (names = new Intl.DisplayNames([language], { type: "region" })));
  return names.of(code) ?? code;
}

let index: { exact: Map<string, CountryCode>; loose: Map<string, CountryCode> } | null = null;

/** Every name a country goes by, in every language of the shop, with its code and the other names. */
function namesIndex() {
  if (index) return index;
  const byName = new Map<string, CountryCode>(Object.entries(OTHER_NAMES));
  const byLooseName = new Map<string, CountryCode>();
  for (const code of COUNTRY_CODES) {
    byName.set(code.toLowerCase(), code);
    for (const language of LANGUAGES) {
      const name = countryName(code, language.code);
      byName.set(exact(name), code);
      // Vietnamese "Bỉ" (Belgium) without its accent would be Burundi's code: the first name keeps a loose spelling.
      if (!byLooseName.has(loose(name))) byLooseName.set(loose(name), code);
    }
  }
  index = { exact: byName, loose: byLooseName };
  return index;
}

/** The country a name means, in any of the shop's languages, its ISO code or a common misspelling; null when none. */
export function findCountry(text: string | null | undefined): CountryCode | null {
  if (!text) return null;
  const names = namesIndex();
  return names.exact.get(exact(text)) ?? names.loose.get(loose(text)) ?? null;
}

/** A country as the shop stores it: its English name ("Kenya"). */
export const storedCountry = (code: CountryCode): string => countryName(code, "en");

/** A stored or typed country in the page's language, or as it was typed when the shop does not know it. */
export function shownCountry(text: string, language: LanguageCode): string {
  const code = findCountry(text);
  return code ? countryName(code, language) : text;
}

/** "254" for Kenya. */
export const callingCode = (code: CountryCode): string => CALLING_CODES[code] ?? "";

/** Every country in a language's alphabetical order, with its name there. */
export function countryChoices(language: LanguageCode): { code: CountryCode; name: string }[] {
  const order = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) =>
    order.compare(a.name, b.name),
  );
}

const ALL_CALLING_CODES = [...new Set(Object.values(CALLING_CODES))].sort((a, b) => b.length - a.length);

/** The calling code a number in international form starts with ("254" of "254712345678"); the longest that fits. */
export function callingCodeOf(digits: string): string | null {
  return ALL_CALLING_CODES.find((code) => digits.startsWith(code)) ?? null;
}

const countryLists = new Map<LanguageCode, CountryList>();

/**
 * Every country for a form's list, in the language's order, with the phone
 * prefix each fills in: written on the server so the list stays off the
 * scripts, packed (country-list.ts), and made once per language.
 */
export function countryOptions(language: LanguageCode): CountryList {
  let list = countryLists.get(language);
  if (!list) {
    list = packCountries(countryChoices(language).map((c) => ({ ...c, prefix: `+${callingCode(c.code)} ` })));
    countryLists.set(language, list);
  }
  return list;
}
