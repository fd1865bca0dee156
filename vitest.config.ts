import { defineConfig } from "vitest/config";

const integration = (engine: "sqlite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `integration-${engine}`,
    include: ["tests/integration/**/*.test.ts"],
    env: { TEST_ENGINE: engine },
    setupFiles: ["tests/support/integration-setup.ts"],
    globalSetup: ["tests/support/ensure-build.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias: { "#app": new URL("./app", import.meta.url).pathname } },
  test: {
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.ts"] } },
      integration("sqlite"),
      // PostgreSQL runs whenever TEST_DATABASE_URL names a server (CI always sets it).
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
