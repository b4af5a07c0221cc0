import type { CountryCode } from "./countries";

/** A country as a form's list offers it: its code, its name in the page's language and the phone prefix it fills in. */
export type CountryOption = { code: CountryCode; name: string; prefix: string };

/**
 * Every country of a form's list as the server writes it into the page's
 * data: one line per country, "code<TAB>name<TAB>prefix". One string rather
 * than some 250 objects, which the browser would decode one value at a time
 * before the page comes alive (about 4 ms of a fast machine's main thread,
 * 14 KB of the vehicle page).
 */
export type CountryList = string & { readonly countryList: true };

const FIELD = "\t";
const LINE = "\n";

export function packCountries(options: readonly CountryOption[]): CountryList {
  return options.map((o) => [o.code, o.name, o.prefix].join(FIELD)).join(LINE) as CountryList;
}

let last: { list: string; options: readonly CountryOption[] } | null = null;

/** The countries of a packed list, in its order; the last list read is kept, as every form of a page reads the same. */
export function unpackCountries(list: CountryList): readonly CountryOption[] {
  if (last?.list === list) return last.options;
  const options = list
    ? list.split(LINE).map((line) => {
        const [code, name, prefix] = line.split(FIELD);
        return Object.freeze({ code: code as CountryCode, name: name ?? "", prefix: prefix ?? "" });
      })
    : [];
  // Shared by every render that reads this list (on the server, every request in its language): never changed.
  last = { list, options: Object.freeze(options) };
  return options;
}
