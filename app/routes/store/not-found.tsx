import { data } from "react-router";
import { ButtonLinks } from "~/components/ui/button-links";
import { metaT, useT } from "~/i18n/i18n";
import type { Route } from "./+types/not-found";

// Any public path without a page: a real 404, inside the shop's frame.
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "common")("notFound.title", { defaultValue: "Page not found" }) },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  const { t } = useT();
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-accent-700">404</p>
      <h1 className="mt-2 text-3xl title">{t("notFound.title")}</h1>
      <p className="mt-4 text-slate-600">{t("notFound.text")}</p>
      <ButtonLinks
        className="mt-8"
        links={[
          { to: "/", label: t("notFound.home") },
          { to: "/vehicles", label: t("notFound.browseVehicles") },
        ]}
      />
    </div>
  );
}
