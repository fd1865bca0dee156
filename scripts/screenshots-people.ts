/**
 * Screenshots of the people screens (issue 4), for a visual check: 'Mi Perfil' with a generated
 * link, /reset-password with a valid and a bad token, /admin/users (a few users, the roster card,
 * an access link open in a row) and the 'Nuevo Usuario' modal showing its link; desktop (1280) and
 * phone (375), light and dark, written to screenshots/people/{name}-{viewport}-{scheme}.png.
 *
 *   BUILD_DIR=build-people npx tsx scripts/screenshots-people.ts [name…]
 *
 * Starts its own server (the build in BUILD_DIR, a fresh SQLite data folder, admin
 * admin@quiniela.test) and fills it with sample people, so it needs nothing running.
 */
import fs from "node:fs";
import path from "node:path";
import {
  chromium,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Page,
} from "@playwright/test";

import playwrightConfig from "../playwright.config";
import { startOwnServer } from "./lib/own-server";

const ADMIN = { name: "Administradora General", email: "admin@quiniela.test", password: "admin-secreto-123" };
const USER = { name: "Ana Sofía Hernández", email: "ana@quiniela.test", password: "secreto123" };
const SAMPLE = [
  { name: "Beto Ramírez", nickname: "El Profe 🎓", email: "beto.ramirez@empresa-muy-larga.com.mx", color: "green" },
  { name: "Carla Méndez", nickname: "", email: "carla@quiniela.test", color: "red" },
  {
    name: "Daniel Ortega Villanueva",
    nickname: "Dani ⚽🔥",
    email: "daniel.ortega.villanueva@quiniela.test",
    color: "purple",
  },
  { name: "Elena Ruiz", nickname: "La Jefa", email: "elena@quiniela.test", color: "orange" },
];
/** Saved before the others register, so each listed person gets their nickname. */
const ROSTER = [
  ...SAMPLE.map((person) => (person.nickname ? `${person.email}, ${person.nickname}` : person.email)),
  "ana@quiniela.test, Anita 🌟",
  "fernanda@quiniela.test, Fer",
  "gustavo@quiniela.test",
].join("\n");

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;
const SCHEMES = ["light", "dark"] as const;
const COLOR_SCHEME_KEY = "quiniela-color-scheme";
const MAX_HEIGHT = 2400;
const outDir = path.resolve("screenshots/people");

type Who = "anonymous" | "user" | "admin";
interface Shot {
  name: string;
  path: string | (() => string);
  as: Who;
  /** Interaction before the picture; returns false to take a viewport-only picture (modals). */
  prepare?: (page: Page) => Promise<boolean | void>;
}

let counter = 0;
let validToken = "";

const SHOTS: Shot[] = [
  {
    name: "profile-link",
    path: "/profile",
    as: "user",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Generar enlace", exact: true }).click();
      await page.getByRole("textbox", { name: "Enlace de restablecimiento" }).waitFor();
      // Let the 'Enlace generado' toast go: it would cover the page.
      await page.waitForTimeout(3_600);
    },
  },
  { name: "reset-valid", path: () => `/reset-password?token=${validToken}`, as: "anonymous" },
  { name: "reset-bad", path: "/reset-password?token=bad", as: "anonymous" },
  { name: "admin-users", path: "/admin/users", as: "admin" },
  {
    name: "admin-users-access-link",
    path: "/admin/users",
    as: "admin",
    prepare: async (page) => {
      const row = page.getByRole("row", { name: "El Profe 🎓", exact: true });
      await row.getByRole("button", { name: "Generar enlace de acceso", exact: true }).click();
      await row.getByRole("textbox", { name: "Enlace" }).waitFor();
      await page.waitForTimeout(3_600);
    },
  },
  {
    name: "admin-new-user-link",
    path: "/admin/users",
    as: "admin",
    prepare: async (page) => {
      counter += 1;
      await page.getByRole("button", { name: "Nuevo Usuario", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Nuevo Usuario" });
      await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill(`Persona Nueva ${counter}`);
      await dialog.getByRole("textbox", { name: "Apodo" }).fill(`Nuevita ${counter} 🌮`);
      await dialog
        .getByRole("textbox", { name: "Correo electrónico" })
        .fill(`nueva-${counter}-${Date.now()}@quiniela.test`);
      await dialog.getByRole("button", { name: "Guardar", exact: true }).click();
      await dialog.getByRole("textbox", { name: "Enlace" }).waitFor();
      await page.waitForTimeout(3_600);
      return false;
    },
  },
  {
    name: "admin-new-user-form",
    path: "/admin/users",
    as: "admin",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Nuevo Usuario", exact: true }).click();
      await page.getByRole("dialog", { name: "Nuevo Usuario" }).waitFor();
      await page.waitForTimeout(400);
      return false;
    },
  },
];

