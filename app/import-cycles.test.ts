import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * No import cycles in the app and its server (issue 16; what `farm-studio look` draws as
 * circles): a module's imports, followed, never lead back to it. Type-only imports are left out
 * (they are erased: no module loads another through them); so are the tests, which sit beside
 * the code and import what they test.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];
/** `import … from "x"` and `export … from "x"`, but not `import type` nor `export type`. */
const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The project file an import names (`#app/…` is app/), or null for a package or a stylesheet. */
function resolve(root: string, from: string, specifier: string): string | null {
  const base = specifier.startsWith("#app/")
    ? path.join(root, "app", specifier.slice("#app/".length))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  if (/\.tsx?$/.test(base) && fs.existsSync(base)) return base;
  return EXTENSIONS.map((extension) => base + extension).find((file) => fs.existsSync(file)) ?? null;
}

/** Each cycle found once, as the files around it (relative to `root`), by a depth-first walk. */
function importCycles(root: string, folders: readonly string[]): string[][] {
  const files = folders.flatMap((folder) => sourceFiles(path.join(root, folder))).sort();
  const importsOf = new Map(
    files.map((file) => [
      file,
      [...fs.readFileSync(file, "utf8").matchAll(IMPORT)]
        .map((match) => resolve(root, file, match[1]!))
        .filter((target) => target !== null),
    ]),
  );
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string) => {
    const at = onPath.indexOf(file);
    if (at >= 0) {
      cycles.push([...onPath.slice(at), file].map((step) => path.relative(root, step)));
      return;
    }
    if (done.has(file)) return;
    onPath.push(file);
    for (const target of importsOf.get(file) ?? []) visit(target);
    onPath.pop();
    done.add(file);
  };
  for (const file of files) visit(file);
  return cycles;
}

describe("import cycles", () => {
  test("none in app/ and server/", () => {
    expect(importCycles(ROOT, ["app", "server"])).toEqual([]);
  });

  test("a planted cycle is found, through #app/ and a relative import; a type-only import makes none", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-ciclos-"));
    try {
      fs.mkdirSync(path.join(root, "app", "data"), { recursive: true });
      fs.writeFileSync(
        path.join(root, "app", "data", "a.server.ts"),
        'import { b } from "./b.server";\nexport const a = b;\n',
      );
      fs.writeFileSync(
        path.join(root, "app", "data", "b.server.ts"),
        'import { c } from "#app/data/c";\nexport const b = c;\n',
      );
      fs.writeFileSync(
        path.join(root, "app", "data", "c.ts"),
        'export { a } from "./a.server";\nexport const c = 1;\n',
      );
      fs.writeFileSync(path.join(root, "app", "data", "d.ts"), 'import type { e } from "./e";\nexport type d = e;\n');
      fs.writeFileSync(path.join(root, "app", "data", "e.ts"), 'import { d } from "./d";\nexport type e = d;\n');
      expect(importCycles(root, ["app"])).toEqual([
        ["app/data/a.server.ts", "app/data/b.server.ts", "app/data/c.ts", "app/data/a.server.ts"],
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
