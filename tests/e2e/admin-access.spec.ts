import fs from "node:fs";
import { expect, test, type Locator } from "@playwright/test";

import { ADMIN, ensureAdmin, hydrated, login, newAccount, signIn, signUp, userMenuButton } from "./support";

const ADMIN_PAGES = [
  "/admin/matches",
  "/admin/results",
  "/admin/activar-quinielas",
  "/admin/users",
  "/admin/predictions",
  "/admin/ver-quinielas",
  "/admin/estado-pronosticos",
  "/admin/importar-resultados",
  "/admin/temporadas",
];

const ADMIN_ROUTES = ["/admin", ...ADMIN_PAGES];

const ADMIN_MENU = [
  "Resumen",
  "Gestionar Partidos",
  "Resultados",
  "Ver Quinielas capturadas",
  "Activar Quinielas",
  "Gestionar Usuarios",
  "Gestionar Pronósticos",
  "Estado de Pronósticos",
  "Importar Resultados",
  "Temporadas",
  "Bitácora",
];

const FORBIDDEN = "No tienes acceso a esta página";

/** /admin's checklist: each step's heading, and its link's name and address. */
const CHECKLIST = [
  ["Temporada actual", "Temporadas", "/admin/temporadas"],
  ["Jugadores", "Gestionar Usuarios", "/admin/users"],
  ["Jornada abierta", "Gestionar Partidos", "/admin/matches"],
  ["Fechas y horas", "Gestionar Partidos", "/admin/matches"],
  ["Resultados", "Resultados", "/admin/results"],
] as const;

test.describe("usuario normal", () => {
  test("recibe 403 'No tienes acceso a esta página' en cada página de administración", async ({ page }) => {
    await signUp(page, newAccount("normal"));
    for (const path of ADMIN_PAGES) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(403);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { name: FORBIDDEN, level: 1 })).toBeVisible();
    }
  });

  test("en /admin recibe la página 403 (HTML, no JSON)", async ({ page }) => {
    await signUp(page, newAccount("normal-admin"));
    const response = await page.goto("/admin");
    expect(response!.status()).toBe(403);
    expect(response!.headers()["content-type"]).toContain("text/html");
    await expect(page.getByRole("heading", { name: FORBIDDEN, level: 1 })).toBeVisible();
  });

  test("la página 403 conserva la barra del usuario que inició sesión", async ({ page }) => {
    const account = newAccount("normal-barra");
    await signUp(page, account);
    const response = await page.goto("/admin/users");
    expect(response!.status()).toBe(403);
    await expect(page.getByRole("heading", { name: FORBIDDEN, level: 1 })).toBeVisible();
    // Still signed in: the navbar shows the user's menu, not 'Iniciar Sesión' / 'Registrarse'.
    await expect(userMenuButton(page, account.name)).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión" })).toHaveCount(0);
  });

  test("no ve el botón 'Administración'", async ({ page }) => {
    await signUp(page, newAccount("sinadmin"));
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Puntuaciones", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Administración", exact: true })).toHaveCount(0);
  });
});

test.describe("administrador", () => {
  /*
   * Only one account can hold ADMIN_EMAIL: these tests run one after another in a single worker
   * ('default' mode overrides fullyParallel), so the admin is registered once. Not 'serial': a
   * failing test must not skip the others. After a failure the worker restarts and beforeAll runs
   * again; ensureAdmin then signs in instead of registering.
   */
  test.describe.configure({ mode: "default" });

  test.beforeAll(async ({ playwright }, testInfo) => {
    await ensureAdmin(playwright, testInfo.project.use.baseURL);
  });

  test("/admin es una lista de pasos con su estado y su enlace; el menú 'Administración' tiene sus once entradas y llega a 'Gestionar Partidos'", async ({
    page,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Administración", level: 1, exact: true })).toBeVisible();
    const steps = page.getByRole("list", { name: "Pasos de la temporada" }).getByRole("listitem");
    await expect(steps).toHaveCount(CHECKLIST.length);
    for (const [index, [title, linkName, href]] of CHECKLIST.entries()) {
      const step = steps.nth(index);
      await expect(step.getByRole("heading", { name: title, level: 2 })).toBeVisible();
      // The state is said in words (not by colour alone).
      await expect(step).toContainText(/Hecho|Por hacer|Más adelante/);
      await expect(step.getByRole("link", { name: linkName, exact: true })).toHaveAttribute("href", href);
    }
    // A fresh install's season is there; its 167 matches have no kickoff time.
    await expect(steps.nth(0)).toContainText("Hecho");
    await expect(steps.nth(0)).toContainText("Liga MX Clausura 2024");
    await expect(steps.nth(3)).toContainText("Por hacer");
    await expect(steps.nth(3)).toContainText("sin fecha y hora");

    const adminButton = page.getByRole("button", { name: "Administración", exact: true });
    await expect(adminButton).toBeVisible();
    await hydrated(page);
    const userButton = userMenuButton(page, ADMIN.name);
    const before = { admin: await lookOf(adminButton), user: await lookOf(userButton) };
    await adminButton.click();

    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem")).toHaveText(ADMIN_MENU);
    // The menu's code, loaded by this first opening, hands the buttons props of its own: they
    // keep their look (a lost class name left a grey browser button).
    expect(await lookOf(adminButton)).toEqual(before.admin);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await userButton.click();
    await expect(page.getByRole("menu", { name: ADMIN.name })).toBeVisible();
    expect(await lookOf(userButton)).toEqual(before.user);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await adminButton.click();

    await menu.getByRole("menuitem", { name: "Gestionar Partidos", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/matches$/);
    await expect(page.getByRole("heading", { name: "Administración de Partidos", level: 1 })).toBeVisible();
  });

  test("un anónimo en una ruta de administración va a /login y vuelve después", async ({ page }) => {
    await page.goto("/admin/results");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fresults$/);
    await login(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/results$/);
    await expect(page.getByRole("heading", { name: "Resultados", level: 1 })).toBeVisible();
  });

  test("descarga los pronósticos (CSV con BOM) y la base de datos (JSON) desde 'Quinielas Capturadas'", async ({
    page,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/admin/ver-quinielas");
    for (const [name, file] of [
      // Named after the season they belong to (the current one here).
      ["Descargar pronósticos (CSV)", "pronosticos-liga-mx-clausura-2024.csv"],
      ["Base de datos (JSON)", /^quiniela-\d{4}-\d{2}-\d{2}\.json$/],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name, exact: true }).click(),
      ]);
      if (typeof file === "string") expect(download.suggestedFilename()).toBe(file);
      else expect(download.suggestedFilename()).toMatch(file);
      const bytes = fs.readFileSync((await download.path())!);
      if (name.includes("CSV")) {
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        expect(bytes.toString("utf8")).toContain("Jornada,Local,Visitante");
      } else {
        expect(Object.keys(JSON.parse(bytes.toString("utf8")).tablas)).toContain("predictions");
      }
    }
  });

  test("abre cada ruta de administración con estado 200", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    // HTTP only (same cookies as the page): the screens themselves are other tests' subject.
    for (const path of ADMIN_ROUTES) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.url(), path).toMatch(new RegExp(`${path}$`));
    }
  });
});

/** What a button's own class gives it, apart from hover and focus. */
function lookOf(button: Locator) {
  return button.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      padding: style.padding,
      borderRadius: style.borderRadius,
      borderStyle: style.borderTopStyle,
      fontSize: style.fontSize,
      fontWeight: style.fontWeight,
      height: style.height,
    };
  });
}
