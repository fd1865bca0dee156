import { expect, test, type BrowserContext, type Page } from "@playwright/test";

import { startOwnServer, type OwnServer } from "../../scripts/lib/own-server";
import { expectAccessible } from "./axe";
import { signedOutPage, signInAsAdminOn } from "./private-server";
import { ADMIN, expectToast, hydrated, newAccount, signUp } from "./support";

/**
 * What a player still owes (issue 45, item 5): 'Cómo vas' on the home page says 'Te faltan 3
 * pronósticos' and counts down to the first close ('Cierra en 2 h 15 min') with the browser's
 * clock, a close that comes takes its match off (the form locks it too), and the navbar's 'Inicio'
 * carries the count ('Inicio, te faltan 3 pronósticos') until the picks are saved. A server of this
 * file's own: the count is of the whole season, which the other files change on the shared one.
 */

// axe twice a page, light and dark, on a busy machine.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const ZONE = "America/Mexico_City";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let server: OwnServer;
const player = newAccount("cuenta-atras");
let playerSide: { context: BrowserContext; page: Page };
let adminSide: { context: BrowserContext; page: Page };
/** The first missing pick's kickoff (a whole minute, as the admin's form sets it), and the second's. */
let first: number;
let second: number;

/** 'YYYY-MM-DDTHH:MM' on the season's wall clock, as 'Editar fecha' takes it. */
const wallClock = (ms: number) =>
  new Date(ms).toLocaleString("sv-SE", { timeZone: ZONE }).slice(0, 16).replace(" ", "T");

async function post(side: { page: Page }, path: string, form: Record<string, string> | URLSearchParams) {
  const response = await side.page.request.post(path, {
    headers: { Origin: server.url },
    ...(form instanceof URLSearchParams
      ? { data: form.toString(), headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" } }
      : { form }),
  });
  expect(response.status(), path).toBeLessThan(400);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  server = await startOwnServer("e2e-cuenta-atras", ADMIN.email);
  playerSide = await signedOutPage(browser, server.url);
  await signUp(playerSide.page, player, server.url);
  adminSide = await signedOutPage(browser, server.url);
  await signInAsAdminOn(adminSide.context.request, server.url);

  // The first jornada opened, as 'Activar Jornada' does; its nine matches have no kickoff yet.
  const matches = await (await adminSide.page.request.get("/admin/matches")).text();
  const phaseId = /name="phaseId" value="(\d+)"/.exec(matches)?.[1];
  expect(phaseId, "jornada en /admin/matches").toBeDefined();
  await post(adminSide, "/admin/matches", { intent: "toggle-phase", phaseId: phaseId!, active: "1" });
  const home = await (await playerSide.page.request.get("/")).text();
  const ids = [...home.matchAll(/name="matchId" value="(\d+)"/g)].map((match) => match[1]!);
  expect(ids).toHaveLength(9);

  // Three left to the player: the first closes in 2 h 16 min or a little less, the second 3 hours
  // later, the third has no kickoff yet. The other six are predicted.
  first = Math.ceil((Date.now() + 2 * HOUR + 16 * MINUTE) / MINUTE) * MINUTE;
  second = first + 3 * HOUR;
  await post(adminSide, "/admin/matches", { intent: "set-kickoff", matchId: ids[0]!, kickoff: wallClock(first) });
  await post(adminSide, "/admin/matches", { intent: "set-kickoff", matchId: ids[1]!, kickoff: wallClock(second) });
  const picks = new URLSearchParams();
  for (const id of ids.slice(3)) {
    picks.append("matchId", id);
    picks.append(`home-${id}`, "1");
    picks.append(`away-${id}`, "0");
  }
  await post(playerSide, "/?index", picks);
});

test.afterAll(async () => {
  await playerSide?.context.close();
  await adminSide?.context.close();
  await server?.stop();
});

const summary = (page: Page) => page.getByRole("region", { name: "Cómo vas" });
const homeLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name, exact: true });

