import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const appDir = fs.realpathSync(path.resolve(import.meta.dirname, "app"));

/** A module's path under app/ with "/" between folders, or null for any other module. */
function underApp(id: string): string | null {
  const file = id.replace(/[?#].*$/, "");
  if (!path.isAbsolute(file)) return null;
  const relative = path.relative(appDir, file).replaceAll("\\", "/");
  return relative.startsWith("../") || path.isAbsolute(relative) ? null : relative;
}

/** The staff panel's code, and the form library only its pages need. */
const STAFF_ONLY = /^(routes\/admin|components\/admin|domain\/staff)\//;
const STAFF_LIBRARY = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * Whether a module is one of the shop's own that may travel in the shared
 * script: under app/, and not a page (routes), the root, the entry, or code
 * of the staff panel only.
 */
function sharable(id: string): boolean {
  const file = underApp(id);
  return (
    file !== null && !/^routes\/|^(root|entry\.client)\.tsx$|(^|\/)node_modules\//.test(file) && !STAFF_ONLY.test(file)
  );
}

/**
 * The shop's small modules that five entries or more use (a page, or a part of
 * one loaded later) travel in the script every page loads, not in a script of
 * their own each: a list asked for 31 scripts and now asks for 20, and the
 * public pages' scripts are 1.3 to 2.6 KB smaller (docs/performance.md). What
 * such a module imports comes with it, whatever its size or folder, so the
 * build stops should the staff panel's code or its form library be drawn into
 * the shared script, and tests/e2e/home.e2e.ts holds the public pages' scripts
 * under 140 KB. Set on the output of the browser's build only, beside React
 * Router's own output options.
 */
function sharedScript(): Plugin {
  return {
    name: "shop:shared-script",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions: (options) => ({
      ...options,
      codeSplitting: { groups: [{ name: "shared", test: sharable, maxModuleSize: 2500, minShareCount: 5 }] },
    }),
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || chunk.name !== "shared") continue;
        const staff = chunk.moduleIds.filter((id) => STAFF_ONLY.test(underApp(id) ?? "") || STAFF_LIBRARY.test(id));
        if (staff.length > 0)
          this.error(`The script every page loads would carry the staff panel's code: ${staff.join(", ")}`);
      }
    },
  };
}

/**
 * Code loaded later (`import()`, as the save-search form and the e-mail hints
 * are) goes through Vite's helper, which first preloads the loaded script's
 * own imports and reports failures as an event: 0.9 KB of gzip in the script
 * of the page that holds the `import()`, which no page of the shop listens to.
 * This helper only loads: the script brings its imports itself, one step later
 * (with `modulePreload: false` Vite no longer lists them beside each `import()`).
 * The build stops should Vite's own helper come back (renamed in an update).
 */
const PRELOAD_HELPER = "\0vite/preload-helper.js";
function plainDynamicImports(): Plugin {
  return {
    name: "shop:plain-dynamic-imports",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    load: (id) => (id === PRELOAD_HELPER ? "export const __vitePreload = (load) => load();" : null),
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === "chunk" && chunk.code.includes("vite:preloadError"))
          this.error(
            `${chunk.fileName} carries Vite's own preload helper: is ${JSON.stringify(PRELOAD_HELPER)} its name still?`,
          );
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), sharedScript(), plainDynamicImports()],
  resolve: { tsconfigPaths: true },
  environments: {
    // The server bundle starts from our Express app, which pulls in the
    // React Router server build (see server/app.ts).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  server: { hmr: { port: 24678 } },
  // Font files stay files: the page policy allows fonts only from the shop itself, not data: addresses.
  // modulePreload: no list of a later script's imports beside each `import()` (plainDynamicImports above).
  build: { modulePreload: false, assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined) },
});
