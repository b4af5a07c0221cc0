import { useState } from "react";
import { useNavigate } from "react-router";

export type SearchBoxOptions = {
  types: string[];
  subTypes?: Record<string, string[]>;
  makes: string[];
  models: Record<string, string[]>;
  years: number[];
};

const fieldClass =
  "mt-1 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[15px] text-slate-900 shadow-sm focus:border-accent-600 focus:ring-2 focus:ring-accent-200 focus:outline-none disabled:bg-slate-50 disabled:text-slate-400";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      {children}
    </label>
  );
}

/** The options of a dependent list: the chosen parent's, or all of them grouped when none is chosen. */
function DependentOptions({ parent, map }: { parent: string; map: Record<string, string[]> }) {
  if (parent) return (map[parent] ?? []).map((v) => <option key={v}>{v}</option>);
  return Object.entries(map).map(([group, values]) => (
    <optgroup key={group} label={group}>
      {values.map((v) => (
        <option key={`${group}-${v}`} value={v}>
          {v}
        </option>
      ))}
    </optgroup>
  ));
}

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
        <Field label="Type">
          <select
            name="Type"
            className={fieldClass}
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setSubType("");
            }}
          >
            <option value="">Any type</option>
            {options.types.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
        {withSubType && options.subTypes ? (
          <Field label="SubType">
            <select name="SubType" className={fieldClass} value={subType} onChange={(e) => setSubType(e.target.value)}>
              <option value="">Any subtype</option>
              <DependentOptions parent={type} map={options.subTypes} />
            </select>
          </Field>
        ) : null}
        <Field label="Make">
          <select
            name="Make"
            className={fieldClass}
            value={make}
            onChange={(e) => {
              setMake(e.target.value);
              setModel("");
            }}
          >
            <option value="">Any make</option>
            {options.makes.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </Field>
        <Field label="Model">
          <select name="Model" className={fieldClass} value={model} onChange={(e) => setModel(e.target.value)}>
            <option value="">Any model</option>
            <DependentOptions parent={make} map={options.models} />
          </select>
        </Field>
        <Field label="Year from">
          <select name="YearFrom" className={fieldClass} defaultValue="">
            <option value="">Any</option>
            {[...options.years].reverse().map((y) => (
              <option key={y}>{y}</option>
            ))}
          </select>
        </Field>
        <Field label="Year to">
          <select name="YearTo" className={fieldClass} defaultValue="">
            <option value="">Any</option>
            {options.years.map((y) => (
              <option key={y}>{y}</option>
            ))}
          </select>
        </Field>
        <div className="col-span-2">
          <Field label="Keyword">
            <input
              type="search"
              name="Keyword"
              maxLength={100}
              placeholder={action === "/vehicles" ? "e.g. hybrid, diesel, 4WD" : "e.g. radiator, headlight"}
              className={fieldClass}
            />
          </Field>
        </div>
      </div>
      <button
        type="submit"
        className="mt-5 h-12 w-full rounded-lg bg-accent-700 font-semibold text-white hover:bg-accent-800"
      >
        {action === "/vehicles" ? "Search vehicles" : "Search parts"}
      </button>
    </form>
  );
}
