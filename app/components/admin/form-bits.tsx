import { useId } from "react";
import { inputClass } from "~/components/ui/field";
import { Pager, type PagerWords } from "~/components/ui/pager";
import { ADMIN_PER_PAGE } from "~/domain/lists/pagination";
import type { TFunction } from "~/i18n/core";
import { useT } from "~/i18n/i18n";

export function Select({
  label,
  name,
  options,
  value,
  defaultValue,
  onChange,
  disabled,
  error,
  required,
  placeholder,
}: {
  label: string;
  name: string;
  options: readonly (string | { value: string; label: string })[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  error?: string;
  required?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  const { t } = useT("admin");
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? <span className="text-red-700"> *</span> : null}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        defaultValue={defaultValue}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} ${error ? "border-red-500" : "border-slate-300"}`}
      >
        <option value="">{placeholder ?? t("fields.select")}</option>
        {options.map((o) => {
          const opt = typeof o === "string" ? { value: o, label: o } : o;
          return (
            <option key={opt.value} value={opt.value}>
              {opt.label}
            </option>
          );
        })}
      </select>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </fieldset>
  );
}

/** The words of an owner's table pager, from the admin catalogue. */
function tablePagerWords(t: TFunction<"admin">, page: number, pageCount: number): PagerWords {
  return {
    label: t("pager.label"),
    first: t("pager.first"),
    previous: t("pager.previous"),
    page: (p) => t("pager.page", { page: p }),
    next: t("pager.next"),
    last: t("pager.last"),
    pageOf: t("pager.pageOf", { page, pageCount }),
  };
}

/** The pager under an owner's table (SPEC 9): page buttons in a window, "Page n of m" beside them. */
export function TablePager({
  page,
  pageCount,
  pageHref,
}: {
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
}) {
  const { t } = useT("admin");
  return (
    <Pager
      numbers="window"
      page={page}
      pageCount={pageCount}
      words={tablePagerWords(t, page, pageCount)}
      pageHref={pageHref}
    />
  );
}

/** The filter form above an owner's table: a GET form, so a filtered list has an address. */
export function FilterBar({ role, children }: { role?: "search"; children: React.ReactNode }) {
  return (
    <form
      method="get"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      role={role}
    >
      {children}
    </form>
  );
}

/** The search box of a table's filter form: `q`, labelled above. */
export function FilterSearch({
  label,
  defaultValue,
  placeholder,
  className,
  labelClassName = "flex flex-col text-sm text-slate-700",
}: {
  label: string;
  defaultValue: string;
  placeholder: string;
  className: string;
  labelClassName?: string;
}) {
  return (
    <label className={labelClassName}>
      {label}
      <input
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        maxLength={100}
        className={className}
      />
    </label>
  );
}

/** One choice of a table's filter form, labelled above; `all` is the choice that filters nothing. */
export function FilterSelect({
  label,
  name,
  defaultValue,
  className,
  all,
  children,
}: {
  label: string;
  name: string;
  defaultValue: string;
  className: string;
  all?: string;
  children: React.ReactNode;
}) {
  return (
    <label className="flex flex-col text-sm text-slate-700">
      {label}
      <select name={name} defaultValue={defaultValue} className={className}>
        {all === undefined ? null : <option value="">{all}</option>}
        {children}
      </select>
    </label>
  );
}

/** The filter form's submit. */
export function ApplyButton({ children }: { children: React.ReactNode }) {
  return (
    <button type="submit" className="h-10 rounded-lg bg-slate-800 px-4 text-sm font-semibold text-white">
      {children}
    </button>
  );
}

/** The page-size choice of an owner's table (SPEC 9); the filter form it sits in sends it with the search. */
export function PerPageField({ value, className }: { value: number; className: string }) {
  const { t } = useT("admin");
  return (
    <FilterSelect label={t("pager.perPage")} name="perPage" defaultValue={String(value)} className={className}>
      {ADMIN_PER_PAGE.map((n) => (
        <option key={n}>{n}</option>
      ))}
    </FilterSelect>
  );
}
