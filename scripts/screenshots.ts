/**
 * Screenshots of the main screens, for a visual check: every page below in desktop (1280×800)
 * and phone (375×740) sizes, light and dark, written to screenshots/ (git-ignored) as
 * `{name}-{viewport}-{scheme}.png` (the whole page, cut at MAX_HEIGHT).
 *
 *   BASE_URL=http://localhost:3000 \
 *   ADMIN_EMAIL=admin@quiniela.test ADMIN_PASSWORD=… \
 *   npx tsx scripts/screenshots.ts [name…]
 *
 * SCREENSHOTS_DIR writes them elsewhere.
 *
 * Needs a server already running at BASE_URL (default http://localhost:3000). Registers a fresh
 * user for the signed-in pages (or uses USER_EMAIL / USER_PASSWORD). Admin pages need
 * ADMIN_EMAIL and ADMIN_PASSWORD: the script signs in with them, or registers that account when
 * it does not exist yet (the server makes the account whose e-mail is its ADMIN_EMAIL an admin).
 * Without them, admin pages are skipped. Names given on the command line limit the run to
 * those pages (e.g. `login rankings`).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, request as playwrightRequest, type APIRequestContext, type Browser } from "@playwright/test";

import playwrightConfig from "../playwright.config";

type Who = "anonymous" | "user" | "admin";

/** The pages to capture: add a line to add a page. */
const PAGES: { name: string; path: string; as: Who }[] = [
  { name: "login", path: "/login", as: "anonymous" },
  { name: "register", path: "/register", as: "anonymous" },
  // What the service worker answers for a page when the network is gone (public/sw.js).
  { name: "offline", path: "/offline.html", as: "anonymous" },
  { name: "home", path: "/", as: "user" },
  { name: "rankings", path: "/rankings", as: "user" },
  { name: "history", path: "/rankings/historico", as: "user" },
  { name: "changes", path: "/rankings/cambios", as: "anonymous" },
  { name: "profile", path: "/profile", as: "user" },
  { name: "captured", path: "/quiniela/quinielas-capturadas", as: "user" },
  { name: "quinielas", path: "/quinielas", as: "user" },
  { name: "quiniela-new", path: "/quiniela/new", as: "user" },
  // The demo's pool (npm run seed:demo; USER_EMAIL=chucho@quiniela.local is its owner).
  { name: "quiniela-detail", path: "/quiniela/1", as: "user" },
  { name: "admin-matches", path: "/admin/matches", as: "admin" },
  { name: "admin-results", path: "/admin/results", as: "admin" },
  { name: "admin-predictions", path: "/admin/predictions", as: "admin" },
  { name: "admin-status", path: "/admin/estado-pronosticos", as: "admin" },
  { name: "admin-captured", path: "/admin/ver-quinielas", as: "admin" },
  { name: "admin-activate", path: "/admin/activar-quinielas", as: "admin" },
  { name: "admin-users", path: "/admin/users", as: "admin" },
  { name: "admin-import", path: "/admin/importar-resultados", as: "admin" },
  { name: "admin-seasons", path: "/admin/temporadas", as: "admin" },
  { name: "admin-change-log", path: "/admin/bitacora", as: "admin" },
];

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;

const SCHEMES = ["light", "dark"] as const;

/** Taller pages are cut here (CSS pixels). */
const MAX_HEIGHT = 2000;

/** The app's localStorage key for the colour scheme (app/ui/theme/theme.ts). */
const COLOR_SCHEME_KEY = "quiniela-color-scheme";

const baseURL = (process.env.BASE_URL ?? "http://localhost:3000").replace(/\/$/, "");
const outDir = path.resolve(process.env.SCREENSHOTS_DIR ?? "screenshots");

interface Credentials {
  name: string;
  email: string;
  password: string;
}

