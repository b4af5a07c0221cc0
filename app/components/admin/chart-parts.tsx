/*
 * What the dashboard's charts share: a captioned card, and every figure the
 * chart draws in a table that opens under it (for a reader who wants the
 * numbers, and for screen readers).
 */

export function ChartCard({
  caption,
  className = "",
  testId,
  children,
}: {
  caption: string;
  /** More classes for the card. */
  className?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <figure className={`${className} rounded-xl border border-slate-200 bg-white p-5`.trim()} data-testid={testId}>
      <figcaption className="font-semibold text-slate-900">{caption}</figcaption>
      {children}
    </figure>
  );
}

/** A column of the figures: a number column stands right-aligned, its digits lined up. */
type Column = { head: string; number?: boolean };

export function ChartFigures({
  summary,
  columns,
  rows,
  margin,
  testId,
}: {
  summary: string;
  columns: Column[];
  /** Each row's key and its cells, one a column. */
  rows: { key: string; cells: React.ReactNode[] }[];
  margin: "mt-2" | "mt-3";
  testId?: string;
}) {
  return (
    <details className={`${margin} text-sm`}>
      <summary className="cursor-pointer text-accent-700">{summary}</summary>
      <table className="mt-2 w-full text-left" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.head} className={column.number ? "py-1 text-right" : "py-1"}>
                {column.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={i} className={columns[i]?.number ? "py-0.5 text-right tabular-nums" : "py-0.5"}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
