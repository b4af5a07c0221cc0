import { shopYear } from "~/i18n/format";
import { Link } from "react-router";
import { type CompanyFacts, type ShopSettings, telHref, whatsappHref } from "~/domain/settings/settings";
import { useT } from "~/i18n/i18n";
import { PaymentSafetyNotice, VERIFY_PATH } from "./payment-safety";

// Labels are keys of the "common" catalogue.
const SITEMAP = [
  { to: "/", label: "footer.links.home" },
  { to: "/vehicles", label: "footer.links.vehicles" },
  { to: "/parts", label: "footer.links.parts" },
  { to: "/about", label: "footer.links.about" },
  { to: "/how-to-buy", label: "footer.links.howToBuy" },
  { to: "/faq", label: "footer.links.faq" },
  { to: VERIFY_PATH, label: "footer.links.verify" },
  { to: "/favorites", label: "footer.links.favorites" },
  { to: "/quotes", label: "footer.links.quotes" },
  { to: "/account", label: "footer.links.account" },
] as const;

export function SiteFooter({ shop, company }: { shop: ShopSettings; company: CompanyFacts }) {
  const { t } = useT();
  return (
    <footer className="mt-20 border-t border-slate-200 bg-slate-50 text-sm text-slate-600" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-3 lg:col-span-2">
          <p className="text-base font-bold text-slate-900">{shop.name}</p>
          <p className="max-w-sm">{t("footer.tagline")}</p>
          <div className="space-y-1 text-slate-700" data-testid="footer-company">
            <p className="font-semibold text-slate-900">{company.legalName}</p>
            {company.licenceNumber ? (
              <p>{t("footer.licence", { number: company.licenceNumber, issuer: company.licenceIssuer })}</p>
            ) : null}
            {company.corporateNumber ? <p>{t("footer.corporateNumber", { number: company.corporateNumber })}</p> : null}
          </div>
          <PaymentSafetyNotice compact className="max-w-md" />
        </div>
        <nav aria-label={t("footer.sitemap")}>
          <h2 className="font-semibold text-slate-900">{t("footer.sitemap")}</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1">
            {SITEMAP.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="footer-link">
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-slate-900">{t("footer.contact")}</h2>
          <address className="mt-3 not-italic leading-relaxed">{shop.address}</address>
          <dl className="mt-3 space-y-1">
            {[
              { label: t("footer.phone"), href: telHref(shop.phone), text: shop.phone },
              { label: t("footer.whatsapp"), href: whatsappHref(shop.whatsapp), text: shop.whatsapp, external: true },
              // A long address breaks anywhere rather than widen a phone's page.
              { label: t("footer.email"), href: `mailto:${shop.email}`, text: shop.email, breakAll: true },
            ].map((way) => (
              <div key={way.href} className="flex flex-wrap gap-x-2">
                <dt className="text-slate-500">{way.label}</dt>
                <dd>
                  <a
                    href={way.href}
                    rel={way.external ? "noopener noreferrer" : undefined}
                    className={`${way.breakAll ? "break-all " : ""}text-accent-700 hover:underline`}
                  >
                    {way.text}
                  </a>
                </dd>
              </div>
            ))}
          </dl>
          <ul className="mt-3 flex flex-wrap gap-3">
            {shop.social.map((link) => (
              <li key={link.name}>
                <a
                  href={link.url}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="hover:text-accent-700 hover:underline"
                >
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-200 py-5 text-center text-xs text-slate-500">
        {t("footer.copyright", { year: shopYear(), shopName: shop.name })}
      </p>
    </footer>
  );
}
