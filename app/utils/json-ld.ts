/** JSON-LD as a script element's text: "<" is escaped, so no text in it can close the element. */
export function jsonLdText(value: object): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
