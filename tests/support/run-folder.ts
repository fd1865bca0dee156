import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The project run's folder: each test file makes its data folder inside (integration-setup.ts). */
    runFolder: string;
  }
}

/**
 * Global setup of the integration projects: one folder per project run, removed whole when the
 * run ends. A file's afterAll removes its own data folder, but a file whose every test is skipped
 * (one engine's only, as instances.test.ts on SQLite) runs no afterAll: its folder goes here.
 */
export default function runFolder(project: TestProject) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-tests-"));
  project.provide("runFolder", folder);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
