import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel work (or CI jobs) build and serve side by side; default build/.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Route middleware guards whole branches of routes.ts (signed-in, admin) for loaders and
  // actions alike, including the .data requests of client navigations.
  future: { v8_middleware: true },
} satisfies Config;
