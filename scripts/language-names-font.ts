import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import { LANGUAGES } from "~/i18n/languages";

/*
 * `npm run fonts:language-names`: the few Sinhala and Devanagari glyphs the
 * language menu needs, cut from the Noto Sans files the shop already carries
 * (SIL Open Font License), so every page names its languages in their own
 * script even on a device without those fonts. The output is kept in the
 * repository (about 2 KB each); run this again when a language name changes.
 */

const root = path.resolve(import.meta.dirname, "..");
const names = LANGUAGES.map((language) => language.name).join("");
const pieces = [
  { script: "sinhala", range: /[\u0D80-\u0DFF]/u },
  { script: "devanagari", range: /[\u0900-\u097F]/u },
] as const;

for (const { script, range } of pieces) {
  const text = [...names].filter((character) => range.test(character)).join("");
  const source = path.join(
    root,
    `node_modules/@fontsource/noto-sans-${script}/files/noto-sans-${script}-${script}-400-normal.woff2`,
  );
  const font = await subsetFont(fs.readFileSync(source), text, { targetFormat: "woff2" });
  const out = path.join(root, `app/fonts/language-names-${script}.woff2`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, font);
  console.log(`${path.relative(root, out)}: ${font.length} bytes for "${text}"`);
}
