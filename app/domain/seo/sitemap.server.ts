import type { DB } from "~/db/db.server";
import { repositoryOf } from "~/domain/inventory/stock-repository.server";

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
  const [vehicles, parts] = await Promise.all([repositoryOf("vehicles").count(db), repositoryOf("parts").count(db)]);
  const files = ["pages.xml"];
  for (let i = 1; i <= Math.ceil(vehicles / SITEMAP_CHUNK); i++) files.push(`vehicles-${i}.xml`);
  for (let i = 1; i <= Math.ceil(parts / SITEMAP_CHUNK); i++) files.push(`parts-${i}.xml`);
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
    const path = match[1] === "vehicles" ? "vehicles" : "parts";
    const rows = await repositoryOf(path).idsInOrder(db, (Number(match[2]) - 1) * SITEMAP_CHUNK, SITEMAP_CHUNK);
    if (rows.length === 0) return null;
    entries = rows.map((r) => ({ loc: `${origin}/${path}/${r.id}`, lastmod: r.updated_at.slice(0, 10) }));
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
