import { useEffect } from "react";
import { MAX_RECENT, pushRecent, RECENT_STORAGE_KEY } from "~/domain/buyer-tools/recent";
import { storedIds } from "~/utils/stored-ids";

/**
 * The browser's own list of recently viewed vehicles (newest first), apart
 * from the components that show it, so the header (which empties it on
 * signing out) and the vehicle page (which adds to it) do not bring them.
 */
export const recentStore = storedIds(RECENT_STORAGE_KEY, MAX_RECENT);

/** The detail page: this vehicle goes first in the browser's list (null: no vehicle, nothing to record). */
export function useRecordRecentView(vehicleId: number | null) {
  useEffect(() => {
    if (vehicleId !== null) recentStore.set(pushRecent(recentStore.get(), vehicleId));
  }, [vehicleId]);
}
