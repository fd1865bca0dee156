import { expect, test, type Browser, type Page } from "@playwright/test";

import { newAccount, open, register, signInAsAdmin } from "./support";

/**
 * Live updates: people watching the standings or their home page see the admin's result appear,
 * without reloading. The admin saves it in one browser; two others are watching.
 *
 * The e2e server is shared by every spec file running in parallel: this file works on a phase no
 * other file touches.
 */

test.describe.configure({ mode: "serial", timeout: 90_000 });

const PHASE = "Jornada 14";
/** A fixture of Jornada 14 in the Clausura 2024 (and of no other phase). */
const MATCH = { home: "Guadalajara", away: "Puebla" };
const LABEL = `${MATCH.home} vs ${MATCH.away}`;

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test("a second browser sees a new result on the standings and the home page without reloading", async ({ browser }) => {
  const admin = await newPage(browser);
  const watcher = await newPage(browser);
  const player = await newPage(browser);
  try {
    await signInAsAdmin(admin);
    await open(admin, "/admin/matches");
    const card = admin.getByRole("region", { name: PHASE, exact: true });
    const phaseId = await card.locator('input[name="phaseId"]').first().inputValue();
    await card.getByRole("button", { name: "Activar Jornada", exact: true }).click();
    await expect(card.getByRole("button", { name: "Desactivar Jornada", exact: true })).toBeVisible({
      timeout: 20_000,
    });

    // An anonymous visitor on the phase's standings, a signed-in player on the home page.
    await open(watcher, `/rankings?jornada=${phaseId}`);
    const matchCard = watcher.getByRole("group", { name: LABEL, exact: true });
    await expect(matchCard).toContainText("Pronósticos aún habilitados");
    await register(player, newAccount("en-vivo"));
    await open(player, `/?jornada=${phaseId}`);
    const homeMatch = player.getByRole("group", { name: LABEL, exact: true });
    await expect(homeMatch.getByRole("spinbutton", { name: `Goles de ${MATCH.home}`, exact: true })).toBeVisible();
    // The player has started typing another pick: the update must not wipe it.
    const typing = player
      .getByRole("group", { name: "Cruz Azul vs Monterrey", exact: true })
      .getByRole("spinbutton", { name: "Goles de Cruz Azul", exact: true });
    await typing.fill("4");
    // A mark on each window: it survives revalidation, not a reload.
    for (const page of [watcher, player])
      await page.evaluate(() => ((window as { sinRecargar?: boolean }).sinRecargar = true));

    await open(admin, "/admin/results");
    const row = admin.getByRole("row", { name: LABEL, exact: true });
    await row.getByRole("spinbutton", { name: `Goles de ${MATCH.home}`, exact: true }).fill("3");
    await row.getByRole("spinbutton", { name: `Goles de ${MATCH.away}`, exact: true }).fill("2");
    await row.getByRole("button", { name: "Guardar", exact: true }).click();

    // The standings card shows the score and closes; the player's form no longer offers the match.
    await expect(matchCard).toContainText("Pronósticos cerrados", { timeout: 10_000 });
    await expect(matchCard).toContainText("3 - 2");
    await expect(homeMatch.getByRole("spinbutton")).toHaveCount(0, { timeout: 10_000 });
    await expect(homeMatch).toContainText("3 - 2");
    await expect(typing).toHaveValue("4");
    for (const page of [watcher, player]) {
      expect(await page.evaluate(() => (window as { sinRecargar?: boolean }).sinRecargar)).toBe(true);
    }
  } finally {
    for (const page of [admin, watcher, player]) await page.context().close();
  }
});

test("a page refused its live stream (too many open) works on quietly, without live updates", async ({ browser }) => {
  const page = await newPage(browser);
  try {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    let asked = 0;
    await page.route("**/eventos", (route) => {
      asked++;
      return route.fulfill({
        status: 429,
        headers: { "Retry-After": "60" },
        body: "Demasiadas conexiones de actualización en vivo.",
      });
    });
    await open(page, "/rankings");
    await expect(page.getByRole("table", { name: "Puntos Acumulados" })).toBeVisible();
    await expect.poll(() => asked).toBe(1);
    // No retry storm (the browser would retry a dropped stream every 5 s; a refusal waits a minute).
    await page.waitForTimeout(6_000);
    expect(asked).toBe(1);
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(errors).toEqual([]);
    // The page still works: the phase select changes the table.
    await expect(page.getByRole("table", { name: "Puntos Acumulados" })).toBeVisible();
  } finally {
    await page.context().close();
  }
});
