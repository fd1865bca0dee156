import { expect, test } from "@playwright/test";

import { open, signInAsAdmin } from "./support";

/**
 * The admin uploads a results file as Excel in Spanish saves it (semicolons, BOM, CRLF), reviews
 * the preview and applies it; the results then show on 'Gestionar Partidos'. Works on Jornada 10,
 * which no other file touches on the shared server, and never activates it.
 */

const FILE = [
  "\uFEFFjornada;local;visitante;fecha;goles_local;goles_visitante",
  "10;Querétaro;Santos;2024-03-09 19:00;2;1",
  "Jornada 10;Atlas;América;;0;3",
  "Jornada 10;Chivas;Tijuana;2024-03-10 20:00;1;0",
  "Jornada 10;Toluca;Tigres;;;",
].join("\r\n");

test("el administrador sube un CSV, revisa la vista previa, aplica y ve los resultados", async ({ page }) => {
  await signInAsAdmin(page);
  await open(page, "/admin/importar-resultados");
  await expect(page.getByRole("heading", { name: "Importar Resultados", level: 1 })).toBeVisible();

  await page.getByLabel("Archivo de resultados").setInputFiles({
    name: "jornada-10.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(FILE, "utf8"),
  });
  await page.getByRole("button", { name: "Revisar", exact: true }).click();

  const summary = page.getByRole("list", { name: "Resumen de cambios" });
  await expect(summary.getByRole("listitem")).toHaveText([
    "Partido nuevo: 1",
    "Resultado nuevo: 2",
    "Resultado cambia: 0",
    "Fecha cambia: 1",
    "Sin cambios: 1",
  ]);
  const preview = page.getByRole("table", { name: "Cambios del archivo" });
  await expect(preview.getByRole("row", { name: "Querétaro vs Santos Laguna" })).toContainText("2–1");
  await expect(preview.getByRole("row", { name: "Guadalajara vs Tijuana" })).toContainText("Partido nuevo");

  await page.getByRole("button", { name: "Aplicar cambios", exact: true }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Resultados importados" });
  await expect(toast).toContainText("1 partido nuevo, 2 resultados nuevos, 1 fecha cambiada, 1 sin cambios", {
    timeout: 15_000,
  });

  await open(page, "/admin/matches");
  const phase = page.getByRole("region", { name: "Jornada 10", exact: true });
  await expect(phase.getByRole("row", { name: "Querétaro vs Santos Laguna" })).toContainText("2 - 1");
  await expect(phase.getByRole("row", { name: "Atlas vs América" })).toContainText("0 - 3");
  const created = phase.getByRole("row", { name: "Guadalajara vs Tijuana" });
  await expect(created).toContainText("1 - 0");
  await expect(created).toContainText("Inactivo");
});
