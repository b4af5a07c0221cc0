/**
 * A route's `headers`: React Router leaves an action's own headers off the
 * page it renders unless the route passes them on. Refused tries say when to
 * come back.
 */
export function passRetryAfter({ actionHeaders, parentHeaders }: { actionHeaders: Headers; parentHeaders: Headers }) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
