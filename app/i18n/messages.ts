import type { Problem } from "./problem";
import { useMemo } from "react";
import { useT } from "./i18n";
import { problemText, problemTexts } from "./problem";

/*
 * What the server says about a buyer's form (SPEC 5, 8) arrives as Problems:
 * keys of the `messages` catalogue with their values. A page shows them in its
 * own language; the English catalogue holds SPEC's sentences.
 */

/**
 * In a component: `const { message, errors } = useMessages()`, then
 * `message(actionData?.error)` and `errors(actionData?.errors).email`.
 */
export function useMessages() {
  const { t } = useT("messages");
  return useMemo(
    () => ({
      message: (found: Problem | null | undefined) => (found ? problemText(t, found) : undefined),
      errors: (all: Record<string, Problem> | null | undefined) => problemTexts(t, all),
    }),
    [t],
  );
}
