import { expect, test } from "@playwright/test";

test("la página de inicio de sesión carga en español", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Iniciar Sesión" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es-MX");
});
