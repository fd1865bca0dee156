/**
 * Screenshots of the reminders' screens (issue 45), with axe on each: 'Mi Perfil' with its switch
 * 'Recordatorios por correo', 'Estado de Pronósticos' with 'Recordar a los que faltan' (before and
 * after a reminder), and the unsubscribe page (asking, done, a bad link); desktop (1280) and phone
 * (375), light and dark, written to $SHOTS_DIR (screenshots/reminders unless set).
 *
 *   npx tsx scripts/screenshots-reminders.ts
 *
 * Starts its own server (the build in BUILD_DIR, else build/; a fresh SQLite folder) with SMTP_*
 * pointing at an SMTP server of its own, which keeps the reminders' unsubscribe links.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

import playwrightConfig from "../playwright.config";
import { startOwnServer } from "./lib/own-server";

const ADMIN = { name: "Administradora General", email: "admin@quiniela.test", password: "admin-secreto-123" };
const PLAYERS = [
  { name: "Ana Sofía Hernández", email: "ana@quiniela.test" },
  { name: "Beto Ramírez", email: "beto@quiniela.test" },
  { name: "Carla Méndez", email: "carla@quiniela.test" },
];
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;
const SCHEMES = ["light", "dark"] as const;
const COLOR_SCHEME_KEY = "quiniela-color-scheme";
const outDir = path.resolve(process.env.SHOTS_DIR ?? "screenshots/reminders");

type Who = "anonymous" | "player" | "admin";
interface Shot {
  name: string;
  path: () => string;
  as: Who;
  prepare?: (page: Page) => Promise<void>;
}

const unsubscribeLinks: string[] = [];
let phaseId = "";

const SHOTS: Shot[] = [
  { name: "profile", path: () => "/profile", as: "player" },
  { name: "estado-pronosticos", path: () => `/admin/estado-pronosticos?jornada=${phaseId}`, as: "admin" },
  {
    name: "estado-pronosticos-recordado",
    path: () => `/admin/estado-pronosticos?jornada=${phaseId}`,
    as: "admin",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Recordar a los que faltan" }).click();
      await page.getByText(/^Último recordatorio/).waitFor();
      // The toast shows in the first picture only; later ones show the refusal's.
      await page.waitForTimeout(500);
    },
  },
  {
    name: "baja",
    path: () => new URL(unsubscribeLinks[0]!).search.replace(/^/, "/baja-recordatorios"),
    as: "anonymous",
  },
  {
    name: "baja-hecha",
    path: () => new URL(unsubscribeLinks[0]!).search.replace(/^/, "/baja-recordatorios"),
    as: "anonymous",
    prepare: async (page) => {
      const button = page.getByRole("button", { name: "Dejar de recibir recordatorios" });
      if (await button.count()) await button.click();
      await page
        .getByText(/recordatorios por correo\./)
        .first()
        .waitFor();
    },
  },
  { name: "baja-invalida", path: () => "/baja-recordatorios?token=no-vale", as: "anonymous" },
];

function startSink() {
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        const line = mail.headerLines.find((header) => header.key === "list-unsubscribe")?.line ?? "";
        const link = line.slice(line.indexOf("<") + 1, line.indexOf(">"));
        if (link.startsWith("http")) unsubscribeLinks.push(link);
        callback();
      }, callback);
    },
  });
  return new Promise<SMTPServer>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve(smtp)));
}

async function signUp(baseURL: string, account: { name: string; email: string; password: string }) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const response = await api.post("/register", {
    form: { ...account, confirmPassword: account.password },
    maxRedirects: 0,
  });
  if (response.status() !== 302) throw new Error(`registro de ${account.email}: ${response.status()}`);
  await api.get("/"); // takes the welcome toast
  return api;
}

/** The admin and three players; the first phase open; one player's picks in; a first reminder for the unsubscribe link. */
async function seed(baseURL: string) {
  const admin = await signUp(baseURL, ADMIN);
  const matches = await (await admin.get("/admin/matches")).text();
  phaseId = /name="phaseId" value="(\d+)"/.exec(matches)?.[1] ?? "";
  await admin.post("/admin/matches", { form: { intent: "toggle-phase", phaseId, active: "1" } });
  const players = [];
  for (const person of PLAYERS) players.push(await signUp(baseURL, { ...person, password: "secreto123" }));
  const home = await (await players[1]!.get("/")).text();
  const ids = [...new Set([...home.matchAll(/name="home-(\d+)"/g)].map((m) => m[1]!))];
  const picks = new URLSearchParams();
  for (const id of ids) {
    picks.append("matchId", id);
    picks.append(`home-${id}`, "2");
    picks.append(`away-${id}`, "1");
  }
  await players[1]!.post("/?index", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: picks.toString(),
  });
  const states = { admin: await admin.storageState(), player: await players[0]!.storageState() };
  for (const api of [admin, ...players]) await api.dispose();
  return states;
}

async function shoot(page: Page, file: string, width: number) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(height, 2400) } });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) console.warn(`⚠ ${path.basename(file)}: la página se desborda ${overflow}px a lo ancho`);
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  for (const violation of axe.violations)
    console.warn(
      `✖ axe ${path.basename(file)}: ${violation.id} ${violation.nodes.map((node) => node.target).join(" ")}`,
    );
}

async function capture(browser: Browser, baseURL: string, shot: Shot, states: Awaited<ReturnType<typeof seed>>) {
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
        await page.goto(shot.path(), { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready);
        await shot.prepare?.(page);
        await page.waitForFunction(() =>
          document.getAnimations().every((animation) => animation.playState !== "running"),
        );
        const file = path.join(outDir, `${shot.name}-${viewportName}-${scheme}.png`);
        await shoot(page, file, device.viewport.width);
        console.log(`✔ ${file}`);
      } finally {
        await context.close();
      }
    }
  }
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const smtp = await startSink();
  const server = await startOwnServer("shots-reminders", ADMIN.email, {
    env: {
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String((smtp.server.address() as AddressInfo).port),
      SMTP_FROM: "Quiniela <quiniela@quiniela.test>",
      REMINDER_CHECK_SECONDS: "1",
    },
  });
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions ?? {});
  try {
    const states = await seed(server.url);
    for (const shot of SHOTS) {
      if (shot.name.startsWith("baja") && unsubscribeLinks.length === 0) {
        for (let i = 0; i < 100 && unsubscribeLinks.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      }
      await capture(browser, server.url, shot, states);
    }
  } finally {
    await browser.close();
    await server.stop();
    await new Promise<void>((resolve) => smtp.close(resolve));
  }
}

await main();
