import { listSearch, readVehicleQuery, VEHICLE_FILTER_KEYS, type VehicleFilters } from "~/domain/search/filters";
import { SAVED_SEARCH_NAME_MAX, savedSearchPath } from "./saved-search-path";

export { SAVED_SEARCH_NAME_MAX, savedSearchPath };

/*
 * Saved searches (issue 9): the rules that hold in the browser and on the
 * server alike. A saved search is the vehicle list's filters, kept as the
 * list's own query string in one canonical form, so the same filters saved
 * twice are the same text.
 */

/** How many searches one buyer may keep. */
export const MAX_SAVED_SEARCHES = 20;
/** At most one alert mail per search in this time (the news in between gathers into the next). */
export const ALERT_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Vehicles listed in one alert mail; the rest are behind its "see all" link. */
export const ALERT_MAIL_MAX_ITEMS = 10;

/**
 * The canonical query string of the vehicle filters in `search` ("Make=Toyota&YearFrom=2015"),
 * without "?" and without sort, page or page size. Values the list would ignore are dropped.
 */
export function canonicalVehicleQuery(search: string | URLSearchParams, now = new Date()): string {
  const params = typeof search === "string" ? new URLSearchParams(search.replace(/^\?/, "")) : search;
  const { filters } = readVehicleQuery(params, now);
  return listSearch(VEHICLE_FILTER_KEYS, { filters }).replace(/^\?/, "");
}

/** The filters of a stored query string. */
export function savedSearchFilters(query: string, now = new Date()): VehicleFilters {
  return readVehicleQuery(new URLSearchParams(query), now).filters;
}
