const BASE = "http://shop.invalid";

/**
 * A path on this site to go to after an action, or the fallback. Refuses other
 * hosts ("//evil.example", "https://..."), backslash tricks and control
 * characters. The path is judged as a browser will read it: normalised first
 * ("/.//evil.example" becomes "//evil.example" and is refused), and returned
 * in that normalised form, percent-encoded, so it can always stand in a
 * Location header (a raw "/中" cannot).
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof value !== "string" || value === "") return fallback;
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}

/** Only paths of the staff panel are places to return to after signing in there. */
export function adminPath(value: FormDataEntryValue | string | null | undefined): string {
  const path = safeRedirectPath(value, "/admin");
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin?") ? path : "/admin";
}
