import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

import { chromiumPath } from "./scripts/lib/chromium-path.js";
import { DEMO_CACHE_VARIABLE } from "./scripts/lib/own-server";
import { TEMPORARY_FOLDERS_VARIABLE } from "./tests/e2e/teardown";

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser; its headless shell when it is
 * installed, scripts/lib/chromium-path.js) against the built server, started here on its own port
 * with a fresh data folder and the admin e-mail below.
 */
const port = Number(process.env.E2E_PORT ?? 3210);

/**
 * A folder of the run's, made by the runner (which reads this file first; its workers inherit the
 * variable) and removed when the run ends (tests/e2e/teardown.ts), unless the caller named it.
 */
function runFolder(variable: string, prefix: string): string {
  if (!process.env[variable]) {
    process.env[variable] = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    process.env[TEMPORARY_FOLDERS_VARIABLE] = [process.env[TEMPORARY_FOLDERS_VARIABLE], process.env[variable]]
      .filter(Boolean)
      .join(path.delimiter);
  }
  return process.env[variable];
}
// The shared server's data.
const dataDir = runFolder("E2E_DATA_DIR", "quiniela-e2e-");
// Where the run loads the demo season once for the specs that serve it (scripts/lib/own-server.ts).
runFolder(DEMO_CACHE_VARIABLE, "quiniela-e2e-demo-");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // One retry on CI only: a 2-core machine under load can miss a 3-s toast; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results/e2e",
  globalTeardown: "./tests/e2e/teardown.ts",
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    // A trace is recorded for a test's retry (CI), not for every test: recording every action's
    // DOM snapshot and screencast cost the whole suite about a third of its CPU (decision 013).
    // Locally, `--trace on` records them for a run.
    trace: "on-first-retry",
    // Our service worker (public/sw.js) would answer the requests of every page after its first
    // load, and Playwright's page.route never sees what a worker answers: the specs that stand in
    // for the network with it (a chunk gone after a release, a refused stream) would test nothing.
    // The worker has a spec of its own, in a browser profile that allows it (installable-app.spec.ts).
    serviceWorkers: "block",
    // Mantine and our own transitions honour it (app/ui/theme/theme.ts): menus, dialogs and toasts
    // appear at once instead of animating frame after frame in a software-rendered browser.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node server.js",
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "admin@quiniela.test",
      // Every test registers from 127.0.0.1: the per-IP limit is tested on its own, in integration.
      AUTH_RATE_LIMIT_PER_IP: "10000",
      // Several files sign the one admin in on this shared server (10 per e-mail would be the
      // default); the per-e-mail limit is tested on its own too (tests/integration/security.test.ts).
      AUTH_RATE_LIMIT_PER_EMAIL: "10000",
      LOG_REQUESTS: "false",
      // One process: on two cores the browser needs the other one (the specs run faster than with
      // one process per core). The cluster itself is tested in
      // tests/integration/cluster.test.ts (live updates, sessions, limits across processes).
      WEB_CONCURRENCY: "1",
    },
  },
});
