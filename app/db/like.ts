/**
 * A LIKE pattern that finds `text` anywhere in a value, its own "%", "_" and
 * "\" taken as the letters they are. Use it with `escape '\'` on both
 * databases.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
