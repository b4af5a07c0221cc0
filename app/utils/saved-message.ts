/**
 * Which of a screen's "saved" messages its address asks for (`?saved=added` after a
 * save redirects back), or none: a value the screen does not list shows nothing.
 */
export function savedMessage<T extends string>(url: URL, messages: readonly T[]): T | null {
  const asked = url.searchParams.get("saved");
  return messages.find((message) => message === asked) ?? null;
}