/** Signs in with a form POST; registers the account first when the sign-in is refused. */
async function signInOrRegister(api: APIRequestContext, account: Credentials): Promise<void> {
  const signIn = await api.post("/login", {
    form: { email: account.email, password: account.password },
    maxRedirects: 0,
  });
  if (signIn.status() === 302) return;
  const signUp = await api.post("/register", {
    form: { name: account.name, email: account.email, password: account.password, confirmPassword: account.password },
    maxRedirects: 0,
  });
  if (signUp.status() !== 302) {
    throw new Error(`No se pudo entrar como ${account.email}: login ${signIn.status()}, registro ${signUp.status()}`);
  }
}

/** Cookies of a signed-in session for `account` (the welcome toast already consumed). */
async function sessionState(account: Credentials) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  try {
    await signInOrRegister(api, account);
    await api.get("/"); // takes the flash toast, so it does not cover the screenshots
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}

async function capture(
  browser: Browser,
  page: (typeof PAGES)[number],
  states: Partial<Record<Who, Awaited<ReturnType<typeof sessionState>>>>,
): Promise<string[]> {
  const written: string[] = [];
  for (const [viewportName, device] of Object.entries(VIEWPORTS)) {
    for (const scheme of SCHEMES) {
      const context = await browser.newContext({
        ...device,
        baseURL,
        locale: "es-MX",
        timezoneId: "America/Mexico_City",
        storageState: page.as === "anonymous" ? undefined : states[page.as],
      });
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        scheme,
      ] as const);
      try {
        const tab = await context.newPage();
        const response = await tab.goto(page.path, { waitUntil: "networkidle" });
        const finalPath = new URL(tab.url()).pathname;
        if (finalPath !== new URL(page.path, baseURL).pathname) {
          console.warn(`⚠ ${page.path} terminó en ${finalPath} (estado ${response?.status()})`);
        }
        await tab.evaluate(() => document.fonts.ready);
        await tab.waitForTimeout(300); // Mantine transitions
        const file = path.join(outDir, `${page.name}-${viewportName}-${scheme}.png`);
        // The whole page, up to MAX_HEIGHT: long admin lists stay readable.
        const height = await tab.evaluate(() => document.documentElement.scrollHeight);
        await tab.screenshot({
          path: file,
          fullPage: true,
          clip: { x: 0, y: 0, width: device.viewport.width, height: Math.min(height, MAX_HEIGHT) },
        });
        written.push(file);
      } finally {
        await context.close();
      }
    }
  }
  return written;
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const pages = only.length ? PAGES.filter((page) => only.includes(page.name)) : PAGES;
  if (!pages.length)
    throw new Error(`Ninguna página se llama ${only.join(", ")}: ${PAGES.map((p) => p.name).join(", ")}`);

  const health = await fetch(`${baseURL}/healthz`).catch(() => null);
  if (!health?.ok) throw new Error(`No hay servidor en ${baseURL} (define BASE_URL)`);

  fs.mkdirSync(outDir, { recursive: true });
  const states: Partial<Record<Who, Awaited<ReturnType<typeof sessionState>>>> = {};
  if (pages.some((page) => page.as === "user")) {
    const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    states.user = await sessionState({
      name: "Ana Capturas",
      email: process.env.USER_EMAIL ?? `capturas-${suffix}@quiniela.test`,
      password: process.env.USER_PASSWORD ?? "capturas123",
    });
  }
  const adminEmail = process.env.ADMIN_EMAIL;
  const adminPassword = process.env.ADMIN_PASSWORD;
  if (pages.some((page) => page.as === "admin")) {
    if (adminEmail && adminPassword) {
      states.admin = await sessionState({ name: "Administrador", email: adminEmail, password: adminPassword });
    } else {
      console.warn("⚠ Sin ADMIN_EMAIL y ADMIN_PASSWORD: se omiten las páginas de administración");
    }
  }

  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch(launchOptions);
  try {
    for (const page of pages) {
      if (page.as !== "anonymous" && !states[page.as]) continue;
      const files = await capture(browser, page, states);
      for (const file of files) console.log(`✔ ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
