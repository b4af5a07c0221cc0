import { createContext, data, Form, Link, redirect, useNavigation } from "react-router";
import { getServices } from "~/context.server";
import { searchByToken, setAlertsByToken } from "~/domain/alerts/saved-searches.server";
import { metaT, useT } from "~/i18n/i18n";
import type { Route } from "./+types/alert-unsubscribe";

/*
 * The unsubscribe link of alert mails: opening it turns that search's alerts
 * off at once, without signing in (the token is the proof), and offers to
 * turn them back on. Mail providers' one-click unsubscribe (RFC 8058) posts
 * `List-Unsubscribe=One-Click` to the same address. The answer changes data,
 * so it is never cached (the page cache does not keep this path either), and
 * an unknown or malformed token says only that the link is not valid.
 */

type View = { valid: false } | { valid: true; name: string; alertsOn: boolean; token: string };

// What the action did: the loader that renders the page after it shows that, and does not turn alerts off again.
const handledByAction = createContext<View | null>(null);

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

function viewOf(search: { name: string; alertsOn: boolean } | null, token: string | null): View {
  return search && token ? { valid: true, name: search.name, alertsOn: search.alertsOn, token } : { valid: false };
}

/**
 * The mail's link (`?token=`) turns alerts off. After a button on this page
 * the address also says `&alerts=on|off`: that address only shows the state,
 * so reloading it, or choosing another language, changes nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handled = context.get(handledByAction);
  if (handled) return answer(handled);
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  if (params.has("alerts")) {
    const search = await searchByToken(db, token);
    return answer(viewOf(search && { name: search.name, alertsOn: Number(search.alerts_on) === 1 }, token));
  }
  return answer(viewOf(await setAlertsByToken(db, token, false), token));
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const form = await request.formData().catch(() => new FormData());
  // One-click (RFC 8058) turns off, and is answered at once; the page's own buttons say which way.
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  const on = !oneClick && form.get("alerts") === "on";
  const view = viewOf(await setAlertsByToken(getServices(context).db, token, on), token);
  context.set(handledByAction, view);
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
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {t("savedSearches.unsubscribe.invalidTitle")}
        </h1>
        <p className="mt-3 text-slate-700">{t("savedSearches.unsubscribe.invalidText")}</p>
        <Link to="/account#saved-searches" className="mt-6 inline-block font-semibold text-accent-700 hover:underline">
          {t("savedSearches.unsubscribe.manage")}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6" data-testid="unsubscribe">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {view.alertsOn ? t("savedSearches.unsubscribe.onTitle") : t("savedSearches.unsubscribe.offTitle")}
      </h1>
      <p role="status" className="mt-3 text-slate-700">
        {view.alertsOn
          ? t("savedSearches.unsubscribe.onText", { name: view.name })
          : t("savedSearches.unsubscribe.offText", { name: view.name })}
      </p>
      <Form
        method="post"
        action={`/alerts/unsubscribe?token=${encodeURIComponent(view.token)}`}
        className="mt-6 flex flex-wrap items-center gap-4"
      >
        <input type="hidden" name="alerts" value={view.alertsOn ? "off" : "on"} />
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          className={`h-11 rounded-lg px-5 font-semibold disabled:opacity-60 ${
            view.alertsOn
              ? "border border-slate-300 text-slate-800 hover:bg-slate-50"
              : "bg-accent-700 text-white hover:bg-accent-800"
          }`}
        >
          {view.alertsOn ? t("savedSearches.unsubscribe.turnOff") : t("savedSearches.unsubscribe.turnBackOn")}
        </button>
        <Link to="/account#saved-searches" className="font-semibold text-accent-700 hover:underline">
          {t("savedSearches.unsubscribe.manage")}
        </Link>
      </Form>
    </div>
  );
}
