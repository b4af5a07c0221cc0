/** The whole Set-Cookie line of a cookie a response sets (not one it clears), attributes and all; throws when there is none. */
export function setCookieLine(res: Response, name: string): string {
  const found = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`) && !c.includes("Max-Age=0"));
  if (!found) throw new Error(`no ${name} cookie (status ${res.status})`);
  return found;
}

/** The `name=value` of a cookie a response sets (not one it clears), to send back; throws when there is none. */
export function cookieFrom(res: Response, name: string): string {
  return setCookieLine(res, name).split(";")[0]!;
}
