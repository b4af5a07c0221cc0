import type { Config } from "@react-router/dev/config";

// React Router 8 needs a newer Node than ours; the v8 behaviour is on now so
// that moving to 8 is a configuration change.
export default {
  ssr: true,
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
