/**
 * Renders the link preview's image (the Open Graph and Twitter card image of the public pages and
 * invite links, ui/layout/share-meta.ts) from og-image.svg beside this file to public/og-image.png,
 * 1200×630, in Debian's Chromium (the browser tests' own). Run it again after editing the SVG and
 * commit both:
 *
 *   npx tsx scripts/og-image/render.ts
 *
 * The PNG is what is served: link previews do not show SVG, and it keeps the fonts this machine
 * rendered it with (Liberation Sans).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

import { chromiumPath } from "../lib/chromium-path.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.join(here, "og-image.svg");
const target = path.resolve(here, "../../public/og-image.png");
const WIDTH = 1200;
const HEIGHT = 630;

const browser = await chromium.launch({ executablePath: chromiumPath() });
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
  const svg = fs.readFileSync(source, "utf8");
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  await page.locator("svg").first().screenshot({ path: target, omitBackground: false });
  console.log(`${path.relative(process.cwd(), target)}: ${WIDTH}×${HEIGHT}`);
} finally {
  await browser.close();
}
