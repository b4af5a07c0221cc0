import { Link } from "react-router";
import type { ShopSettings } from "~/domain/settings/settings";
import { useT } from "~/i18n/i18n";

// Labels are keys of the "common" catalogue.
const SITEMAP = [
  { to: "/", label: "footer.links.home" },
  { to: "/vehicles", label: "footer.links.vehicles" },
  { to: "/parts", label: "footer.links.parts" },
  { to: "/favorites", label: "footer.links.favorites" },
  { to: "/quotes", label: "footer.links.quotes" },
  { to: "/account", label: "footer.links.account" },
] as const;

export function SiteFooter({ shop }: { shop: ShopSettings }) {
  const { t } = useT();
  return (
    <footer className="mt-20 border-t border-slate-200 bg-slate-50 text-sm text-slate-600" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="text-base font-bold text-slate-900">{shop.name}</p>
          <p className="mt-2 max-w-sm">{t("footer.tagline")}</p>
        </div>
        <nav aria-label={t("footer.sitemap")}>
          <h2 className="font-semibold text-slate-900">{t("footer.sitemap")}</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
            {SITEMAP.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="hover:text-accent-700 hover:underline">
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-slate-900">{t("footer.contact")}</h2>
          <address className="mt-3 not-italic leading-relaxed">{shop.address}</address>
          <p className="mt-2">
            <a href={`mailto:${shop.email}`} className="text-accent-700 hover:underline">
              {shop.email}
            </a>
          </p>
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
        {t("footer.copyright", { year: new Date().getUTCFullYear(), shopName: shop.name })}
      </p>
    </footer>
  );
}
