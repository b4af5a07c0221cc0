import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { type Key, type KeyUnder, useT } from "~/i18n/i18n";
import { AdminLanguageSwitch } from "./admin-language";
import { forgetAllKept } from "~/utils/kept-typing";

/** A link's words: a key under `shell.links`, or a screen's own (`{ key: "templates.nav" }`). */
type LinkLabel = KeyUnder<"admin", "shell.links"> | { key: Key<"admin"> };

type Section = {
  title: KeyUnder<"admin", "shell.sections">;
  links: { to: string; label: LinkLabel; exact?: boolean }[];
};

const SECTIONS: Section[] = [
  { title: "main", links: [{ to: "/admin", label: "dashboard", exact: true }] },
  {
    title: "vehicles",
    links: [
      { to: "/admin/upload-vehicle", label: "uploadVehicle" },
      { to: "/admin/all-products", label: "allVehicles" },
    ],
  },
  {
    title: "parts",
    links: [
      { to: "/admin/upload-part", label: "uploadParts" },
      { to: "/admin/all-parts-products", label: "allParts" },
    ],
  },
  {
    title: "bulk",
    links: [
      { to: "/admin/stock-import", label: "stockImport" },
      { to: "/admin/feeds", label: { key: "feeds.nav" } },
    ],
  },
  {
    title: "customers",
    links: [
      { to: "/admin/vehicle-quotes", label: "vehicleQuotes" },
      { to: "/admin/parts-quotes", label: "partsQuotes" },
      { to: "/admin/orders", label: "orders" },
      { to: "/admin/find-requests", label: "findRequests" },
      { to: "/admin/templates", label: { key: "templates.nav" } },
    ],
  },
  {
    title: "shipping",
    links: [
      { to: "/admin/freight", label: "freight" },
      { to: "/admin/import-rules", label: "importRules" },
      { to: "/admin/landed-cost", label: "landed" },
    ],
  },
  {
    title: "shop",
    links: [
      { to: "/admin/company", label: "company" },
      { to: "/admin/invoicing", label: { key: "invoicing.nav" } },
      { to: "/admin/rates", label: "rates" },
    ],
  },
  { title: "account", links: [{ to: "/admin/security", label: "security" }] },
];

/** Active by path prefix; the dashboard only on an exact match (SPEC 2). */
export function isActive(pathname: string, to: string, exact = false): boolean {
  return exact ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The menu. In the phone's drawer (`inDrawer`) the sections sit in two columns,
 * so every link up to Security fits on a 390 × 844 screen under the drawer's bar.
 */
function Sidebar({ adminId, inDrawer = false }: { adminId: string; inDrawer?: boolean }) {
  const { pathname } = useLocation();
  const { t } = useT("admin");
  return (
    <div className={`flex h-full flex-col p-4 ${inDrawer ? "gap-5 pt-1" : "gap-6"}`}>
      {inDrawer ? null : (
        <Link to="/admin" className="flex items-center gap-2 px-2 font-bold text-white">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {t("shell.backOffice")}
        </Link>
      )}
      <nav
        aria-label={t("shell.navLabel")}
        className={inDrawer ? "grid grid-cols-2 gap-x-3 gap-y-4" : "flex-1 space-y-6"}
      >
        {SECTIONS.map((section) => (
          <div key={section.title}>
            <h2 className="px-2 text-xs font-semibold tracking-wide text-slate-400 uppercase">
              {t(`shell.sections.${section.title}`)}
            </h2>
            <ul className="mt-2 space-y-0.5">
              {section.links.map((link) => {
                const active = isActive(pathname, link.to, link.exact);
                return (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      aria-current={active ? "page" : undefined}
                      className={`block rounded-md px-2 text-sm ${inDrawer ? "py-1.5" : "py-2"} ${active ? "bg-white/10 font-semibold text-white" : "text-slate-300 hover:bg-white/5 hover:text-white"}`}
                    >
                      {typeof link.label === "string" ? t(`shell.links.${link.label}`) : t(link.label.key)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <div className="rounded-lg bg-white/5 p-3" data-testid="admin-card">
        <p className="text-xs text-slate-400">{t("shell.signedInAs")}</p>
        <p className="font-semibold text-white">{adminId}</p>
        <Form
          method="post"
          action="/admin/logout"
          className="mt-2"
          onSubmit={(event) => {
            if (!window.confirm(t("shell.confirmLogout"))) event.preventDefault();
            else forgetAllKept(window.sessionStorage);
          }}
        >
          <button type="submit" className="text-sm font-semibold text-slate-200 underline hover:text-white">
            {t("shell.logout")}
          </button>
        </Form>
      </div>
      <AdminLanguageSwitch />
    </div>
  );
}

export function AdminShell({ adminId, children }: { adminId: string; children: React.ReactNode }) {
  const drawer = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const { t } = useT("admin");
  useEffect(() => {
    if (drawer.current) drawer.current.open = false;
  }, [location.pathname]);
  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-[16rem_1fr]">
      <aside className="hidden bg-slate-900 lg:block">
        <div className="sticky top-0 h-screen overflow-y-auto">
          <div className="pb-8">
            <Sidebar adminId={adminId} />
          </div>
          {/* A fade at the foot while links remain below it; at the end it lies over the padding above. */}
          <div
            aria-hidden="true"
            className="pointer-events-none sticky bottom-0 -mt-8 h-8 bg-gradient-to-t from-slate-900"
          />
        </div>
      </aside>
      <details ref={drawer} className="group bg-slate-900 lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 font-semibold text-white">
          {t("shell.backOffice")}
          <span className="flex items-center gap-2 rounded-md border border-white/20 px-3 py-1 text-sm text-slate-100">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
              <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" className="group-open:hidden" />
              <path
                d="M5.5 4.1 10 8.6l4.5-4.5 1.4 1.4-4.5 4.5 4.5 4.5-1.4 1.4-4.5-4.5-4.5 4.5-1.4-1.4 4.5-4.5-4.5-4.5z"
                className="hidden group-open:block"
              />
            </svg>
            {t("shell.menu")}
          </span>
        </summary>
        <Sidebar adminId={adminId} inDrawer />
      </details>
      <main id="main" className="min-w-0 px-4 py-6 sm:px-8">
        {children}
      </main>
    </div>
  );
}
