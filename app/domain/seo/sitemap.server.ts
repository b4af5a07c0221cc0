import type { DB } from "~/db/db.server";
import type { StockPath } from "~/domain/inventory/stock-kinds";

/** URLs per sitemap file; the protocol allows 50,000. */
export const SITEMAP_CHUNK = 40_000;

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}

const STATIC_PAGES = ["/", "/vehicles", "/parts", "/about", "/how-to-buy", "/faq"];

/** The sitemap index: the static pages, then the stock in files of 40,000. */
export async function sitemapIndex(db: DB, origin: string): Promise<string> {
  const [vehicles, parts] = await Promise.all([
    db
      .selectFrom("vehicles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("parts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const files = ["pages.xml"];
  for (let i = 1; i <= Math.ceil(Number(vehicles.n) / SITEMAP_CHUNK); i++) files.push(`vehicles-${i}.xml`);
  for (let i = 1; i <= Math.ceil(Number(parts.n) / SITEMAP_CHUNK); i++) files.push(`parts-${i}.xml`);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    files.map((f) => `  <sitemap><loc>${escapeXml(`${origin}/sitemaps/${f}`)}</loc></sitemap>\n`).join("") +
    `</sitemapindex>\n`
  );
}

/** One sitemap file, or null when there is no such file. */
export async function sitemapFile(db: DB, origin: string, file: string): Promise<string | null> {
  let entries: { loc: string; lastmod?: string }[];
  if (file === "pages.xml") {
    entries = STATIC_PAGES.map((p) => ({ loc: `${origin}${p}` }));
  } else {
    const match = /^(vehicles|parts)-([1-9]\d{0,5})\.xml$/.exec(file);
    if (!match) return null;
    const table = match[1] as StockPath;
    const rows = await db
      .selectFrom(table)
      .select(["id", "updated_at"])
      .orderBy("id")
      .limit(SITEMAP_CHUNK)
      .offset((Number(match[2]) - 1) * SITEMAP_CHUNK)
      .execute();
    if (rows.length === 0) return null;
    entries = rows.map((r) => ({ loc: `${origin}/${table}/${r.id}`, lastmod: r.updated_at.slice(0, 10) }));
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    entries
      .map((e) => `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>\n`)
      .join("") +
    `</urlset>\n`
  );
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...["/admin", "/account", "/favorites", "/quotes", "/login", "/register", "/reset-password", "/preferences"].map(
      (p) => `Disallow: ${p}`,
    ),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
