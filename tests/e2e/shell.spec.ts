import { expect, test, type Locator, type Page } from "@playwright/test";

import { hydrated, newAccount, signUp, userMenuButton } from "./support";

const SCHEME_ATTR = "data-mantine-color-scheme";

/** 'Inicio', or with the count of missing picks ('Inicio, te faltan 3 pronósticos'). */
const HOME_LINK = /^Inicio(, te faltan? \d+ pronósticos?)?$/;
/** A target a thumb hits (WCAG 2.5.5): 44 × 44 CSS pixels at least. */
async function expectThumbSized(target: Locator, what: string): Promise<void> {
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.width, `${what}: ancho`).toBeGreaterThanOrEqual(44);
  expect(box!.height, `${what}: alto`).toBeGreaterThanOrEqual(44);
}

/** The area two boxes share, in CSS pixels² (0 when they do not touch). */
function overlap(a: Box | null, b: Box | null): number {
  expect(a).not.toBeNull();
  expect(b).not.toBeNull();
  const width = Math.min(a!.x + a!.width, b!.x + b!.width) - Math.max(a!.x, b!.x);
  const height = Math.min(a!.y + a!.height, b!.y + b!.height) - Math.max(a!.y, b!.y);
  return Math.max(0, width) * Math.max(0, height);
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * Records, from the very start of every document, the colour scheme the <html> element has when
 * <body> is first parsed (before anything can be painted) and every later value of the attribute.
 */
async function recordColorScheme(page: Page): Promise<void> {
  await page.addInitScript((attr) => {
    const log: { atBody: string | null; changes: (string | null)[] } = { atBody: null, changes: [] };
    (window as unknown as { __scheme: typeof log }).__scheme = log;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === "attributes" && mutation.target === document.documentElement) {
          log.changes.push(document.documentElement.getAttribute(attr));
        }
        for (const node of mutation.addedNodes) {
          if (node.nodeName === "BODY") log.atBody = document.documentElement.getAttribute(attr);
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: [attr] });
  }, SCHEME_ATTR);
}

async function schemeLog(page: Page) {
  return page.evaluate(
    () => (window as unknown as { __scheme: { atBody: string | null; changes: (string | null)[] } }).__scheme,
  );
}

test.describe("modo oscuro", () => {
  test("el interruptor 'Modo oscuro' cambia el tema y se conserva al recargar, sin destello", async ({ page }) => {
    const account = newAccount("oscuro");
    await signUp(page, account);
    await page.goto("/");
    const html = page.locator("html");
    await expect(html).toHaveAttribute(SCHEME_ATTR, "light");

    await userMenuButton(page, account.name).click();
    const toggle = page.getByRole("switch", { name: "Modo oscuro", exact: true });
    await expect(toggle).not.toBeChecked();
    const themeColor = page.locator('meta[name="theme-color"]');
    await expect(themeColor).toHaveAttribute("content", "#ffffff");
    await toggle.click();
    await expect(html).toHaveAttribute(SCHEME_ATTR, "dark");
    await expect(toggle).toBeChecked();
    // The browser's frame (a phone's status bar, the installed app's title bar) follows the switch.
    await expect(themeColor).toHaveAttribute("content", "#242424");

    // Reload: dark already before hydration (the inline script in <head>), and never light after.
    await recordColorScheme(page);
    await page.reload({ waitUntil: "commit" });
    await page.waitForLoadState("domcontentloaded");
    expect(await html.getAttribute(SCHEME_ATTR)).toBe("dark");
    await page.waitForLoadState("load");
    await expect(userMenuButton(page, account.name)).toBeVisible();
    await expect(html).toHaveAttribute(SCHEME_ATTR, "dark");
    const log = await schemeLog(page);
    expect(log.atBody).toBe("dark");
    expect(log.changes).not.toContain("light");

    // The switch shows the kept choice, and switching back works.
    await userMenuButton(page, account.name).click();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(html).toHaveAttribute(SCHEME_ATTR, "light");
    await expect(themeColor).toHaveAttribute("content", "#ffffff");
    await page.reload();
    await expect(html).toHaveAttribute(SCHEME_ATTR, "light");
  });

  test("un visitante nuevo empieza en claro aunque el sistema pida oscuro", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "dark" });
    try {
      const page = await context.newPage();
      expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(true);
      await recordColorScheme(page);
      await page.goto("/login");
      await expect(page.getByRole("heading", { name: "Iniciar Sesión", level: 1 })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute(SCHEME_ATTR, "light");
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#ffffff");
      const log = await schemeLog(page);
      expect(log.atBody).toBe("light");
      expect(log.changes).not.toContain("dark");
    } finally {
      await context.close();
    }
  });
});

