import { parseForm } from "~/utils/forms";
import { createContext, data, Link, redirect } from "react-router";
import { SaveSearch } from "~/components/store/save-search-form";
import { getServices } from "~/context.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { canonicalVehicleQuery, savedSearchFilters, savedSearchPath } from "~/domain/alerts/saved-searches";
import { SavedSearchIdSchema, SavedSearchIntentSchema, SaveSearchSchema } from "~/domain/alerts/saved-searches.schema";
import { deleteSavedSearch, saveSearch, setSearchAlerts } from "~/domain/alerts/saved-searches.server";
import { useT } from "~/i18n/i18n";
import { requestLanguage } from "~/i18n/request.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/saved-searches";

/*
 * Where the saved-search forms post: save (from the vehicle list), delete and
 * alerts on or off (from /account). The buyer comes from the session, and a
 * search is found by (buyer, id): another buyer's id is a 404 and changes
 * nothing. The list's form posts through a fetcher and shows a refusal in
 * place; sent without JavaScript, the refusal is this page.
 */

export const meta: Route.MetaFunction = noindexMeta("account", "savedSearches.save.open");

// Set by the action: the page that shows a refusal (sent without JavaScript) renders after it.
const actionRan = createContext(false);

/** Visited on its own, there is nothing to show here: the searches are on /account. */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.get(actionRan)) throw redirect("/account#saved-searches");
  return null;
}

/** `path` with one more query parameter. */
function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, "http://shop.invalid");
  url.searchParams.set(name, value);
  return url.pathname + url.search;
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  context.set(actionRan, true);
  const form = await request.formData();
  const intent = SavedSearchIntentSchema.parse(form.get("intent") ?? undefined);
  const customer = await getCustomer(services, request);

  if (intent === "save") {
    const query = canonicalVehicleQuery(String(form.get("query") ?? "").slice(0, 2000));
    const back = safeRedirectPath(form.get("redirectTo"), savedSearchPath(query));
    if (!customer) throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
    const typed = String(form.get("name") ?? "").slice(0, 200);
    const submission = parseForm({ name: form.get("name") ?? undefined, query }, SaveSearchSchema);
    const outcome =
      submission.status === "success"
        ? await saveSearch(services.db, {
            customerId: customer.id,
            name: submission.value.name,
            query: submission.value.query,
            language: requestLanguage(request),
            secret: services.config.sessionSecret,
          })
        : { ok: false as const, error: submission.errors.name ?? submission.errors.query! };
    if (!outcome.ok) return data({ ok: false as const, error: outcome.error, name: typed, query }, { status: 400 });
    return redirect(withParam(back, "saved", "1"));
  }

  if (!customer) throw redirect(`/login?redirectTo=${encodeURIComponent("/account#saved-searches")}`);
  const chosen = parseForm(form, SavedSearchIdSchema);
  const done =
    chosen.status === "error"
      ? false
      : intent === "delete"
        ? await deleteSavedSearch(services.db, customer.id, chosen.value.id)
        : await setSearchAlerts(services.db, customer.id, chosen.value.id, intent === "alerts-on");
  if (!done) throw data("Saved search not found", { status: 404 });
  return redirect(`/account?savedSearch=${intent}#saved-searches`);
}

/** Only reached without JavaScript, when saving was refused: the form again, with the reason and the typed name. */
export default function SavedSearchRefused({ actionData }: Route.ComponentProps) {
  const { t } = useT("account");
  const query = actionData?.query ?? "";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl title">{t("savedSearches.save.open")}</h1>
      <div className="mt-6">
        <SaveSearch
          filters={savedSearchFilters(query)}
          query={query}
          signedIn
          initial={actionData ? { error: actionData.error, name: actionData.name } : undefined}
        />
      </div>
      <Link to={savedSearchPath(query)} className="mt-6 inline-block font-semibold text-accent-700 hover:underline">
        {t("savedSearches.save.back")}
      </Link>
    </div>
  );
}
