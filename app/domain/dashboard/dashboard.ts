import type { TFunction } from "~/i18n/core";

/** Pure rules of the dashboard (SPEC 2 "Dashboard", 9). Browser-safe. */

/**
 * A translate function of the admin catalogue: the page's own. Never a
 * default of English here: the catalogue would travel in the page's scripts
 * (80 KB of the owner's dashboard).
 */
type Translate = TFunction<"admin">;

export type WeekChange =
  { kind: "change"; percent: number; direction: "up" | "down" | "flat" } | { kind: "no-previous"; thisWeek: number };

/**
 * This week's new items against the previous week's, as a percentage with one
 * decimal. The arrow follows the sign on every card (DECISIONS). With nothing
 * the week before there is no percentage to give.
 */
export function weekChange(thisWeek: number, previousWeek: number): WeekChange {
  if (previousWeek === 0) return { kind: "no-previous", thisWeek };
  const percent = Math.round(((thisWeek - previousWeek) / previousWeek) * 1000) / 10;
  return { kind: "change", percent, direction: percent > 0 ? "up" : percent < 0 ? "down" : "flat" };
}

export function describeChange(change: WeekChange, t: Translate): string {
  if (change.kind === "no-previous")
    return change.thisWeek > 0
      ? t("dashboard.change.newThisWeek", { number: change.thisWeek })
      : t("dashboard.change.none");
  const sign = change.percent > 0 ? "+" : "";
  return t("dashboard.change.percent", { percent: `${sign}${change.percent.toFixed(1)}` });
}

/** "5 minutes ago", "1 hour ago", "3 days ago", "2 weeks ago" (SPEC 2), in the language of `t`. */
export function relativeTime(iso: string, now: Date, t: Translate): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 1000));
  if (seconds < 60) return t("dashboard.relative.justNow");
  if (seconds < 3600) return t("dashboard.relative.minutes", { count: Math.floor(seconds / 60) });
  if (seconds < 86_400) return t("dashboard.relative.hours", { count: Math.floor(seconds / 3600) });
  if (seconds < 7 * 86_400) return t("dashboard.relative.days", { count: Math.floor(seconds / 86_400) });
  return t("dashboard.relative.weeks", { count: Math.floor(seconds / (7 * 86_400)) });
}
