import { Link } from "react-router";
import type { ShopSettings } from "~/domain/settings/settings";

const SITEMAP = [
  { to: "/", label: "Home" },
  { to: "/vehicles", label: "Vehicles" },
  { to: "/parts", label: "Parts" },
  { to: "/favorites", label: "Favorites" },
  { to: "/quotes", label: "Quotes" },
  { to: "/account", label: "Account" },
];

export function SiteFooter({ shop }: { shop: ShopSettings }) {
  return (
    <footer className="mt-20 border-t border-slate-200 bg-slate-50 text-sm text-slate-600" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="text-base font-bold text-slate-900">{shop.name}</p>
          <p className="mt-2 max-w-sm">
            Used vehicles, parts and machinery from Japan, inspected before they leave and shipped worldwide.
          </p>
        </div>
        <nav aria-label="Sitemap">
          <h2 className="font-semibold text-slate-900">Sitemap</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
            {SITEMAP.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="hover:text-accent-700 hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-slate-900">Contact</h2>
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
        © {new Date().getUTCFullYear()} {shop.name}. Prices are FOB Japan in yen.
      </p>
    </footer>
  );
}
