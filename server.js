// Serves Quiniela: `node server.js` (production build) or `node server.js --dev` (Vite, live reload).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Settings may live in .env (see .env.example); real environment variables win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const development = process.argv.includes("--dev");
// Without this, `npm start` would serve React's development build (several times slower, and
// chattier in errors): React reads NODE_ENV when the build first imports it, just below.
process.env.NODE_ENV ??= development ? "development" : "production";

const port = Number.parseInt(process.env.PORT || "3000", 10);

let app;
let stop;
let endStreams;
if (development) {
  const vite = await import("vite");
  const express = (await import("express")).default;
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  const entry = () => viteDevServer.ssrLoadModule("./server/app.ts");
  const { startRuntime, createApp } = await entry();
  const runtime = await startRuntime();
  app = express();
  app.use(viteDevServer.middlewares);
  const devApp = createApp({ runtime, development: true });
  app.use((req, res, next) => devApp(req, res, next));
} else {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const server = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  const runtime = await server.startRuntime();
  app = server.createApp({ runtime, clientDir: path.join(buildDir, "client") });
  stop = server.stopRuntime;
  endStreams = server.endLiveStreams;
}

const listener = app.listen(port, () => {
  console.log(`Quiniela lista en http://localhost:${listener.address().port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    listener.close(async () => {
      await stop?.();
      process.exit(0);
    });
    // Event streams never end by themselves: end them so the close above does not wait for them.
    void endStreams?.();
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
