import { type CookieSpec, cookieName, secureCookies } from "~/utils/cookies";
import { readSessionCookie } from "~/utils/request-scope.server";

/** No token we make is longer; a longer cookie is not looked up. */
const TOKEN_MAX = 100;

/**
 * The token a session or challenge cookie of this request holds, under the
 * name the cookie has over this shop's scheme; null when there is none or it
 * cannot be one of ours.
 */
export function sessionToken(
  services: { config: { publicUrl: URL } },
  request: Request,
  cookie: CookieSpec,
): string | null {
  const token = readSessionCookie(request.headers.get("Cookie"), cookieName(cookie, secureCookies(services)));
  return token && token.length <= TOKEN_MAX ? token : null;
}
