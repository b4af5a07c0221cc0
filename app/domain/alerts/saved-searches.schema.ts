import { z } from "zod";
import { requiredText } from "~/domain/buyer-fields";
import { problem } from "~/i18n/problem";
import { SAVED_SEARCH_NAME_MAX } from "./saved-searches";

/* The saved-search forms. The server is the authority; refusals are keys of the `messages` catalogue. */

export const TOO_MANY_SAVED_SEARCHES = problem("savedSearches.tooMany");
/** The same filters are saved already; the buyer is told under which name. */
export const alreadySavedProblem = (name: string) => problem("savedSearches.alreadySaved", { name });

export const SaveSearchSchema = z.object({
  name: requiredText("name", SAVED_SEARCH_NAME_MAX),
  /** The list's query string as the page had it; the server keeps only its filters. */
  query: z.string().max(2000).default(""),
});

/** A saved search named in a form by its id (delete, alerts on or off). */
export const SavedSearchIdSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const SavedSearchIntentSchema = z.enum(["save", "delete", "alerts-on", "alerts-off"]).catch("save");
