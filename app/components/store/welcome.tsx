import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useT } from "~/i18n/i18n";

/** The address parameter registration adds to the page it leads to. */
export const WELCOME_PARAM = "welcome";

/**
 * A word for a buyer who has just registered: who is signed in and what the
 * account gives them. Shown once, on the page registration leads to; closing
 * it takes the parameter out of the address.
 */
export function Welcome({ name }: { name: string }) {
  const { t } = useT();
  const location = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  const params = new URLSearchParams(location.search);
  const shown = params.get(WELCOME_PARAM) === "1";
  useEffect(() => {
    if (shown) panel.current?.focus();
  }, [shown]);
  if (!shown) return null;
  params.delete(WELCOME_PARAM);
  const rest = params.toString();
  const close = `${location.pathname}${rest ? `?${rest}` : ""}`;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6">
      <div
        ref={panel}
        tabIndex={-1}
        role="status"
        className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-950"
        data-testid="welcome"
      >
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{t("welcome.title", { name })}</p>
          <p className="mt-0.5 text-sm">
            {t("welcome.text")}{" "}
            <Link to="/account" className="font-semibold underline">
              {t("welcome.account")}
            </Link>
          </p>
        </div>
        <Link
          to={close}
          replace
          preventScrollReset
          className="shrink-0 rounded-lg px-2 py-1 text-sm font-semibold text-emerald-900 hover:bg-emerald-100"
        >
          {t("welcome.close")}
        </Link>
      </div>
    </div>
  );
}
