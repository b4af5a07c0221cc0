import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** What the root loader gives every page: shop settings, language, the signed-in buyer. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}
