/**
 * A path on this site to go to after an action, or the fallback. Refuses other
 * hosts ("//evil.example", "https://..."), backslash tricks and control characters.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof value !== "string" || value === "") return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  return value;
}

/** Only paths of the staff panel are places to return to after signing in there. */
export function adminPath(value: FormDataEntryValue | string | null | undefined): string {
  const path = safeRedirectPath(value, "/admin");
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin?") ? path : "/admin";
}
