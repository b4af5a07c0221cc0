import type { StockPath } from "~/domain/inventory/stock-kinds";
import { Choice } from "~/components/ui/choice";
import { own } from "~/utils/own";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { filterAmount, listSearch, type Sort } from "~/domain/search/filters";
import type { TFunction } from "~/i18n/core";
import type { MenuEntry } from "~/domain/search/menus";
import { useFormat, useT } from "~/i18n/i18n";
import { optionLabel, type OptionList } from "./option-label";

/** What every field may say besides its own kind. */
type FieldGroup = {
  /** A heading shown above the first of the fields that share it ("Fits my car"). */
  group?: string;
};

export type FilterField = FieldGroup &
  (
    | {
        kind: "select";
        name: string;
        label: string;
        options: { value: string; label: string }[];
        anyLabel?: string;
        /** A chosen value in words, without the menu's count ("SUV", not "SUV (20)"); the option's label when not given. */
        valueLabel?: (value: string) => string;
      }
    | {
        /** A list whose choices follow another field: models of the make, subtypes of the type. */
        kind: "dependent";
        name: string;
        label: string;
        parent: string;
        groups: Record<string, string[]>;
        anyLabel?: string;
        /** Shown label of a choice (the value stays as it is); the value itself when not given. */
        optionLabel?: (value: string) => string;
        /** Shown label of a group (a parent's value); the value itself when not given. */
        groupLabel?: (value: string) => string;
      }
    | {
        kind: "number";
        name: string;
        label: string;
        placeholder: string;
        /** The value to show when it differs from the address's (a price in another currency). */
        shown?: number;
      }
    | { kind: "text"; name: string; label: string; placeholder: string }
    /** A value sent with the others, not chosen here: the currency the prices are typed in. */
    | { kind: "hidden"; name: string; value: string }
  );

/** Year from and Year to, the same on the vehicle and parts lists. `t` is the "stock" namespace's. */
export function yearFilterFields(
  menus: { yearsFrom: string[]; yearsTo: string[] },
  t: TFunction<"stock">,
): FilterField[] {
  return [
    {
      kind: "select",
      name: "YearFrom",
      label: t("filters.yearFrom"),
      options: menus.yearsFrom.map((y) => ({ value: y, label: y })),
    },
    {
      kind: "select",
      name: "YearTo",
      label: t("filters.yearTo"),
      options: menus.yearsTo.map((y) => ({ value: y, label: y })),
    },
  ];
}

/**
 * Make, Model, Type, SubType and the years, as the vehicle and parts lists both ask them; each make and type
 * with how many it would show under the other filters ("Toyota (3)"). `lists` words the types.
 */
export function useCatalogueFilterFields(
  menus: {
    makes: MenuEntry[];
    types: MenuEntry[];
    models: Record<string, string[]>;
    subTypes: Record<string, string[]>;
    yearsFrom: string[];
    yearsTo: string[];
  },
  lists: { type: OptionList; subType: OptionList },
): FilterField[] {
  const { t } = useT("stock");
  const format = useFormat();
  const counted = (label: string, count: number | null) =>
    count === null ? label : t("filters.withCount", { label, number: format.number(count) });
  return [
    {
      kind: "select",
      name: "Make",
      label: t("filters.make"),
      options: menus.makes.map((m) => ({ value: m.name, label: counted(m.name, m.count) })),
      valueLabel: (value) => value,
    },
    { kind: "dependent", name: "Model", label: t("filters.model"), parent: "Make", groups: menus.models },
    {
      kind: "select",
      name: "Type",
      label: t("filters.type"),
      options: menus.types.map((m) => ({ value: m.name, label: counted(optionLabel(t, lists.type, m.name), m.count) })),
      valueLabel: (value) => optionLabel(t, lists.type, value),
    },
    {
      kind: "dependent",
      name: "SubType",
      label: t("filters.subType"),
      parent: "Type",
      groups: menus.subTypes,
      optionLabel: (value) => optionLabel(t, lists.subType, value),
      groupLabel: (value) => optionLabel(t, lists.type, value),
    },
    ...yearFilterFields(menus, t),
  ];
}

const fieldClass = "field-sm";

/**
 * The filter panel of a list. Its state is the URL: choosing in a list goes
 * there at once, typed fields when the buyer presses Enter or Apply. Changing
 * a parent clears its child (Make clears Model, Type clears SubType), and any
 * change goes back to page 1 (SPEC 4). Without JavaScript it is a plain form.
 */
