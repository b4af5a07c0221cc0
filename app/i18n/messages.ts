import type { Problem } from "./problem";
import { useMemo } from "react";
import { useT } from "./i18n";
import { problemText, problemTexts } from "./problem";

/*
 * What the server says about a form (SPEC 5, 8) arrives as Problems: keys of
 * the catalogue the page reads with their values. Buyer pages read the
 * `messages` namespace, the staff panel `admin`; the English catalogues hold
 * SPEC's sentences.
 */

/**
 * In a component: `const { message, errors } = useProblems()`, then
 * `message(actionData?.error)` and `errors(actionData?.errors).email`.
 */
export function useProblems(ns: "messages" | "admin" = "messages") {
  const { t } = useT(ns);
  return useMemo(
    () => ({
      message: (found: Problem | null | undefined) => (found ? problemText(t, found) : undefined),
      errors: (all: Record<string, Problem> | null | undefined) => problemTexts(t, all),
    }),
    [t],
  );
}
