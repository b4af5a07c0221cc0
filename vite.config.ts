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
  },
  server: { hmr: { port: 24678 } },
  // Font files stay files: the page policy allows fonts only from the shop itself, not data: addresses.
  build: { assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined) },
});
