import { JsonLd } from "~/components/store/detail";
import { PaymentSafetyNotice } from "~/components/store/payment-safety";
import { getServices } from "~/context.server";
import { absoluteImageUrl, imageSrcSet, imageUrl } from "~/domain/media/image-url";
import { getOfficePhotos } from "~/domain/settings/company.server";
import { type PublicSettings, telHref, whatsappHref, yearsInBusiness } from "~/domain/settings/settings";
import { metaT, TextWith, useLanguage, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import { shopNameOf } from "~/components/store/page-meta";
import { ButtonLinks } from "~/components/ui/button-links";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  return { photos: await getOfficePhotos(getServices(context).db) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches, "home");
  const name = shopNameOf(matches) ?? t("meta.fallbackName", { defaultValue: "Japanese used vehicles" });
  return [
    { title: t("about.meta.title", { shopName: name, defaultValue: `About Us · ${name}` }) },
    {
      name: "description",
      content: t("about.meta.description", {
        defaultValue: "Who we are: a Japanese exporter of used vehicles, parts and machinery.",
      }),
    },
  ];
}

/** schema.org Organization: who the company is, for search engines. */
function organization(settings: PublicSettings, photos: Route.ComponentProps["loaderData"]["photos"]) {
  const { shop, company, publicUrl } = settings;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: company.legalName,
    alternateName: company.legalName === shop.name ? undefined : shop.name,
    url: publicUrl,
    logo: `${publicUrl}/favicon.svg`,
    telephone: shop.phone,
    email: shop.email,
    address: { "@type": "PostalAddress", streetAddress: shop.address, addressCountry: "JP" },
    foundingDate: company.foundedYear ? String(company.foundedYear) : undefined,
    identifier: company.corporateNumber
      ? { "@type": "PropertyValue", propertyID: "JP Corporate Number", value: company.corporateNumber }
      : undefined,
    hasCredential: company.licenceNumber
      ? {
          "@type": "EducationalOccupationalCredential",
          credentialCategory: "Second-hand dealer licence (Kobutsusho)",
          identifier: company.licenceNumber,
          recognizedBy: company.licenceIssuer
            ? { "@type": "GovernmentOrganization", name: company.licenceIssuer }
            : undefined,
        }
      : undefined,
    memberOf: company.memberships.length
      ? company.memberships.map((name) => ({ "@type": "Organization", name }))
      : undefined,
    contactPoint: { "@type": "ContactPoint", contactType: "sales", telephone: shop.whatsapp, email: shop.email },
    image: photos.length ? photos.map((p) => absoluteImageUrl(p, 960, publicUrl)) : undefined,
    sameAs: shop.social.map((s) => s.url),
  };
}

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt className="text-sm font-semibold text-slate-500">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

/** About Us, written from the owner's settings (SPEC 2 lists the page without its text; issue 18.8). */
export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useT("home");
  const { t: common } = useT();
  // What the owner wrote (in English) is marked as such on a page in another language.
  const inOther = useLanguage() !== "en";
  const settings = useRootData()?.settings;
  if (!settings) return null;
  const { shop, company } = settings;
  const { photos } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6">
      <JsonLd value={organization(settings, photos)} />
      <h1 className="text-3xl title sm:text-4xl">{t("about.title", { shopName: shop.name })}</h1>
      <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
        <p>{t("about.intro", { shopName: shop.name })}</p>
        <p>{t("about.fees")}</p>
        <p>{t("about.people")}</p>
      </div>

      <section aria-labelledby="company-facts" className="mt-10">
        <h2 id="company-facts" className="text-xl font-bold text-slate-900">
          {t("about.facts.title")}
        </h2>
        <dl
          className="mt-4 grid gap-6 rounded-2xl border border-slate-200 p-6 sm:grid-cols-2"
          data-testid="company-facts"
        >
          <Fact label={t("about.facts.legalName")}>{company.legalName}</Fact>
          {company.corporateNumber ? (
            <Fact label={t("about.facts.corporateNumber")}>{company.corporateNumber}</Fact>
          ) : null}
          {company.licenceNumber ? (
            <Fact label={t("about.facts.licence")} testId="about-licence">
              <TextWith
                text={t("about.facts.licenceValue", {
                  number: company.licenceNumber,
                  issuer: company.licenceIssuer && `<en>${company.licenceIssuer}</en>`,
                })}
                components={{ en: <span lang="en" data-testid="licence-issuer" /> }}
              />
              {inOther && company.licenceIssuer ? (
                // "(in English)" with the language's own brackets: "（英語）" after "（…Commission）".
                <span className="ml-1 text-xs whitespace-nowrap text-slate-500">{common("inEnglish")}</span>
              ) : null}
            </Fact>
          ) : null}
          {company.foundedYear ? (
            <Fact label={t("about.facts.founded")} testId="about-founded">
              {t("about.facts.foundedValue", {
                year: company.foundedYear,
                count: yearsInBusiness(company.foundedYear),
              })}
            </Fact>
          ) : null}
          {company.memberships.length ? (
            <Fact label={t("about.facts.memberships")}>
              <ul className="space-y-1" lang="en">
                {company.memberships.map((m, i) => (
                  <li key={`${i}-${m}`}>{m}</li>
                ))}
              </ul>
            </Fact>
          ) : null}
          <Fact label={t("about.contact.office")}>
            <span lang="en">{shop.address}</span>
          </Fact>
          <Fact label={t("about.contact.phone")}>
            <a className="text-accent-700 hover:underline" href={telHref(shop.phone)}>
              {shop.phone}
            </a>
          </Fact>
          <Fact label={t("about.contact.email")}>
            <a className="break-all text-accent-700 hover:underline" href={`mailto:${shop.email}`}>
              {shop.email}
            </a>
          </Fact>
          <Fact label={t("about.contact.whatsapp")}>
            <a className="text-accent-700 hover:underline" href={whatsappHref(shop.whatsapp)} rel="noopener noreferrer">
              {shop.whatsapp}
            </a>
          </Fact>
        </dl>
      </section>

      {photos.length ? (
        <section aria-labelledby="office-photos" className="mt-10">
          <h2 id="office-photos" className="text-xl font-bold text-slate-900">
            {t("about.photos")}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="about-photos">
            {photos.map((photo, i) => (
              <li key={photo.key}>
                <img
                  src={imageUrl(photo, 960)}
                  srcSet={imageSrcSet(photo)}
                  sizes="(min-width: 640px) 28rem, 100vw"
                  width={photo.width}
                  height={photo.height}
                  loading={i < 2 ? "eager" : "lazy"}
                  alt={t("about.photoAlt", { n: i + 1, company: company.legalName })}
                  className="aspect-[4/3] w-full rounded-xl object-cover"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <PaymentSafetyNotice className="mt-10" />

      <ButtonLinks
        className="mt-10"
        centred={false}
        links={[
          { to: "/how-to-buy", label: t("about.howToBuy") },
          { to: "/faq", label: t("about.faq") },
          { to: "/vehicles", label: t("about.browseVehicles") },
          { to: "/parts", label: t("about.browseParts") },
        ]}
      />
    </div>
  );
}
