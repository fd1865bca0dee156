/**
 * Screenshots of the player page (/jugador/:id) and the tables that link to it, for a visual
 * check: desktop (1280) and phone (375), light and dark, as a visitor without an account,
 * written to OUT_DIR (default screenshots/player) as `{name}-{viewport}-{scheme}.png`.
 *
 *   BASE_URL=http://localhost:3000 npx tsx scripts/screenshots-player.ts <name>=<path>…
 *
 * Needs a server already running at BASE_URL with the demo season (npm run seed:demo); the
 * pages are given on the command line, e.g. `karen=/jugador/<id> rankings=/rankings`.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

import playwrightConfig from "../playwright.config";

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;
const SCHEMES = ["light", "dark"] as const;
const COLOR_SCHEME_KEY = "quiniela-color-scheme";
const MAX_HEIGHT = 3000;

const baseURL = (process.env.BASE_URL ?? "http://localhost:3000").replace(/\/$/, "");
const outDir = path.resolve(process.env.OUT_DIR ?? "screenshots/player");
const pages = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf("=");
  return { name: arg.slice(0, at), path: arg.slice(at + 1) };
});

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(playwrightConfig.use?.launchOptions ?? {});
try {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    for (const scheme of SCHEMES) {
      const context = await browser.newContext({ ...viewport, baseURL });
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        scheme,
      ] as const);
      const tab = await context.newPage();
      for (const page of pages) {
        await tab.goto(page.path, { waitUntil: "networkidle" });
        const height = await tab.evaluate(() => document.documentElement.scrollHeight);
        const file = path.join(outDir, `${page.name}-${viewportName}-${scheme}.png`);
        await tab.screenshot({
          path: file,
          fullPage: true,
          clip: { x: 0, y: 0, width: viewport.viewport.width, height: Math.min(height, MAX_HEIGHT) },
        });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
