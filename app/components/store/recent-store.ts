import { MAX_RECENT, RECENT_STORAGE_KEY } from "~/domain/buyer-tools/recent";
import { storedIds } from "~/utils/stored-ids";

/**
 * The browser's own list of recently viewed vehicles (newest first), apart
 * from the components that show it, so the header (which empties it on
 * signing out) does not bring them to every page.
 */
export const recentStore = storedIds(RECENT_STORAGE_KEY, MAX_RECENT);
