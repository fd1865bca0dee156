import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

/**
 * `npm run lint` refuses a regular expression whose time can grow faster than the text it reads
 * (eslint-plugin-regexp, decision 018): one planted in app/, server/ or scripts/ fails, its linear
 * rewrite passes. The code is linted as if it lived at `filePath`; nothing is written.
 */
const eslint = new ESLint({ cwd: new URL("..", import.meta.url).pathname });

async function backtracking(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).flatMap((message) =>
    message.ruleId?.startsWith("regexp/no-super-linear") ? [message.ruleId] : [],
  );
}

/** The first lint loads ESLint's TypeScript parser and the config: seconds on a busy 2-core machine. */
const LINT_TIMEOUT = { timeout: 30_000 };

describe("a planted super-linear regular expression fails the lint", LINT_TIMEOUT, () => {
  test.each([
    // The round trim that froze 'Revisar' on a round of 240 KB of dashes: tried from every dash.
    [
      "app/domain/planted.ts",
      'export const trim = (text: string) => text.replace(/^[\\s\\-–·]+|[\\s\\-–·]+$/g, "");\n',
      "regexp/no-super-linear-move",
    ],
    // Two quantifiers that can take the same characters: 'group' and a long run of spaces.
    [
      "app/domain/planted.ts",
      "export const group = (text: string) => /^group\\s+(.+)$/i.exec(text);\n",
      "regexp/no-super-linear-backtracking",
    ],
    [
      "server/planted.ts",
      'export const bare = (path: string) => path.replace(/\\/+$/, "");\n',
      "regexp/no-super-linear-move",
    ],
    [
      "scripts/lib/planted.ts",
      "export const isEmail = (text: string) => /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(text);\n",
      "regexp/no-super-linear-backtracking",
    ],
  ])("%s: %s", async (filePath, code, rule) => {
    expect(await backtracking(filePath, code)).toContain(rule);
  });

  test("their linear rewrites pass", async () => {
    const code = [
      "export const group = (text: string) => /^group\\s+(\\S.*)$/i.exec(text);",
      "export const isEmail = (text: string) => /^[^\\s@]+@([^\\s@]+)$/.exec(text);",
      "export const separator = /[\\s\\-–·]/;",
    ].join("\n");
    expect(await backtracking("app/domain/planted.ts", code)).toEqual([]);
  });
});
