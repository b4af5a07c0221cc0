import { redirect } from "react-router";
import type { Route } from "./+types/legacy-redirect";
import { pageUrl } from "~/utils/page-url";

/** The screens SPEC lists without the /admin prefix lead to their /admin forms (the guard is there). */
export function loader({ request }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const path = url.pathname === "/all-quotes" ? "/vehicle-quotes" : url.pathname;
  return redirect(`/admin${path}${url.search}`, 301);
}
