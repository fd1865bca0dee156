import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

import { switchScheme } from "./support";

/**
 * The one way the browser tests run axe-core: the WCAG 2.1 A/AA rules and axe's best practices,
 * every rule in light mode, then the rules that read colours in dark mode. The markup is the same
 * in both modes (only CSS variables change), so the other rules would only repeat themselves; the
 * colour rules are the ones a dark theme breaks.
 */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** axe's rules that read colours (WCAG 1.4.3 contrast, 1.4.1 links told apart from text): what dark mode can break. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Every rule of AXE_TAGS, or only the colour rules. */
export type AxeRules = "todas" | "colores";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** Waits until no CSS transition or animation runs (menus, dialogs and drawers fade and slide in; colours fade between modes). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
}

/**
 * axe on what the page shows (within `include`, a CSS selector, when given). Only violations are
 * reported: axe then skips gathering the details of every passing node. The first analysis of a
 * page injects axe-core (AxeBuilder in legacy mode runs axe.run in the page itself; its default,
 * runPartial, also opens a blank page per analysis to merge frame results, which doubles the time,
 * and our pages have no frames). AxeBuilder injects its 550 KB twice per analysis, so once it is
 * in the page (the same document through a test's steps, the switch to dark and client-side
 * navigation), later analyses call it directly.
 */
async function runAxe(page: Page, rules: AxeRules, include?: string): Promise<AxeResults> {
  const runOnly =
    rules === "todas" ? { type: "tag" as const, values: AXE_TAGS } : { type: "rule" as const, values: COLOUR_RULES };
  if (await page.evaluate(() => "axe" in window)) {
    return page.evaluate(
      ({ options, include }) =>
        (window as unknown as { axe: { run(context: object, options: object): Promise<AxeResults> } }).axe.run(
          include ? { include: [include] } : document,
          options,
        ),
      { options: { runOnly, resultTypes: ["violations"] }, include },
    );
  }
  let axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  if (include) axe = axe.include(include);
  return (rules === "todas" ? axe.withTags(AXE_TAGS) : axe.withRules(COLOUR_RULES)).analyze();
}

/**
 * The violations on screen, one line per violating element: where, rule, impact, selector and,
 * for contrast, the colours and the ratio.
 */
export async function violationsOf(
  page: Page,
  where: string,
  { rules = "todas", include }: { rules?: AxeRules; include?: string } = {},
): Promise<string[]> {
  await settled(page);
  const results = await runAxe(page, rules, include);
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const contrast = node.any.find((check) => check.id === "color-contrast" || check.id === "color-contrast-enhanced")
        ?.data as
        { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string } | undefined;
      const summary = (node.failureSummary ?? "").replace(/\s+/g, " ").trim();
      const detail = contrast?.contrastRatio
        ? ` — ${contrast.fgColor} sobre ${contrast.bgColor}: ${contrast.contrastRatio} (mínimo ${contrast.expectedContrastRatio})`
        : summary
          ? ` — ${summary.length > 200 ? `${summary.slice(0, 200)}…` : summary}`
          : "";
      const text = node.html.length > 90 ? `${node.html.slice(0, 90)}…` : node.html;
      return `${where} · ${violation.id} [${violation.impact}] ${node.target.join(" ")}${detail} · ${text}`;
    }),
  );
}

/**
 * What is on screen in light mode (every rule), then in dark (the colour rules), switched as
 * another tab of the app would; the page is left in light mode.
 */
export async function violationsInBothSchemes(page: Page, where: string, include?: string): Promise<string[]> {
  await switchScheme(page, "light");
  const violations = await violationsOf(page, `claro · ${where}`, { include });
  await switchScheme(page, "dark");
  violations.push(...(await violationsOf(page, `oscuro · ${where}`, { rules: "colores", include })));
  await switchScheme(page, "light");
  return violations;
}

/** No violation on screen, in light and dark mode (`violationsInBothSchemes`). */
export async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  const violations = await violationsInBothSchemes(page, what, include);
  expect(violations, `axe (${AXE_TAGS.join(", ")}): ${violations.length} elementos con violaciones`).toEqual([]);
}
