import { expect, test, type BrowserContext, type Page } from "@playwright/test";

import { signedOutPage, signInAsAdminOn, startPrivateServer, type PrivateServer } from "./private-server";
import {
  field,
  fillRegisterForm,
  hydrated,
  login,
  newAccount,
  noToasts,
  PASSWORD,
  registerViaForm,
  SAME_ORIGIN,
  signUp,
  uniqueEmail,
  userMenuButton,
} from "./support";

/**
 * People (issue 4): 'Mi Perfil' (avatar URL, colour, reset link), /reset-password, the users
 * admin ('Nuevo Usuario', 'Editar', 'Eliminar', 'Eliminar Predicciones') and the roster.
 * Tests that change what the whole server does (the roster closes registration, an active phase
 * opens predictions) run against a server of their own, started by this file, so that the spec
 * files running in parallel on the shared server never see them.
 */

const INVALID_LINK = "El enlace no es válido, ya se usó o expiró. Pide uno nuevo.";
const NOT_LISTED = "Este correo electrónico no está en la lista de participantes";

/** A toast (role alert) holding this text. */
const toastWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/** The background colour the browser computes for a CSS colour expression (e.g. a Mantine variable). */
async function resolvedColor(page: Page, expression: string): Promise<string> {
  return page.evaluate((value) => {
    const probe = document.createElement("div");
    probe.style.backgroundColor = value;
    document.body.append(probe);
    const color = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return color;
  }, expression);
}

/** Keeps, from the first document on, the text of every toast (role alert) that ever appears. */
async function recordAlerts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __alerts: string[] }).__alerts = seen;
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('[role="alert"]')) {
        const text = alert.textContent ?? "";
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

async function alertsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __alerts: string[] }).__alerts);
}

/** The initials disc of the navbar's user menu (desktop). */
function navbarAvatar(page: Page, displayName: string) {
  // Laid over the user menu's button, beside it in the markup (the button's name is only the user's).
  return userMenuButton(page, displayName).locator("xpath=..").locator("span").first();
}

