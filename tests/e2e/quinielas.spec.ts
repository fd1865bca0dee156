import { expect, test, type APIRequest, type Browser, type Locator, type Page } from "@playwright/test";

import { expectAccessible } from "./axe";
import {
  ADMIN,
  ensureAdmin,
  expectToast,
  field,
  fillRegisterForm,
  hydrated,
  newAccount,
  recordDataRequests,
  registerViaForm,
  SAME_ORIGIN,
  signIn,
  signUp,
  toast,
} from "./support";

/**
 * Pools in the browser: A creates one, B joins through the invite link, both predict its match
 * with the same form as the home page, the pool's table shows who leads, and outsiders are refused.
 */

// A phase no other browser test touches, so activating it here changes nobody else's screen.
const PHASE = "Jornada 12";

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Clicks a button that opens a dialog, again if the first click came before the app was ready. */
async function openDialog(button: Locator, dialog: Locator) {
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click({ timeout: 2_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The admin opens the phase for predictions on /admin/matches ('Activar Jornada'). */
async function activatePhase(browser: Browser) {
  const admin = await newPage(browser);
  try {
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto("/admin/matches");
    await hydrated(admin);
    const card = admin.getByRole("region", { name: PHASE, exact: true });
    const activate = card.getByRole("button", { name: "Activar Jornada", exact: true });
    if (await activate.isVisible()) await activate.click();
    await expect(card.getByRole("button", { name: "Desactivar Jornada", exact: true })).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await admin.context().close();
  }
}

/** Fills both scores of a match in the prediction form and saves. */
async function predict(page: Page, label: string, home: number, away: number) {
  const [local, visitor] = label.split(" vs ") as [string, string];
  const match = page.getByRole("group", { name: label, exact: true });
  await match.getByRole("spinbutton", { name: `Goles de ${local}`, exact: true }).fill(String(home));
  await match.getByRole("spinbutton", { name: `Goles de ${visitor}`, exact: true }).fill(String(away));
  // The answer brings the pool's page as it now is: one request, no reload of its data after it.
  const dataRequests = recordDataRequests(page);
  await page.getByRole("button", { name: "Guardar Pronósticos", exact: true }).click();
  // Picks are final in Clausura 2024: the save shows them for a review first.
  const review = page.getByRole("dialog", { name: "Revisa tus pronósticos: no podrás cambiarlos", exact: true });
  await expect(review.getByRole("listitem")).toHaveText([new RegExp(`^${local}\\s*${home} – ${away}\\s*${visitor}$`)]);
  await review.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expect(toast(page, "Tus predicciones han sido guardadas")).toBeVisible({ timeout: 15_000 });
  await expect(match.getByLabel("Tu pronóstico")).toHaveText(`${home} – ${away}`);
  expect(dataRequests.stop()).toEqual([expect.stringMatching(/^POST \/quiniela\/\d+\.data$/)]);
}

test("A crea una quiniela, B se une con el enlace, ambos pronostican y la tabla los ordena", async ({
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(150_000);
  // Only this test needs the admin (two workers registering it at once would collide).
  await ensureAdmin(playwright, testInfo.project.use.baseURL);
  await activatePhase(browser);

  // A creates the pool with one match of the phase.
  const a = await newPage(browser);
  const accountA = newAccount("creador");
  await signUp(a, accountA);
  await a.goto("/quinielas");
  await hydrated(a);
  await expect(a.getByRole("heading", { name: "Mis Quinielas", level: 1 })).toBeVisible();
  await expect(a.getByText("No hay quinielas disponibles", { exact: true })).toBeVisible();
  await a.getByRole("link", { name: "Crear Quiniela", exact: true }).click();
  await expect(a.getByRole("heading", { name: "Crear Quiniela", level: 1 })).toBeVisible();
  await hydrated(a);

  // Nothing chosen: the form says so, in Spanish, before any request.
  await a.getByRole("button", { name: "Crear Quiniela", exact: true }).click();
  await expect(a.getByText("El nombre de la quiniela es obligatorio")).toBeVisible();
  await expect(a.getByText("Selecciona al menos un partido")).toBeVisible();

  const name = `Oficina ${Math.random().toString(36).slice(2, 6)}`;
  await field(a, "Nombre").fill(name);
  // A whole phase ticks all its matches at once …
  const wholePhase = a.getByRole("checkbox", { name: `Todos los partidos de ${PHASE}`, exact: true });
  await wholePhase.check();
  await expect(a.getByText(/^\d+ partidos elegidos$/)).toBeVisible();
  await wholePhase.uncheck();
  await expect(a.getByText("0 partidos elegidos", { exact: true })).toBeVisible();
  // … or the phase opens to pick single matches.
  await a.getByRole("button", { name: new RegExp(`^${PHASE}:`) }).click();
  const firstMatch = a
    .getByRole("group", { name: `Partidos de ${PHASE}` })
    .getByRole("checkbox")
    .first();
  // Its label is the match's name everywhere: '{local} vs {visitante}'.
  const label = await firstMatch.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? "");
  expect(label).toMatch(/^.+ vs .+$/);
  await firstMatch.check();
  await expect(a.getByText("1 partido elegido", { exact: true })).toBeVisible();
  // Part of a phase: its box reads 'mixed', and its button says how many of the phase are chosen.
  await expect(wholePhase).toBeChecked({ indeterminate: true });
  await expect(a.getByRole("button", { name: new RegExp(`^${PHASE}: 1 de \\d+ partidos elegidos$`) })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await a.getByRole("button", { name: "Crear Quiniela", exact: true }).click();

  await expect(a).toHaveURL(/\/quiniela\/\d+$/, { timeout: 15_000 });
  const poolPath = new URL(a.url()).pathname;
  await expect(a.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(toast(a, "Quiniela creada")).toBeVisible();
  await expect(a.getByRole("group", { name: label, exact: true })).toBeVisible();

  // The invite link opens the owner's page, above the table: 'Compartir' hands it to the phone's
  // share sheet …
  const inviteBar = a.getByRole("region", { name: "Invita a tu grupo" });
  const invite = await inviteBar.getByRole("textbox", { name: "Enlace de invitación" }).inputValue();
  expect(invite).toMatch(/\/quiniela\/\d+\/unirse\?codigo=[A-Za-z0-9_-]+$/);
  const barBox = (await inviteBar.boundingBox())!;
  const tableBox = (await a.getByRole("region", { name: "Tabla de Posiciones" }).boundingBox())!;
  expect(barBox.y).toBeLessThan(tableBox.y);
  const share = inviteBar.getByRole("button", { name: "Compartir", exact: true });
  await a.evaluate(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: async (data: ShareData) => void shared.push(data),
    });
    Object.defineProperty(navigator, "canShare", { configurable: true, value: () => true });
  });
  await share.click();
  await expect
    .poll(() => a.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
    .toEqual([{ url: invite, title: `Quiniela «${name}»`, text: `Únete a la quiniela «${name}»` }]);
  // … or, where there is none, copies it.
  await a.evaluate(() => {
    Object.defineProperty(navigator, "share", { configurable: true, value: undefined });
    Object.defineProperty(navigator, "canShare", { configurable: true, value: undefined });
  });
  await share.click();
  await expect(toast(a, "Enlace copiado")).toBeVisible();
  // A browser that refuses both ways of copying gets told so, not 'Enlace copiado'.
  await a.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error("denegado"));
    document.execCommand = () => false;
  });
  await share.click();
  await expect(toast(a, "No se pudo copiar el enlace: selecciónalo y cópialo a mano.")).toBeVisible();

  // B, without an account, opens the link: /login names the pool and who invites, so does
  // 'Registrarse', and B comes back to the link after signing up.
  const invitePath = new URL(invite).pathname + new URL(invite).search;
  const invitation = `Te invitaron a la quiniela «${name}» de ${accountA.name}`;
  const b = await newPage(browser);
  const accountB = newAccount("invitado");
  await b.goto(invitePath);
  await expect(b).toHaveURL(/\/login\?redirectTo=/);
  await expect(b.getByRole("region", { name: "Invitación" })).toHaveText(new RegExp(`^${invitation}`));
  await b.getByRole("main").getByRole("link", { name: "Registrarse", exact: true }).click();
  await expect(b).toHaveURL(/\/register\?redirectTo=/);
  await expect(b.getByRole("region", { name: "Invitación" })).toHaveText(new RegExp(`^${invitation}`));
  await fillRegisterForm(b, accountB);
  await b.getByRole("button", { name: "Registrarse", exact: true }).click();
  // Opening the link only shows the pool; B joins with 'Unirme'.
  await expect(b.getByRole("heading", { name: "Unirse a una quiniela", level: 1 })).toBeVisible();
  expect(new URL(b.url()).pathname + new URL(b.url()).search).toBe(invitePath);
  await expect(b.getByRole("heading", { name, level: 2 })).toBeVisible();
  await hydrated(b);
  await b.getByRole("button", { name: "Unirme", exact: true }).click();
  await expect(b).toHaveURL(new RegExp(`${poolPath}$`), { timeout: 15_000 });
  await hydrated(b);
  await expectToast(b, "Éxito", "Te uniste a la quiniela");
  await expect(b.getByRole("region", { name: "Participantes" }).getByText(accountA.name)).toBeVisible();
  await expect(b.getByRole("region", { name: "Administrar quiniela" })).toHaveCount(0);
  await expect(b.getByRole("region", { name: "Invita a tu grupo" })).toHaveCount(0);
  const matchId = (await b
    .getByRole("group", { name: label, exact: true })
    .getByRole("spinbutton")
    .first()
    .getAttribute("name"))!.replace("home-", "");
  await predict(b, label, 2, 1);
  await a.reload();
  await hydrated(a);
  await predict(a, label, 1, 1);

  // The official result 2-1: B's exact score (3) leads A's wrong outcome (0).
  const adminPage = await newPage(browser);
  await signIn(adminPage, ADMIN.email, ADMIN.password);
  const saved = await adminPage.request.post("/admin/results", {
    headers: SAME_ORIGIN,
    form: { intent: "save-result", matchId, home: "2", away: "1" },
  });
  expect(saved.status()).toBe(200);
  await adminPage.context().close();

  await b.reload();
  const table = b.getByRole("table", { name: "Posiciones de la quiniela" });
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(accountB.name);
  await expect(rows.nth(1).getByRole("cell").nth(3)).toHaveText("3");
  await expect(rows.nth(2)).toContainText(accountA.name);
  await expect(rows.nth(2).getByRole("cell").nth(3)).toHaveText("0");

  // Now that the match has its result, B sees A's pick in the pool's picks grid.
  const grid = b.getByRole("table", { name: `Pronósticos de ${PHASE}` });
  await expect(grid.getByRole("row", { name: new RegExp(accountA.name) })).toContainText("1-1");
  await expect(grid.getByRole("row", { name: new RegExp(accountB.name) })).toContainText("2-1");
  // Under the grid, what the pool's two participants picked for the match.
  await expect(
    b
      .getByRole("listitem")
      .filter({ hasText: label })
      .getByText("Local 50 % · Empate 50 % · Visitante 0 % · Más elegido: 1 - 1 y 2 - 1", { exact: true }),
  ).toBeVisible();

  // Every name on the pool's page leads to that player's page, the standings' as the others.
  const participants = b.getByRole("region", { name: "Participantes", exact: true });
  for (const account of [accountA, accountB]) {
    const href = await table.getByRole("link", { name: account.name, exact: true }).getAttribute("href");
    expect(href).toMatch(/^\/jugador\/[^/?]+$/);
    await expect(participants.getByRole("link", { name: account.name, exact: true })).toHaveAttribute("href", href!);
    await expect(grid.getByRole("link", { name: account.name, exact: true })).toHaveAttribute("href", href!);
  }
  await expectAccessible(b, "la quiniela con sus enlaces a los jugadores");
  await grid.getByRole("link", { name: accountA.name, exact: true }).click();
  await expect(b.getByRole("heading", { level: 1, name: accountA.name, exact: true })).toBeVisible();
  await b.goBack();
  await participants.getByRole("link", { name: accountB.name, exact: true }).click();
  await expect(b.getByRole("heading", { level: 1, name: accountB.name, exact: true })).toBeVisible();

  // B's list shows the pool.
  await b.goto("/quinielas");
  await hydrated(b);
  const card = b.getByRole("article", { name });
  await expect(card).toContainText("1partido");
  await expect(card).toContainText("2participantes");
  await card.getByRole("link", { name: "Ver Detalles", exact: true }).click();
  await expect(b).toHaveURL(new RegExp(`${poolPath}$`));

  // Someone outside the pool is refused.
  const c = await newPage(browser);
  await signUp(c, newAccount("ajeno"));
  const refused = await c.goto(poolPath);
  expect(refused?.status()).toBe(403);
  await expect(c.getByRole("heading", { name: "No tienes acceso a esta página", level: 1 })).toBeVisible();
  await expect(c.getByText(name)).toHaveCount(0);

  for (const page of [a, b, c]) await page.context().close();
});

