import { createHash, randomBytes } from "node:crypto";

/** A random secret for a cookie or a link: 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its SHA-256, so a copy of the table opens nothing. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
