import type { StockKind } from "~/domain/inventory/stock-kinds";
import { jsonLdText } from "~/utils/json-ld";
import { useState } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { imageSrcSet, imageUrl, type ImageRef } from "~/domain/media/image-url";
import { useT } from "~/i18n/i18n";
import { SmallPhoto, StockImage } from "./stock-card";

export type Crumb = { label: string; to?: string };

export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = useT("stock");
  return (
    <nav aria-label={t("detail.breadcrumb.label")} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <li key={`${item.label}-${i}`} className="flex items-center gap-1">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {item.to ? (
              <Link to={item.to} className="hover:text-accent-700 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="text-slate-900">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Main photo with clickable thumbnails; the thumbnails are buttons, so the keyboard works too. */
export function Gallery({ images, name }: { images: ImageRef[]; name: string }) {
  const { t } = useT("stock");
  const [index, setIndex] = useState(0);
  const current = images[index] ?? null;
  return (
    <div className="space-y-3" data-testid="gallery">
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        {current ? (
          <img
            key={current.key}
            src={imageUrl(current, 960)}
            srcSet={imageSrcSet(current)}
            sizes="(min-width: 1024px) 640px, 100vw"
            width={current.width}
            height={current.height}
            alt={t("detail.gallery.photoAlt", { name, index: index + 1, total: images.length })}
            // The largest thing on the page: fetched before the scripts.
            fetchPriority="high"
            className="aspect-[4/3] w-full object-cover"
            data-testid="main-photo"
          />
        ) : (
          <StockImage image={null} alt={name} sizes="100vw" />
        )}
      </div>
      {images.length > 1 ? (
        <ul className="grid grid-cols-5 gap-2 sm:grid-cols-6">
          {images.map((image, i) => (
            <li key={image.key}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t("detail.gallery.showPhoto", { index: i + 1, total: images.length })}
                aria-pressed={i === index}
                className={`block w-full overflow-hidden rounded-lg border-2 ${i === index ? "border-accent-600" : "border-transparent hover:border-slate-300"}`}
              >
                <SmallPhoto image={image} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The specification table: every row, 'N/A' where the value is missing (SPEC 8). */
export function SpecTable({ rows }: { rows: [label: string, value: React.ReactNode][] }) {
  const { t } = useT("stock");
  return (
    <table className="w-full text-sm" data-testid="spec-table">
      <tbody className="divide-y divide-slate-200">
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className="w-2/5 py-2.5 pr-4 text-left font-medium text-slate-600">
              {label}
            </th>
            <td className="py-2.5 text-slate-900">
              {value === null || value === undefined || value === "" ? t("detail.spec.notAvailable") : value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Back to where the buyer came from in the shop, or to the list. */
export function BackButton({ fallback }: { fallback: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useT("stock");
  return (
    <Link
      to={fallback}
      onClick={(e) => {
        // "default" means this page was opened directly: there is nothing in the shop to go back to.
        if (location.key !== "default") {
          e.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex h-11 items-center btn-plain px-4"
    >
      {t("detail.back")}
    </Link>
  );
}

/** A WhatsApp chat with the shop, the message already written. */
export function whatsAppHref(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

export function WhatsAppLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex h-11 items-center gap-2 rounded-lg bg-[#1c7c43] px-4 font-semibold text-white hover:bg-[#166336]"
      data-testid="whatsapp-link"
    >
      <WhatsAppIcon />
      {label}
    </a>
  );
}

/** The WhatsApp mark, drawn in the text's colour. */
function WhatsAppIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 fill-current">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.8 12 12 0 0 0 4.6 4c1.7.7 2.4.8 3.2.7.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
    </svg>
  );
}

/**
 * "Get free quote" beside the price on wide screens: a plain link to the
 * form (#quote), so it works before the scripts arrive.
 */
export function QuoteJumpLink() {
  const { t } = useT("stock");
  return (
    <a
      href="#quote"
      className="mt-4 hidden h-12 w-full items-center justify-center btn-accent lg:flex"
      data-testid="quote-jump"
    >
      {t("detail.bar.quote")}
    </a>
  );
}

/**
 * The phone's bar at the bottom of the screen: Get free quote (to the form)
 * and WhatsApp. It is sticky, not fixed: it stays in the page's flow as its
 * last line, so at the end of the page it covers nothing and the footer shows
 * below it, and it is drawn by the server in its place (nothing moves while
 * the page loads). It rises above the compare bar when that is shown.
 */
export function StickyQuoteBar({ whatsApp }: { whatsApp: string | null }) {
  const { t } = useT("stock");
  return (
    <div
      className="sticky bottom-[var(--compare-bar-height,0px)] z-30 -mx-4 mt-8 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
      data-testid="quote-bar"
    >
      <div className="flex gap-2">
        <a href="#quote" className="inline-flex h-12 flex-1 items-center justify-center btn-accent px-4">
          {t("detail.bar.quote")}
        </a>
        {whatsApp ? (
          <a
            href={whatsApp}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-12 items-center gap-2 rounded-lg bg-[#1c7c43] px-4 font-semibold text-white hover:bg-[#166336]"
          >
            <WhatsAppIcon />
            {t("detail.bar.whatsApp")}
          </a>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Favourite toggle: shows the stored state; signed out, it says to log in
 * (SPEC 5). Without JavaScript it is a form that saves and comes back.
 */
export function FavouriteButton({
  signedIn,
  kind,
  id,
  favourite,
}: {
  signedIn: boolean;
  kind: StockKind;
  id: number;
  favourite: boolean;
}) {
  const { t } = useT("stock");
  // Set when a signed-out buyer presses the button: the text is rendered in the page's language.
  const [askLogin, setAskLogin] = useState(false);
  const fetcher = useFetcher();
  const location = useLocation();
  // While saving, show what the buyer asked for.
  const pending = fetcher.formData ? fetcher.formData.get("favourite") === "on" : null;
  const on = pending ?? favourite;
  return (
    <div>
      <fetcher.Form
        method="post"
        action="/favourite"
        onSubmit={(event) => {
          if (!signedIn) {
            event.preventDefault();
            setAskLogin(true);
          }
        }}
      >
        <input type="hidden" name={`${kind}Id`} value={id} />
        <input type="hidden" name="favourite" value={on ? "off" : "on"} />
        <input type="hidden" name="redirectTo" value={location.pathname} />
        <button
          type="submit"
          aria-pressed={on}
          className={`inline-flex h-11 items-center gap-2 rounded-lg border px-4 font-semibold ${on ? "border-rose-300 bg-rose-50 text-rose-800" : "border-slate-300 text-slate-800 hover:bg-slate-50"}`}
          data-testid="favourite-button"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={`h-5 w-5 stroke-current ${on ? "fill-current" : "fill-none"}`}
            strokeWidth="2"
          >
            <path d="M12 21s-7-4.4-9.3-9A5.4 5.4 0 0 1 12 6.2 5.4 5.4 0 0 1 21.3 12C19 16.6 12 21 12 21Z" />
          </svg>
          {on ? t("detail.favourite.saved") : t("detail.favourite.add")}
        </button>
      </fetcher.Form>
      <p role="status" className="mt-2 min-h-5 text-sm text-amber-800">
        {askLogin ? (
          <>
            {t("detail.favourite.loginNeeded")}{" "}
            <Link
              to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`}
              className="font-semibold text-accent-700 underline"
            >
              {t("detail.favourite.login")}
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** JSON-LD for search engines; "<" is escaped so no text can close the script element. */
export function JsonLd({ value }: { value: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(value) }} />;
}
