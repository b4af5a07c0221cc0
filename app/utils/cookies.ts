/*
 * Every cookie the shop sets: its name, its attributes, the one way a
 * Set-Cookie for it is written and the one way a Cookie header is read.
 * The app, the Express server and the page cache take names from here.
 *
 * Two kinds:
 * - Server cookies (sessions, the two-step challenge, device marks) are read
 *   by the server alone: HttpOnly. When the shop is served over https they
 *   are Secure and named with the __Host- prefix (whole site, no Domain), so
 *   no other host and no plain-http page can set them. Over plain http
 *   (development, tests on 127.0.0.1) they keep the plain name, as browsers
 *   refuse a __Host- cookie without Secure. Only the name that applies is read.
 * - Preference cookies (language, currency, port, country, list view) keep a
 *   visitor's choice for a year, have one name, and are Secure over https.
 * All are for the whole site (Path=/) and SameSite=Lax.
 */

const YEAR_SECONDS = 365 * 24 * 3600;

export type CookieSpec = {
  /** The name over plain http; a server cookie over https is `__Host-` and this. */
  readonly name: string;
  /** Read by the server alone: HttpOnly, and __Host- named over https. */
  readonly server: boolean;
  /** Seconds the browser keeps it; null when it lasts as long as a record on the server, whose lifetime is given when it is set. */
  readonly maxAgeSeconds: number | null;
  /** Holds a session or a two-step challenge: a page read with it is personal, and the page cache leaves such requests alone. */
  readonly session: boolean;
};

/** A cookie that lasts as long as a record on the server. */
type RecordCookie = CookieSpec & { readonly maxAgeSeconds: null };
/** A cookie kept for a fixed time. */
type LastingCookie = CookieSpec & { readonly maxAgeSeconds: number };

export const COOKIES = {
  /** A buyer's session id (its hash is the customer_sessions row). */
  buyerSession: { name: "sid", server: true, maxAgeSeconds: null, session: true },
  /** A staff member's session id (staff_sessions). */
  staffSession: { name: "staff_sid", server: true, maxAgeSeconds: null, session: true },
  /** The two-step sign-in between password and code (staff_login_challenges). */
  staffChallenge: { name: "staff_2fa", server: true, maxAgeSeconds: null, session: true },
  /** A browser that has signed in to a buyer account before (decision record 0010). */
  buyerDevice: { name: "buyer_device", server: true, maxAgeSeconds: YEAR_SECONDS, session: false },
  /** A browser that has signed in to a staff account before. */
  staffDevice: { name: "staff_device", server: true, maxAgeSeconds: YEAR_SECONDS, session: false },
  /** The interface language chosen in the menu or by a language link. */
  language: { name: "lang", server: false, maxAgeSeconds: YEAR_SECONDS, session: false },
  /** The currency prices are shown in besides yen. */
  currency: { name: "currency", server: false, maxAgeSeconds: YEAR_SECONDS, session: false },
  /** The chosen port (its id), for C&F totals. */
  port: { name: "port", server: false, maxAgeSeconds: YEAR_SECONDS, session: false },
  /** The country the buyer imports into, when not the port's (a landlocked country shipping through a neighbour's port). */
  importCountry: { name: "import_country", server: false, maxAgeSeconds: YEAR_SECONDS, session: false },
  /** Grid or list layout of the stock lists, set by /preferences (the layout's form, or the list's script) so the server renders the same. */
  view: { name: "view", server: false, maxAgeSeconds: YEAR_SECONDS, session: false },
} as const satisfies Record<string, CookieSpec>;

/** Whether cookies are Secure (and server cookies __Host- named): when buyers reach the shop over https. */
export function secureCookies(services: { config: { publicUrl: URL } }): boolean {
  return services.config.publicUrl.protocol === "https:";
}

/** The name a cookie has when cookies are (or are not) Secure. */
export function cookieName(cookie: CookieSpec, secure: boolean): string {
  return cookie.server && secure ? `__Host-${cookie.name}` : cookie.name;
}

/** Every name a session or challenge cookie can have, over http and https (for the page cache). */
export const SESSION_COOKIE_NAMES: readonly string[] = Object.values(COOKIES as Record<string, CookieSpec>)
  .filter((cookie) => cookie.session)
  .flatMap((cookie) => [cookieName(cookie, true), cookieName(cookie, false)]);

function header(cookie: CookieSpec, value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${cookieName(cookie, secure)}=${encodeURIComponent(value)}`,
    "Path=/",
    ...(cookie.server ? ["HttpOnly"] : []),
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * The Set-Cookie value (or document.cookie string) that sets a cookie. A
 * cookie tied to a server record is given that record's lifetime in seconds.
 */
export function setCookie(cookie: LastingCookie, value: string, secure: boolean): string;
export function setCookie(cookie: RecordCookie, value: string, secure: boolean, maxAgeSeconds: number): string;
export function setCookie(cookie: CookieSpec, value: string, secure: boolean, maxAgeSeconds?: number): string {
  const seconds = maxAgeSeconds ?? cookie.maxAgeSeconds;
  if (seconds === null) throw new Error(`The ${cookie.name} cookie needs its lifetime`);
  return header(cookie, value, seconds, secure);
}

/** The Set-Cookie value that removes a cookie (same name and attributes, empty, Max-Age=0). */
export function clearCookie(cookie: CookieSpec, secure: boolean): string {
  return header(cookie, "", 0, secure);
}

/**
 * One cookie's value from a Cookie header, or null (also when it cannot be
 * decoded). The name must match exactly after the part is trimmed: the page
 * cache and the session readers depend on reading a header the same way
 * (server/page-cache.ts, app/utils/request-scope.server.ts).
 */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}
