import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import type { LandedView } from "~/domain/landed-cost/landed-view";
import { useRootData } from "~/utils/root-data";

/** An estimate with the port, country and currency it was made for ("12|Kenya|KES"), to tell when the buyer has chosen others. */
export type PageEstimate = { madeFor: string; view: LandedView | null };

/** The port and country the root's data names now, as `madeFor` writes them. */
const chosenNow = (root: ReturnType<typeof useRootData>) =>
  `${root?.destination?.id ?? ""}|${root?.importing?.country ?? ""}|${root?.currency ?? ""}`;

/**
 * The page's estimate, made again when the buyer picks another port or
 * country on the page (the page's own data is kept, so a quote being typed
 * stays): its loader is asked once more, in the background.
 */
export function LandedEstimateBox({ estimate, className }: { estimate: PageEstimate; className?: string }) {
  const fetcher = useFetcher<{ landed?: PageEstimate }>();
  const { load } = fetcher;
  const { pathname } = useLocation();
  const now = chosenNow(useRootData());
  // Asked once for each choice: the cookie and the root's data may disagree (another tab), and must not loop.
  const asked = useRef(estimate.madeFor);
  useEffect(() => {
    if (now === asked.current) return;
    asked.current = now;
    void load(pathname);
  }, [now, load, pathname]);
  const fetched = fetcher.data?.landed;
  const view = now === estimate.madeFor || !fetched ? estimate.view : fetched.view;
  if (!view) return null;
  return (
    <div className={className}>
      <LandedEstimate view={view} />
    </div>
  );
}

/*
 * What a car would cost once cleared at home, as the server wrote it (its
 * words and figures come ready: this draws them). The total shows at once;
 * the lines, each with how it was worked out and its source, open beneath it
 * without a script (a details element).
 */
export function LandedEstimate({ view }: { view: LandedView }) {
  const badge = (
    <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      {view.badge}
    </span>
  );
  return (
    <section
      aria-label={view.title}
      className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm"
      data-testid="landed-estimate"
    >
      {view.total ? (
        <details>
          <summary className="flex cursor-pointer list-none items-start justify-between gap-3">
            <span>
              <span className="block font-semibold text-slate-900">{view.title}</span>
              <span className="mt-1 block text-lg font-bold text-slate-900 tabular-nums" data-testid="landed-total">
                {view.total.amount}
              </span>
              <span className="block text-slate-600 tabular-nums" data-testid="landed-about">
                {view.total.about}
              </span>
              <span className="mt-1 block font-medium text-accent-700 underline">{view.more}</span>
            </span>
            {badge}
          </summary>
          <dl className="mt-3 space-y-2 border-t border-slate-200 pt-3">
            {view.lines.map((line) => (
              <div key={line.key} data-testid={`landed-${line.key}`} className="grid grid-cols-[1fr_auto] gap-x-4">
                <dt className="text-slate-700">{line.label}</dt>
                <dd className="text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">{line.amount}</dd>
                <dd className="col-span-2 text-xs text-slate-500">
                  {line.detail ? `${line.detail} · ` : null}
                  {line.source.href ? (
                    <a href={line.source.href} rel="noopener noreferrer nofollow" className="underline">
                      {line.source.text}
                    </a>
                  ) : (
                    line.source.text
                  )}
                </dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 font-semibold text-slate-900">
              <dt>{view.total.label}</dt>
              <dd className="whitespace-nowrap tabular-nums">{view.total.amount}</dd>
            </div>
          </dl>
          {view.customsValue ? <p className="mt-2 text-xs text-slate-600">{view.customsValue}</p> : null}
        </details>
      ) : (
        <p>
          <span className="block font-semibold text-slate-900">{view.title}</span>
          <span className="mt-1 block text-slate-700" data-testid="landed-message">
            {view.message}
          </span>
        </p>
      )}
      {view.sample ? (
        <p className="mt-2 text-xs font-medium text-amber-900" data-testid="landed-sample">
          {view.sample}
        </p>
      ) : null}
      {view.notes.map((note) => (
        <p key={note} className="mt-2 text-xs text-slate-600">
          {note}
        </p>
      ))}
    </section>
  );
}
