import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

/**
 * The layer rules of docs/ARCHITECTURE.md are enforced by `npm run lint` (eslint.config.js):
 * a module planted in the wrong layer fails, the allowed imports pass. The code is linted as if
 * it lived at `filePath`; nothing is written.
 */
const eslint = new ESLint({ cwd: new URL("..", import.meta.url).pathname });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const layered = (messages: string[]) => messages.filter((message) => /no-restricted-(imports|syntax)/.test(message));

/** The first lint loads ESLint's TypeScript parser and the config: seconds on a busy 2-core machine. */
const LINT_TIMEOUT = { timeout: 30_000 };

describe("a planted layer violation fails the lint", LINT_TIMEOUT, () => {
  test.each([
    ["app/domain/planted.ts", 'import type { Database } from "#app/data/engine/schema";\nexport type X = Database;\n'],
    [
      "app/data/planted.server.ts",
      'import { errorToast } from "#app/ui/feedback/Toasts";\nexport const x = errorToast("x");\n',
    ],
    ["app/auth/planted.server.ts", 'import type { NavUser } from "#app/ui/layout/Navbar";\nexport type X = NavUser;\n'],
    ["app/http/planted.server.ts", 'import { Page } from "#app/ui/layout/Page";\nexport const x = Page;\n'],
    ["app/notify/planted.server.ts", 'import { servicesOf } from "#app/http/context";\nexport const x = servicesOf;\n'],
    ["app/data/planted.server.ts", 'import { sendPush } from "#app/notify/push.server";\nexport const x = sendPush;\n'],
    ["app/ui/Planted.tsx", 'import { listUsers } from "#app/data/people/users.server";\nexport const x = listUsers;\n'],
    ["app/routes/planted.ts", 'import { getRuntime } from "#app/runtime.server";\nexport const x = getRuntime;\n'],
    [
      "app/data/planted.server.ts",
      'import { startRuntime } from "../runtime.server";\nexport const x = startRuntime;\n',
    ],
  ])("%s importing across layers", async (filePath, code) => {
    expect(layered(await problems(filePath, code))).toHaveLength(1);
  });

  test("a route running SQL itself", async () => {
    const code = [
      'import type { Kysely } from "kysely";',
      "export async function loader(db: Kysely<never>) {",
      '  return db.selectFrom("users" as never).selectAll().execute();',
      "}",
    ].join("\n");
    const found = layered(await problems("app/routes/planted.ts", code));
    expect(found.some((message) => message.startsWith("no-restricted-imports"))).toBe(true);
    expect(found.some((message) => message.startsWith("no-restricted-syntax"))).toBe(true);
  });
});

describe("a planted second design system fails the lint (decision 008)", LINT_TIMEOUT, () => {
  test.each([
    ["app/routes/planted.tsx", 'import { Button } from "@mantine/core";\nexport const x = Button;\n'],
    ["app/ui/Planted.tsx", 'import { Badge, Modal } from "@mantine/core";\nexport const x = [Badge, Modal];\n'],
    ["app/ui/Planted.tsx", 'import { TextInput } from "@mantine/core";\nexport const x = TextInput;\n'],
  ])("%s importing a Mantine look-alike of a primitive", async (filePath, code) => {
    expect(layered(await problems(filePath, code))).toHaveLength(1);
  });

  test.each([
    ["app/ui/Planted.tsx", 'import { Input } from "@mantine/core";\nexport const x = Input.classes.input;\n'],
    ["app/routes/planted.tsx", 'import { Tabs } from "@mantine/core";\nexport const x = Tabs.classes.tab;\n'],
  ])("%s reaching into Mantine's internal class names", async (filePath, code) => {
    expect(layered(await problems(filePath, code))).toEqual([
      expect.stringMatching(/^no-restricted-syntax: .*decisión 008/),
    ]);
  });

  test("Mantine's widgets with behaviour, and the primitives, pass", async () => {
    const code = [
      'import { Modal, Menu } from "@mantine/core";',
      'import { Button } from "#app/ui/primitives/Button";',
      "export const x = [Modal, Menu, Button];",
    ].join("\n");
    expect(layered(await problems("app/routes/planted.tsx", code))).toEqual([]);
  });
});

test("the imports the layers allow pass", LINT_TIMEOUT, async () => {
  for (const [filePath, code] of [
    [
      "app/data/planted.server.ts",
      'import { scoreLabel } from "#app/domain/game/season-rules";\nexport const x = scoreLabel;\n',
    ],
    [
      "app/http/planted.server.ts",
      'import { errorToast } from "#app/ui/feedback/Toasts";\nexport const x = errorToast("x");\n',
    ],
    [
      "app/routes/planted.ts",
      'import { listUsers } from "#app/data/people/users.server";\nexport const x = listUsers;\n',
    ],
    ["app/ui/Planted.tsx", 'import { matchLabel } from "#app/domain/game/match";\nexport const x = matchLabel;\n'],
  ]) {
    expect(layered(await problems(filePath!, code!)), filePath).toEqual([]);
  }
});
