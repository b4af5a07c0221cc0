import { useState } from "react";
import type { View } from "~/domain/search/list";

/**
 * Layout and filter panel state. The layout is remembered by the server (a
 * cookie /preferences sets, as the layout's form does without scripts), so
 * the next page is drawn the same; the answer's redirect is not followed.
 */
export function useListView(initial: View) {
  const [view, setView] = useState<View>(initial);
  const [filtersOpen, setFiltersOpen] = useState(true);
  return {
    view,
    setView(next: View) {
      setView(next);
      // Kept alive past a move to the next page; a failure leaves the layout as it is on this page only.
      fetch("/preferences", {
        method: "POST",
        body: new URLSearchParams({ view: next }),
        redirect: "manual",
        keepalive: true,
      }).catch(() => {});
    },
    filtersOpen,
    toggleFilters: () => setFiltersOpen((open) => !open),
  };
}
