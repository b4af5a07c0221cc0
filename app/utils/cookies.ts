/** One cookie's value from a Cookie header, or null. */
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

/**
 * The Set-Cookie of a cookie only the server reads (a session, a sign-in
 * challenge): the whole site, httpOnly, SameSite=Lax, Secure over https.
 * No Max-Age makes it last until the browser closes.
 */
export function serverCookie(name: string, value: string, maxAgeSeconds: number | null, secure: boolean): string {
  return [
    `${name}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(maxAgeSeconds === null ? [] : [`Max-Age=${maxAgeSeconds}`]),
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
