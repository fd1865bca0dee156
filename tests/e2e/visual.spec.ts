import { expect, test, type Browser } from "@playwright/test";

import { startOwnServer, type OwnServer } from "../../scripts/lib/own-server";

/**
 * The visual check of decision 008: key screens of the demo season (the same every run), on a
 * desktop and a 375-px phone, light and dark, compared with the pictures committed beside this
 * file. A Mantine upgrade, or a change to ui/primitives, that moves the look fails here; when
 * the change is meant, look at the new pictures and update them:
 *   npx playwright test visual --update-snapshots
 */

const ADMIN_EMAIL = "admin@quiniela.local";
const PLAYER_EMAIL = "chucho@quiniela.local";
const PASSWORD = "quiniela2024"; // scripts/lib/demo-season.ts

const SCREENS: { name: string; path: string; as: "anonymous" | "player" | "admin" }[] = [
  { name: "login", path: "/login", as: "anonymous" },
  { name: "home", path: "/", as: "player" },
  { name: "rankings", path: "/rankings", as: "player" },
  { name: "captured", path: "/quiniela/quinielas-capturadas", as: "player" },
  { name: "admin-results", path: "/admin/results", as: "admin" },
];

const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;

/** Taller pages are compared down to here (CSS pixels): the top of a page carries its look. */
const MAX_HEIGHT = 1600;

test.describe.configure({ mode: "serial" });

let server: OwnServer;
const sessions: Partial<Record<"player" | "admin", Awaited<ReturnType<typeof signedInState>>>> = {};

async function signedInState(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
  const signIn = await context.request.post("/login", { form: { email, password: PASSWORD }, maxRedirects: 0 });
  expect(signIn.status(), `inicio de sesión de ${email}`).toBe(302);
  await context.request.get("/"); // takes the welcome toast, so it does not cover the pictures
  const state = await context.storageState();
  await context.close();
  return state;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  server = await startOwnServer("visual", ADMIN_EMAIL, { demo: true });
  sessions.player = await signedInState(browser, PLAYER_EMAIL);
  sessions.admin = await signedInState(browser, ADMIN_EMAIL);
});

test.afterAll(async () => {
  await server?.stop();
});

for (const screen of SCREENS) {
  test(`${screen.name} looks as decided (desktop and phone, light and dark)`, async ({ browser }) => {
    for (const [deviceName, device] of Object.entries(DEVICES)) {
      for (const scheme of ["light", "dark"] as const) {
        const context = await browser.newContext({
          ...device,
          baseURL: server.url,
          locale: "es-MX",
          timezoneId: "America/Mexico_City",
          colorScheme: scheme,
          storageState: screen.as === "anonymous" ? undefined : sessions[screen.as],
        });
        await context.addInitScript((value) => window.localStorage.setItem("quiniela-color-scheme", value), scheme);
        try {
          const page = await context.newPage();
          await page.goto(screen.path, { waitUntil: "networkidle" });
          await expect(page).toHaveURL(new RegExp(`${screen.path.replace(/[?]/g, "\\?")}$`));
          await page.evaluate(() => document.fonts.ready);
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await expect(page).toHaveScreenshot(`${screen.name}-${deviceName}-${scheme}.png`, {
            fullPage: true,
            clip: { x: 0, y: 0, width: device.viewport.width, height: Math.min(height, MAX_HEIGHT) },
            animations: "disabled",
            caret: "hide",
            // A few pixels of anti-aliasing may differ; a changed label, border or colour is hundreds.
            maxDiffPixels: 40,
          });
        } finally {
          await context.close();
        }
      }
    }
  });
}

// The demo season's table tells its story (issue 46): checked here, where the demo is served
// already, by role and accessible name rather than by picture.
test("rankings: a completed jornada's winners, 'Jornadas ganadas' and each row's movement", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, locale: "es-MX", storageState: sessions.player });
  try {
    const page = await context.newPage();
    await page.goto("/rankings");
    const table = page.getByRole("table", { name: "Puntos Acumulados", exact: true });
    await expect(table.getByRole("columnheader", { name: "Jornadas ganadas", exact: true })).toBeVisible();
    // The demo's leader won five jornadas; nobody moved in the last one but a few (a mark each, in words).
    const leader = table.getByRole("row").filter({ hasText: "Karen" });
    await expect(leader.getByRole("cell").last()).toHaveText("5");
    await expect(leader.getByRole("img", { name: "Sin cambio", exact: true })).toHaveAttribute("data-mark", "=");
    // The mark is drawn from data-mark: the rank cell's text stays the rank.
    await expect(leader.getByRole("cell").first()).toHaveText("1");
    await expect(table.getByRole("img", { name: "Subió 1 lugar", exact: true }).first()).toHaveAttribute(
      "data-mark",
      "▲ 1",
    );
    await expect(table.getByRole("img", { name: "Bajó 1 lugar", exact: true }).first()).toHaveAttribute(
      "data-mark",
      "▼ 1",
    );
    await expect(page.getByText(/^Desempate: más puntos/)).toBeVisible();

    // The last jornada, completed, names its winners (two, equal on the whole tie-break).
    await page.getByRole("combobox", { name: "Jornada", exact: true }).selectOption({ label: "Final Vuelta" });
    await expect(page).toHaveURL(/[?&]jornada=\d+/);
    await expect(page.getByText("Ganadores de la jornada: Gaby 🌵, Mafer", { exact: true })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Jornadas ganadas" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