async function register(api: APIRequestContext, account: { name: string; email: string; password: string }) {
  const response = await api.post("/register", {
    form: { ...account, confirmPassword: account.password },
    maxRedirects: 0,
  });
  if (response.status() !== 302) throw new Error(`registro de ${account.email}: ${response.status()}`);
  await api.get("/"); // takes the welcome toast
}

/** Admin and user sessions, sample people (nicknames from the roster) and a valid reset token. */
async function seed(baseURL: string) {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  await register(admin, ADMIN);
  const saved = await admin.post("/admin/users.data", { form: { intent: "save-roster", roster: ROSTER } });
  if (!saved.ok()) throw new Error(`lista: ${saved.status()}`);
  for (const person of SAMPLE) {
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
    await register(api, { name: person.name, email: person.email, password: "secreto123" });
    await api.post("/profile", { form: { intent: "update-profile", image: "", avatarColor: person.color } });
    await api.dispose();
  }
  const user = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  await register(user, USER);
  await user.post("/profile", { form: { intent: "update-profile", image: "", avatarColor: "pink" } });
  const link = await (await user.post("/profile.data", { form: { intent: "reset-link" } })).text();
  validToken = link.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1] ?? "";
  if (!validToken) throw new Error("sin enlace de restablecimiento");
  const states = { admin: await admin.storageState(), user: await user.storageState() };
  await admin.dispose();
  await user.dispose();
  return states;
}

async function capture(browser: Browser, baseURL: string, shot: Shot, states: Awaited<ReturnType<typeof seed>>) {
  const written: string[] = [];
  for (const [viewportName, device] of Object.entries(VIEWPORTS)) {
    for (const scheme of SCHEMES) {
      const context = await browser.newContext({
        ...device,
        baseURL,
        locale: "es-MX",
        timezoneId: "America/Mexico_City",
        storageState: shot.as === "anonymous" ? undefined : states[shot.as],
      });
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        scheme,
      ] as const);
      try {
        const page = await context.newPage();
        const target = typeof shot.path === "function" ? shot.path() : shot.path;
        await page.goto(target, { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(300);
        const fullPage = (await shot.prepare?.(page)) !== false;
        const file = path.join(outDir, `${shot.name}-${viewportName}-${scheme}.png`);
        if (fullPage) {
          // A fixed header is drawn where the page was scrolled to: start from the top.
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.waitForTimeout(200);
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await page.screenshot({
            path: file,
            fullPage: true,
            clip: { x: 0, y: 0, width: device.viewport.width, height: Math.min(height, MAX_HEIGHT) },
          });
        } else {
          await page.screenshot({ path: file });
        }
        // Horizontal overflow of the document (not of inner scroll containers) is a phone bug.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0)
          console.warn(`⚠ ${shot.name} ${viewportName} ${scheme}: la página se desborda ${overflow}px a lo ancho`);
        written.push(file);
      } finally {
        await context.close();
      }
    }
  }
  return written;
}

async function main() {
  const only = process.argv.slice(2);
  const shots = only.length ? SHOTS.filter((shot) => only.includes(shot.name)) : SHOTS;
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startOwnServer("shots-people", ADMIN.email);
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch(launchOptions);
  try {
    const states = await seed(server.url);
    for (const shot of shots) {
      for (const file of await capture(browser, server.url, shot, states))
        console.log(`✔ ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
