import type { Problem } from "~/i18n/problem";
import { BellIcon } from "./bell-icon";
import { useId } from "react";
import { Link, useFetcher, useLocation, useSearchParams } from "react-router";
import { inputClass } from "~/components/ui/field";
import { SAVED_SEARCH_NAME_MAX, savedSearchPath } from "~/domain/alerts/saved-search-path";
import type { VehicleFilters } from "~/domain/search/filters";
import { useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { useRootData } from "~/utils/root-data";
import { defaultSearchName } from "./saved-searches";

/*
 * The "Save this search" disclosure above the vehicle list (issue 9), loaded
 * only for a signed-in buyer (save-search-entry.tsx). It posts to
 * /saved-searches; the list of saved searches on /account is saved-searches.tsx.
 */

type SaveAnswer = { ok: false; error: Problem; name: string; query: string } | undefined;

/**
 * "Save this search" for a signed-in buyer; a sign-in link for a visitor.
 * `query` is the list's canonical filter string; the server keeps its filters only.
 */
export function SaveSearch({
  filters,
  query,
  signedIn,
  initial,
}: {
  filters: VehicleFilters;
  query: string;
  signedIn: boolean;
  /** A refusal to show at once (the page shown when the form was sent without JavaScript). */
  initial?: { error: Problem; name: string };
}) {
  const { t } = useT("account");
  const { t: stock } = useT("stock");
  const format = useFormat();
  const rate = useRootData()?.rate;
  const messages = useProblems();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<SaveAnswer>();
  const id = useId();
  const here = savedSearchPath(query);
  // A refusal belongs to the filters it was about: another list starts afresh.
  const answer =
    fetcher.data && fetcher.data.query === query
      ? fetcher.data
      : initial
        ? { ok: false as const, ...initial }
        : undefined;
  const error = answer && !answer.ok ? messages.message(answer.error) : undefined;
  const saved = signedIn && searchParams.get("saved") === "1" && location.pathname === "/vehicles";

  // Just saved: these filters are saved, so the confirmation takes the form's place.
  if (saved) {
    return (
      <p
        role="status"
        className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 lg:max-w-3xl"
        data-testid="save-search"
      >
        {t("savedSearches.save.saved")}{" "}
        <Link to="/account#saved-searches" className="font-semibold underline">
          {t("savedSearches.save.manage")}
        </Link>
      </p>
    );
  }
  return (
    <div data-testid="save-search">
      {/* Closed again on every other list; open when showing a refusal. */}
      <details
        key={location.search}
        open={initial ? true : undefined}
        className="rounded-xl border border-slate-200 bg-white shadow-sm lg:max-w-3xl"
      >
        <summary className="flex cursor-pointer items-center gap-2 px-4 py-3 text-sm font-semibold text-accent-800">
          <BellIcon />
          {t("savedSearches.save.open")}
        </summary>
        <fetcher.Form method="post" action="/saved-searches" className="border-t border-slate-200 px-4 pt-3 pb-4">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="query" value={query} />
          <input type="hidden" name="redirectTo" value={here} />
          <label htmlFor={`${id}-name`} className="field-label">
            {t("savedSearches.save.name")}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <input
              key={query}
              id={`${id}-name`}
              name="name"
              required
              maxLength={SAVED_SEARCH_NAME_MAX}
              defaultValue={answer && !answer.ok ? answer.name : defaultSearchName(filters, t, stock, format, rate)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              className={`${inputClass} sm:max-w-md ${error ? "border-red-500" : "border-slate-300 focus:border-accent-600"}`}
            />
            <button
              type="submit"
              disabled={fetcher.state !== "idle"}
              className="mt-1 h-11 shrink-0 btn-accent px-5 text-sm disabled:opacity-60"
            >
              {fetcher.state !== "idle" ? t("savedSearches.save.saving") : t("savedSearches.save.submit")}
            </button>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          ) : (
            <p id={`${id}-hint`} className="mt-2 text-xs text-slate-600">
              {t("savedSearches.save.hint")}
            </p>
          )}
        </fetcher.Form>
      </details>
    </div>
  );
}
