import fs from "node:fs";
import { chromium } from "@playwright/test";

import { chromiumPath } from "./chromium-path.js";

/** Issue 16's goal: no page makes a phone download more than this much script on its first load. */
export const FIRST_LOAD_JS_BUDGET_KB = 150;

export interface FirstLoadJs {
  path: string;
  /** Compressed bytes of script, as Chromium received them. */
  kb: number;
  files: number;
}

/**
 * What a phone downloads in scripts to show each page the first time (empty cache), measured in
 * Chromium: every script response of the load until the page is hydrated, by its encoded
 * (compressed) body size. `cookie` signs the pages in (a Cookie header value).
 */
export async function measureFirstLoadJs(
  baseUrl: string,
  pages: readonly { path: string; cookie?: string }[],
  executablePath = chromiumPath(),
): Promise<FirstLoadJs[] | null> {
  if (!fs.existsSync(executablePath)) return null;
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const measured: FirstLoadJs[] = [];
    for (const { path, cookie } of pages) {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        isMobile: true,
        extraHTTPHeaders: cookie ? { Cookie: cookie } : {},
      });
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on("requestfinished", (request) => {
        if (request.resourceType() === "script") scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
      await page.waitForFunction(
        () =>
          (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state
            .initialized === true,
      );
      const sizes = await Promise.all(scripts);
      measured.push({ path, kb: sizes.reduce((sum, size) => sum + size, 0) / 1024, files: sizes.length });
      await context.close();
    }
    return measured;
  } finally {
    await browser.close();
  }
}
