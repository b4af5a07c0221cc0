import { Link } from "react-router";
import { metaT, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches, "home");
  const name =
    (matches[0]?.loaderData as { settings?: { shop: { name: string } } } | undefined)?.settings?.shop.name ??
    t("meta.fallbackName", { defaultValue: "Japanese used vehicles" });
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

/** About Us, written from the owner's settings (SPEC 2 lists the page without its text). */
export default function About() {
  const { t } = useT("home");
  const shop = useRootData()?.settings.shop;
  if (!shop) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {t("about.title", { shopName: shop.name })}
      </h1>
      <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
        <p>{t("about.intro", { shopName: shop.name })}</p>
        <p>{t("about.fees")}</p>
        <p>{t("about.people")}</p>
      </div>
      <dl className="mt-10 grid gap-6 rounded-2xl border border-slate-200 p-6 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-slate-500">{t("about.contact.office")}</dt>
          <dd className="mt-1 text-slate-900">{shop.address}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-500">{t("about.contact.phone")}</dt>
          <dd className="mt-1">
            <a className="text-accent-700 hover:underline" href={`tel:${shop.phone.replace(/[^+\d]/g, "")}`}>
              {shop.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-500">{t("about.contact.email")}</dt>
          <dd className="mt-1">
            <a className="text-accent-700 hover:underline" href={`mailto:${shop.email}`}>
              {shop.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-500">{t("about.contact.whatsapp")}</dt>
          <dd className="mt-1">
            <a
              className="text-accent-700 hover:underline"
              href={`https://wa.me/${shop.whatsapp.replace(/\D/g, "")}`}
              rel="noopener noreferrer"
            >
              {shop.whatsapp}
            </a>
          </dd>
        </div>
      </dl>
      <div className="mt-10 flex flex-wrap gap-3">
        <Link
          to="/vehicles"
          className="rounded-lg bg-accent-700 px-5 py-3 font-semibold text-white hover:bg-accent-800"
        >
          {t("about.browseVehicles")}
        </Link>
        <Link
          to="/parts"
          className="rounded-lg border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("about.browseParts")}
        </Link>
      </div>
    </div>
  );
}
