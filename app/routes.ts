import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("about", "routes/store/about.tsx"),
    route("vehicles", "routes/store/vehicles.tsx"),
    route("vehicles/:id", "routes/store/vehicle.tsx"),
    route("parts", "routes/store/parts.tsx"),
    route("parts/:id", "routes/store/part.tsx"),
    route("login", "routes/account/login.tsx"),
    route("register", "routes/account/register.tsx"),
    route("reset-password", "routes/account/reset-password.tsx"),
    route("account", "routes/account/account.tsx"),
    route("favorites", "routes/account/favorites.tsx"),
    route("quotes", "routes/account/quotes.tsx"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  route("preferences", "routes/resources/preferences.ts"),
  route("logout", "routes/account/logout.ts"),
  route("favourite", "routes/resources/favourite.ts"),
  route("sitemap.xml", "routes/seo/sitemap-index.ts"),
  route("sitemaps/:file", "routes/seo/sitemap-file.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/upload-vehicle", "routes/admin/upload-vehicle.tsx"),
    route("admin/upload-part", "routes/admin/upload-part.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
  // SPEC's unprefixed admin paths lead to their /admin forms.
  ...[
    "upload-vehicle",
    "upload-part",
    "all-products",
    "all-parts-products",
    "all-quotes",
    "edit/:id",
    "edit-parts/:id",
    "edit-part/:id",
  ].map((path) => route(path, "routes/admin/legacy-redirect.ts", { id: `legacy-${path}` })),
] satisfies RouteConfig;
