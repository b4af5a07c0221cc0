/**
 * A select's option. When its value is its text (a year, a colour in English) the value is left
 * out: the browser and React both read the text as the value, and long lists of years are half
 * the size.
 */
export function Choice({ value, label }: { value: string; label: string }) {
  return <option value={value === label ? undefined : value}>{label}</option>;
}
