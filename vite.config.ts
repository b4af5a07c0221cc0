import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    // The server bundle starts from our Express app, which pulls in the
    // React Router server build (see server/app.ts).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // The shop's small modules that five pages or more use travel in
                  // the script every page loads, not in a script of their own each:
                  // a list asked for 31 scripts and now asks for 20, and every public
                  // page's scripts are 1.3 to 2.4 KB smaller (docs/performance.md).
                  name: "shared",
                  test: (id) =>
                    /[\\/]app[\\/]/.test(id) &&
                    !/[\\/](routes|admin|node_modules)[\\/]|[\\/](root|entry\.client)\.tsx$/.test(id),
                  maxModuleSize: 2500,
                  minShareCount: 5,
                },
              ],
            },
          },
        },
      },
    },
  },
  server: { hmr: { port: 24678 } },
  // Font files stay files: the page policy allows fonts only from the shop itself, not data: addresses.
  build: { assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined) },
});
