import { defineConfig } from "vitest/config";

/**
 * Files that measure time (a refusal within 100 ms, /healthz answering promptly while a PostgreSQL
 * server is frozen): they run after everything else, one file at a time and one engine after the
 * other (each engine's timed project is a group of its own: two projects in one group run side by
 * side, and the PostgreSQL restart then slowed the SQLite timings past their budget in CI).
 * `npm test` runs them as a step of their own (`--project '*-timed'`), after the browser tests
 * too: beside them, a 100-ms refusal missed its budget; and PostgreSQL's outage, on a cluster of
 * its own, missed its 3-s budget beside the other files (decision 009).
 * Only what measures time is here: hostile input's other checks (what the fields may carry) are
 * hostile-forms.test.ts, which runs with the other files.
 */
const TIMED = ["tests/integration/hostile-input.test.ts", "tests/integration/faults-outage.test.ts"];

/**
 * Files at a time per project (unit, and integration per engine). Integration files wait (on
 * their server process, on PostgreSQL, on timers), so a project runs more than one; but in
 * `npm test` the browser suite fills every wait, and each worker loads the app and its libraries
 * for itself: two a project spend less CPU than four, and one would double their time alone; so
 * the whole `npm test` is shorter with two (decision 009). Every file
 * has its own database and server, nothing shared.
 */
const PARALLEL_WORKERS = 2;

const integration = (engine: "sqlite" | "postgres", timed: boolean, order: number) => ({
  extends: true as const,
  test: {
    name: `integration-${engine}${timed ? "-timed" : ""}`,
    include: timed ? TIMED : ["tests/integration/**/*.test.ts"],
    exclude: timed ? [] : TIMED,
    env: { TEST_ENGINE: engine },
    setupFiles: ["tests/support/integration-setup.ts"],
    globalSetup: ["tests/support/ensure-build.ts", "tests/support/run-folder.ts", "tests/support/template-database.ts"],
    // A guard against a test that hangs, not a budget: on this 2-core machine, busy with the
    // browser suite beside it, tests that start servers took 13–20 s where 20 s was the limit
    // (decision 009). Tests whose subject is time assert their own budgets.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: timed ? 1 : PARALLEL_WORKERS,
    // A worker keeps the libraries it loaded from one file to the next (Kysely, Better Auth, pg…):
    // 96 → 79 CPU-seconds for the SQLite files. integration-setup.ts gives each file its own
    // database, data folder and environment.
    isolate: false,
    // The built server (tests/support/server.ts runs it in the worker) is Node's to load, not
    // Vite's: loaded once per worker and kept across files, warm, as in a running server.
    server: { deps: { external: [/\/build[^/]*\/server\//] } },
    sequence: { groupOrder: order },
  },
});

// PostgreSQL runs whenever TEST_DATABASE_URL names a server (CI always sets it).
const engines = process.env.TEST_DATABASE_URL ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

export default defineConfig({
  resolve: { alias: { "#app": new URL("./app", import.meta.url).pathname } },
  test: {
    // What the code under test logs (the in-process servers' warnings on wrong passwords…) is
    // printed for a failed test only.
    silent: "passed-only",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          maxWorkers: PARALLEL_WORKERS,
          // A guard against a test that hangs, not a budget: a few tests start processes (Prettier,
          // ESLint) or read 1 MB files, and on this 2-core machine, busy with the browser suite, took
          // past Vitest's 5 s. Tests whose subject is time assert their own budgets (in CPU time).
          testTimeout: 30_000,
          // Pure functions and their own fixtures: nothing one file sets outlives it, so a worker
          // keeps what it loaded (Zod, the domain…) for the next file (11 → 5.3 CPU-seconds).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      ...engines.map((engine) => integration(engine, false, 0)),
      ...engines.map((engine, i) => integration(engine, true, 1 + i)),
    ],
  },
});