export function FilterPanel({
  kind,
  keys,
  fields,
  filters,
  sort,
  perPage,
  formId,
  preview,
  onApply,
}: {
  kind: StockPath;
  keys: readonly string[];
  fields: FilterField[];
  filters: Record<string, string | number | undefined>;
  sort: Sort;
  perPage: number;
  /** The form's id: the phone sheet's apply button, outside the form, sends it. */
  formId: string;
  /**
   * Given while the panel is a sheet (phones): a choice does not change the
   * list behind it but asks for its count (the address it would go to).
   */
  preview?: (search: string) => void;
  /** Called as the chosen filters are applied (the sheet closes). */
  onApply?: () => void;
}) {
  const navigate = useNavigate();
  const { t } = useT("stock");
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      fields.map((f) => {
        const value =
          f.kind === "hidden" ? f.value : f.kind === "number" && f.shown !== undefined ? f.shown : filters[f.name];
        return [f.name, value === undefined ? "" : String(value)];
      }),
    ),
  );

  const searchOf = (next: Record<string, string>) => {
    // Amounts go into the address as plain digits ("¥300,000" becomes 300000), as the server reads them;
    // what is not an amount is left out, as the server would ignore it.
    const numeric = new Set(fields.filter((f) => f.kind === "number").map((f) => f.name));
    const amount = (v: string) => String(filterAmount(v) ?? "");
    const cleaned = Object.entries(next).map(([k, v]) => [k, numeric.has(k) ? amount(v) : v.trim()] as const);
    const chosen = Object.fromEntries(cleaned.filter(([, v]) => v !== ""));
    return listSearch(keys, { filters: chosen, sort, perPage, page: 1 });
  };
  const go = (next: Record<string, string>) => {
    onApply?.();
    navigate(`/${kind}${searchOf(next)}`);
  };

  const choose = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    for (const f of fields) if (f.kind === "dependent" && f.parent === name) next[f.name] = "";
    setValues(next);
    if (preview) preview(searchOf(next));
    else go(next);
  };

  const optionsOf = (f: FilterField) => {
    if (f.kind === "select") {
      const list = [...f.options];
      // A value from a shared link that is not in the list is still shown as chosen.
      if (values[f.name] && !list.some((o) => o.value === values[f.name]))
        list.push({ value: values[f.name]!, label: values[f.name]! });
      return list.map((o) => <Choice key={o.value} value={o.value} label={o.label} />);
    }
    if (f.kind !== "dependent") return null;
    const parent = values[f.parent] ?? "";
    const current = values[f.name] ?? "";
    const label = f.optionLabel ?? ((v: string) => v);
    const groupLabel = f.groupLabel ?? ((v: string) => v);
    if (parent) {
      const list = [...(own(f.groups, parent) ?? [])];
      if (current && !list.includes(current)) list.push(current);
      return list.map((v) => <Choice key={v} value={v} label={label(v)} />);
    }
    const all = Object.values(f.groups).flat();
    return [
      ...(current && !all.includes(current)
        ? [<Choice key={`own-${current}`} value={current} label={label(current)} />]
        : []),
      ...Object.entries(f.groups).map(([group, list]) => (
        <optgroup key={group} label={groupLabel(group)}>
          {list.map((v) => (
            <Choice key={`${group}-${v}`} value={v} label={label(v)} />
          ))}
        </optgroup>
      )),
    ];
  };

  return (
    <form
      method="get"
      action={`/${kind}`}
      id={formId}
      aria-label={t("filters.label")}
      data-testid="filter-panel"
      onSubmit={(e) => {
        e.preventDefault();
        go(values);
      }}
      className="bg-white lg:rounded-xl lg:border lg:border-slate-200 lg:p-4 lg:shadow-sm"
    >
      {sort !== "newest" ? <input type="hidden" name="Sort" value={sort} /> : null}
      {perPage !== 20 ? <input type="hidden" name="PerPage" value={perPage} /> : null}
      {fields.map((f) =>
        f.kind === "hidden" ? <input key={f.name} type="hidden" name={f.name} value={f.value} /> : null,
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
        {fields.map((f, i) => {
          if (f.kind === "hidden") return null;
          const id = `filter-${f.name}`;
          const wide = f.kind === "text" ? "col-span-2" : undefined;
          const heading =
            f.group && fields[i - 1]?.group !== f.group ? (
              <p key={`group-${f.group}`} className="col-span-full -mb-1 pt-1 text-sm font-semibold text-slate-900">
                {f.group}
              </p>
            ) : null;
          return [
            heading,
            <div key={f.name} className={wide}>
              <label htmlFor={id} className="field-label">
                {f.label}
              </label>
              {f.kind === "select" || f.kind === "dependent" ? (
                <select
                  id={id}
                  name={f.name}
                  value={values[f.name] ?? ""}
                  onChange={(e) => choose(f.name, e.target.value)}
                  className={fieldClass}
                >
                  <option value="">{f.anyLabel ?? t("filters.any")}</option>
                  {optionsOf(f)}
                </select>
              ) : (
                <input
                  id={id}
                  name={f.name}
                  type={f.kind === "number" ? "text" : "search"}
                  inputMode={f.kind === "number" ? "numeric" : undefined}
                  maxLength={f.kind === "number" ? 14 : 100}
                  placeholder={f.placeholder}
                  value={values[f.name] ?? ""}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                  onBlur={() => preview?.(searchOf(values))}
                  className={fieldClass}
                />
              )}
            </div>,
          ];
        })}
      </div>
      {/* On phones the sheet's own bar holds these. */}
      <div className="mt-4 flex flex-wrap items-center gap-3 max-lg:hidden">
        <button type="submit" className="h-10 btn-accent px-4 text-sm">
          {t("filters.apply")}
        </button>
        <Link to={`/${kind}`} className="text-sm font-semibold text-accent-700 hover:underline">
          {t("filters.clearAll")}
        </Link>
      </div>
    </form>
  );
}
