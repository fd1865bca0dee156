import { defineConfig } from "vitest/config";

/**
 * The file that measures time to the millisecond (a refusal within 100 ms while /healthz keeps
 * answering): it runs after everything else, one engine after the other (each engine's timed
 * project is a group of its own: two projects in one group run side by side). `npm test` runs it
 * as a step of its own (`--project '*-timed'`), after the browser tests too: beside them, a
 * 100-ms refusal took 105 ms.
 *
 * PostgreSQL's outage (faults-outage.test.ts) runs with the other files: it stops and freezes a
 * cluster of its own, so no other file feels it, and its budgets are seconds (an answer within
 * 3 s while the database is down), which a busy machine keeps. It mostly waits (a restart, a 5-s
 * connection timeout), and that waiting now overlaps the other files instead of being 11 s of the
 * quiet step at the end. The rest of hostile-input stays here, though only three of its tests are
 * timed: the others are work, not waiting. Moved beside the other files, they lengthened that
 * step by as much as they shortened this one, and their 200 requests in a row outlasted the 20-s
 * test timeout beside the browser suite.
 */
const TIMED = ["tests/integration/hostile-input.test.ts"];

/**
 * Integration files mostly wait (on their own server process, on PostgreSQL, on timers), so more
 * workers than cores overlap that waiting; every file has its own database and server, nothing shared.
 */
const PARALLEL_WORKERS = 4;

const integration = (engine: "sqlite" | "postgres", timed: boolean, order: number) => ({
  extends: true as const,
  test: {
    name: `integration-${engine}${timed ? "-timed" : ""}`,
    include: timed ? TIMED : ["tests/integration/**/*.test.ts"],
    exclude: timed ? [] : TIMED,
    env: { TEST_ENGINE: engine },
    setupFiles: ["tests/support/integration-setup.ts"],
    globalSetup: ["tests/support/ensure-build.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    maxWorkers: timed ? 1 : PARALLEL_WORKERS,
    // A worker keeps the libraries it loaded from one file to the next (Kysely, Better Auth, pg…):
    // 96 → 79 CPU-seconds for the SQLite files. integration-setup.ts gives each file its own
    // database, data folder and environment, and the app's own modules afresh (vi.resetModules).
    isolate: false,
    sequence: { groupOrder: order },
  },
});

// PostgreSQL runs whenever TEST_DATABASE_URL names a server (CI always sets it).
const engines = process.env.TEST_DATABASE_URL ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

export default defineConfig({
  resolve: { alias: { "#app": new URL("./app", import.meta.url).pathname } },
  test: {
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.ts", "server/**/*.test.ts"], maxWorkers: PARALLEL_WORKERS, sequence: { groupOrder: 0 } } },
      ...engines.map((engine) => integration(engine, false, 0)),
      ...engines.map((engine, i) => integration(engine, true, 1 + i)),
    ],
  },
});
