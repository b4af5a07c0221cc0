import type { PackView, PapersView, SheetView } from "~/domain/proof/auction-sheet";

/*
 * A vehicle's auction sheet beside its translation (issue 45.1), drawn once
 * on the server into the page's HTML (the vehicle page's loader): every word
 * comes in the page's language (sheet-words.server.ts) and nothing of it
 * rides on the page's scripts, which carry only the finished markup. No
 * hooks: it is drawn outside the page's providers. The inspector's notes
 * are the owner's English, marked so.
 */
export function AuctionSheetBox({ sheet }: { sheet: SheetView }) {
  const file = sheet.file;
  return (
    <section id="auction-sheet" aria-labelledby="auction-sheet-title" data-testid="auction-sheet">
      <h2 id="auction-sheet-title" className="text-lg font-bold text-slate-900">
        {sheet.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{sheet.intro}</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {file ? (
          <figure className="min-w-0">
            {file.image ? (
              <a href={file.url}>
                <img
                  src={`${file.url}?w=960`}
                  alt={file.alt}
                  loading="lazy"
                  decoding="async"
                  width={960}
                  height={1280}
                  className="h-auto w-full rounded-lg border border-slate-200 bg-slate-50"
                />
              </a>
            ) : null}
            <figcaption className="mt-2 text-sm">
              <a href={file.url} className="font-medium text-accent-700 underline">
                {file.open}
              </a>
              <span className="mt-1 block text-xs text-slate-600">{file.added}</span>
              <span className="mt-1 block text-xs text-slate-600">
                {file.fingerprintLabel}:{" "}
                <code className="break-all" data-testid="sheet-sha256">
                  {file.sha256}
                </code>
              </span>
            </figcaption>
          </figure>
        ) : null}
        <div className="min-w-0 space-y-3 text-sm text-slate-800">
          {sheet.flags.length ? (
            <ul className="space-y-1" aria-label={sheet.flagsTitle} data-testid="sheet-flags">
              {sheet.flags.map((flag) => (
                <li
                  key={flag.key}
                  className="rounded-md border border-red-200 bg-red-50 px-3 py-2 font-semibold text-red-800"
                >
                  {flag.text} <span lang="ja">（{flag.japanese}）</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900">{sheet.noFlags}</p>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="sheet-rows">
            {sheet.rows.map((row) => (
              <div key={row.label} className="contents">
                <dt className="text-slate-600">{row.label}</dt>
                <dd className="font-medium">{row.value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="font-semibold">{sheet.marksTitle}</h3>
            {sheet.marks.length ? (
              <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="sheet-marks">
                {sheet.marks.map((mark, i) => (
                  <li key={i}>{mark.text}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-1">{sheet.noMarks}</p>
            )}
          </div>
          {sheet.notes ? (
            <div>
              <h3 className="font-semibold">{sheet.notesTitle}</h3>
              <p className="mt-1 whitespace-pre-line" lang={sheet.inEnglish ? "en" : undefined}>
                {sheet.notes}
                {sheet.inEnglish ? (
                  <span className="text-xs whitespace-nowrap text-slate-500" lang={sheet.language}>
                    {" "}
                    {sheet.inEnglish}
                  </span>
                ) : null}
              </p>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** A vehicle's mileage and dates from each paper, side by side, with what disagrees (issue 45.2); drawn on the server. */
export function PapersBox({ papers }: { papers: PapersView }) {
  return (
    <section id="papers" aria-labelledby="papers-title" data-testid="papers-check">
      <h2 id="papers-title" className="text-lg font-bold text-slate-900">
        {papers.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{papers.intro}</p>
      {papers.warnings.map((warning) => (
        <p
          key={warning}
          role="note"
          className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-semibold text-red-800"
          data-testid="papers-warning"
        >
          {warning}
        </p>
      ))}
      {papers.agree ? (
        <p className="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">{papers.agree}</p>
      ) : null}
      {papers.rule ? (
        <p className="mt-3 text-sm font-medium text-slate-800" data-testid="papers-rule">
          {papers.rule}
        </p>
      ) : null}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="papers-table">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              {papers.headings.map((heading) => (
                <th key={heading} scope="col" className="py-1.5 pr-3 font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {papers.rows.map((row) => (
              <tr key={row.source} className="border-b border-slate-100" data-source={row.source}>
                <th scope="row" className="py-1.5 pr-3 font-medium text-slate-800">
                  {row.cells[0]}
                </th>
                {row.cells.slice(1).map((cell, i) => (
                  <td key={i} className="py-1.5 pr-3 text-slate-800">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A vehicle's proof pack at /verify (issue 45.4): every version of every paper with its fingerprint; drawn on the server. */
export function PackBox({ pack }: { pack: PackView }) {
  return (
    <section aria-labelledby="pack-title" data-testid="proof-pack" className="space-y-4">
      <h1 id="pack-title" className="text-2xl title lg:text-3xl">
        {pack.title}
      </h1>
      <p className="text-sm leading-relaxed text-slate-700">{pack.intro}</p>
      <p className="text-sm text-slate-800">
        {pack.vehicle.label}: <span className="font-semibold">{pack.vehicle.name}</span>{" "}
        <a href={pack.vehicle.href} className="text-accent-700 underline">
          {pack.vehicle.link}
        </a>
        <span className="block text-slate-600">{pack.published}</span>
      </p>
      {pack.sheetLink ? (
        <p className="text-sm">
          <a href={pack.sheetLink.href} className="font-medium text-accent-700 underline">
            {pack.sheetLink.text}
          </a>
        </p>
      ) : null}
      {pack.sections.map((section) => (
        <div key={section.title} className="rounded-lg border border-slate-200 bg-white p-3">
          <h3 className="font-semibold text-slate-900">{section.title}</h3>
          <ul className="mt-2 space-y-2">
            {section.entries.map((entry) => (
              <li key={entry.version} className="text-sm" data-current={entry.current ? "yes" : "no"}>
                <span className="font-medium">{entry.version}</span>{" "}
                <span
                  className={`rounded px-1.5 py-0.5 text-xs ${entry.current ? "bg-emerald-50 text-emerald-900" : "bg-slate-100 text-slate-700"}`}
                >
                  {entry.state}
                </span>{" "}
                <span className="text-slate-600">{entry.added}</span>
                <span className="mt-0.5 block text-xs text-slate-600">
                  {pack.fingerprint}: <code className="break-all text-slate-800">{entry.sha256}</code>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
