import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

/*
 * Run by `npm run build` after the build: each script and style sheet of the
 * built client gets two compressed copies beside it, `.br` (brotli at its
 * highest quality) and `.gz` (zopfli, a slower gzip that any browser reads),
 * which the shop sends instead of compressing the file for every request
 * (server/precompressed.ts). Done once here, they can take the time a
 * request cannot: on the list's scripts, brotli is about a fifth smaller than
 * gzip at the usual level, zopfli about a tenth.
 *
 * A copy not smaller than its file is not kept.
 */

const COMPRESSIBLE = /\.(?:js|css|svg|json)$/;
/** Zopfli's passes: past 5 the files shrink by a tenth of a percent more for a fifth more time. */
const ZOPFLI_ITERATIONS = 5;

const brotli = promisify(zlib.brotliCompress);

export async function compressAssets(
  folder: string,
): Promise<{ files: number; bytes: number; br: number; gz: number }> {
  const total = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const name of fs.readdirSync(folder)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = path.join(folder, name);
    // Small files too: the compression of each answer skips those under 1 KB, and a list loads sixteen
    // of them, 2 KB more than their copies.
    const body = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(body, { numiterations: ZOPFLI_ITERATIONS }),
    ]);
    total.files++;
    total.bytes += body.length;
    for (const [ext, copy] of [
      ["br", br],
      ["gz", Buffer.from(gz)],
    ] as const) {
      if (copy.length >= body.length) continue;
      fs.writeFileSync(`${file}.${ext}`, copy);
      total[ext] += copy.length;
    }
  }
  return total;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const folder = path.resolve(import.meta.dirname, "../build/client/assets");
  const started = Date.now();
  const total = await compressAssets(folder);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `Compressed ${total.files} scripts and style sheets (${kb(total.bytes)}): brotli ${kb(total.br)}, gzip ${kb(total.gz)}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}
