import { Link } from "react-router";
import { PaymentSafetyNotice } from "~/components/store/payment-safety";
import { loadedMeta } from "~/components/store/page-meta";
import { howToBuyPage } from "~/domain/settings/buying-guide.server";
import type { Route } from "./+types/how-to-buy";
import { loadGuidePage } from "./guide-page.server";

/** How to buy (issue 18.8): the six steps with their usual days, and where to pay. */
export const loader = (args: Route.LoaderArgs) => loadGuidePage(args, howToBuyPage);

export const meta = ({ loaderData }: Route.MetaArgs) => loadedMeta(loaderData);

export default function HowToBuy({ loaderData: page }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl title sm:text-4xl">{page.title}</h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">{page.intro}</p>

      <ol aria-label={page.stepsLabel} className="mt-10 space-y-4" data-testid="buying-steps">
        {page.steps.map((step, i) => (
          <li key={step.key} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-700 text-lg font-bold text-white"
            >
              {i + 1}
            </span>
            <div className="min-w-0">
              <h2 className="text-lg font-semibold text-slate-900">{step.title}</h2>
              <p className="mt-2 leading-relaxed text-slate-700">{step.text}</p>
              <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
                  <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm.8 4v3.7l2.9 1.7-.8 1.4-3.7-2.2V6h1.6Z" />
                </svg>
                {step.days}
              </p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-slate-700">{page.total}</p>

      <PaymentSafetyNotice className="mt-10" />

      <div className="mt-10 flex flex-wrap gap-3">
        <Link to="/vehicles" className="btn-accent px-5 py-3">
          {page.browse}
        </Link>
        <Link to="/faq" className="btn-plain px-5 py-3">
          {page.faq}
        </Link>
      </div>
    </div>
  );
}
