/**
 * Screenshots of 'Notificaciones' on /profile (issue 45, item 2), for a visual check, with axe run
 * on each: notifications off, on (this device's subscription stored: 'Desactivar…' and the test
 * notification), and on an iPhone's Safari (the note about the home screen); desktop (1280) and
 * phone (375), light and dark, written to screenshots/notifications/{name}-{viewport}-{scheme}.png
 * (or SHOTS_DIR), the whole page and the section alone.
 *
 *   npx tsx scripts/screenshots-notifications.ts
 *
 * Starts its own server (the build in BUILD_DIR, a fresh SQLite data folder), so it needs nothing
 * running.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, request as playwrightRequest, type Browser, type BrowserContextOptions } from "@playwright/test";

import playwrightConfig from "../playwright.config";
import { startOwnServer } from "./lib/own-server";

const PLAYER = { name: "Carmen Jugadora", email: "carmen@quiniela.test", password: "secreto-123" };
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;
const SCHEMES = ["light", "dark"] as const;
const COLOR_SCHEME_KEY = "quiniela-color-scheme";
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const outDir = path.resolve(process.env.SHOTS_DIR ?? "screenshots/notifications");

async function capture(
  browser: Browser,
  baseURL: string,
  name: string,
  state: BrowserContextOptions["storageState"],
  userAgent?: string,
) {
  for (const [viewportName, device] of Object.entries(VIEWPORTS)) {
    for (const scheme of SCHEMES) {
      const context = await browser.newContext({ ...device, baseURL, locale: "es-MX", storageState: state, userAgent });
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        scheme,
      ] as const);
      try {
        const page = await context.newPage();
        await page.goto("/profile", { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready);
        const section = page.getByRole("heading", { name: "Notificaciones" }).locator("xpath=ancestor::div[2]");
        const file = path.join(outDir, `${name}-${viewportName}-${scheme}`);
        await page.screenshot({ path: `${file}.png`, fullPage: true });
        await section.screenshot({ path: `${file}-section.png` });
        const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
        const found = violations.flatMap((violation) =>
          violation.nodes.map((node) => `${violation.id} ${node.target.join(" ")}`),
        );
        console.log(
          `${found.length === 0 ? "✔" : "✖"} ${path.relative(process.cwd(), file)}.png · axe ${found.length}`,
        );
        for (const violation of found) console.log(`    ${violation}`);
      } finally {
        await context.close();
      }
    }
  }
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startOwnServer("shots-notifications", "admin@quiniela.test");
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions ?? {});
  try {
    const api = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
    const registered = await api.post("/register", {
      form: { ...PLAYER, confirmPassword: PLAYER.password },
      maxRedirects: 0,
    });
    if (registered.status() !== 302) throw new Error(`registro: ${registered.status()}`);
    await api.get("/"); // takes the welcome toast
    const state = await api.storageState();
    await capture(browser, server.url, "off", state);
    // This session's device, as a browser would subscribe it on Chrome's push service.
    const subscribed = await api.post("/profile/notificaciones", {
      form: {
        intent: "subscribe",
        endpoint: `https://fcm.googleapis.com/fcm/send/capturas-${crypto.randomBytes(6).toString("hex")}`,
        p256dh: crypto.createECDH("prime256v1").generateKeys().toString("base64url"),
        auth: crypto.randomBytes(16).toString("base64url"),
      },
    });
    if (subscribed.status() !== 200) throw new Error(`suscripción: ${subscribed.status()} ${await subscribed.text()}`);
    await capture(browser, server.url, "on", state);
    await capture(browser, server.url, "iphone", state, IPHONE);
    await api.dispose();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
