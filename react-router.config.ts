import type { Config } from "@react-router/dev/config";

// React Router 8: middleware, pass-through requests, trailing-slash-aware data
// requests, split route modules and Vite's environment API are its defaults.
export default {
  ssr: true,
} satisfies Config;
