import { z } from "zod";
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_NAME_MAX } from "./saved-searches";

/*
 * The saved-search forms. The server is the authority; messages are English
 * and shown in the page's language through the `messages` catalogue
 * (app/i18n/messages.ts), like every buyer form's.
 */

export const TOO_MANY_SAVED_SEARCHES = `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one on your account page to save another.`;
/** The same filters are saved already; the buyer is told under which name. */
export const alreadySavedMessage = (name: string) => `These filters are already saved as “${name}”.`;

export const SaveSearchSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`),
  /** The list's query string as the page had it; the server keeps only its filters. */
  query: z.string().max(2000).default(""),
});

/** A saved search named in a form by its id (delete, alerts on or off). */
export const SavedSearchIdSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const SavedSearchIntentSchema = z.enum(["save", "delete", "alerts-on", "alerts-off"]).catch("save");