test.describe("teléfono", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: false, hasTouch: true });

  test("el botón 'Abrir menú' muestra la navegación y lleva a Puntuaciones", async ({ page }) => {
    const account = newAccount("telefono");
    await signUp(page, account);
    await page.goto("/");

    // Named 'Abrir menú, te faltan …' while a jornada this shared server opened waits for the new player.
    const burger = page.getByRole("button", { name: /^Abrir menú(, te falta)?/ });
    await expect(burger).toBeVisible();
    await expectThumbSized(burger, "Abrir menú");
    // Desktop navigation and user menu are hidden on phones.
    await expect(page.getByRole("navigation", { name: "Principal" })).toBeHidden();
    await expect(userMenuButton(page, account.name)).toBeHidden();

    await burger.click();
    const drawer = page.getByRole("dialog", { name: "Menú" });
    await expect(drawer).toBeVisible();
    // 'Inicio' says the player's missing picks when the shared server's season has some open.
    await expect(drawer.getByRole("link", { name: HOME_LINK })).toBeVisible();
    for (const name of ["Puntuaciones", "Quinielas", "Mi Perfil"]) {
      await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole("button", { name: "Cerrar Sesión", exact: true })).toBeVisible();
    await expect(drawer.getByRole("switch", { name: "Modo oscuro", exact: true })).toBeVisible();
    await expect(drawer.getByText(account.name, { exact: true })).toBeVisible();
    // A normal user has no admin section.
    await expect(drawer.getByText("Administración", { exact: true })).toHaveCount(0);

    await drawer.getByRole("link", { name: "Puntuaciones", exact: true }).click();
    await expect(page).toHaveURL(/\/rankings$/);
    await expect(page.getByRole("heading", { name: "Tabla de Posiciones", level: 1 })).toBeVisible();
    await expect(drawer).toBeHidden();
  });

  test("'Cerrar Sesión' en el menú del teléfono cierra la sesión", async ({ page }) => {
    await signUp(page, newAccount("telefono-salir"));
    await page.goto("/");
    await page.getByRole("button", { name: /^Abrir menú/ }).click();
    await page
      .getByRole("dialog", { name: "Menú" })
      .getByRole("button", { name: "Cerrar Sesión", exact: true })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    // The drawer closed behind the sent form.
    await expect(page.getByRole("dialog", { name: "Menú" })).toBeHidden();
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("la página no se desborda a lo ancho en el teléfono, sus fichas miden 44 px y los avisos no tapan el título", async ({
    page,
  }) => {
    await signUp(page, newAccount("ancho"));
    let chips = 0;
    for (const path of ["/", "/rankings", "/profile", "/quinielas", "/quiniela/quinielas-capturadas"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      // The chips of PhaseNav (a page's jornadas) and of the table's two views share one look.
      for (const nav of ["Vistas de la tabla", "Jornadas", "Partidos por jornada"]) {
        for (const chip of await page.getByRole("navigation", { name: nav, exact: true }).getByRole("link").all()) {
          await expectThumbSized(chip, `${path} · ${nav}: ${await chip.textContent()}`);
          chips += 1;
        }
      }
    }
    // At least /rankings' two views ('Temporada', 'Histórico') were measured.
    expect(chips).toBeGreaterThanOrEqual(2);

    // /profile, the last page with a form: an error, then a success.
    await page.goto("/profile");
    await hydrated(page);
    const title = page.getByRole("heading", { name: "Mi Perfil", level: 1 });
    await page.getByRole("textbox", { name: "URL del avatar", exact: true }).fill("http://example.com/a.png");
    await page.getByRole("button", { name: "Actualizar Perfil", exact: true }).click();
    const refused = page.getByRole("alert").filter({ hasText: "La URL del avatar debe empezar con https://" });
    await expect(refused).toBeVisible();
    expect(overlap(await refused.boundingBox(), await title.boundingBox()), "el aviso tapa el título").toBe(0);
    // A later success replaces the error at once (an error is about the last try), not after its 3 s.
    await page.getByRole("button", { name: "Generar enlace", exact: true }).click();
    const done = page.getByRole("alert").filter({ hasText: "Enlace generado" });
    await expect(done).toBeVisible();
    await expect(refused).toHaveCount(0, { timeout: 1_000 });
    expect(overlap(await done.boundingBox(), await title.boundingBox()), "el aviso tapa el título").toBe(0);
  });
});

test("un anónimo en escritorio ve 'Iniciar Sesión', 'Registrarse' y la marca 'Quinielas'", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "es-MX");
  await expect(page).toHaveTitle("Iniciar Sesión · Quiniela");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Iniciar Sesión", exact: true })).toBeVisible();
  await expect(header.getByRole("link", { name: "Registrarse", exact: true })).toBeVisible();
  const brand = header.getByRole("link", { name: "Quinielas", exact: true });
  await expect(brand).toHaveCount(1);
  await expect(brand).toHaveAttribute("href", "/");
  await expect(page.getByRole("button", { name: /^Abrir menú/ })).toBeHidden();

  await header.getByRole("link", { name: "Registrarse", exact: true }).click();
  await expect(page).toHaveURL(/\/register$/);
  await header.getByRole("link", { name: "Iniciar Sesión", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("con sesión en escritorio la barra muestra 'Inicio', 'Puntuaciones', 'Quinielas' y la marca", async ({ page }) => {
  const account = newAccount("barra");
  await signUp(page, account);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Principal" });
  await expect(nav.getByRole("link", { name: HOME_LINK })).toBeVisible();
  for (const name of ["Puntuaciones", "Quinielas"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  const header = page.getByRole("banner");
  // The brand and the nav link share the name 'Quinielas'; the brand is the first, and goes home.
  await expect(header.getByRole("link", { name: "Quinielas", exact: true }).first()).toHaveAttribute("href", "/");
  await expect(header.getByRole("link", { name: "Iniciar Sesión" })).toHaveCount(0);

  await nav.getByRole("link", { name: "Quinielas", exact: true }).click();
  await expect(page).toHaveURL(/\/quiniela\/quinielas-capturadas$/);
  await userMenuButton(page, account.name).click();
  await page.getByRole("menuitem", { name: "Mi Perfil" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "Mi Perfil", level: 1 })).toBeVisible();
  // The pools live in the user menu.
  await userMenuButton(page, account.name).click();
  await page.getByRole("menuitem", { name: "Mis Quinielas" }).click();
  await expect(page).toHaveURL(/\/quinielas$/);
  await expect(page.getByRole("heading", { name: "Mis Quinielas", level: 1 })).toBeVisible();
});

test("el menú del usuario se abre con el teclado, con el foco dentro, y Escape devuelve el foco al botón", async ({
  page,
}) => {
  const account = newAccount("teclado");
  await signUp(page, account);
  await page.goto("/");
  await hydrated(page);
  const button = userMenuButton(page, account.name);
  // The first opening also loads the menu's code (ui/layout/NavbarMenus.tsx); the second is Mantine's alone.
  for (const time of ["primera", "segunda"]) {
    await button.focus();
    await page.keyboard.press("Enter");
    // Mantine's focus trap takes the first control it finds (the 'Modo oscuro' switch).
    await expect(page.getByRole("menu").locator(":focus"), `${time} vez`).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu"), `${time} vez`).toHaveCount(0);
    await expect(button, `${time} vez`).toBeFocused();
  }
});

test("si el código del menú ya no está (la app se actualizó), el clic recarga la página y el menú abre", async ({
  page,
}) => {
  const account = newAccount("recarga");
  await signUp(page, account);
  await page.goto("/");
  await hydrated(page);
  // The menus' chunk (ui/layout/NavbarMenus.tsx) as an old page would ask for it after a new release.
  const menusChunk = /\/assets\/NavbarMenus-[\w-]+\.js$/;
  await page.route(menusChunk, (route) => route.abort());
  const reloaded = page.waitForEvent("load");
  await userMenuButton(page, account.name).click();
  await reloaded;
  await page.unroute(menusChunk);
  await hydrated(page);
  await userMenuButton(page, account.name).click();
  await expect(page.getByRole("menuitem", { name: "Mi Perfil" })).toBeVisible();
});
