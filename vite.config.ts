import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle starts at server/app.ts so that start-up work (migrations, seed,
  // security middleware) ships inside the same build as the routes.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : {},
  resolve: { alias: { "#app": new URL("./app", import.meta.url).pathname } },
  plugins: [reactRouter()],
}));
