import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { savedSearchPath } from "~/domain/alerts/saved-search-path";
import type { VehicleFilters } from "~/domain/search/filters";
import { useT } from "~/i18n/i18n";
import { BellIcon } from "./bell-icon";

// The form, its words and its checks load only for a signed-in buyer: most who see a list are visitors.
const loadForm = () => import("./save-search-form").then((m) => ({ default: m.SaveSearch }));
const SaveSearch = lazy(loadForm);
// The server has it ready before the first page, so the form is in the HTML itself (it works without JavaScript).
if (typeof window === "undefined") void loadForm();

/**
 * "Save this search" above the vehicle list: a sign-in link for a visitor,
 * the save form for a signed-in buyer.
 */
export function SaveSearchEntry(props: { filters: VehicleFilters; query: string; signedIn: boolean }) {
  const { t } = useT("account");
  if (!props.signedIn)
    return (
      <Link
        to={`/login?redirectTo=${encodeURIComponent(savedSearchPath(props.query))}`}
        className="inline-flex items-center gap-2 text-sm font-semibold text-accent-700 hover:underline"
        data-testid="save-search-sign-in"
      >
        <BellIcon />
        {t("savedSearches.save.signIn")}
      </Link>
    );
  return (
    <Suspense fallback={null}>
      <SaveSearch {...props} />
    </Suspense>
  );
}
