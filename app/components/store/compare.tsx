import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import {
  COMPARE_STORAGE_KEY,
  compareHref,
  MAX_COMPARE,
  removeFromCompare,
  toggleCompare,
} from "~/domain/buyer-tools/compare";
import { useT } from "~/i18n/i18n";
import { storedIds, useStoredIds } from "~/utils/stored-ids";

/*
 * The compare selection lives in the browser (ids in the order added, at most
 * MAX_COMPARE), so it survives moving around and signing in, and every tab
 * sees the same one. The toggles and the bar read it; the bar also says when
 * a fifth vehicle was refused.
 */

export const compareStore = storedIds(COMPARE_STORAGE_KEY, MAX_COMPARE);

export function useCompareIds(): readonly number[] {
  return useStoredIds(compareStore);
}

/** "The selection is full" after a refused add, until the selection changes. This tab only. */
const refusal = (() => {
  let full = false;
  const listeners = new Set<() => void>();
  return {
    get: () => full,
    set(next: boolean) {
      if (next === full) return;
      full = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();

const never = () => false;

function useRefused(): boolean {
  return useSyncExternalStore(refusal.subscribe, refusal.get, never);
}

/** Replaces the stored selection (the compare page's "Use this comparison" and "Remove"). */
export function setCompareIds(ids: readonly number[]) {
  refusal.set(false);
  compareStore.set(ids);
}

/**
 * The Compare button of a vehicle card or detail page. Both labels take the
 * same room, so pressing it moves nothing. The server's HTML shows it
 * unpressed; after hydration it shows the stored selection.
 */
export function CompareToggle({
  vehicleId,
  name,
  size = "sm",
}: {
  vehicleId: number;
  /** Said after the label to screen readers, where many cards each have a button. */
  name?: string;
  size?: "sm" | "lg";
}) {
  const { t } = useT("home");
  const ids = useCompareIds();
  const on = ids.includes(vehicleId);
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => {
        const change = toggleCompare(compareStore.get(), vehicleId);
        refusal.set(change.refused);
        if (!change.refused) compareStore.set(change.ids);
      }}
      className={size === "lg" ? "compare-toggle compare-toggle-lg" : "compare-toggle"}
      data-testid="compare-toggle"
      data-vehicle-id={vehicleId}
    >
      {/* Drawn from app.css by aria-pressed: the box, its tick, and which label shows. */}
      <svg aria-hidden="true" viewBox="0 0 20 20">
        <rect x="2" y="2" width="16" height="16" rx="3" strokeWidth="2" />
        {on ? <path d="M6 10.5l2.5 2.5L14 7.5" strokeWidth="2.2" /> : null}
      </svg>
      {/* Both labels share one grid cell; the hidden one keeps the width. */}
      <span>
        <span>{t("compare.toggle.add")}</span>
        <span>{t("compare.toggle.added")}</span>
      </span>
      {name ? <span className="sr-only"> {name}</span> : null}
    </button>
  );
}

/**
 * The height of a bar fixed at the bottom of the screen, kept up to date, for
 * a spacer at the end of the page: then the bar never hides the footer.
 */
export function useMeasuredHeight(): [number, (element: HTMLElement | null) => () => void] {
  const [height, setHeight] = useState(0);
  const measure = useCallback((element: HTMLElement | null) => {
    if (!element) return () => {};
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [height, measure];
}

/**
 * The bar at the bottom of the screen while vehicles are selected: how many,
 * a link to the comparison and Clear. A spacer of its height at the end of
 * the page keeps the footer reachable above it. It is the last thing on the
 * page, so the keyboard reaches it after the footer.
 */
export function CompareBar() {
  const { t } = useT("home");
  const ids = useCompareIds();
  const full = useRefused();
  const location = useLocation();
  const [height, measure] = useMeasuredHeight();
  const shown = ids.length > 0 && location.pathname !== "/compare";
  // A detail page's quote bar (StickyQuoteBar) sits above this one.
  useEffect(() => {
    if (!shown) return;
    document.documentElement.style.setProperty("--compare-bar-height", `${height}px`);
    return () => {
      document.documentElement.style.removeProperty("--compare-bar-height");
    };
  }, [shown, height]);
  // The compare page shows the vehicles itself.
  if (!shown) return null;
  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section
        ref={measure}
        aria-labelledby="compare-bar-title"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgba(15,23,42,0.08)]"
        data-testid="compare-bar"
      >
        <p role="status" className={full ? "bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900" : ""}>
          {full ? t("compare.full", { max: MAX_COMPARE }) : null}
        </p>
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <h2 id="compare-bar-title" className="sr-only">
            {t("compare.bar.label")}
          </h2>
          <p className="text-sm font-semibold text-slate-900" data-testid="compare-count">
            {t("compare.bar.count", { count: ids.length, max: MAX_COMPARE })}
          </p>
          <div className="ml-auto flex items-center gap-2">
            <Link
              to={compareHref(ids)}
              className="inline-flex h-10 items-center btn-accent px-4 text-sm"
              data-testid="compare-link"
            >
              {t("compare.bar.compare")}
            </Link>
            <button
              type="button"
              onClick={() => setCompareIds([])}
              className="inline-flex h-10 items-center btn-plain bg-white hover:bg-slate-50 px-4 text-sm"
            >
              {t("compare.bar.clear")}
            </button>
          </div>
        </div>
      </section>
    </>
  );
}

/** Removes one vehicle from the stored selection (used by the compare page when it shows the visitor's own). */
export function forgetCompared(id: number) {
  setCompareIds(removeFromCompare(compareStore.get(), id));
}
