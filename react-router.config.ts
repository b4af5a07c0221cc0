import type { Config } from "@react-router/dev/config";

// React Router 8: middleware, pass-through requests, trailing-slash-aware data
// requests, split route modules and Vite's environment API are its defaults.
export default {
  ssr: true,
  // The browser gets the list of the shop's pages as one file it keeps (about
  // 3.5 KB compressed), instead of a part of it written into every page and
  // more asked for while the buyer moves about: pages are smaller and cheaper
  // to make, and no page waits for a route lookup on a slow line.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
