import { Link } from "react-router";
import type { Fitment } from "~/domain/inventory/fitment";
import type { TFunction } from "~/i18n/core";
import { useT } from "~/i18n/i18n";

/** A car's years as a buyer reads them: "2012–2018", "2012", "from 2012", "up to 2018", "all years". */
export function fitmentYears(fit: Pick<Fitment, "yearFrom" | "yearTo">, t: TFunction<"stock">): string {
  const { yearFrom: from, yearTo: to } = fit;
  if (from !== null && to !== null) return from === to ? String(from) : t("detail.part.fits.range", { from, to });
  if (from !== null) return t("detail.part.fits.since", { year: from });
  if (to !== null) return t("detail.part.fits.upTo", { year: to });
  return t("detail.part.fits.allYears");
}

/**
 * The parts list of one car: "Fits my car" with its make and model, the
 * address listSearch writes (written here so that the page's script does not
 * carry the list's filter readers).
 */
export const partsFor = (fit: Pick<Fitment, "make" | "model">) =>
  `/parts?${new URLSearchParams({ FitMake: fit.make, FitModel: fit.model })}`;

/**
 * The cars a part fits (issue 23), in the owner's order: a table from small
 * tablets up, a list on phones, each car leading to the parts that fit it.
 */
export function PartFitment({ fits }: { fits: readonly Fitment[] }) {
  const { t } = useT("stock");
  if (fits.length === 0) return null;
  const code = (fit: Fitment) => fit.modelCode ?? t("detail.part.fits.allCodes");
  return (
    <section aria-labelledby="fits-title" data-testid="fitment">
      <h2 id="fits-title" className="text-lg font-bold text-slate-900">
        {t("detail.part.fits.title")}
      </h2>
      <table className="mt-2 w-full text-sm max-sm:hidden" data-testid="fitment-table">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            {[
              t("detail.spec.make"),
              t("detail.spec.model"),
              t("detail.spec.modelCode"),
              t("detail.part.fits.years"),
            ].map((heading, i, all) => (
              <th key={i} scope="col" className={`py-2 font-medium ${i < all.length - 1 ? "pr-4" : ""}`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {fits.map((fit, i) => (
            <tr key={i}>
              <td className="py-2.5 pr-4 text-slate-900">{fit.make}</td>
              <td className="py-2.5 pr-4">
                <Link to={partsFor(fit)} className="font-medium text-accent-700 hover:underline">
                  {fit.model}
                </Link>
              </td>
              <td className="py-2.5 pr-4 text-slate-900">{code(fit)}</td>
              <td className="py-2.5 text-slate-900 tabular-nums">{fitmentYears(fit, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-2 divide-y divide-slate-200 text-sm sm:hidden" data-testid="fitment-list">
        {fits.map((fit, i) => (
          <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2.5">
            <Link to={partsFor(fit)} className="font-medium text-accent-700 hover:underline">
              {fit.make} {fit.model}
            </Link>
            <span className="text-slate-700 tabular-nums">
              {code(fit)} · {fitmentYears(fit, t)}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">{t("detail.part.fits.note")}</p>
    </section>
  );
}
