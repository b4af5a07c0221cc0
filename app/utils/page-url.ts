/**
 * The address of the page a request is for. Data requests made while moving
 * between pages arrive as "/vehicles.data?_routes=…" (and "/_.data" for the
 * home page); loaders see them as they came, so anything that builds a link
 * from the request reads it through here.
 */
export function pageUrl(request: Request | string): URL {
  const url = new URL(typeof request === "string" ? request : request.url);
  url.pathname = documentPath(url.pathname);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return url;
}

/**
 * The path of the page a data request is for: "/vehicles.data" is /vehicles;
 * with trailing-slash-aware data requests "/_.data" is the home page and
 * "/admin/edit/5/_.data" is /admin/edit/5/.
 */
export function documentPath(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return pathname;
}
