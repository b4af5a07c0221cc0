import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { type ShopSettings, telHref } from "~/domain/settings/settings";
import { type Key, useT } from "~/i18n/i18n";
import type { LanguageCode } from "~/i18n/languages";
import { setCompareIds } from "./compare";
import { LanguageMenu } from "./language-menu";
import { PartNumberSearch } from "./part-number-search";
import { recentStore } from "./recent-store";
import { TokyoClock } from "./tokyo-clock";

const NAV = [
  { to: "/", label: "header.nav.home", end: true },
  { to: "/about", label: "header.nav.about", end: false },
  // Desktop bars from 1280 px have room for it; narrower ones find it in the footer, phones in the drawer.
  { to: "/how-to-buy", label: "header.nav.howToBuy", end: false, wideOnly: true },
  { to: "/vehicles", label: "header.nav.vehicles", end: false },
  { to: "/parts", label: "header.nav.parts", end: false },
] as const;

export function TopBar({ shop, language }: { shop: ShopSettings; language: LanguageCode }) {
  const { t } = useT();
  return (
    <div className="bg-accent-900 text-sm text-white" data-testid="top-bar">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-1.5 sm:px-6">
        <TokyoClock />
        <div className="flex items-center gap-2 sm:gap-4">
          <a href={telHref(shop.phone)} className="flex items-center gap-1 rounded px-2 py-1 hover:bg-white/10">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
              <path d="M3 3.5C3 2.7 3.7 2 4.5 2h2.3c.7 0 1.3.5 1.5 1.2l.6 2.6c.1.6-.1 1.2-.6 1.5l-1.2.9a11 11 0 0 0 4.7 4.7l.9-1.2c.4-.5 1-.7 1.5-.6l2.6.6c.7.2 1.2.8 1.2 1.5v2.3c0 .8-.7 1.5-1.5 1.5C9.4 18 2 10.6 2 3.5Z" />
            </svg>
            <span className="sr-only">{t("header.callUs")} </span>
            <span className="hidden sm:inline">{shop.phone}</span>
            <span className="sm:hidden">{t("header.call")}</span>
          </a>
          <LanguageMenu current={language} />
        </div>
      </div>
    </div>
  );
}

/** A link of the main menu; the current page's (aria-current, set by NavLink) in the accent (app.css). */
const navClass = "nav-link";

export function SiteHeader({ shopName, signedIn }: { shopName: string; signedIn: boolean }) {
  const { t } = useT();
  const location = useLocation();
  const drawer = useRef<HTMLDetailsElement>(null);
  // Close the small-screen drawer after moving to another page.
  useEffect(() => {
    if (drawer.current) drawer.current.open = false;
  }, [location.pathname, location.search]);

  const accountLinks: { to: string; label: Key<"common"> }[] = signedIn
    ? [{ to: "/account", label: "header.account.account" }]
    : [
        { to: "/login", label: "header.account.login" },
        { to: "/register", label: "header.account.register" },
      ];

  const onParts = location.pathname === "/parts";
  // The parts list's part-number box shows the number searched for (a keyword with a digit), not other words.
  const keyword = new URLSearchParams(location.search).get("Keyword") ?? "";

  return (
    <>
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" className="flex items-center gap-2 font-bold text-slate-900">
            {/* "low": not preloaded ahead of the style sheet, as React would any other picture. */}
            <img src="/favicon.svg" alt="" width={32} height={32} fetchPriority="low" className="h-8 w-8" />
            <span className="text-lg tracking-tight">{shopName}</span>
          </Link>
          <nav aria-label={t("header.nav.label")} className="hidden items-center gap-1 lg:flex">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                className={"wideOnly" in item ? `${navClass} hidden xl:inline` : navClass}
              >
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
          <div className="hidden items-center gap-2 lg:flex">
            {signedIn ? <LogoutButton /> : null}
            {accountLinks.map((item, i) => (
              <Link
                key={item.to}
                to={item.to}
                className={
                  i === accountLinks.length - 1
                    ? "btn-accent px-4 py-2 text-sm"
                    : "rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
                }
              >
                {t(item.label)}
              </Link>
            ))}
          </div>
          <details ref={drawer} className="lg:hidden">
            <summary className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-slate-100">
              <span className="sr-only">{t("header.menu")}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-6 w-6 stroke-slate-800"
                fill="none"
                strokeWidth="2"
              >
                <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
              </svg>
            </summary>
            <div className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pt-3 pb-4 shadow-lg">
              {/* A parts buyer's number, searched from any page of a phone (issue 44.7). */}
              <PartNumberSearch id="header-part-number" />
              <nav aria-label={t("header.nav.label")} className="mt-1">
                <ul className="flex flex-col">
                  {[...NAV, ...accountLinks.map((l) => ({ ...l, end: false }))].map((item) => (
                    <li key={item.to}>
                      <NavLink to={item.to} end={item.end} className={`block ${navClass} py-3`}>
                        {t(item.label)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
                {signedIn ? (
                  <div className="mt-2 border-t border-slate-200 pt-2">
                    <LogoutButton />
                  </div>
                ) : null}
              </nav>
            </div>
          </details>
        </div>
      </header>
      {/* On top of the parts list: a buyer with a part number types it here, without opening the filters (issue 44.7). */}
      {onParts ? (
        <div className="border-b border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-7xl px-4 py-2 sm:px-6">
            <PartNumberSearch id="part-number-search" value={/\d/.test(keyword) ? keyword : ""} />
          </div>
        </div>
      ) : null}
    </>
  );
}

/**
 * Logout asks first, then signs out on the server and goes home (SPEC 2).
 * The browser's recently viewed and compare lists are emptied before the
 * request goes: on a shared computer the next person must not see this
 * buyer's vehicles, nor get them added to their own account at sign-in.
 */
export function LogoutButton() {
  const { t } = useT();
  return (
    <Form
      method="post"
      action="/logout"
      onSubmit={(event) => {
        if (!window.confirm(t("header.account.logoutConfirm"))) {
          event.preventDefault();
          return;
        }
        recentStore.set([]);
        // Nothing typed stays in the tab for the next person (kept-typing.ts): the tab's session storage holds nothing else to keep.
        sessionStorage.clear();
        setCompareIds([]);
      }}
    >
      <button type="submit" className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
        {t("header.account.logout")}
      </button>
    </Form>
  );
}
