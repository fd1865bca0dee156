import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Route middleware guards whole branches of routes.ts (signed-in, admin) for loaders and
  // actions alike, including the .data requests of client navigations.
  future: { v8_middleware: true },
} satisfies Config;
