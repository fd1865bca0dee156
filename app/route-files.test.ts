import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

import routes from "./routes";

/**
 * A route module is found from its URL in one step (docs/ARCHITECTURE.md, 'Routes'): its file is
 * the URL's path under `app/routes/`, with `:param` written `$param` and `*` written `$`; an
 * index route is `index`, a route with children of its own is `layout` in its URL's folder, and a
 * layout without a path (a guard) is in `routes/guards/`. `routes/` holds nothing else: a screen's
 * own components live in `app/ui/<screen>/`.
 */

interface Entry {
  path?: string;
  index?: boolean;
  file: string;
  children?: Entry[];
}

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join("/");

/** Every route module with the file the rule gives it. */
function expectedFiles(entries: Entry[], parentPath = ""): { file: string; expected: string }[] {
  return entries.flatMap((entry) => {
    const fullPath = join(parentPath, entry.path);
    const urlFile = fullPath
      .split("/")
      .map((segment) => (segment === "*" ? "$" : segment.replace(/^:/, "$")))
      .join("/");
    const base = entry.index
      ? join(urlFile, "index")
      : entry.path === undefined
        ? join("guards", path.basename(entry.file).replace(/\.tsx?$/, ""))
        : entry.children?.length
          ? join(urlFile, "layout")
          : urlFile;
    const own = { file: entry.file, expected: `routes/${base}` };
    return [own, ...expectedFiles(entry.children ?? [], fullPath)];
  });
}

const routeList = expectedFiles(routes as Entry[]);

test("every route's module is at its URL's path", () => {
  const misplaced = routeList.filter(({ file, expected }) => file.replace(/\.tsx?$/, "") !== expected);
  expect(misplaced).toEqual([]);
  expect(routeList.length).toBeGreaterThan(30);
});

/** The modules under `routes/` (`+types` left out) that are neither a route's module nor a test of one. */
function strays(names: string[]): string[] {
  const routeFiles = new Set(routeList.map(({ file }) => file.replace(/\.tsx?$/, "")));
  return names
    .map((name) => name.split(path.sep).join("/"))
    .filter((name) => /\.tsx?$/.test(name) && !name.includes("+types"))
    .filter((name) => !routeFiles.has(`routes/${name.replace(/(\.test)?\.tsx?$/, "")}`));
}

test("routes/ holds no module but route modules (and tests of them, and their +types)", () => {
  const names = fs.readdirSync(path.join(import.meta.dirname, "routes"), { recursive: true }) as string[];
  expect(strays(names)).toEqual([]);
});

test("a part, a test of no route and a helper in routes/ are found", () => {
  expect(
    strays([
      "foo.parts.tsx",
      "admin/users.parts.tsx",
      "index.test.ts",
      "eventos.test.ts",
      "helpers.test.ts",
      "guards/session.ts",
      "+types/index.ts",
      "index.module.css",
    ]),
  ).toEqual(["foo.parts.tsx", "admin/users.parts.tsx", "helpers.test.ts", "guards/session.ts"]);
});

test("the rule itself: a parameter, a splat, an index, a layout and a guard", () => {
  const sample: Entry[] = [
    { path: "quiniela/:id/unirse", file: "routes/quiniela/$id/unirse.tsx" },
    { path: "*", file: "routes/$.ts" },
    { file: "routes/guards/signed-in.tsx", children: [{ index: true, file: "routes/index.tsx" }] },
    { path: "admin", file: "routes/admin/layout.tsx", children: [{ index: true, file: "routes/admin/index.tsx" }] },
  ];
  expect(expectedFiles(sample).map(({ expected }) => expected)).toEqual([
    "routes/quiniela/$id/unirse",
    "routes/$",
    "routes/guards/signed-in",
    "routes/index",
    "routes/admin/layout",
    "routes/admin/index",
  ]);
});
