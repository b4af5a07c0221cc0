/** The `name=value` of a cookie a response sets (not one it clears); throws when there is none. */
export function cookieFrom(res: Response, name: string): string {
  const found = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`) && !c.includes("Max-Age=0"));
  if (!found) throw new Error(`no ${name} cookie (status ${res.status})`);
  return found.split(";")[0]!;
}
