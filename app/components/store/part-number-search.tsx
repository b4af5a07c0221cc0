import { Form } from "react-router";
import { useT } from "~/i18n/i18n";

/**
 * A part number typed straight into the parts list's keyword (issue 44.7),
 * which finds it whatever its dashes, spaces and case. A plain GET form to
 * /parts: it works before the page's scripts arrive, and starts a new search.
 */
export function PartNumberSearch({ id, value = "" }: { id: string; value?: string }) {
  const { t } = useT();
  return (
    <Form
      method="get"
      action="/parts"
      role="search"
      aria-label={t("partNumber.title")}
      data-testid={id}
      className="flex max-w-xl items-center gap-2"
    >
      <label htmlFor={`${id}-input`} className="shrink-0 text-sm font-semibold text-slate-700">
        {t("partNumber.label")}
      </label>
      <input
        // A new list's number, or none: the field follows the address.
        key={value}
        id={`${id}-input`}
        type="search"
        name="Keyword"
        defaultValue={value}
        required
        placeholder={t("partNumber.placeholder")}
        className="field-sm mt-0 min-w-0 flex-1"
      />
      <button type="submit" className="btn-accent h-10 shrink-0 px-3 text-sm">
        {t("partNumber.find")}
      </button>
    </Form>
  );
}
