import type { StockPath } from "~/domain/inventory/stock-kinds";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { ListQuery } from "~/domain/search/filters";
import { type ListResult, totalText } from "~/domain/search/list";
import { useFormat, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import { type FilterField, FilterPanel } from "./filter-panel";
import { pressWithSpace } from "./press-with-space";

/** A list's data as the sheet's preview asks for it: the loader of the same list. */
type ListData = { result: ListResult };

/**
 * The filter panel: open beside the list on desktop (SPEC: open by default,
 * Show/Hide Filters), a sheet over it on phones with the number of matches on
 * its apply button. Without JavaScript the sheet is the page's target
 * (#filters), its apply button sends the form and the count is the server's
 * for the current choices; with it, the sheet is a dialog that takes the focus
 * and gives it back, closes with Escape, and counts each choice with the list's
 * own data request before anything is applied.
 */
export function FilterSheet({
  kind,
  keys,
  query,
  fields,
  found,
  open,
  desktopOpen,
  onClose,
}: {
  kind: StockPath;
  keys: readonly string[];
  query: ListQuery<object> & { filters: Record<string, string | number | undefined> };
  fields: FilterField[];
  /** The list's total as it stands, until a choice is counted. */
  found: { total: number; more: boolean };
  open: boolean;
  desktopOpen: boolean;
  onClose: (applied: boolean) => void;
}) {
  const { t } = useT("stock");
  const format = useFormat();
  const location = useLocation();
  const fetcher = useFetcher<ListData>();
  // The list a preview was asked from: a new list (applied, or another address) counts afresh.
  const [previewedFrom, setPreviewedFrom] = useState<string | null>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const formId = `filter-form-${kind}`;
  const shownCurrency = useRootData()?.rate?.code ?? "JPY";
  // On a wide screen (a tablet turned) the panel is beside the list again: the sheet closes.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia("(min-width: 1024px)");
    const close = () => {
      if (wide.matches) onClose(true);
    };
    close();
    wide.addEventListener("change", close);
    return () => wide.removeEventListener("change", close);
  }, [open, onClose]);
  useEffect(() => {
    if (!open || !sheet.current) return;
    sheet.current.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    // A modal sheet: what lies behind it can be neither focused nor read until it closes.
    const behind: HTMLElement[] = [];
    for (let node: HTMLElement | null = sheet.current; node && node !== document.body; node = node.parentElement) {
      for (const sibling of Array.from(node.parentElement?.children ?? [])) {
        if (sibling !== node && sibling instanceof HTMLElement && !sibling.inert) {
          sibling.inert = true;
          behind.push(sibling);
        }
      }
    }
    return () => {
      for (const element of behind) element.inert = false;
    };
  }, [open]);
  const previewed = previewedFrom === location.search;
  const shown = open && previewed && fetcher.state === "idle" && fetcher.data ? fetcher.data.result : found;
  const counting = open && previewed && fetcher.state !== "idle";
  return (
    <div
      id="filters"
      ref={sheet}
      role={open ? "dialog" : undefined}
      aria-modal={open ? true : undefined}
      aria-labelledby={open ? "filters-title" : undefined}
      onKeyDown={(e) => {
        if (!open) return;
        if (e.key === "Escape") {
          e.stopPropagation();
          onClose(false);
        }
        // Tab goes round the sheet: from its last control to its first, and back with Shift.
        if (e.key === "Tab" && sheet.current) {
          const controls = Array.from(
            sheet.current.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea"),
          ).filter((el) => !el.hasAttribute("disabled") && el.getClientRects().length > 0);
          const first = controls[0];
          const last = controls[controls.length - 1];
          const active = document.activeElement;
          if (e.shiftKey && (active === first || !controls.includes(active as HTMLElement))) {
            e.preventDefault();
            last?.focus();
          } else if (!e.shiftKey && active === last) {
            e.preventDefault();
            first?.focus();
          }
        }
      }}
      data-testid="filter-sheet"
      className={`${desktopOpen ? "lg:block" : "lg:hidden"} ${
        open ? "max-lg:flex" : "max-lg:hidden max-lg:target:flex"
      } max-lg:fixed max-lg:inset-0 max-lg:z-50 max-lg:m-0 max-lg:flex-col max-lg:bg-white`}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 lg:hidden">
        <h2 id="filters-title" tabIndex={-1} data-autofocus className="text-lg font-bold text-slate-900">
          {t("filters.label")}
        </h2>
        <a
          href="#list-top"
          role="button"
          onClick={(e) => {
            e.preventDefault();
            onClose(false);
          }}
          onKeyDown={pressWithSpace}
          className="flex h-10 items-center rounded-lg px-3 text-sm font-semibold text-accent-700 hover:bg-slate-100"
        >
          {t("filters.close")}
        </a>
      </div>
      <div className="max-lg:flex-1 max-lg:overflow-y-auto max-lg:px-4 max-lg:py-4">
        <FilterPanel
          // Made afresh for another list, and for another currency (its prices are typed in the one shown).
          key={`${location.search} ${shownCurrency}`}
          kind={kind}
          keys={keys}
          fields={fields}
          filters={query.filters}
          sort={query.sort}
          perPage={query.perPage}
          formId={formId}
          preview={
            open
              ? (search) => {
                  setPreviewedFrom(location.search);
                  fetcher.load(`/${kind}${search}`);
                }
              : undefined
          }
          onApply={() => onClose(true)}
        />
      </div>
      <div className="flex items-center gap-3 border-t border-slate-200 bg-white px-4 py-3 lg:hidden">
        <Link to={`/${kind}`} onClick={() => onClose(true)} className="px-2 text-sm font-semibold text-accent-700">
          {t("filters.clearAll")}
        </Link>
        <button
          type="submit"
          form={formId}
          className="h-12 flex-1 btn-accent px-4 text-base"
          data-testid="sheet-apply"
          aria-busy={counting || undefined}
        >
          {t(`filters.show.${kind}`, { count: shown.total, total: totalText(shown, format.number) })}
        </button>
      </div>
    </div>
  );
}
