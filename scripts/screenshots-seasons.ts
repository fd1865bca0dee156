/**
 * Screenshots of the seasons screens (issue 15), for a visual check: 'Nueva Temporada' with the
 * preview of the Copa Mundial 2026, 'Temporadas' with it current, and the World Cup home page of a
 * player (group matches open with their group, a round-of-32 match decided on penalties); desktop
 * (1280) and phone (375), light and dark, written to screenshots/seasons/{name}-{viewport}-{scheme}.png.
 * ('Histórico' with four seasons: `npm run seed:demo`, then scripts/screenshots.ts history.)
 *
 *   npx tsx scripts/screenshots-seasons.ts
 *
 * Starts its own server (the build in BUILD_DIR or build/, a fresh SQLite data folder, admin
 * admin@quiniela.test) and plays the season through the app's own forms, so it needs nothing running.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, request as playwrightRequest, type Browser, type Page } from "@playwright/test";

import playwrightConfig from "../playwright.config";
import { startOwnServer } from "./lib/own-server";

const ADMIN = { name: "Administradora General", email: "admin@quiniela.test", password: "admin-secreto-123" };
const PLAYER = { name: "Ana Sofía Hernández", email: "ana@quiniela.test", password: "secreto123" };
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;
const SCHEMES = ["light", "dark"] as const;
const MAX_HEIGHT = 2400;
const outDir = path.resolve("screenshots/seasons");

/** A signed-in session's cookies (registering the account the first time). */
async function session(baseURL: string, account: typeof ADMIN) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const form = {
    name: account.name,
    email: account.email,
    password: account.password,
    confirmPassword: account.password,
  };
  if ((await api.post("/login", { form, maxRedirects: 0 })).status() !== 302)
    await api.post("/register", { form, maxRedirects: 0 });
  await api.get("/");
  const state = await api.storageState();
  await api.dispose();
  return state;
}

async function shoot(page: Page, name: string, viewport: string, scheme: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()!.width;
  const file = path.join(outDir, `${name}-${viewport}-${scheme}.png`);
  await page.screenshot({
    path: file,
    fullPage: true,
    clip: { x: 0, y: 0, width, height: Math.min(height, MAX_HEIGHT) },
  });
  console.log(`✔ ${path.relative(process.cwd(), file)}`);
}

/** The World Cup created, current, two phases open, a player's picks and a shoot-out result. */
async function prepare(browser: Browser, baseURL: string, admin: Awaited<ReturnType<typeof session>>) {
  const context = await browser.newContext({ baseURL, storageState: admin, locale: "es-MX" });
  const page = await context.newPage();
  await page.goto("/admin/temporadas");
  await page.getByRole("button", { name: "Nueva Temporada" }).click();
  await page.getByRole("combobox", { name: "Plantilla" }).selectOption({ label: "Copa Mundial 2026" });
  await page.getByRole("button", { name: "Revisar" }).click();
  await page.getByRole("button", { name: "Crear Temporada" }).click();
  await page.getByRole("row", { name: "Copa Mundial 2026" }).getByText("Próxima").filter({ visible: true }).waitFor();
  await page.getByRole("row", { name: "Copa Mundial 2026" }).getByRole("button", { name: "Hacer actual" }).click();
  await page
    .getByRole("row", { name: "Copa Mundial 2026" })
    .getByText("Actual", { exact: true })
    .filter({ visible: true })
    .waitFor();
  for (const phase of ["Grupos · Jornada 1", "Dieciseisavos de Final"]) {
    await page.goto("/admin/matches");
    const card = page.getByRole("region", { name: phase, exact: true });
    await card.getByRole("button", { name: "Activar Jornada" }).click();
    await card.getByRole("button", { name: "Desactivar Jornada" }).waitFor();
  }
  await page.goto("/admin/results");
  await page.getByRole("link", { name: /^Dieciseisavos de Final/ }).click();
  const row = page.getByRole("row", { name: "Alemania vs Paraguay", exact: true });
  const fill = async (label: string, value: string) =>
    row.getByRole("spinbutton", { name: label, exact: true }).fill(value);
  await fill("Goles de Alemania", "1");
  await fill("Goles de Paraguay", "1");
  await row.getByText("Tiempo extra y penales").click();
  await fill("Goles de Alemania en tiempo extra", "1");
  await fill("Goles de Paraguay en tiempo extra", "1");
  await fill("Penales de Alemania", "3");
  await fill("Penales de Paraguay", "4");
  await row.getByRole("button", { name: "Guardar" }).click();
  await page.getByRole("alert").filter({ hasText: "Resultado guardado" }).waitFor();
  await context.close();
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startOwnServer("shots-seasons", ADMIN.email);
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch(launchOptions);
  try {
    const admin = await session(server.url, ADMIN);
    const player = await session(server.url, PLAYER);
    // The preview comes before the season exists.
    for (const [viewport, device] of Object.entries(VIEWPORTS)) {
      for (const scheme of SCHEMES) {
        const context = await browser.newContext({
          ...device,
          baseURL: server.url,
          storageState: admin,
          locale: "es-MX",
        });
        await context.addInitScript((value) => window.localStorage.setItem("quiniela-color-scheme", value), scheme);
        const page = await context.newPage();
        await page.goto("/admin/temporadas");
        await page.getByRole("button", { name: "Nueva Temporada" }).click();
        await page.getByRole("combobox", { name: "Plantilla" }).selectOption({ label: "Copa Mundial 2026" });
        await shoot(page, "new-season-form", viewport, scheme);
        await page.getByRole("button", { name: "Revisar" }).click();
        await page.getByRole("heading", { name: "Vista previa: Copa Mundial 2026" }).waitFor();
        await page.waitForTimeout(3500); // the toast goes
        await page.getByRole("heading", { name: "Vista previa: Copa Mundial 2026" }).scrollIntoViewIfNeeded();
        const file = path.join(outDir, `preview-${viewport}-${scheme}.png`);
        await page.screenshot({ path: file });
        console.log(`✔ ${path.relative(process.cwd(), file)}`);
        await context.close();
      }
    }
    await prepare(browser, server.url, admin);
    for (const [name, target, state] of [
      ["seasons", "/admin/temporadas", admin],
      ["world-cup-home", "/", player],
    ] as const) {
      for (const [viewport, device] of Object.entries(VIEWPORTS)) {
        for (const scheme of SCHEMES) {
          const context = await browser.newContext({
            ...device,
            baseURL: server.url,
            storageState: state,
            locale: "es-MX",
          });
          await context.addInitScript((value) => window.localStorage.setItem("quiniela-color-scheme", value), scheme);
          const page = await context.newPage();
          await page.goto(target, { waitUntil: "networkidle" });
          await shoot(page, name, viewport, scheme);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
