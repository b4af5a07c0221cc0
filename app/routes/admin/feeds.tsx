import { Form, redirect } from "react-router";
import { CopyAddress } from "~/components/admin/copy-address";
import { SaveButton, SettingsScreen, useSettingsScreen } from "~/components/admin/settings-screen";
import { FormMessage } from "~/components/ui/field";
import { refuse, staffRequest } from "~/routes/admin/staff-request.server";
import { getFeedToken, renewFeedToken } from "~/domain/feeds/feed-token.server";
import { feedCounts } from "~/domain/feeds/stock-feed.server";
import type { StockPath } from "~/domain/inventory/stock-kinds";
import { staffText } from "~/domain/staff/staff-problems";
import { useFormat } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/feeds";

/*
 * The owner's stock feeds (docs/decisions/0016-stock-feeds.md): each feed's
 * address to paste into Merchant Center's scheduled fetch or another
 * marketplace, how many items it lists, and the button that makes the
 * addresses or renews them (the old ones stop at once).
 */

export const meta: Route.MetaFunction = noindexMeta("admin", "feeds.title");

const KINDS: StockPath[] = ["vehicles", "parts"];
/** What the page is sent back with after the button (?done=): each has its message, feeds.done.* */
const DONE = ["made", "renewed"] as const;

export async function loader(args: Route.LoaderArgs) {
  const { services, url } = await staffRequest(args);
  const [token, counts] = await Promise.all([getFeedToken(services.db), feedCounts(services.db)]);
  const origin = services.config.publicUrl.origin;
  const done = DONE.find((d) => d === url.searchParams.get("done")) ?? null;
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

export async function action(args: Route.ActionArgs) {
  const { services, staff } = await staffRequest(args);
  const form = await args.request.formData();
  if (form.get("intent") !== "renew") return refuse({ message: staffText("unknownAction") }, "invalid");
  const had = (await getFeedToken(services.db)) !== null;
  await renewFeedToken(services.db, staff);
  return redirect(`/admin/feeds?done=${had ? "renewed" : "made"}`);
}

const card = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";

export default function Feeds({ loaderData, actionData }: Route.ComponentProps) {
  const { t, m, busy } = useSettingsScreen();
  const format = useFormat();
  const { feeds, madeAt, done } = loaderData;
  const made = madeAt !== null;
  return (
    <SettingsScreen
      width="max-w-3xl"
      title={t("feeds.title")}
      intro={t("feeds.intro")}
      saved={done && t(`feeds.done.${done}`)}
    >
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
          <SaveButton busy={busy} name="intent" value="renew">
            {made ? t("feeds.renew.button") : t("feeds.make.button")}
          </SaveButton>
        </Form>
      </section>
    </SettingsScreen>
  );
}
