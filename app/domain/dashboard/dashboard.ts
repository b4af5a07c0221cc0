/** Pure rules of the dashboard (SPEC 2 "Dashboard", 9). Browser-safe. */

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

export function describeChange(change: WeekChange): string {
  if (change.kind === "no-previous")
    return change.thisWeek > 0
      ? `${change.thisWeek} new this week, none the week before`
      : "None this week or the week before";
  const sign = change.percent > 0 ? "+" : "";
  return `${sign}${change.percent.toFixed(1)}% on the week before`;
}

/** "5 minutes ago", "1 hour ago", "3 days ago", "2 weeks ago" (SPEC 2). */
export function relativeTime(iso: string, now = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 1000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"} ago`;
  if (seconds < 60) return "just now";
  if (seconds < 3600) return unit(Math.floor(seconds / 60), "minute");
  if (seconds < 86_400) return unit(Math.floor(seconds / 3600), "hour");
  if (seconds < 7 * 86_400) return unit(Math.floor(seconds / 86_400), "day");
  return unit(Math.floor(seconds / (7 * 86_400)), "week");
}
