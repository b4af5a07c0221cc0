/**
 * A record's own entry for a key that came from outside (a query string, a
 * form): `"__proto__"` or `"constructor"` find nothing, rather than an
 * object's built-in members. Browser-safe.
 */
export function own<T>(record: Readonly<Record<string, T>>, key: string | null | undefined): T | undefined {
  return key != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
