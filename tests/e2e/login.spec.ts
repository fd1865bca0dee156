import { expect, test } from "@playwright/test";

import {
  expectToast,
  login,
  newAccount,
  register,
  registerViaForm,
  signUp,
  submitLogin,
  userMenuButton,
} from "./support";

test("una contraseña equivocada muestra 'Credenciales inválidas' y se queda en /login", async ({ page, request }) => {
  const account = newAccount("login-mal");
  await registerViaForm(request, account);

  await submitLogin(page, account.email, "otra-contrasena");
  await expectToast(page, "Error de inicio de sesión", "Credenciales inválidas");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Iniciar Sesión", level: 1 })).toBeVisible();
});

test("un correo que no existe también responde 'Credenciales inválidas'", async ({ page }) => {
  await submitLogin(page, newAccount("nadie").email, "secreto123");
  await expectToast(page, "Error de inicio de sesión", "Credenciales inválidas");
  await expect(page).toHaveURL(/\/login$/);
});

test("el formulario de inicio de sesión vacío muestra los mensajes de campo", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
  await expect(page.getByText("El correo electrónico es obligatorio", { exact: true })).toBeVisible();
  await expect(page.getByText("La contraseña es obligatoria", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("el enlace 'Registrarse' del formulario lleva a /register", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("main").getByRole("link", { name: "Registrarse", exact: true }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole("heading", { name: "Registrarse", level: 1 })).toBeVisible();
});

test("iniciar y cerrar sesión", async ({ page, request }) => {
  const account = newAccount("login");
  await registerViaForm(request, account);

  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Inicio de sesión exitoso", "¡Bienvenido de nuevo!");
  await expect(userMenuButton(page, account.name)).toBeVisible();

  await userMenuButton(page, account.name).click();
  await page.getByRole("menuitem", { name: "Cerrar Sesión" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Iniciar Sesión", level: 1 })).toBeVisible();
  await expect(userMenuButton(page, account.name)).toHaveCount(0);

  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

test("un anónimo que visita /profile vuelve ahí después de iniciar sesión", async ({ page, request }) => {
  const account = newAccount("volver");
  await registerViaForm(request, account);

  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "Mi Perfil", level: 1 })).toBeVisible();
});

test("quien ya inició sesión no ve /login ni /register", async ({ page }) => {
  const account = newAccount("dentro");
  await register(page, account);

  const toLogin = await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  expect(toLogin?.status()).toBe(200);
  await expect(userMenuButton(page, account.name)).toBeVisible();

  await page.goto("/register");
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenuButton(page, account.name)).toBeVisible();
});

test("una ruta desconocida lleva al inicio (y a /login sin sesión)", async ({ page }) => {
  await page.goto("/no-existe");
  await expect(page).toHaveURL(/\/login$/);

  const account = newAccount("desconocida");
  await signUp(page, account);
  await page.goto("/no-existe");
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenuButton(page, account.name)).toBeVisible();
});

test("el inicio de sesión acepta el correo con mayúsculas y espacios", async ({ page, request }) => {
  const account = newAccount("espacios");
  await registerViaForm(request, account);

  await login(page, `  ${account.email.toUpperCase()} `, account.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenuButton(page, account.name)).toBeVisible();
});
