import { createContext, data, Form, Link, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { getServices } from "~/context.server";
import { setAlertsByToken } from "~/domain/alerts/saved-searches.server";
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

async function change(context: Route.LoaderArgs["context"], token: string | null, on: boolean): Promise<View> {
  const search = await setAlertsByToken(getServices(context).db, token, on);
  return search ? { valid: true, name: search.name, alertsOn: on, token: token! } : { valid: false };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const handled = context.get(handledByAction);
  if (handled) return answer(handled);
  return answer(await change(context, new URL(request.url).searchParams.get("token"), false));
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const form = await request.formData().catch(() => new FormData());
  // One-click (RFC 8058) turns off; otherwise the page's own buttons say which way.
  const on = form.get("List-Unsubscribe") !== "One-Click" && form.get("alerts") === "on";
  const view = await change(context, token, on);
  context.set(handledByAction, view);
  return answer(view);
}

/** After the buttons, the action's answer is the page: the loader must not run again (it turns alerts off). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return false;
  return defaultShouldRevalidate;
}

export default function AlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("account");
  const navigation = useNavigation();
  const view = (actionData ?? loaderData) as View;
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
