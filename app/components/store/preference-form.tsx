import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { useT } from "~/i18n/i18n";

/**
 * A buyer's setting (currency, port to ship to) as a choice that sends
 * itself when changed and comes back to the same page; without JavaScript
 * an Apply button does it.
 */
export function PreferenceForm({
  name,
  value,
  label,
  testId,
  className,
  selectClassName,
  children,
}: {
  name: "currency" | "port" | "importCountry";
  value: string;
  label: ReactNode;
  testId: string;
  className: string;
  selectClassName: string;
  /** The options. */
  children: ReactNode;
}) {
  const location = useLocation();
  const { t } = useT("stock");
  return (
    <Form method="post" action="/preferences" className={className} data-testid={testId}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label className="flex items-center gap-2">
        {label}
        <select
          name={name}
          defaultValue={value}
          key={value}
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
          className={selectClassName}
        >
          {children}
        </select>
      </label>
      <noscript>
        <button type="submit" className="h-10 rounded-lg bg-accent-700 px-3 font-semibold text-white">
          {t("toolbar.apply")}
        </button>
      </noscript>
    </Form>
  );
}
