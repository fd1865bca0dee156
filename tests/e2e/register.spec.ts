import { expect, test } from "@playwright/test";

import { expectToast, field, fillRegisterForm, newAccount, registerViaForm, userMenuButton } from "./support";

test.describe("registro", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Registrarse", level: 1 })).toBeVisible();
  });

  const submit = (page: import("@playwright/test").Page) =>
    page.getByRole("button", { name: "Registrarse", exact: true }).click();

  test("el formulario vacío muestra los cuatro mensajes de campo obligatorio", async ({ page }) => {
    await submit(page);
    await expect(page.getByText("El nombre es obligatorio", { exact: true })).toBeVisible();
    await expect(page.getByText("El correo electrónico es obligatorio", { exact: true })).toBeVisible();
    await expect(page.getByText("La contraseña es obligatoria", { exact: true })).toBeVisible();
    await expect(page.getByText("Confirma tu contraseña", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    // Each message belongs to its field.
    await expect(field(page, "Nombre")).toHaveAccessibleDescription(/El nombre es obligatorio/);
  });

  test("un correo inválido se rechaza", async ({ page }) => {
    await fillRegisterForm(page, { name: "Ana", email: "no-es-correo", password: "secreto123" });
    await submit(page);
    await expect(page.getByText("Correo electrónico inválido", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("una contraseña corta se rechaza", async ({ page }) => {
    await fillRegisterForm(page, { name: "Ana", email: "ana@quiniela.test", password: "12345" });
    await submit(page);
    await expect(page.getByText("La contraseña debe tener al menos 6 caracteres", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("las contraseñas deben coincidir", async ({ page }) => {
    await fillRegisterForm(page, {
      name: "Ana",
      email: "ana@quiniela.test",
      password: "secreto123",
      confirmPassword: "secreto124",
    });
    await submit(page);
    await expect(page.getByText("Las contraseñas no coinciden", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("el enlace 'Iniciar Sesión' lleva a /login", async ({ page }) => {
    await page.getByRole("main").getByRole("link", { name: "Iniciar Sesión", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Iniciar Sesión", level: 1 })).toBeVisible();
  });
});

test("un registro correcto entra a la app y un segundo registro con el mismo correo falla", async ({
  page,
  browser,
}) => {
  const account = newAccount("registro");
  await page.goto("/register");
  await fillRegisterForm(page, account);
  await page.getByRole("button", { name: "Registrarse", exact: true }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(userMenuButton(page, account.name)).toBeVisible();
  await expectToast(page, "Registro exitoso", `¡Bienvenido a la Quiniela, ${account.name}!`);

  // Same e-mail again, from a fresh (signed-out) context.
  const other = await browser.newContext();
  try {
    const page2 = await other.newPage();
    await page2.goto("/register");
    await fillRegisterForm(page2, { ...account, name: "Otra Persona" });
    await page2.getByRole("button", { name: "Registrarse", exact: true }).click();
    await expectToast(page2, "Error de registro", "Este correo electrónico ya está registrado");
    await expect(page2).toHaveURL(/\/register$/);
  } finally {
    await other.close();
  }
});

test("registrarse con el correo en mayúsculas encuentra la cuenta existente", async ({ page, request }) => {
  const account = newAccount("mayus");
  await registerViaForm(request, account);
  await page.goto("/register");
  await fillRegisterForm(page, { ...account, email: account.email.toUpperCase() });
  await page.getByRole("button", { name: "Registrarse", exact: true }).click();
  await expectToast(page, "Error de registro", "Este correo electrónico ya está registrado");
  await expect(page).toHaveURL(/\/register$/);
});
