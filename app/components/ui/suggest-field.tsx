import { Field } from "~/components/ui/field";

/** A Field that offers what may be typed (the browser's list under the box); any other text is taken too. */
export function SuggestField({
  listId,
  suggestions,
  ...field
}: Omit<Parameters<typeof Field>[0], "list"> & { listId: string; suggestions: readonly string[] }) {
  return (
    <>
      <Field {...field} list={listId} />
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
    </>
  );
}
