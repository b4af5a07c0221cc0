import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("about", "routes/store/about.tsx"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  route("set-language", "routes/resources/set-language.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/*", "routes/admin/not-found.tsx"),
] satisfies RouteConfig;
