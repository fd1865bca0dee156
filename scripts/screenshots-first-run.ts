/**
 * Screenshots of the first run (issue 44, item 5), for a visual check, with axe run on each:
 * 'Administración' (/admin) on a fresh install and on the demo season, /login without e-mail,
 * 'Mi Perfil' with 'Cambiar contraseña' (and a wrong current password marked); desktop (1280) and
 * phone (375), light and dark, written to screenshots/first-run/{name}-{viewport}-{scheme}.png
 * (or SHOTS_DIR).
 *
 *   npx tsx scripts/screenshots-first-run.ts [name…]
 *
 * Starts its own servers (the build in BUILD_DIR, fresh SQLite data folders), so it needs nothing
 * running.
 */
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  chromium,
  request as playwrightRequest,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";

import playwrightConfig from "../playwright.config";
import { startOwnServer, type OwnServer } from "./lib/own-server";

const ADMIN = { name: "Administradora General", email: "admin@quiniela.test", password: "admin-secreto-123" };
const DEMO_ADMIN = { email: "admin@quiniela.local", password: "quiniela2024" }; // scripts/lib/demo-season.ts

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;
const SCHEMES = ["light", "dark"] as const;
const COLOR_SCHEME_KEY = "quiniela-color-scheme";
const MAX_HEIGHT = 2400;
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const outDir = path.resolve(process.env.SHOTS_DIR ?? "screenshots/first-run");

type Who = "anonymous" | "admin";
interface Shot {
  name: string;
  server: "fresh" | "demo";
  path: string;
  as: Who;
  prepare?: (page: Page) => Promise<void>;
}

/** Closes every toast, so that none covers the picture. */
async function closeToasts(page: Page): Promise<void> {
  for (const button of await page.getByRole("button", { name: "Cerrar aviso" }).all()) {
    await button.click().catch(() => undefined);
  }
  await page.waitForTimeout(600);
}

const SHOTS: Shot[] = [
  { name: "admin-fresh", server: "fresh", path: "/admin", as: "admin" },
  { name: "admin-demo", server: "demo", path: "/admin", as: "admin" },
  { name: "login-no-smtp", server: "fresh", path: "/login", as: "anonymous" },
  { name: "profile", server: "fresh", path: "/profile", as: "admin" },
  {
    name: "profile-wrong-password",
    server: "fresh",
    path: "/profile",
    as: "admin",
    prepare: async (page) => {
      await page.getByRole("textbox", { name: "Contraseña actual", exact: true }).fill("no-es-esta");
      await page.getByRole("textbox", { name: "Nueva contraseña", exact: true }).fill("nueva-clave-1");
      await page.getByRole("textbox", { name: "Confirmar contraseña", exact: true }).fill("nueva-clave-1");
      await page.getByRole("button", { name: "Cambiar contraseña", exact: true }).click();
      await page.getByText("La contraseña actual no es correcta", { exact: true }).first().waitFor();
      await closeToasts(page);
    },
  },
];

async function signedIn(baseURL: string, email: string, password: string, register: boolean) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const response = register
    ? await api.post("/register", {
        form: { name: ADMIN.name, email, password, confirmPassword: password },
        maxRedirects: 0,
      })
    : await api.post("/login", { form: { email, password }, maxRedirects: 0 });
  if (response.status() !== 302) throw new Error(`${email}: ${response.status()}`);
  await api.get("/"); // takes the welcome toast
  const state = await api.storageState();
  await api.dispose();
  return state;
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(AXE_TAGS).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} ${node.target.join(" ")}`),
  );
}

async function capture(browser: Browser, baseURL: string, shot: Shot, state: BrowserContextOptions["storageState"]) {
  for (const [viewportName, device] of Object.entries(VIEWPORTS)) {
    for (const scheme of SCHEMES) {
      const context = await browser.newContext({
        ...device,
        baseURL,
        locale: "es-MX",
        timezoneId: "America/Mexico_City",
        storageState: shot.as === "anonymous" ? undefined : state,
      });
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        scheme,
      ] as const);
      try {
        const page = await context.newPage();
        await page.goto(shot.path, { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready);
        await shot.prepare?.(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(300);
        const file = path.join(outDir, `${shot.name}-${viewportName}-${scheme}.png`);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.screenshot({
          path: file,
          fullPage: true,
          clip: { x: 0, y: 0, width: device.viewport.width, height: Math.min(height, MAX_HEIGHT) },
        });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0)
          console.warn(`⚠ ${shot.name} ${viewportName} ${scheme}: se desborda ${overflow}px a lo ancho`);
        const violations = await axeViolations(page);
        console.log(
          `${violations.length === 0 ? "✔" : "✖"} ${path.relative(process.cwd(), file)} · axe ${violations.length}`,
        );
        for (const violation of violations) console.log(`    ${violation}`);
      } finally {
        await context.close();
      }
    }
  }
}

async function main() {
  const only = process.argv.slice(2);
  const shots = only.length ? SHOTS.filter((shot) => only.includes(shot.name)) : SHOTS;
  fs.mkdirSync(outDir, { recursive: true });
  const servers: Partial<Record<Shot["server"], OwnServer>> = {};
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions ?? {});
  try {
    const states: Partial<Record<Shot["server"], BrowserContextOptions["storageState"]>> = {};
    for (const shot of shots) {
      if (!servers[shot.server]) {
        const demo = shot.server === "demo";
        const server = await startOwnServer(`shots-first-run-${shot.server}`, demo ? DEMO_ADMIN.email : ADMIN.email, {
          demo,
        });
        servers[shot.server] = server;
        states[shot.server] = demo
          ? await signedIn(server.url, DEMO_ADMIN.email, DEMO_ADMIN.password, false)
          : await signedIn(server.url, ADMIN.email, ADMIN.password, true);
      }
      await capture(browser, servers[shot.server]!.url, shot, states[shot.server]);
    }
  } finally {
    await browser.close();
    for (const server of Object.values(servers)) await server?.stop();
  }
}

await main();