test("'Cómo vas' cuenta los pronósticos que faltan y el tiempo hasta que cierre el primero; al cerrar, baja la cuenta", async ({
  browser,
}) => {
  // A context of its own: Playwright's clock is the whole context's.
  const context = await browser.newContext({
    baseURL: server.url,
    locale: "es-MX",
    timezoneId: ZONE,
    storageState: await playerSide.context.storageState(),
  });
  const page = await context.newPage();
  // The browser's clock 2 h 15 min 30 s before the first close.
  await page.clock.install({ time: first - (2 * HOUR + 15 * MINUTE + 30_000) });
  await page.goto("/");
  await hydrated(page);
  await expect(summary(page)).toContainText("Te faltan 3 pronósticos · cierra ");
  await expect(summary(page).getByText("Cierra en 2 h 15 min", { exact: true })).toBeVisible();
  await expect(homeLink(page, "Inicio, te faltan 3 pronósticos")).toBeVisible();
  const openCards = page.getByRole("group").filter({ has: page.getByRole("spinbutton") });
  await expect(openCards).toHaveCount(3);
  // Not a live region: a screen reader is not told each minute.
  await expect(page.locator("[aria-live]").filter({ hasText: "Cierra en" })).toHaveCount(0);

  // Half a minute on: one minute less.
  await page.clock.fastForward(30_000);
  await expect(summary(page).getByText("Cierra en 2 h 14 min", { exact: true })).toBeVisible();
  // Two hours on.
  await page.clock.fastForward(2 * HOUR);
  await expect(summary(page).getByText("Cierra en 14 min", { exact: true })).toBeVisible();
  await page.clock.fastForward(14 * MINUTE + 30_000);
  await expect(summary(page).getByText("Cierra en menos de 1 min", { exact: true })).toBeVisible();

  // The first close comes: its match locks, the count goes down and the countdown runs to the next.
  await page.clock.fastForward(30_000);
  await expect(summary(page)).toContainText("Te faltan 2 pronósticos");
  // (The page's clock runs on as the test does: a few seconds past the close.)
  await expect(summary(page).getByText("Cierra en 2 h 59 min", { exact: true })).toBeVisible();
  await expect(homeLink(page, "Inicio, te faltan 2 pronósticos")).toBeVisible();
  await expect(openCards).toHaveCount(2);
  await expect(page.getByText("El partido ya comenzó")).toHaveCount(1);
  await context.close();
});

test("'Inicio' lleva la cuenta en cada página; guardados los pronósticos, ya no; un visitante no la ve", async () => {
  const { page } = playerSide;
  await page.goto("/rankings");
  await hydrated(page);
  await expect(homeLink(page, "Inicio, te faltan 3 pronósticos")).toBeVisible();
  await homeLink(page, "Inicio, te faltan 3 pronósticos").click();
  await expect(page).toHaveURL(/\/$/);
  // On a phone 'Inicio' is folded into the menu, whose button carries the count.
  await page.setViewportSize({ width: 375, height: 812 });
  const menuButton = page.getByRole("button", { name: "Abrir menú, te faltan 3 pronósticos", exact: true });
  await expect(menuButton).toHaveAttribute("data-count", "3");
  await expectAccessible(page, "/ en el teléfono, con la cuenta en el botón del menú");
  await menuButton.click();
  await expect(
    page.getByRole("dialog", { name: "Menú" }).getByRole("link", { name: "Inicio, te faltan 3 pronósticos" }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Menú" })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectAccessible(page, "/ con pronósticos pendientes");

  const openCards = page.getByRole("group").filter({ has: page.getByRole("spinbutton") });
  for (const card of await openCards.all()) {
    await card.getByRole("spinbutton").first().fill("2");
    await card.getByRole("spinbutton").last().fill("2");
  }
  await page.getByRole("button", { name: "Guardar Pronósticos", exact: true }).click();
  // Saved picks are final: the form asks first.
  const review = page.getByRole("dialog", { name: "Revisa tus pronósticos: no podrás cambiarlos", exact: true });
  await review.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expectToast(page, "Éxito", "Tus predicciones han sido guardadas");
  await expect(summary(page)).toContainText("No tienes pronósticos pendientes por ahora");
  await expect(homeLink(page, "Inicio")).toBeVisible();
  await expect(page.getByRole("link", { name: /te falta/ })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole("button", { name: "Abrir menú", exact: true })).not.toHaveAttribute("data-count");
  await page.setViewportSize({ width: 1280, height: 720 });
  // And on the next page, without a reload of the root's data.
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Puntuaciones" }).click();
  await expect(page).toHaveURL(/\/rankings$/);
  await expect(homeLink(page, "Inicio")).toBeVisible();
  await expect(summary(page)).toHaveCount(0);
  await expectAccessible(page, "/rankings sin pendientes");

  const visitor = await signedOutPage(page.context().browser()!, server.url);
  await visitor.page.goto("/rankings");
  await expect(visitor.page.getByRole("link", { name: /te falta/ })).toHaveCount(0);
  await expect(visitor.page.getByRole("link", { name: "Iniciar Sesión" })).toBeVisible();
  await visitor.context.close();
});
