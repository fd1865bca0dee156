import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

import routes from "./routes";

/**
 * A route module is found from its URL in one step (docs/ARCHITECTURE.md, 'Routes'): its file is
 * the URL's path under `app/routes/`, with `:param` written `$param` and `*` written `$`; an
 * index route is `index`, a route with children of its own is `layout` in its URL's folder, and a
 * layout without a path (a guard) is in `routes/guards/`. A screen's own parts sit beside it as
 * `<route>.<part>.ts(x)`.
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

test("every other module in routes/ is a part of a route beside it, named after it", () => {
  const routesDir = path.join(import.meta.dirname, "routes");
  const routeFiles = new Set(routeList.map(({ file }) => file.replace(/\.tsx?$/, "")));
  const modules = (fs.readdirSync(routesDir, { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes("+types"))
    .map(
      (name) =>
        `routes/${name
          .split(path.sep)
          .join("/")
          .replace(/\.tsx?$/, "")}`,
    );
  const strays = modules.filter(
    (module) => !routeFiles.has(module) && !routeFiles.has(module.replace(/\.[a-z-]+$/, "")),
  );
  expect(strays).toEqual([]);
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