/** Sets a password on an open /reset-password page and waits for the signed-in home page. */
async function setNewPassword(page: Page, password: string): Promise<void> {
  await field(page, "Nueva contraseña").fill(password);
  await field(page, "Confirmar contraseña").fill(password);
  await page.getByRole("button", { name: "Guardar contraseña", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe("Mi Perfil", () => {
  test("URL del avatar: se guarda una https ('Perfil actualizado') y se quita con 'Eliminar foto' ('Avatar eliminado')", async ({
    page,
  }) => {
    const account = newAccount("avatar");
    await signUp(page, account);
    await page.goto("/profile");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Mi Perfil", level: 1 })).toBeVisible();
    const url = field(page, "URL del avatar");
    const remove = page.getByRole("button", { name: "Eliminar foto", exact: true });
    await expect(url).toHaveValue("");
    // No photo: nothing to remove, no button.
    await expect(remove).toHaveCount(0);

    // The picture cannot load offline: the saved value and the toast are what we check.
    await url.fill("https://example.com/a.png");
    await page.getByRole("button", { name: "Actualizar Perfil", exact: true }).click();
    await expect(toastWith(page, "Perfil actualizado")).toBeVisible();
    await expect(remove).toBeEnabled();
    await page.reload();
    await hydrated(page);
    await expect(url).toHaveValue("https://example.com/a.png");

    await remove.click();
    await expect(toastWith(page, "Avatar eliminado")).toBeVisible();
    await expect(remove).toHaveCount(0);
    // Its focus went to the field it emptied.
    await expect(url).toBeFocused();
    await page.reload();
    await expect(url).toHaveValue("");
  });

  test("tras 'Eliminar foto' el campo queda vacío y cambiar el color no devuelve la foto", async ({ page }) => {
    const account = newAccount("avatar-estado");
    await signUp(page, account);
    await page.goto("/profile");
    await hydrated(page);
    const url = field(page, "URL del avatar");
    await url.fill("https://example.com/b.png");
    await page.getByRole("button", { name: "Actualizar Perfil", exact: true }).click();
    await expect(toastWith(page, "Perfil actualizado")).toBeVisible();
    // A colour chosen, not saved yet: removing the photo (and the page's reload of its data that
    // follows) leaves it chosen.
    const red = page.getByRole("radiogroup", { name: "Color de fondo" }).getByRole("radio", { name: "Rojo" });
    await red.check();
    const remove = page.getByRole("button", { name: "Eliminar foto", exact: true });
    await remove.click();
    await expect(toastWith(page, "Avatar eliminado")).toBeVisible();
    await expect(remove).toHaveCount(0);
    await expect(red).toBeChecked();
    await expect(url).toHaveValue("");

    // The first save's toast may still be on screen: closed first, so the one awaited is this save's.
    await noToasts(page);
    await page.getByRole("button", { name: "Actualizar Perfil", exact: true }).click();
    await expect(toastWith(page, "Perfil actualizado")).toBeVisible();
    await page.reload();
    await expect(url).toHaveValue("", { timeout: 2_000 });
    await expect(red).toBeChecked();
  });

  test("una URL que no es https se rechaza con el mensaje en español y no se guarda", async ({ page }) => {
    const account = newAccount("avatar-http");
    await signUp(page, account);
    await page.goto("/profile");
    await hydrated(page);
    const url = field(page, "URL del avatar");
    await url.fill("http://example.com/a.png");
    await page.getByRole("button", { name: "Actualizar Perfil", exact: true }).click();
    await expect(url).toHaveAccessibleDescription(/La URL del avatar debe empezar con https:\/\//);
    await expect(toastWith(page, "La URL del avatar debe empezar con https://")).toBeVisible();
    await expect(page.getByRole("button", { name: "Eliminar foto", exact: true })).toHaveCount(0);
    await page.reload();
    await expect(url).toHaveValue("");
  });

  test("'Color de fondo' Verde se guarda y la barra lo muestra en el avatar", async ({ page }) => {
    const account = newAccount("color");
    await signUp(page, account);
    await page.goto("/profile");
    await hydrated(page);
    const avatar = navbarAvatar(page, account.name);
    await expect(avatar).toBeVisible();
    const blue = await resolvedColor(page, "var(--mantine-color-blue-filled)");
    const green = await resolvedColor(page, "var(--mantine-color-green-filled)");
    expect(green).not.toBe(blue);
    await expect(avatar).toHaveCSS("background-color", blue);

    const colours = page.getByRole("radiogroup", { name: "Color de fondo" });
    for (const name of ["Azul", "Verde", "Rojo", "Morado", "Naranja", "Rosa"]) {
      await expect(colours.getByRole("radio", { name, exact: true })).toBeVisible();
    }
    await expect(colours.getByRole("radio", { name: "Azul", exact: true })).toBeChecked();
    await colours.getByRole("radio", { name: "Verde", exact: true }).check();
    await page.getByRole("button", { name: "Actualizar Perfil", exact: true }).click();
    await expect(toastWith(page, "Perfil actualizado")).toBeVisible();
    await expect(avatar).toHaveCSS("background-color", green);

    // Kept: another page, after a reload; and the standings show the same colour on the row.
    await page.goto(`/rankings?buscar=${encodeURIComponent(account.name)}`);
    await expect(navbarAvatar(page, account.name)).toHaveCSS("background-color", green);
    const row = page
      .getByRole("table", { name: "Puntos Acumulados", exact: true })
      .getByRole("row")
      .filter({ hasText: account.name });
    await expect(row).toHaveCount(1);
    const rowAvatar = row.getByRole("cell").nth(1).locator("span").first();
    // 'Jugador x1y2z' → 'JX': first and last words.
    const words = account.name.split(" ");
    await expect(rowAvatar).toHaveText(`${words[0]![0]}${words.at(-1)![0]}`.toUpperCase());
    await expect(rowAvatar).toHaveCSS("background-color", green);
    await page.goto("/profile");
    await expect(
      page.getByRole("radiogroup", { name: "Color de fondo" }).getByRole("radio", { name: "Verde" }),
    ).toBeChecked();
  });

  test("'Generar enlace' da un enlace de un solo uso: fija la contraseña, entra, y la segunda vez se rechaza", async ({
    page,
    browser,
    baseURL,
    context,
  }) => {
    test.slow();
    const account = newAccount("enlace");
    await signUp(page, account);
    await page.goto("/profile");
    await hydrated(page);
    await expect(page.getByRole("textbox", { name: "Correo electrónico" })).toHaveValue(account.email);
    await page.getByRole("button", { name: "Generar enlace", exact: true }).click();
    await expect(toastWith(page, "Enlace generado")).toBeVisible();
    const linkField = page.getByRole("textbox", { name: "Enlace de restablecimiento" });
    await expect(linkField).toHaveAttribute("readonly", "");
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/reset-password\\?token=[A-Za-z0-9_-]+$`));

    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copiar", exact: true }).click();
    await expect(toastWith(page, "Enlace copiado")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // Served over plain http on a group's own network there is no Clipboard API: the copy command does it.
    await page.evaluate(() => navigator.clipboard.writeText("otra cosa"));
    await page.evaluate(() => Object.defineProperty(window, "isSecureContext", { value: false }));
    await page.getByRole("button", { name: "Copiar", exact: true }).click();
    await expect(toastWith(page, "Enlace copiado")).toHaveCount(2);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(page.getByRole("button", { name: "Copiar", exact: true })).toBeFocused();

    const other = await signedOutPage(browser, baseURL!);
    try {
      await other.page.goto(link);
      await hydrated(other.page);
      await expect(other.page.getByRole("heading", { name: "Restablecer contraseña", level: 1 })).toBeVisible();
      await expect(other.page.getByText(`Nueva contraseña para ${account.email}`)).toBeVisible();
      await setNewPassword(other.page, "clave-nueva-1");
      await expect(userMenuButton(other.page, account.name)).toBeVisible();
      await expect(toastWith(other.page, "Tu contraseña se actualizó.")).toBeVisible();
    } finally {
      await other.context.close();
    }

    // The session that asked for the link was ended by the new password.
    await page.reload();
    await expect(page).toHaveURL(/\/login/);

    const third = await signedOutPage(browser, baseURL!);
    try {
      await third.page.goto(link);
      await expect(third.page.getByRole("alert").filter({ hasText: "Enlace inválido" })).toContainText(INVALID_LINK);
      await expect(field(third.page, "Nueva contraseña")).toHaveCount(0);
      await login(third.page, account.email, "clave-nueva-1");
      await expect(userMenuButton(third.page, account.name)).toBeVisible();
    } finally {
      await third.context.close();
    }
  });

  test("'Cambiar contraseña' pide la actual: una equivocada se marca en su campo; la correcta cambia la contraseña y la sesión sigue", async ({
    page,
    request,
  }) => {
    const account = newAccount("cambio");
    await signUp(page, account);
    await page.goto("/profile");
    await hydrated(page);
    const section = page.getByRole("region", { name: "Cambiar contraseña" });
    const submit = section.getByRole("button", { name: "Cambiar contraseña", exact: true });
    await field(page, "Contraseña actual").fill("no-es-esta");
    await field(page, "Nueva contraseña").fill("nueva-clave-9");
    await field(page, "Confirmar contraseña").fill("nueva-clave-9");
    await submit.click();
    await expect(field(page, "Contraseña actual")).toHaveAccessibleDescription(/La contraseña actual no es correcta/);
    await expect(field(page, "Contraseña actual")).toHaveAttribute("aria-invalid", "true");

    await field(page, "Contraseña actual").fill(account.password);
    await submit.click();
    await expect(toastWith(page, "Contraseña actualizada")).toBeVisible();
    await expect(field(page, "Contraseña actual")).toHaveValue("");
    await expect(field(page, "Nueva contraseña")).toHaveValue("");
    // This browser stays signed in (its session was renewed); the old password no longer opens.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Mi Perfil", level: 1 })).toBeVisible();
    const signInWith = (password: string) =>
      request.post("/login", { headers: SAME_ORIGIN, form: { email: account.email, password }, maxRedirects: 0 });
    expect((await signInWith(account.password)).status()).toBe(401);
    expect((await signInWith("nueva-clave-9")).status()).toBe(302);
  });

  test("un visitante anónimo va a /login", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  });
});

test.describe("Gestionar Usuarios (administrador)", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdminOn(page.request, SAME_ORIGIN.Origin);
  });

  test("'Nuevo Usuario' crea la cuenta y su enlace; la persona fija su contraseña y luego inicia sesión", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const suffix = Math.random().toString(36).slice(2, 7);
    const person = { name: `Nueva Persona ${suffix}`, nickname: `Nuevita ${suffix} 🌮`, email: uniqueEmail("nuevo") };
    await page.goto("/admin/users");
    await hydrated(page);
    await page.getByRole("button", { name: "Nuevo Usuario", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo Usuario" });
    await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill(person.name);
    await dialog.getByRole("textbox", { name: "Apodo" }).fill(person.nickname);
    await dialog.getByRole("textbox", { name: "Correo electrónico" }).fill(person.email);
    await dialog.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(toastWith(page, "Usuario guardado")).toBeVisible();
    const linkField = dialog.getByRole("textbox", { name: "Enlace" });
    await expect(linkField).toBeVisible();
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/reset-password\?token=/);
    // Without the Clipboard API (plain http), the copy command works inside the dialog too.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate(() => Object.defineProperty(window, "isSecureContext", { value: false }));
    await dialog.getByRole("button", { name: "Copiar", exact: true }).click();
    await expect(toastWith(page, "Enlace copiado")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(dialog.getByRole("button", { name: "Copiar", exact: true })).toBeFocused();
    await dialog.getByRole("button", { name: "Cerrar", exact: true }).click();
    await expect(page.getByRole("row", { name: person.nickname })).toContainText(person.email);

    const invited = await signedOutPage(browser, baseURL!);
    try {
      await invited.page.goto(link);
      await expect(invited.page.getByText(`Nueva contraseña para ${person.email}`)).toBeVisible();
      await setNewPassword(invited.page, "mi-clave-123");
      await expect(userMenuButton(invited.page, person.nickname)).toBeVisible();
    } finally {
      await invited.context.close();
    }
    const later = await signedOutPage(browser, baseURL!);
    try {
      await login(later.page, person.email, "mi-clave-123");
      await expect(userMenuButton(later.page, person.nickname)).toBeVisible();
    } finally {
      await later.context.close();
    }
  });

  test("si el código del diálogo ya no está (la app se actualizó), 'Nuevo Usuario' recarga la página y luego abre", async ({
    page,
  }) => {
    await page.goto("/admin/users");
    await hydrated(page);
    // The dialog's chunk (ui/feedback/Dialog.tsx loads it on the first opening) as an old page would ask for it after a release.
    const dialogChunk = /\/assets\/LoadedModal-[\w-]+\.js$/;
    await page.route(dialogChunk, (route) => route.abort());
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Nuevo Usuario", exact: true }).click();
    await reloaded;
    await page.unroute(dialogChunk);
    await hydrated(page);
    await page.getByRole("button", { name: "Nuevo Usuario", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Nuevo Usuario" })).toBeVisible();
  });

  test("'Editar' cambia el apodo ('Usuario guardado')", async ({ page, playwright, baseURL }) => {
    const account = newAccount("editar");
    const api = await playwright.request.newContext({ baseURL });
    await registerViaForm(api, account);
    await api.dispose();

    await page.goto("/admin/users");
    await hydrated(page);
    const row = page.getByRole("row", { name: account.name, exact: true });
    const edit = row.getByRole("button", { name: "Editar", exact: true });
    await edit.click();
    const dialog = page.getByRole("dialog", { name: "Editar usuario" });
    // The dialog's code loads on this first opening (ui/feedback/Dialog.tsx): the focus goes inside, and
    // Escape gives it back to the button; the keyboard then opens it again.
    await expect(dialog.getByRole("textbox", { name: "Correo electrónico" })).toHaveValue(account.email);
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("textbox", { name: "Correo electrónico" })).toHaveValue(account.email);
    const nickname = `Apodo ${Math.random().toString(36).slice(2, 7)} ⚽`;
    await dialog.getByRole("textbox", { name: "Apodo" }).fill(nickname);
    await dialog.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(toastWith(page, "Usuario guardado")).toBeVisible();
    await expect(dialog).toBeHidden();
    const renamed = page.getByRole("row", { name: nickname, exact: true });
    await expect(renamed).toContainText(account.email);
    await expect(renamed).toContainText(account.name);
  });

  test("'Eliminar' pide confirmación; 'Cancelar' no borra, 'Confirmar' borra la fila", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const account = newAccount("eliminar");
    const api = await playwright.request.newContext({ baseURL });
    await registerViaForm(api, account);
    await api.dispose();

    await page.goto("/admin/users");
    await hydrated(page);
    const row = page.getByRole("row", { name: account.name, exact: true });
    await row.getByRole("button", { name: "Eliminar", exact: true }).click();
    let dialog = page.getByRole("dialog", { name: "Eliminar usuario" });
    await expect(dialog).toContainText(account.name);
    await dialog.getByRole("button", { name: "Cancelar", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
    // The first confirmation loaded the dialogs' code (ui/feedback/Confirm.tsx); the focus is back on the button.
    await expect(row.getByRole("button", { name: "Eliminar", exact: true })).toBeFocused();

    await row.getByRole("button", { name: "Eliminar", exact: true }).click();
    dialog = page.getByRole("dialog", { name: "Eliminar usuario" });
    await dialog.getByRole("button", { name: "Confirmar", exact: true }).click();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("row", { name: account.name, exact: true })).toHaveCount(0);
    // The account is gone: its password no longer signs in.
    const signIn = await playwright.request.newContext({ baseURL }).then((api) =>
      api.post("/login", {
        headers: SAME_ORIGIN,
        form: { email: account.email, password: account.password },
        maxRedirects: 0,
      }),
    );
    expect(signIn.status()).toBe(401);
  });

  /*
   * The toast of a deletion comes from the page, not from the row that the answer unmounts.
   * The race only showed under load: CPU throttling (THROTTLE, default 6) makes it likely.
   */
  test("'Eliminar' → 'Confirmar' muestra el aviso 'Usuario eliminado' aunque la fila desaparezca", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const account = newAccount("eliminar-aviso");
    const api = await playwright.request.newContext({ baseURL });
    await registerViaForm(api, account);
    await api.dispose();

    await recordAlerts(page);
    await page.goto("/admin/users");
    await hydrated(page);
    const row = page.getByRole("row", { name: account.name, exact: true });
    await row.getByRole("button", { name: "Eliminar", exact: true }).click();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.env.THROTTLE ?? 6) });
    await page
      .getByRole("dialog", { name: "Eliminar usuario" })
      .getByRole("button", { name: "Confirmar", exact: true })
      .click();
    await expect(row).toHaveCount(0, { timeout: 20_000 });
    await page.waitForTimeout(1_000);
    expect(await alertsSeen(page)).toContainEqual(expect.stringContaining("Usuario eliminado"));
  });
});

test.describe("con un servidor propio", () => {
  test.describe.configure({ mode: "serial" });

  let server: PrivateServer;
  let admin: { context: BrowserContext; page: Page };

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    server = await startPrivateServer("people");
    admin = await signedOutPage(browser, server.url);
    await signInAsAdminOn(admin.page.request, server.url);
  });

  test.afterAll(async () => {
    // The roster dies with the server; empty it anyway, in case someone reuses the data.
    await admin?.page.request
      .post("/admin/users", { headers: { Origin: server.url }, form: { intent: "save-roster", roster: "" } })
      .catch(() => undefined);
    await admin?.context.close();
    await server?.close();
  });

  test("la lista de participantes rechaza un correo no listado; uno listado toma su apodo; vacía, el registro se abre", async ({
    browser,
  }) => {
    test.slow();
    const listed = {
      name: "María Listada",
      email: uniqueEmail("listada"),
      password: PASSWORD,
      nickname: "La Listada 🌟",
    };
    const stranger = { name: "Persona Extraña", email: uniqueEmail("extrana"), password: PASSWORD };
    const page = admin.page;
    await page.goto("/admin/users");
    await hydrated(page);
    const roster = page.getByRole("textbox", { name: "Correos permitidos" });
    await expect(page.getByText("Registro abierto", { exact: true })).toBeVisible();
    await roster.fill(`${listed.email}, ${listed.nickname}`);
    await page.getByRole("button", { name: "Guardar lista", exact: true }).click();
    // One e-mail: the singular, in the toast and on the badge.
    await expect(toastWith(page, "1 correo permitido")).toBeVisible();
    await expect(page.getByText("1 correo", { exact: true })).toBeVisible();

    const visitor = await signedOutPage(browser, server.url);
    try {
      await visitor.page.goto("/register");
      await hydrated(visitor.page);
      await fillRegisterForm(visitor.page, stranger);
      await visitor.page.getByRole("button", { name: "Registrarse", exact: true }).click();
      await expect(toastWith(visitor.page, NOT_LISTED)).toBeVisible();
      await expect(visitor.page).toHaveURL(/\/register$/);

      await fillRegisterForm(visitor.page, listed);
      await visitor.page.getByRole("button", { name: "Registrarse", exact: true }).click();
      await expect(visitor.page).toHaveURL(/\/$/);
      await expect(userMenuButton(visitor.page, listed.nickname)).toBeVisible();
    } finally {
      await visitor.context.close();
    }

    await roster.fill("");
    await page.getByRole("button", { name: "Guardar lista", exact: true }).click();
    await expect(toastWith(page, "Lista vacía: el registro queda abierto a cualquier correo")).toBeVisible();
    await expect(page.getByText("Registro abierto", { exact: true })).toBeVisible();

    const reopened = await signedOutPage(browser, server.url);
    try {
      await reopened.page.goto("/register");
      await hydrated(reopened.page);
      await fillRegisterForm(reopened.page, stranger);
      await reopened.page.getByRole("button", { name: "Registrarse", exact: true }).click();
      await expect(reopened.page).toHaveURL(/\/$/);
      await expect(userMenuButton(reopened.page, stranger.name)).toBeVisible();
    } finally {
      await reopened.context.close();
    }
  });

  test("'Eliminar Predicciones' pide confirmación y borra los pronósticos ('Predicciones eliminadas')", async ({
    browser,
  }) => {
    const player = newAccount("pronosticos");
    const page = admin.page;
    // Open the first phase for predictions (only on this server), as its 'Activar Jornada' button does.
    const matchesPage = await (await page.request.get("/admin/matches")).text();
    const phaseId = matchesPage.match(/name="phaseId" value="(\d+)"/)?.[1];
    expect(phaseId, "jornada en /admin/matches").toBeDefined();
    const phase = await page.request.post("/admin/matches", {
      headers: { Origin: server.url },
      form: { intent: "toggle-phase", phaseId: phaseId!, active: "1" },
    });
    expect(phase.status()).toBe(200);

    const own = await signedOutPage(browser, server.url);
    try {
      await signUp(own.page, player, server.url);
      const home = await (await own.page.request.get("/")).text();
      const ids = [...new Set([...home.matchAll(/name="home-(\d+)"/g)].map((m) => m[1]!))].slice(0, 2);
      expect(ids).toHaveLength(2);
      const body = new URLSearchParams();
      for (const id of ids) {
        body.append("matchId", id);
        body.append(`home-${id}`, "2");
        body.append(`away-${id}`, "1");
      }
      const saved = await own.page.request.post("/?index", {
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        data: body.toString(),
      });
      expect(saved.status()).toBe(200);
    } finally {
      await own.context.close();
    }

    await page.goto("/admin/users");
    await hydrated(page);
    const row = page.getByRole("row", { name: player.name, exact: true });
    await expect(row.getByRole("cell").nth(3)).toHaveText("2");
    await row.getByRole("button", { name: "Eliminar Predicciones", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Eliminar pronósticos" });
    // The count it deletes, and where: the season not finished (this server's only one).
    await expect(dialog).toContainText(`Se eliminarán 2 pronósticos de ${player.name} en «Liga MX Clausura 2024».`);
    await dialog.getByRole("button", { name: "Confirmar", exact: true }).click();
    const done = toastWith(page, "Predicciones eliminadas");
    await expect(done).toBeVisible();
    await expect(done).toContainText("2 pronósticos eliminados");
    await expect(row.getByRole("cell").nth(3)).toHaveText("0");
    await expect(row).toBeVisible();
  });
});
