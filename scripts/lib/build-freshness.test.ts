import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";

import { buildFreshness } from "./build-freshness.js";

let root: string;
const write = (file: string, at: number) => {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, "x");
  fs.utimesSync(full, at / 1000, at / 1000);
};
const BUILT = Date.UTC(2026, 10, 26, 12);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-build-"));
  write("app/root.tsx", BUILT - 60_000);
  write("server/app.ts", BUILT - 60_000);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test("no build is missing; a build newer than every source is fresh", () => {
  expect(buildFreshness(root, "build")).toBe("missing");
  write("build/server/index.js", BUILT);
  expect(buildFreshness(root, "build")).toBe("fresh");
});

test("a source changed after the build makes it stale, in any of the places the build reads", () => {
  write("build/server/index.js", BUILT);
  for (const source of [
    "app/routes/index.tsx",
    "server/assets.ts",
    "public/favicon.svg",
    "scripts/lib/precompress-assets.ts",
    "package-lock.json",
  ]) {
    write(source, BUILT + 60_000);
    expect(buildFreshness(root, "build"), source).toBe("stale");
    fs.rmSync(path.join(root, source));
  }
  expect(buildFreshness(root, "build")).toBe("fresh");
});

test("a unit test beside the code, or a file the build does not read, changes nothing", () => {
  write("build/server/index.js", BUILT);
  write("app/domain/game/scoring.test.ts", BUILT + 60_000);
  write("tests/e2e/login.spec.ts", BUILT + 60_000);
  write("docs/ARCHITECTURE.md", BUILT + 60_000);
  expect(buildFreshness(root, "build")).toBe("fresh");
});

test("another build folder (BUILD_DIR) is judged by its own entry", () => {
  write("build-bench/server/index.js", BUILT - 120_000);
  expect(buildFreshness(root, "build-bench")).toBe("stale");
});
