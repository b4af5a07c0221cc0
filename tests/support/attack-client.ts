/*
 * How the security suites talk to a shop: plain HTTP with no redirects
 * followed, a made-up client address per request (the shop trusts its local
 * proxy), and helpers for the cookies it sets.
 */

export type AttackOptions = { cookie?: string; ip?: string; headers?: Record<string, string> };

export function attackClient(baseUrl: () => string, ipPrefix = "198.18") {
  let ipCounter = 0;
  /** A made-up client address per request unless one is given, so the per-address limits are not the subject. */
  const nextIp = () => `${ipPrefix}.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

  function request(pathname: string, init: RequestInit & AttackOptions = {}) {
    const { cookie, ip, headers, ...rest } = init;
    return fetch(`${baseUrl()}${pathname}`, {
      redirect: "manual",
      ...rest,
      headers: { "X-Forwarded-For": ip ?? nextIp(), ...(cookie ? { Cookie: cookie } : {}), ...headers },
    });
  }

  const post = (pathname: string, fields: Record<string, string>, options: AttackOptions = {}) =>
    request(pathname, { method: "POST", body: new URLSearchParams(fields), ...options });

  return { request, post, nextIp };
}

/** The Set-Cookie that sets this cookie (not the one that clears it), or null. */
export function setCookie(res: Response, name: string): string | null {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`) && !c.includes("Max-Age=0")) ?? null;
}

/** "name=value" of a Set-Cookie header, as a browser sends it back. */
export const pair = (header: string) => header.split(";")[0]!;
