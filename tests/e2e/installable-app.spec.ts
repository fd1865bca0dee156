import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test, type Page } from "@playwright/test";

import playwrightConfig from "../../playwright.config";
import { CHROMIUM } from "../../scripts/lib/chromium-path.js";
import { violationsOf } from "./axe";
import { newAccount, registerViaForm } from "./support";

/**
 * The app to install (issue 45, item 1), in Chromium: its own installability check finds nothing,
 * the service worker takes the page, keeps no signed-in page or loader data, and answers
 * 'Sin conexión' when the network is gone.
 *
 * Two departures from the other specs, both forced by the check: a persistent profile (an
 * incognito context, as every `browser.newContext()` is, always reports 'in-incognito'), and
 * Debian's whole Chromium rather than its headless shell, which has no installability check at all
 * (it reports no error for any page, a blank one included: asserted below, so that an empty list
 * here means something).
 */

/** app/ui/theme/theme.ts COLOR_SCHEME_KEY. */
const COLOR_SCHEME_KEY = "quiniela-color-scheme";
/** The files the worker keeps at install, beside the build's hashed assets (public/sw.js). */
const OFFLINE_FILES = ["/offline.html", "/offline.js", "/icons/icon.svg"];

/** Every URL in every cache of the page's origin, as paths (with their query, if any). */
function keptUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        urls.push(url.pathname + url.search);
      }
    }
    return urls;
  });
}

/** No violation on screen: every rule in light mode, the colour rules in dark (tests/e2e/axe.ts). */
async function expectNoAxeViolations(page: Page, what: string, scheme: "claro" | "oscuro") {
  const rules = scheme === "claro" ? "todas" : "colores";
  expect(await violationsOf(page, `${what} (${scheme})`, { rules })).toEqual([]);
}

const themeColors = (page: Page) =>
  page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute("content")));

test("la aplicación se puede instalar, su service worker no guarda nada con sesión y sin red muestra 'Sin conexión'", async ({
  baseURL,
}) => {
  test.setTimeout(60_000);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-e2e-instalable-"));
  const context = await chromium.launchPersistentContext(profile, {
    ...playwrightConfig.use?.launchOptions,
    executablePath: CHROMIUM,
    // The other specs block it (playwright.config.ts).
    serviceWorkers: "allow",
    baseURL,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const installabilityErrors = async () =>
      ((await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] })
        .installabilityErrors;
    // The check is real: a page that is no app has something to complain about.
    await page.goto("about:blank");
    expect(await installabilityErrors()).not.toEqual([]);

    const account = newAccount("instalable");
    await registerViaForm(context.request, account);
    await context.request.get("/"); // takes the welcome toast
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // Registered after load, it takes the open page without a reload (clients.claim).
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toBe(`${baseURL}/sw.js`);
    await expect.poll(installabilityErrors, { timeout: 15_000 }).toEqual([]);

    // The browser's frame takes the colour of the mode chosen in the app, light first.
    expect(await themeColors(page)).toEqual(["#ffffff"]);
    await page.evaluate((key) => localStorage.setItem(key, "dark"), COLOR_SCHEME_KEY);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await themeColors(page)).toEqual(["#242424"]);

    // Signed-in pages, loader data (a client navigation) and the live-update stream go through the worker…
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Puntuaciones" }).click();
    await expect(page.getByRole("heading", { name: "Tabla de Posiciones", level: 1 })).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // …and none of them is kept: only the build's hashed files and the offline page's.
    const kept = await keptUrls(page);
    expect(kept.filter((url) => !url.startsWith("/assets/") && !OFFLINE_FILES.includes(url))).toEqual([]);
    expect(kept.filter((url) => url.startsWith("/assets/")).length).toBeGreaterThan(0);
    expect(kept).toEqual(expect.arrayContaining(OFFLINE_FILES));

    // No network: a page is the offline page, in the mode chosen in the app, with no accessibility violation.
    await context.setOffline(true);
    await page.goto("/rankings");
    await expect(page.getByRole("heading", { name: "Sin conexión", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-color-scheme", "dark");
    expect(await themeColors(page)).toEqual(["#242424"]);
    await expectNoAxeViolations(page, "sin conexión", "oscuro");
    await page.evaluate((key) => localStorage.setItem(key, "light"), COLOR_SCHEME_KEY);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Sin conexión", level: 1 })).toBeVisible();
    await expect(page.locator("html")).not.toHaveAttribute("data-color-scheme", "dark");
    await expectNoAxeViolations(page, "sin conexión", "claro");

    // Back online, 'Reintentar' asks for the same page again.
    await context.setOffline(false);
    await page.getByRole("link", { name: "Reintentar" }).click();
    await expect(page.getByRole("heading", { name: "Tabla de Posiciones", level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/rankings");
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
