import { Link } from "react-router";
import { useRootData } from "~/utils/root-data";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  const name = (matches[0]?.loaderData as { settings?: { shop: { name: string } } } | undefined)?.settings?.shop.name;
  return [
    { title: `About Us · ${name ?? "Japanese used vehicles"}` },
    { name: "description", content: "Who we are: a Japanese exporter of used vehicles, parts and machinery." },
  ];
}

/** About Us, written from the owner's settings (SPEC 2 lists the page without its text). */
export default function About() {
  const shop = useRootData()?.settings.shop;
  if (!shop) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">About {shop.name}</h1>
      <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
        <p>
          {shop.name} exports used vehicles, vehicle parts and machinery from Japan to buyers around the world. We buy
          at Japanese auctions and from trusted dealers, inspect what we buy, photograph the actual item and list it
          with a clear price in yen.
        </p>
        <p>
          Our handling fees are low and written down before you pay. We book the shipping, prepare the export
          certificate and the papers your customs office asks for, and send you the documents by courier.
        </p>
        <p>
          You deal with people, not a call centre: ask us anything by e-mail, phone or WhatsApp and the same person
          follows your order until it reaches your port.
        </p>
      </div>
      <dl className="mt-10 grid gap-6 rounded-2xl border border-slate-200 p-6 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-slate-500">Office</dt>
          <dd className="mt-1 text-slate-900">{shop.address}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-500">Phone</dt>
          <dd className="mt-1">
            <a className="text-accent-700 hover:underline" href={`tel:${shop.phone.replace(/[^+\d]/g, "")}`}>
              {shop.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-500">E-mail</dt>
          <dd className="mt-1">
            <a className="text-accent-700 hover:underline" href={`mailto:${shop.email}`}>
              {shop.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-500">WhatsApp</dt>
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
          Browse vehicles
        </Link>
        <Link
          to="/parts"
          className="rounded-lg border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Browse parts
        </Link>
      </div>
    </div>
  );
}
