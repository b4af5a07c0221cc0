import v8 from "node:v8";

/*
 * How the JavaScript engine keeps the shop's memory (docs/performance.md,
 * "Memory"). Left to its defaults on a large machine, V8 let the shop grow to
 * 470-550 MB under 50 visitors at once, though what it still used after a
 * collection was about 50 MB: its young generation grew to 128 MB and stayed,
 * and the old one was let grow up to four times what a collection left.
 *
 * - The young generation is held to two halves of 16 MB. Only the command
 *   line sets it (`node --max-semi-space-size=16 server.js`, as `npm start`
 *   and the README's service do); the shop says so at start when it is not.
 * - The old generation may grow by half of what a collection leaves before
 *   the next; set here, as the shop starts, unless the command line says
 *   otherwise.
 */

export const YOUNG_GENERATION_FLAG = "--max-semi-space-size=16";
export const HEAP_GROWING_FLAG = "--heap-growing-percent=50";

/** The flag's name as V8 reads it: dashes and underscores alike. */
const flagName = (flag: string) => flag.replace(/^--/, "").split("=")[0]!.replaceAll("_", "-");

function given(flag: string, execArgv: readonly string[], nodeOptions: string): boolean {
  const name = flagName(flag);
  // NODE_OPTIONS takes the young generation's flag but refuses the growth's; both are looked for alike.
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => arg.startsWith("--") && flagName(arg) === name);
}

/**
 * Applies what can be applied to a running engine and says what was not
 * given on the command line. The operator's own values win.
 */
export function applyMemorySettings(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? "",
): { youngGenerationGiven: boolean; growingSet: boolean } {
  const growingSet = !given(HEAP_GROWING_FLAG, execArgv, nodeOptions);
  if (growingSet) v8.setFlagsFromString(HEAP_GROWING_FLAG);
  return { youngGenerationGiven: given(YOUNG_GENERATION_FLAG, execArgv, nodeOptions), growingSet };
}