test("el creador renueva el enlace; 'Mis Quinielas' dice 'Cargando quinielas...' o su error; borrar pide confirmación", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await newPage(browser);
  await signUp(page, newAccount("dueno"));
  const created = await page.request.post("/quiniela/new", {
    headers: SAME_ORIGIN,
    form: { name: "Para borrar", matchId: "1" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await page.goto(created.headers()["location"]!);
  await hydrated(page);

  const tools = page.getByRole("region", { name: "Administrar quiniela" });
  const link = page
    .getByRole("region", { name: "Invita a tu grupo" })
    .getByRole("textbox", { name: "Enlace de invitación" });
  const before = await link.inputValue();
  const renew = page.getByRole("dialog", { name: "Renovar enlace de invitación" });
  await openDialog(tools.getByRole("button", { name: "Renovar enlace", exact: true }), renew);
  await renew.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expect(toast(page, "Enlace renovado")).toBeVisible();
  await expect(link).not.toHaveValue(before, { timeout: 15_000 });

  // Renaming: the toast, the new title, and the field keeps the new name.
  const nameField = tools.getByRole("textbox", { name: "Nombre" });
  await nameField.fill("Para borrar pronto");
  await tools.getByRole("button", { name: "Renombrar", exact: true }).click();
  await expect(toast(page, "Nombre actualizado")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Para borrar pronto", level: 1 })).toBeVisible();
  await expect(nameField).toHaveValue("Para borrar pronto");
  // A blank name is refused in the browser, under the field, with the server's own schema (its
  // code loaded when the field was first focused, ui/pools/pool-schemas.ts).
  await nameField.fill("   ");
  await tools.getByRole("button", { name: "Renombrar", exact: true }).click();
  await expect(tools.getByText("El nombre de la quiniela es obligatorio", { exact: true })).toBeVisible();
  await nameField.fill("Para borrar pronto");

  // The pool's matches: 'Cambiar partidos' mounts the picker; a whole phase is added and saved.
  await tools.getByRole("button", { name: "Cambiar partidos", exact: true }).click();
  await tools.getByRole("checkbox", { name: `Todos los partidos de ${PHASE}`, exact: true }).check();
  await tools.getByRole("button", { name: "Guardar partidos", exact: true }).click();
  await expect(toast(page, "Partidos actualizados")).toBeVisible();

  // In the browser, 'Mis Quinielas' opens at once and says it is loading while the list comes.
  const listRequest = (url: URL) =>
    url.pathname === "/quinielas.data" && url.searchParams.get("_routes") === "routes/quinielas";
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(listRequest, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: "← Mis Quinielas" }).click();
  await expect(page.getByRole("heading", { name: "Mis Quinielas", level: 1 })).toBeVisible();
  await expect(page.getByText("Cargando quinielas...", { exact: true })).toBeVisible();
  release();
  await expect(page.getByRole("article", { name: "Para borrar pronto" })).toBeVisible();
  await expect(page.getByText("Cargando quinielas...", { exact: true })).toHaveCount(0);
  await page.unroute(listRequest);

  // A list that fails to arrive: the original's error toast.
  await page.route(listRequest, (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByRole("link", { name: "Ver Detalles", exact: true }).click();
  await expect(page).toHaveURL(/\/quiniela\/\d+$/);
  await page.getByRole("link", { name: "← Mis Quinielas" }).click();
  await expect(toast(page, "Error al cargar las quinielas")).toBeVisible();
  await page.unroute(listRequest);
  await page.goto(created.headers()["location"]!);
  await hydrated(page);

  const remove = tools.getByRole("button", { name: "Eliminar quiniela", exact: true });
  const dialog = page.getByRole("dialog", { name: "Eliminar quiniela" });
  await openDialog(remove, dialog);
  await dialog.getByRole("button", { name: "Cancelar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await openDialog(remove, dialog);
  await dialog.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expect(page).toHaveURL(/\/quinielas$/, { timeout: 15_000 });
  await expect(toast(page, "Quiniela eliminada")).toBeVisible();
  await expect(page.getByText("No hay quinielas disponibles", { exact: true })).toBeVisible();
  await page.context().close();
});

test("'Participantes' en 'Crear Quiniela': el buscador carga al enfocarlo, conserva lo escrito y elige con el teclado", async ({
  page,
  playwright,
  baseURL,
}) => {
  const other = newAccount("elegido");
  const api = await playwright.request.newContext({ baseURL });
  await registerViaForm(api, other);
  await api.dispose();
  await signUp(page, newAccount("buscador"));
  await page.goto("/quiniela/new");
  await hydrated(page);

  // A plain field until it is used (ui/people/PeoplePicker.tsx); focusing it loads the combobox, which
  // takes its place with the focus and what was typed, and opens its list.
  const search = page.getByRole("textbox", { name: "Participantes" });
  await search.click();
  await page.keyboard.type(other.name.split(" ")[1]!);
  const option = page.getByRole("option", { name: other.name, exact: true });
  await expect(option).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  // The choice is posted as the person's id (one hidden userId) and shown as a pill.
  await expect(page.locator('input[type="hidden"][name="userId"]')).toHaveCount(1);
  await expect(page.getByText(other.name, { exact: true })).toBeVisible();
  // The list is what the server finds for the text (/personas): a search that finds nobody says
  // so, and the person already chosen keeps their pill.
  await page.keyboard.type("zzzz");
  await expect(page.getByText("Nadie con ese nombre", { exact: true })).toBeVisible();
  await expect(page.getByText(other.name, { exact: true })).toBeVisible();
  await expect(page.locator('input[type="hidden"][name="userId"]')).toHaveCount(1);
});

/**
 * Two people registered, and a pool of the page's own (new) account with the first of them in it;
 * returns them and the pool's address.
 */
async function poolWithOneOfTwo(page: Page, request: APIRequest, baseURL: string | undefined) {
  const inPool = newAccount("adentro");
  const outside = newAccount("afuera");
  for (const account of [inPool, outside]) {
    // A context each: a registration signs its context in, and /register is for visitors.
    const api = await request.newContext({ baseURL });
    await registerViaForm(api, account);
    await api.dispose();
  }
  await signUp(page, newAccount("anfitrion"));
  // The pool starts with one of the two in it (its id, from the search the picker uses).
  const found = await page.request.get(`/personas.data?q=${encodeURIComponent(inPool.name)}`);
  const inPoolId = /"([A-Za-z0-9]{32})"/.exec(await found.text())?.[1];
  expect(inPoolId, `el id de ${inPool.name}`).toBeTruthy();
  const created = await page.request.post("/quiniela/new", {
    headers: SAME_ORIGIN,
    form: { name: "Con buscador", matchId: "1", userId: inPoolId! },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  return { inPool, outside, url: created.headers()["location"]! };
}

/**
 * Holds the browser's requests for the matching files until `release()`, as a slow connection
 * would; `held` lists the ones asked for so far.
 */
async function holdBack(page: Page, files: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(files, async (route) => {
    held.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { held, release };
}

test("'Agregar participantes' en la quiniela: el buscador no ofrece a quien ya está, y agrega a quien se elige", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { inPool, outside, url } = await poolWithOneOfTwo(page, playwright.request, baseURL);
  await page.goto(url);
  await hydrated(page);

  const tools = page.getByRole("region", { name: "Administrar quiniela" });
  const search = tools.getByRole("textbox", { name: "Agregar participantes" });
  await search.click();
  await page.keyboard.type(inPool.name);
  await expect(
    page.getByText("Ya participan; escribe más del nombre para buscar a otros", { exact: true }),
  ).toBeVisible();
  // (The field is now the combobox, with the focus and the text.)
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(outside.name);
  await page.getByRole("option", { name: outside.name, exact: true }).click();
  await tools.getByRole("button", { name: "Agregar", exact: true }).click();
  await expect(toast(page, "Se agregó 1 participante")).toBeVisible();
  await expect(page.getByRole("region", { name: "Participantes" }).getByText(outside.name)).toBeVisible();
});

test("'Agregar participantes': lo que se escribe antes de que llegue el código del buscador queda entero, con el foco, y se busca", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { inPool, outside, url } = await poolWithOneOfTwo(page, playwright.request, baseURL);
  // A slow connection: the owner tools' code (the server renders them; they hydrate when it
  // arrives) and then the combobox's come late, and the owner types as soon as the field shows.
  const ownerTools = await holdBack(page, /\/assets\/PoolManage-[^/]+\.js$/);
  const combobox = await holdBack(page, /\/assets\/PeopleCombobox-[^/]+\.js$/);
  await page.goto(url);
  await hydrated(page);
  await expect.poll(() => ownerTools.held.length).toBeGreaterThan(0);

  const tools = page.getByRole("region", { name: "Administrar quiniela" });
  const field = tools.getByRole("textbox", { name: "Agregar participantes" });
  await field.click();
  await page.keyboard.type(inPool.name);
  ownerTools.release();
  // Hydrated, the focused field asks for the combobox, and keeps the text while it comes.
  await expect.poll(() => combobox.held.length).toBeGreaterThan(0);
  await expect(field).toHaveValue(inPool.name);
  combobox.release();

  // The combobox takes the field's place with all of the text, the focus and the caret at its
  // end, and searches for it: the one it finds is already in the pool (and nobody else shows).
  const search = tools.getByRole("combobox", { name: "Agregar participantes" });
  await expect(search).toHaveValue(inPool.name);
  await expect(search).toBeFocused();
  await expect(
    page.getByText("Ya participan; escribe más del nombre para buscar a otros", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("option", { name: outside.name, exact: true })).toHaveCount(0);
  await page.keyboard.press("Backspace");
  await expect(search).toHaveValue(inPool.name.slice(0, -1));
});
