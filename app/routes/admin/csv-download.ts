import { shopDay } from "~/i18n/format";

/** A CSV the browser saves as `<name>-<the shop's day>.csv`; no cache keeps it (it lists buyers and stock). */
export function csvDownload(body: BodyInit, name: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${shopDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
