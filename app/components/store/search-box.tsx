import { useState } from "react";
import { useNavigate } from "react-router";
import { useT } from "~/i18n/i18n";
import { optionLabel, type OptionList } from "./option-label";

export type SearchBoxOptions = {
  types: string[];
  subTypes?: Record<string, string[]>;
  makes: string[];
  models: Record<string, string[]>;
  years: number[];
};

const fieldClass = "field";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="field-label">
      {label}
      {children}
    </label>
  );
}

type Label = (value: string) => string;
const asIs: Label = (value) => value;

/**
 * The options of a dependent list: the chosen parent's, or all of them grouped when none is chosen.
 * Values stay as they are; `label` and `groupLabel` give the words shown.
 */
function DependentOptions({
  parent,
  map,
  label = asIs,
  groupLabel = asIs,
}: {
  parent: string;
  map: Record<string, string[]>;
  label?: Label;
  groupLabel?: Label;
}) {
  if (parent)
    return (map[parent] ?? []).map((v) => (
      <option key={v} value={v}>
        {label(v)}
      </option>
    ));
  return Object.entries(map).map(([group, values]) => (
    <optgroup key={group} label={groupLabel(group)}>
      {values.map((v) => (
        <option key={`${group}-${v}`} value={v}>
          {label(v)}
        </option>
      ))}
    </optgroup>
  ));
}

/** The shop's option lists (stock catalogue) the type fields of each box use. */
const LISTS: Record<"/vehicles" | "/parts", { type: OptionList; subType: OptionList }> = {
  "/vehicles": { type: "bodyType", subType: "bodySubType" },
  "/parts": { type: "partType", subType: "partSubType" },
};

/**
 * The home page search boxes (SPEC 2 "Home"). Searching goes to `action`
 * carrying only the fields that have a value. Changing Make clears Model,
 * changing Type clears SubType (SPEC 4).
 */
export function SearchBox({
  title,
  action,
  options,
  withSubType,
  testId,
}: {
  title: string;
  action: "/vehicles" | "/parts";
  options: SearchBoxOptions;
  withSubType: boolean;
  testId: string;
}) {
  const { t } = useT("home");
  const { t: stockT } = useT("stock");
  const lists = LISTS[action];
  const typeLabel: Label = (value) => optionLabel(stockT, lists.type, value);
  const subTypeLabel: Label = (value) => optionLabel(stockT, lists.subType, value);
  const vehicles = action === "/vehicles";
  const navigate = useNavigate();
  const [make, setMake] = useState("");
  const [model, setModel] = useState("");
  const [type, setType] = useState("");
  const [subType, setSubType] = useState("");
  const idPrefix = testId;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim() !== "") params.append(name, value.trim());
    }
    const query = params.toString();
    navigate(query ? `${action}?${query}` : action);
  }

  return (
    <form
      method="get"
      action={action}
      onSubmit={onSubmit}
      data-testid={testId}
      aria-labelledby={`${idPrefix}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${idPrefix}-title`} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:gap-4">
        <Field label={t("search.type")}>
          <select
            name="Type"
            className={fieldClass}
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setSubType("");
            }}
          >
            <option value="">{t("search.anyType")}</option>
            {options.types.map((value) => (
              <option key={value} value={value}>
                {typeLabel(value)}
              </option>
            ))}
          </select>
        </Field>
        {withSubType && options.subTypes ? (
          <Field label={t("search.subType")}>
            <select name="SubType" className={fieldClass} value={subType} onChange={(e) => setSubType(e.target.value)}>
              <option value="">{t("search.anySubType")}</option>
              <DependentOptions parent={type} map={options.subTypes} label={subTypeLabel} groupLabel={typeLabel} />
            </select>
          </Field>
        ) : null}
        <Field label={t("search.make")}>
          <select
            name="Make"
            className={fieldClass}
            value={make}
            onChange={(e) => {
              setMake(e.target.value);
              setModel("");
            }}
          >
            <option value="">{t("search.anyMake")}</option>
            {options.makes.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("search.model")}>
          <select name="Model" className={fieldClass} value={model} onChange={(e) => setModel(e.target.value)}>
            <option value="">{t("search.anyModel")}</option>
            <DependentOptions parent={make} map={options.models} />
          </select>
        </Field>
        <Field label={t("search.yearFrom")}>
          <select name="YearFrom" className={fieldClass} defaultValue="">
            <option value="">{t("search.anyYear")}</option>
            {[...options.years].reverse().map((y) => (
              <option key={y}>{y}</option>
            ))}
          </select>
        </Field>
        <Field label={t("search.yearTo")}>
          <select name="YearTo" className={fieldClass} defaultValue="">
            <option value="">{t("search.anyYear")}</option>
            {options.years.map((y) => (
              <option key={y}>{y}</option>
            ))}
          </select>
        </Field>
        <div className="col-span-2">
          <Field label={t("search.keyword")}>
            <input
              type="search"
              name="Keyword"
              maxLength={100}
              placeholder={vehicles ? t("search.vehiclePlaceholder") : t("search.partPlaceholder")}
              className={fieldClass}
            />
          </Field>
        </div>
      </div>
      <button type="submit" className="mt-5 h-12 w-full btn-accent">
        {vehicles ? t("search.searchVehicles") : t("search.searchParts")}
      </button>
    </form>
  );
}
