import { data, Form, redirect, useNavigation } from "react-router";
import { CopyAddress } from "~/components/admin/copy-address";
import { FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import { getFeedToken, renewFeedToken } from "~/domain/feeds/feed-token.server";
import { feedCounts } from "~/domain/feeds/stock-feed.server";
import type { StockPath } from "~/domain/inventory/stock-kinds";
import { staffText } from "~/domain/staff/staff-problems";
import { requireStaff } from "~/routes/guards.server";
import { useProblems } from "~/i18n/messages";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import type { Route } from "./+types/feeds";

/*
 * The owner's stock feeds (docs/decisions/0016-stock-feeds.md): each feed's
 * address to paste into Merchant Center's scheduled fetch or another
 * marketplace, how many items it lists, and the button that makes the
 * addresses or renews them (the old ones stop at once).
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "admin")("feeds.title") },
  { name: "robots", content: "noindex" },
];

const KINDS: StockPath[] = ["vehicles", "parts"];
/** What the page is sent back with after the button (?done=): each has its message, feeds.done.* */
const DONE = ["made", "renewed"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  await requireStaff(services, request);
  const [token, counts] = await Promise.all([getFeedToken(services.db), feedCounts(services.db)]);
  const origin = services.config.publicUrl.origin;
  const done = DONE.find((d) => d === new URL(request.url).searchParams.get("done")) ?? null;
  return {
    feeds: KINDS.map((kind) => ({
      kind,
      address: token ? `${origin}/feeds/${token.token}/${kind}.csv` : null,
      ...counts[kind],
    })),
    madeAt: token?.createdAt ?? null,
    done,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const staff = await requireStaff(services, request);
  const form = await request.formData();
  if (form.get("intent") !== "renew") return data({ message: staffText("unknownAction") }, { status: 400 });
  const had = (await getFeedToken(services.db)) !== null;
  await renewFeedToken(services.db, staff);
  return redirect(`/admin/feeds?done=${had ? "renewed" : "made"}`);
}

const card = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";

export default function Feeds({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  const { message: m } = useProblems("admin");
  const format = useFormat();
  const navigation = useNavigation();
  const { feeds, madeAt, done } = loaderData;
  const made = madeAt !== null;
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("feeds.title")}</h1>
        <p className="mt-1 text-slate-600">{t("feeds.intro")}</p>
      </div>
      {done ? <FormMessage tone="success">{t(`feeds.done.${done}`)}</FormMessage> : null}
      {actionData ? <FormMessage tone="error">{m(actionData.message)}</FormMessage> : null}

      {feeds.map((feed) => (
        <section key={feed.kind} className={card} data-testid="feed" data-kind={feed.kind}>
          <h2 className="text-lg font-semibold text-slate-900">{t(`feeds.kinds.${feed.kind}`)}</h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="feed-count">
            {t("feeds.count", {
              count: feed.available + feed.reserved,
              available: format.number(feed.available),
              reserved: format.number(feed.reserved),
            })}
          </p>
          <div className="mt-4">
            {feed.address ? (
              <CopyAddress label={t("feeds.address")} value={feed.address} />
            ) : (
              <p className="text-sm text-slate-700">{t("feeds.noAddress")}</p>
            )}
          </div>
        </section>
      ))}

      <section className={card}>
        <h2 className="text-lg font-semibold text-slate-900">{t("feeds.where.title")}</h2>
        <p className="mt-1 text-sm text-slate-700">{t("feeds.where.merchantCenter")}</p>
        <p className="mt-2 text-sm text-slate-700">{t("feeds.where.others")}</p>
        <p className="mt-2 text-sm text-slate-700">{t("feeds.where.what")}</p>
      </section>

      <section className={card}>
        <h2 className="text-lg font-semibold text-slate-900">
          {made ? t("feeds.renew.title") : t("feeds.make.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="feed-made">
          {madeAt ? t("feeds.madeOn", { date: format.date(madeAt, { dateStyle: "long" }) }) : t("feeds.make.intro")}
        </p>
        {made ? <p className="mt-2 text-sm text-slate-700">{t("feeds.renew.intro")}</p> : null}
        <Form
          method="post"
          className="mt-4"
          onSubmit={(event) => {
            if (made && !window.confirm(t("feeds.renew.confirm"))) event.preventDefault();
          }}
        >
          <button
            type="submit"
            name="intent"
            value="renew"
            disabled={navigation.state === "submitting"}
            className="h-11 rounded-lg bg-accent-700 px-5 text-sm font-semibold text-white hover:bg-accent-800 disabled:opacity-60"
          >
            {made ? t("feeds.renew.button") : t("feeds.make.button")}
          </button>
        </Form>
      </section>
    </div>
  );
}
