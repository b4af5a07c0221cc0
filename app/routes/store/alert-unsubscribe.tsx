import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getServices } from "~/context.server";
import { searchByToken, setAlertsByToken } from "~/domain/alerts/saved-searches.server";
import { metaT, useT } from "~/i18n/i18n";
import type { Route } from "./+types/alert-unsubscribe";

/*
 * The unsubscribe link of alert mails, without signing in (the token is the
 * proof). Opening it changes nothing: mail scanners (Safe Links, Proofpoint)
 * open every link of a mail, so a GET that unsubscribed would turn alerts
 * off for buyers who never asked. The page names the search and its state,
 * with one button that stops the e-mails (or turns them back on). Mail
 * programs' own unsubscribe button (RFC 8058) posts `List-Unsubscribe=One-Click`
 * to the same address and turns alerts off at once. The answer is never
 * cached (the page cache does not keep this path either), and an unknown or
 * malformed token says only that the link is not valid.
 */

/** `afterButton`: the address a button of this page led to (`&alerts=on|off`). */
type View = { valid: false } | { valid: true; name: string; alertsOn: boolean; token: string; afterButton: boolean };

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "account")("savedSearches.unsubscribe.meta") },
  { name: "robots", content: "noindex" },
];

function answer(view: View) {
  return data(view, { status: view.valid ? 200 : 404, headers: headers() });
}

function viewOf(search: { name: string; alertsOn: boolean } | null, token: string | null, afterButton: boolean): View {
  return search && token
    ? { valid: true, name: search.name, alertsOn: search.alertsOn, token, afterButton }
    : { valid: false };
}

/**
 * Shows, never writes (GET and HEAD alike): the mail's link (`?token=`), and
 * the address a button of this page leads to (`&alerts=on|off`), so opening,
 * reloading or choosing another language changes nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  const search = await searchByToken(getServices(context).db, token);
  return answer(
    viewOf(search && { name: search.name, alertsOn: Number(search.alerts_on) === 1 }, token, params.has("alerts")),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const form = await request.formData().catch(() => new FormData());
  // One-click (RFC 8058) turns off, and is answered at once; the page's own buttons say which way.
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  const on = !oneClick && form.get("alerts") === "on";
  const view = viewOf(await setAlertsByToken(getServices(context).db, token, on), token, !oneClick);
  if (oneClick || !view.valid) return answer(view);
  const params = new URLSearchParams({ token: token!, alerts: on ? "on" : "off" });
  return redirect(`/alerts/unsubscribe?${params}`, { headers: headers() });
}

export default function AlertUnsubscribe({ loaderData }: Route.ComponentProps) {
  const { t } = useT("account");
  const navigation = useNavigation();
  const view = loaderData as View;
  if (!view.valid) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6" data-testid="unsubscribe-invalid">
        <h1 className="text-2xl title">{t("savedSearches.unsubscribe.invalidTitle")}</h1>
        <p className="mt-3 text-slate-700">{t("savedSearches.unsubscribe.invalidText")}</p>
        <Link to="/account#saved-searches" className="mt-6 inline-block font-semibold text-accent-700 hover:underline">
          {t("savedSearches.unsubscribe.manage")}
        </Link>
      </div>
    );
  }
  // Opened from the mail with alerts on: the page asks, and its one button stops them.
  const asking = view.alertsOn && !view.afterButton;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6" data-testid="unsubscribe">
      <h1 className="text-2xl title">
        {asking
          ? t("savedSearches.unsubscribe.confirmTitle")
          : view.alertsOn
            ? t("savedSearches.unsubscribe.onTitle")
            : t("savedSearches.unsubscribe.offTitle")}
      </h1>
      <p role="status" className="mt-3 text-slate-700">
        {asking
          ? t("savedSearches.unsubscribe.confirmText", { name: view.name })
          : view.alertsOn
            ? t("savedSearches.unsubscribe.onText", { name: view.name })
            : t("savedSearches.unsubscribe.offText", { name: view.name })}
      </p>
      <Form
        method="post"
        action={`/alerts/unsubscribe?token=${encodeURIComponent(view.token)}`}
        className="mt-8 flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-6"
      >
        <input type="hidden" name="alerts" value={view.alertsOn ? "off" : "on"} />
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          className="min-h-12 w-full btn-accent px-6 py-2 text-base shadow-sm disabled:opacity-60 sm:w-auto"
        >
          {view.alertsOn ? t("savedSearches.unsubscribe.stop") : t("savedSearches.unsubscribe.turnBackOn")}
        </button>
        <Link
          to="/account#saved-searches"
          className="self-center font-semibold text-accent-700 hover:underline sm:self-auto"
        >
          {t("savedSearches.unsubscribe.manage")}
        </Link>
      </Form>
    </div>
  );
}
