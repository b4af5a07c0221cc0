import { JsonLd } from "~/components/store/detail";
import { getServices } from "~/context.server";
import { faqPage } from "~/domain/settings/buying-guide.server";
import { getCompany } from "~/domain/settings/company.server";
import { requestLanguage } from "~/i18n/request.server";
import type { Route } from "./+types/faq";

/** The questions buyers abroad ask most (issue 18.8), with the owner's values as entered. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const company = await getCompany(db, config.shop);
  return faqPage(requestLanguage(request), company, config.shop.name);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: loaderData.meta.title }, { name: "description", content: loaderData.meta.description }];
}

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
          </section>
        ))}
      </div>
      <p className="mt-8 text-slate-700">{page.more}</p>
    </div>
  );
}
