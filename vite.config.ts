import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const appDir = path.resolve(import.meta.dirname, "app");

/**
 * Whether a module is one of the shop's own that may travel in the shared
 * script: under app/, and not a page (routes), the root, the entry, or code
 * of the staff panel only.
 */
function sharable(id: string): boolean {
  const file = path.relative(appDir, id.replace(/[?#].*$/, "")).replaceAll("\\", "/");
  if (file.startsWith("../") || path.isAbsolute(file)) return false;
  return !/^(routes|components\/admin|domain\/staff)\/|(^|\/)node_modules\/|^(root|entry\.client)\.tsx$/.test(file);
}

/**
 * The shop's small modules that five entries or more use (a page, or a part of
 * one loaded later) travel in the script every page loads, not in a script of
 * their own each: a list asked for 31 scripts and now asks for 20, and every
 * public page's scripts are 1.3 to 2.4 KB smaller (docs/performance.md). What
 * such a module imports comes with it, whatever its size: a public page's
 * scripts are held under 140 KB by tests/e2e/home.e2e.ts. Set on the output
 * of the browser's build only, beside React Router's own output options.
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
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), sharedScript()],
  resolve: { tsconfigPaths: true },
  environments: {
    // The server bundle starts from our Express app, which pulls in the
    // React Router server build (see server/app.ts).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  server: { hmr: { port: 24678 } },
  // Font files stay files: the page policy allows fonts only from the shop itself, not data: addresses.
  build: { assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined) },
});
