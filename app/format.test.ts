import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * One format for the whole tree (decision 020): `npm test` runs `prettier --check` with the
 * project's settings, so a file written any other way fails the run.
 */

const root = path.resolve(import.meta.dirname, "..");
const prettier = path.join(root, "node_modules", ".bin", "prettier");

/** `prettier --check` on one file with the project's settings: its exit code. */
function check(source: string, name = "planted.ts"): number {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-format-"));
  try {
    const file = path.join(folder, name);
    fs.writeFileSync(file, source);
    // From the project, as npm test runs it: its settings, and its plugins found from there.
    return (
      spawnSync(prettier, ["--check", "--log-level", "silent", "--config", path.join(root, ".prettierrc.json"), file], {
        cwd: root,
      }).status ?? 1
    );
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

test("an unformatted file fails the check; the same file formatted passes", () => {
  const unformatted = `import { b } from "./b";\nimport fs from "node:fs"\nexport const a = {x:1,   y: fs.sep + b}\n`;
  expect(check(unformatted)).not.toBe(0);
  const formatted = execFileSync(
    prettier,
    ["--stdin-filepath", "planted.ts", "--config", path.join(root, ".prettierrc.json")],
    {
      input: unformatted,
      cwd: root,
    },
  ).toString();
  expect(formatted.indexOf('from "node:fs"')).toBeLessThan(formatted.indexOf('from "./b"'));
  expect(check(formatted)).toBe(0);
});

test("npm test runs the check", () => {
  const steps = fs.readFileSync(path.join(root, "scripts", "test.js"), "utf8");
  expect(steps).toMatch(/run: \[\["prettier", "--check"/);
});
