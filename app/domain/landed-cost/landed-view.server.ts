import { shownCountry } from "~/domain/countries";
import { namedPort } from "~/domain/freight/port-names.server";
import { formatDate, formatDecimal, formatMoneyIn, formatYenIn, moneyPattern } from "~/i18n/format";
import type { LanguageCode } from "~/i18n/languages";
import { serverT } from "~/i18n/request.server";
import { RESEARCH_CHECKED, type LandedLine, type LandedProblem, type Rational } from "./landed-cost";
import type { PageLanded } from "./landed-page.server";
import type { LandedView, LandedViewLine } from "./landed-view";
import { isLoadableTable } from "./tables";

/*
 * An estimate in the page's words, written on the server: the vehicle page,
 * the buyer's offer and the owner's offer form draw these strings as they
 * are, so none of them carries the formatting or the sentences in its script.
 */

const ratio = (r: Rational) => r.num / r.den;

/** Minor units as the page writes money: whole units (a buyer plans in shillings, not cents). */
function money(minor: number, currency: string, decimals: number, language: LanguageCode): string {
  return formatMoneyIn(Math.round(minor / 10 ** decimals), currency, language, moneyPattern(currency, language));
}

/** The buyer's chosen currency and its rate (units for one yen), as the page shows prices. */
export type ShownRate = { code: string; rate: number } | null;

export function landedView(page: PageLanded, language: LanguageCode, shown: ShownRate = null): LandedView {
  const t = serverT(language, "stock");
  const country = shownCountry(page.country, language);
  const day = (iso: string) =>
    formatDate(`${iso}T00:00:00Z`, language, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const view: LandedView = {
    title: t("landed.title", { country }),
    badge: t("landed.badge"),
    more: t("landed.more"),
    sample: null,
    message: null,
    lines: [],
    customsValue: null,
    total: null,
    notes: [],
  };
  if (page.state !== "estimate")
    return { ...view, message: page.state === "no_port" ? t("landed.noPort", { country }) : t("landed.noFreight") };
  const { result } = page;
  const sample = result.samples ? t("landed.sample") : null;
  if (!result.ok) return { ...view, sample, message: problemText(result.problem, country, t) };

  const { estimate: e } = result;
  const cash = (minor: number) => money(minor, e.currency, e.decimals, language);
  const source = (text: string): LandedViewLine["source"] => {
    const table = /^owner table (\S+) v(\d+) of (\d{4}-\d{2}-\d{2})$/.exec(text);
    if (table && isLoadableTable(table[1]!))
      return {
        text: t("landed.source.table", {
          table: t(`landed.tables.${table[1]}`),
          version: table[2]!,
          date: day(table[3]!),
        }),
        href: null,
      };
    if (/^https?:\/\//.test(text))
      return {
        text: t("landed.source.web", {
          host: new URL(text).hostname.replace(/^www\./, ""),
          date: day(RESEARCH_CHECKED),
        }),
        href: text,
      };
    return { text, href: null };
  };
  const detail = (line: LandedLine): string | null => {
    if (!line.base || !line.rate) return null;
    const { base, rate } = line;
    if (base.unit === "JPY")
      return t("landed.detail.converted", {
        base: formatYenIn(base.amount, language),
        rate: String(ratio(rate)),
        currency: e.currency,
      });
    if (base.unit === "cc" || base.unit === "kW") {
      const text = t("landed.detail.perUnit", {
        rate: cash(rate.num / rate.den),
        unit: base.unit,
        base: `${base.amount} ${base.unit}`,
      });
      return line.minimum !== null ? `${text} (${t("landed.detail.minimum")})` : text;
    }
    return t("landed.detail.share", { rate: formatDecimal(ratio(rate) * 100, language), base: cash(base.amount) });
  };
  const yen = cifYen(e.lines);
  // In the page's language where the shop knows the port (these lines are plain text: no English mark).
  const port = namedPort({ port: page.port }, language).name;
  return {
    ...view,
    sample,
    lines: e.lines.map((line) => ({
      key: line.key,
      label: t(`landed.lines.${line.key}`, { port, currency: e.currency }),
      amount: cash(line.amount),
      detail: detail(line),
      source: source(line.source),
      group: line.group,
    })),
    customsValue: t("landed.customsValue", { amount: cash(e.customsValue) }),
    total: {
      label: t("landed.total"),
      amount: cash(e.landedTotal),
      about: yen
        ? [
            t("landed.inYen", { yen: formatYenIn(Math.round(e.landedTotal * yen), language) }),
            ...(shown && shown.code !== e.currency
              ? [
                  t("landed.inYen", {
                    yen: formatMoneyIn(
                      Math.round(e.landedTotal * yen * shown.rate),
                      shown.code,
                      language,
                      moneyPattern(shown.code, language),
                    ),
                  }),
                ]
              : []),
          ].join(" · ")
        : null,
    },
    notes: [
      ...(page.filled && page.filled.length > 0 ? [t("landed.filled", { port })] : []),
      t("landed.notCharged", {
        month: formatDate(new Date(Date.UTC(Math.floor(page.assessedIn / 12), page.assessedIn % 12, 15)), language, {
          month: "long",
          year: "numeric",
          timeZone: "UTC",
        }),
      }),
      ...(e.notIncluded.length > 0
        ? [
            t("landed.notIncluded", {
              list: new Intl.ListFormat(language, { type: "unit" }).format(
                e.notIncluded.map((k) => t(`landed.left.${k}`)),
              ),
            }),
          ]
        : []),
    ],
  };
}

/** Yen for one minor unit, from the CIF line's conversion; null when it cannot be read. */
function cifYen(lines: LandedLine[]): number | null {
  const cif = lines.find((l) => l.key === "cif");
  if (!cif || !cif.base || cif.amount === 0) return null;
  return cif.base.amount / cif.amount;
}

function problemText(problem: LandedProblem, country: string, t: ReturnType<typeof serverT<"stock">>): string {
  switch (problem.kind) {
    case "duty_not_estimated":
      return t("landed.notEstimated", { country });
    case "no_table_entry":
      // The excise bands are the shop's own: a car outside them is one whose facts do not fit (an electric car in Kenya).
      return isLoadableTable(problem.table)
        ? t("landed.noEntry", { table: t(`landed.tables.${problem.table}`) })
        : t("landed.cannot");
    case "missing_rate":
      return t("landed.missingRate", { country });
    case "missing_fact":
      return t(problem.fact === "fuel" ? "landed.missingFuel" : "landed.missingEngine");
    case "invalid_input":
      return t("landed.cannot");
  }
}
