import { expect, test } from "@playwright/test";

import { startOwnServer, type OwnServer } from "../../scripts/lib/own-server";
import { field, hydrated } from "./support";

/**
 * 'Bitácora' and 'Cambios del administrador' (issue 46, item 6) in the browser, on the demo
 * season (its admin corrected a result, edited a player's pick and reset a match:
 * scripts/lib/demo-changes.ts): a guest reaches the public page from the standings; the admin
 * reaches 'Bitácora' from the menu 'Administración' and filters it by kind and season.
 */

const ADMIN_EMAIL = "admin@quiniela.local";
const PASSWORD = "quiniela2024"; // scripts/lib/demo-season.ts

let server: OwnServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer("bitacora", ADMIN_EMAIL, { demo: true });
});

test.afterAll(async () => {
  await server?.stop();
});

test("a guest opens 'Cambios del administrador' from the standings: corrections, the reset and the edited pick", async ({
  page,
}) => {
  await page.goto(`${server.url}/rankings`);
  await page
    .getByRole("navigation", { name: "Vistas de la tabla" })
    .getByRole("link", { name: "Cambios del administrador" })
    .click();
  await expect(page).toHaveURL(/\/rankings\/cambios$/);
  await expect(page.getByRole("heading", { name: "Cambios del administrador", level: 2 })).toBeVisible();
  const changes = page.getByRole("list", { name: "Cambios del administrador" }).getByRole("listitem");
  await expect(changes).toHaveCount(4);
  await expect(changes.nth(0)).toContainText(
    /^Resultado reiniciado: .+ vs .+ \d+ - \d+ → sin resultado \(20 pronósticos eliminados\)/,
  );
  await expect(changes.nth(1)).toContainText(/^Pronóstico editado: .+ · .+ vs .+ \d+ - \d+ → \d+ - \d+/);
  await expect(changes.nth(2)).toContainText(/^Resultado corregido: .+ vs .+ \d+ - \d+ → \d+ - \d+/);
  // A first result is not a correction: the one saved again after the reset is the admin's log only.
  await expect(page.getByText(/Resultado guardado/)).toHaveCount(0);
  await expect(page.getByText(/@quiniela\.local/)).toHaveCount(0);
  // The tab is the current view.
  await expect(page.getByRole("link", { name: "Cambios del administrador" })).toHaveAttribute("aria-current", "page");
});

test("the admin opens 'Bitácora' from 'Administración' and filters it by kind and season", async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await field(page, "Correo electrónico").fill(ADMIN_EMAIL);
  await field(page, "Contraseña").fill(PASSWORD);
  await page.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await hydrated(page);
  await page.getByRole("button", { name: "Administración", exact: true }).click();
  await page.getByRole("menuitem", { name: "Bitácora" }).click();
  await expect(page.getByRole("heading", { name: "Bitácora", level: 1 })).toBeVisible();

  const entries = page.getByRole("list", { name: "Cambios" }).getByRole("listitem");
  await expect(entries).toHaveCount(5);
  // Newest first, with who made it and the season.
  await expect(entries.nth(0)).toContainText(/^Resultado guardado: .+ vs .+ \d+ - \d+/);
  await expect(entries.nth(0)).toContainText("El Comisionado 📋");
  await expect(entries.nth(0)).toContainText("Liga MX Clausura 2025");

  await page.getByRole("combobox", { name: "Tipo de cambio" }).selectOption({ label: "Resultado corregido" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/tipo=result-corrected/);
  await expect(entries).toHaveCount(2);
  for (const entry of await entries.all()) await expect(entry).toContainText(/^Resultado corregido: /);

  await page.getByRole("combobox", { name: "Temporada" }).selectOption({ label: "Liga MX Clausura 2024" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Aún no hay cambios con estos filtros.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Siguiente" })).toHaveCount(0);
});
