import { useId, useState } from "react";
import { useT } from "~/i18n/i18n";

export const inputClass =
  "mt-1 block h-11 w-full rounded-lg border bg-white px-3 text-[15px] text-slate-900 shadow-sm focus:ring-2 focus:ring-accent-200 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500";

/** A labelled input (a text area with `rows`) with its error beside it; keeps what was typed after a refusal. */
export function Field({
  id: fixedId,
  label,
  name,
  error,
  defaultValue,
  type = "text",
  autoComplete,
  required = true,
  readOnly,
  hint,
  maxLength,
  rows,
  list,
  placeholder,
  number,
  width = "",
}: {
  /** A fixed id, where a page's tests or links name the field; otherwise one of React's. */
  id?: string;
  label: string;
  name: string;
  error?: string;
  defaultValue?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  readOnly?: boolean;
  hint?: string;
  maxLength?: number;
  rows?: number;
  /** The id of a datalist of suggestions. */
  list?: string;
  placeholder?: string;
  /** A whole number in these bounds, typed on the phone's number pad. */
  number?: { min: number; max: number };
  /** Classes that narrow the box ("max-w-32"); it is as wide as its column otherwise. */
  width?: string;
}) {
  const ownId = useId();
  const id = fixedId ?? ownId;
  const [shown, setShown] = useState(false);
  // Shared with the staff panel, which gets the `common` catalogue too.
  const { t } = useT("common");
  const isPassword = type === "password";
  // What the text area and the input have alike.
  const control = {
    id,
    name,
    defaultValue,
    required,
    readOnly,
    maxLength,
    placeholder,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
  const border = error ? "border-red-500" : "border-slate-300 focus:border-accent-600";
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        {rows ? (
          <textarea {...control} rows={rows} className={`${inputClass} h-auto py-2 ${border} ${width}`} />
        ) : (
          <input
            {...control}
            type={number ? "number" : isPassword && shown ? "text" : type}
            {...(number ? { inputMode: "numeric" as const, step: 1, ...number } : {})}
            autoComplete={autoComplete}
            list={list}
            className={`${inputClass} ${border} ${width} ${readOnly ? "bg-slate-50 text-slate-600" : ""} ${isPassword ? "pr-20" : ""}`}
          />
        )}
        {isPassword ? (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            aria-label={shown ? t("field.hidePassword") : t("field.showPassword")}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded px-2 py-1 text-sm font-medium text-accent-700 hover:bg-accent-50"
          >
            {shown ? t("field.hide") : t("field.show")}
          </button>
        ) : null}
      </div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FieldProps = Parameters<typeof Field>[0];

/**
 * A new password and the same again, as the account schemas read them (`password`, `confirmPassword`,
 * accounts.schema.ts): the rule's hint under the first, each with its error.
 */
export function NewPasswordFields({
  label,
  repeatLabel,
  hint,
  errors,
}: {
  label: string;
  repeatLabel: string;
  hint: string;
  errors: Partial<Record<"password" | "confirmPassword", string>>;
}) {
  return (
    <>
      <Field
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        hint={hint}
      />
      <Field
        label={repeatLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  );
}

/**
 * An amount in whole yen, as the shop reads it (`parseYen`: "1250000", "¥1,250,000", "1 250 000 JPY");
 * a stored amount shows as its digits, none as an empty box. A plain text box on purpose: the yen
 * sign and commas the shop accepts are not on every phone's number pad.
 */
export function YenField({
  defaultValue,
  ...props
}: Omit<FieldProps, "defaultValue" | "type" | "rows" | "list"> & { defaultValue?: number | string | null }) {
  const shown = typeof defaultValue === "number" ? String(defaultValue) : defaultValue === null ? "" : defaultValue;
  return <Field {...props} defaultValue={shown} />;
}

/**
 * A form's fields by name: each one's label, what it shows and its error come from that one name, so a
 * field cannot show another's words. `<Field {...field("port")} maxLength={60} />`; a prop after the
 * spread (a label with other words) wins.
 */
export function fieldsOf<K extends string>(label: (name: K) => string, values: ByName<K>, errors: ByName<K>) {
  const read = (from: ByName<K>, name: K) => (typeof from === "function" ? from(name) : from[name]);
  return (name: K) => ({ label: label(name), name, defaultValue: read(values, name), error: read(errors, name) });
}

/** A form's texts by field name: as a record, or as a function of the name. */
type ByName<K extends string> = Partial<Record<K, string>> | ((name: K) => string | undefined);

/** A labelled select with its error beside it; the options are its children. */
export function SelectField({
  id,
  label,
  name,
  defaultValue,
  onChange,
  error,
  border = "border-slate-300",
  children,
  ...rest
}: {
  /** A fixed id, where a page's tests or links name the field; otherwise one of React's. */
  id?: string;
  label: string;
  name: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  error?: string;
  /** The border when there is no error. */
  border?: string;
  children: React.ReactNode;
  "data-testid"?: string;
}) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  return (
    <div>
      <label htmlFor={fieldId} className="field-label">
        {label}
      </label>
      <select
        id={fieldId}
        name={name}
        defaultValue={defaultValue}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={`${inputClass} ${error ? "border-red-500" : border}`}
        {...rest}
      >
        {children}
      </select>
      {error ? (
        <p id={`${fieldId}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormMessage({ tone, children }: { tone: "error" | "success"; children: React.ReactNode }) {
  if (!children) return null;
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg px-4 py-3 text-sm ${tone === "error" ? "border border-red-200 bg-red-50 text-red-800" : "border border-emerald-200 bg-emerald-50 text-emerald-900"}`}
    >
      {children}
    </p>
  );
}

export function SubmitButton({ children, busy }: { children: React.ReactNode; busy?: boolean }) {
  return (
    <button type="submit" disabled={busy} className="h-12 w-full btn-accent disabled:opacity-60">
      {children}
    </button>
  );
}

export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl title">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
