/**
 * The address of the page a request is for. Data requests made while moving
 * between pages arrive as "/vehicles.data?_routes=…" (and "/_root.data" for the
 * home page); loaders see them as they came, so anything that builds a link
 * from the request reads it through here.
 */
export function pageUrl(request: Request | string): URL {
  const url = new URL(typeof request === "string" ? request : request.url);
  if (url.pathname === "/_root.data") url.pathname = "/";
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return url;
}
