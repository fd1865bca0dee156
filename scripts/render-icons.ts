/**
 * The installed app's PNG icons, rendered from our own artwork (public/icons/*.svg) in Debian's
 * Chromium. Run once after changing an SVG, and commit the PNGs it writes beside them:
 *
 *   npx tsx scripts/render-icons.ts
 *
 * The manifest (public/manifest.webmanifest) and the document's apple-touch-icon name these files.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

import { chromiumPath } from "./lib/chromium-path.js";

const ICONS = path.resolve(import.meta.dirname, "../public/icons");

/** Which SVG each PNG comes from, and its size in pixels. */
const RENDERS: { svg: string; png: string; size: number }[] = [
  { svg: "icon.svg", png: "icon-192.png", size: 192 },
  { svg: "icon.svg", png: "icon-512.png", size: 512 },
  { svg: "icon-maskable.svg", png: "icon-maskable-192.png", size: 192 },
  { svg: "icon-maskable.svg", png: "icon-maskable-512.png", size: 512 },
  // iOS rounds the corners of a full square itself, and shows transparency as black.
  { svg: "icon-maskable.svg", png: "apple-touch-icon.png", size: 180 },
];

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const { svg, png, size } of RENDERS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const source = fs.readFileSync(path.join(ICONS, svg), "utf8");
    const sized = source.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: path.join(ICONS, png), omitBackground: true });
    await page.close();
    console.log(`${png} (${size}×${size}) ← ${svg}`);
  }
} finally {
  await browser.close();
}
