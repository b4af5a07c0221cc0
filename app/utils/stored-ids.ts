import { useSyncExternalStore } from "react";
import { parseIdList } from "~/domain/buyer-tools/compare";

/*
 * A list of vehicle ids kept in the browser's localStorage ("12,7,30"), read
 * by components through useSyncExternalStore: the server and the first
 * render in the browser see an empty list (so hydration matches the HTML),
 * then the stored list; other tabs' changes arrive through the storage event.
 * When storage is refused (private modes, full), the list lives in memory
 * for this page's life.
 */

export type StoredIds = {
  get: () => readonly number[];
  set: (ids: readonly number[]) => void;
  subscribe: (onChange: () => void) => () => void;
};

const NONE: readonly number[] = Object.freeze([]);

export function storedIds(key: string, max: number): StoredIds {
  const listeners = new Set<() => void>();
  let memory: string | null = null;
  let lastRaw: string | null = null;
  let last: readonly number[] = NONE;

  const read = (): string | null => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return memory;
    }
  };
  const notify = () => listeners.forEach((listener) => listener());
  const onStorage = (event: StorageEvent) => {
    // key null: another tab cleared the whole storage.
    if (event.key === key || event.key === null) notify();
  };

  return {
    get() {
      if (typeof window === "undefined") return NONE;
      const raw = read();
      // The same array while nothing changed, as useSyncExternalStore needs.
      if (raw !== lastRaw) {
        lastRaw = raw;
        last = Object.freeze(parseIdList(raw, max).ids);
      }
      return last;
    },
    set(ids) {
      const raw = ids.slice(0, max).join(",");
      memory = raw;
      try {
        if (raw === "") window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, raw);
      } catch {
        // Kept in memory only.
      }
      notify();
    },
    subscribe(onChange) {
      if (listeners.size === 0) window.addEventListener("storage", onStorage);
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) window.removeEventListener("storage", onStorage);
      };
    },
  };
}

const serverSnapshot = () => NONE;

/** The stored list; empty on the server and while hydrating. */
export function useStoredIds(store: StoredIds): readonly number[] {
  return useSyncExternalStore(store.subscribe, store.get, serverSnapshot);
}

/** True once the page runs in the browser (after hydration), false in the server's HTML. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, isBrowser, notBrowser);
}

const noSubscription = () => () => {};
const isBrowser = () => true;
const notBrowser = () => false;
