import { expect, test, type Page } from "@playwright/test";

import { startOwnServer, type OwnServer } from "../../scripts/lib/own-server";

/**
 * The player page /jugador/:id (issue 46, item 4) on the demo season (the same every run), as a
 * visitor without an account: reached by a name in a table, its figures, points and place by
 * jornada, its picks one jornada at a time, another season, and 'Histórico''s titles. By role and
 * accessible name.
 */

const ADMIN_EMAIL = "admin@quiniela.local"; // scripts/lib/demo-season.ts

test.describe.configure({ mode: "serial" });

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startOwnServer("player", ADMIN_EMAIL, { demo: true });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The figure a term names in 'Resumen de la temporada' (a description list). */
function figure(page: Page, term: string) {
  return page
    .getByRole("region", { name: "Resumen de la temporada", exact: true })
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

test("a name in 'Puntos Acumulados' opens the player's page: the season in figures, by jornada, and the picks", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url, locale: "es-MX" });
  try {
    const page = await context.newPage();
    await page.goto("/rankings");
    const table = page.getByRole("table", { name: "Puntos Acumulados", exact: true });
    await table.getByRole("link", { name: "Karen", exact: true }).click();
    await expect(page).toHaveURL(/\/jugador\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Karen", exact: true })).toBeVisible();

    // The demo's leader: first of 20, five jornadas won, a point in every jornada of the season.
    await expect(figure(page, "Lugar")).toHaveText("1 de 20");
    await expect(figure(page, "Jornadas ganadas")).toHaveText("5");
    await expect(figure(page, "Marcadores exactos")).toContainText(/^\d+ \(\d+%\)de \d+ pronósticos con resultado$/);
    await expect(figure(page, "Mejor jornada")).toContainText("Jornada 5");

    const byJornada = page.getByRole("table", { name: "Puntos por jornada", exact: true });
    await expect(byJornada.getByRole("columnheader", { name: "Lugar", exact: true })).toBeVisible();
    const fifth = byJornada.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Jornada 5\b/ }) });
    await expect(fifth.getByText("Ganada", { exact: true })).toBeVisible();

    // The picks: the last jornada's first, another one a link away.
    const nav = page.getByRole("navigation", { name: "Pronósticos por jornada", exact: true });
    await expect(nav.getByRole("link", { name: "Final Vuelta", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("table", { name: "Pronósticos de Final Vuelta", exact: true })).toBeVisible();
    await nav.getByRole("link", { name: "Jornada 3", exact: true }).click();
    await expect(page).toHaveURL(/[?&]jornada=\d+/);
    const picks = page.getByRole("table", { name: "Pronósticos de Jornada 3", exact: true });
    await expect(picks.getByRole("row")).toHaveCount(10);
    await expect(picks.getByRole("columnheader", { name: "Puntos", exact: true })).toBeVisible();
    await expect(picks.getByRole("rowheader").first()).toHaveAccessibleName(/ vs /);
  } finally {
    await context.close();
  }
});

test("another season by 'Temporada'; titles from 'Histórico'; an unknown player is a Spanish 404", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url, locale: "es-MX" });
  try {
    const page = await context.newPage();
    await page.goto("/rankings/historico");
    await page
      .getByRole("table", { name: "Tabla Histórica", exact: true })
      .getByRole("link", { name: "Chucho ⚽", exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Chucho ⚽", exact: true })).toBeVisible();
    // Champion of two finished seasons (the demo's 'Campeones').
    await expect(figure(page, "Títulos")).toContainText(/^2/);
    await expect(figure(page, "Temporadas jugadas")).toContainText(/^4/);

    await page
      .getByRole("combobox", { name: "Temporada", exact: true })
      .selectOption({ label: "Liga MX Clausura 2024" });
    await expect(page).toHaveURL(/[?&]temporada=\d+/);
    await expect(page.getByText("Liga MX Clausura 2024", { exact: true }).first()).toBeVisible();
    await expect(figure(page, "Lugar")).toHaveText(/^1 de \d+$/);
    // Its table's link leads back to that season.
    await page.getByRole("link", { name: "Tabla de Posiciones", exact: true }).click();
    await expect(page).toHaveURL(/\/rankings\?temporada=\d+/);

    await page.goto("/jugador/nadie");
    await expect(page.getByRole("heading", { name: "Jugador no encontrado" })).toBeVisible();
  } finally {
    await context.close();
  }
});
