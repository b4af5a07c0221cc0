import { useState } from "react";
import type { View } from "~/domain/search/list";
import { COOKIES, setCookie } from "~/utils/cookies";

/** Layout and filter panel state: remembered in a cookie so the server renders the same layout. */
export function useListView(initial: View) {
  const [view, setView] = useState<View>(initial);
  const [filtersOpen, setFiltersOpen] = useState(true);
  return {
    view,
    setView(next: View) {
      setView(next);
      document.cookie = setCookie(COOKIES.view, next, window.location.protocol === "https:");
    },
    filtersOpen,
    toggleFilters: () => setFiltersOpen((open) => !open),
  };
}
