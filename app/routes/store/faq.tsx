import { JsonLd } from "~/components/store/detail";
import { InvoiceCheckLine } from "~/components/store/payment-safety";
import { loadedMeta } from "~/components/store/page-meta";
import { faqPage } from "~/domain/settings/buying-guide.server";
import type { Route } from "./+types/faq";
import { loadGuidePage } from "./guide-page.server";

/** The questions buyers abroad ask most (issue 18.8), with the owner's values as entered. */
export const loader = (args: Route.LoaderArgs) => loadGuidePage(args, faqPage);

export const meta = ({ loaderData }: Route.MetaArgs) => loadedMeta(loaderData);

export default function Faq({ loaderData: page }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <JsonLd
        value={{
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: page.items.map((item) => ({
            "@type": "Question",
            name: item.question,
            acceptedAnswer: { "@type": "Answer", text: item.answer },
          })),
        }}
      />
      <h1 className="text-3xl title sm:text-4xl">{page.title}</h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">{page.intro}</p>
      <div className="mt-10 divide-y divide-slate-200 border-y border-slate-200" data-testid="faq">
        {page.items.map((item) => (
          <section key={item.key} aria-labelledby={`faq-${item.key}`} className="py-6">
            <h2 id={`faq-${item.key}`} className="text-lg font-semibold text-slate-900">
              {item.question}
            </h2>
            <p className="mt-2 leading-relaxed text-slate-700">{item.answer}</p>
            {/* The answer to "new bank details?" is also where to check what arrived. */}
            {item.key === "bankChange" ? <InvoiceCheckLine className="mt-2 text-slate-700" /> : null}
          </section>
        ))}
      </div>
      <p className="mt-8 text-slate-700">{page.more}</p>
    </div>
  );
}
