import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * One file-name case per kind of file (docs/ARCHITECTURE.md): a React component's module is
 * named after its component (`PredictionForm.tsx`, with its `PredictionForm.module.css`); a hook's
 * after the hook (`useLiveUpdates.ts`); every other module in kebab-case (`current-season.server.ts`);
 * migrations by number (`0007_deleted_players.ts`). Route modules follow their URLs instead
 * (route-files.test.ts), and React Router's own files keep the names it gives them.
 */

const KINDS: { kind: string; pattern: RegExp }[] = [
  { kind: "component", pattern: /^[A-Z][A-Za-z0-9]*(\.test)?\.tsx$/ },
  { kind: "component styles", pattern: /^[A-Z][A-Za-z0-9]*\.module\.css$/ },
  { kind: "hook", pattern: /^use[A-Z][A-Za-z0-9]*(\.test)?\.tsx?$/ },
  { kind: "module", pattern: /^[a-z0-9]+(-[a-z0-9]+)*(\.server)?(\.test)?\.ts$/ },
  { kind: "stylesheet", pattern: /^[a-z0-9]+(-[a-z0-9]+)*(\.module)?\.css$/ },
  { kind: "data", pattern: /^[a-z0-9]+(-[a-z0-9]+)*\.json$/ },
];
const MIGRATION = /^\d{4}_[a-z0-9]+(_[a-z0-9]+)*\.ts$/;
const FRAMEWORK_FILES = new Set(["root.tsx", "entry.server.tsx", "routes.ts"]);

const appDir = import.meta.dirname;

function filesOutsideRoutes(): string[] {
  return (fs.readdirSync(appDir, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join("/"))
    .filter((name) => !name.startsWith("routes/") && fs.statSync(path.join(appDir, name)).isFile());
}

/** The names that follow no rule. */
function misnamed(names: string[]): string[] {
  return names.filter((name) => {
    const base = path.posix.basename(name);
    if (FRAMEWORK_FILES.has(name)) return false;
    if (name.includes("/migrations/")) return !MIGRATION.test(base) && !KINDS.some(({ pattern }) => pattern.test(base));
    return !KINDS.some(({ pattern }) => pattern.test(base));
  });
}

test("every file outside routes/ is named in its kind's case", () => {
  const names = filesOutsideRoutes();
  expect(names.length).toBeGreaterThan(150);
  expect(misnamed(names)).toEqual([]);
});

test("a name in another case is found", () => {
  expect(
    misnamed([
      "ui/navbar-parts.tsx",
      "ui/Theme.ts",
      "data/seasonReads.server.ts",
      "ui/Navbar.tsx",
      "ui/behaviour/useLiveUpdates.ts",
    ]),
  ).toEqual(["ui/navbar-parts.tsx", "ui/Theme.ts", "data/seasonReads.server.ts"]);
});
