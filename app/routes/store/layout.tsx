import { Outlet } from "react-router";
import { CompareBar } from "~/components/store/compare";
import { SiteFooter } from "~/components/store/site-footer";
import { SiteHeader, TopBar } from "~/components/store/site-header";
import { Welcome } from "~/components/store/welcome";
import { useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";

/** The public shell: top bar, navigation and footer around every store page (SPEC 1, 2). */
export default function StoreLayout() {
  const root = useRootData();
  const { t } = useT();
  if (!root) return <Outlet />;
  const { shop } = root.settings;
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("header.skipToContent")}
      </a>
      <TopBar shop={shop} language={root.language} />
      <SiteHeader shopName={shop.name} signedIn={root.customer !== null} />
      <main id="main">
        {root.customer ? <Welcome name={root.customer.fullName} /> : null}
        <Outlet />
      </main>
      <SiteFooter shop={shop} company={root.settings.company} />
      <CompareBar />
    </>
  );
}
