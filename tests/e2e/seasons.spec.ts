import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

import { signedOutPage, signInAsAdminOn, startPrivateServer, type PrivateServer } from "./private-server";
import {
  expectToast,
  fillPredictions,
  hydrated,
  noToasts,
  open,
  PASSWORD,
  signUp,
  teams,
  uniqueEmail,
  type Account,
  type Score,
} from "./support";

/**
 * Seasons (issue 15), as an admin and two players live them: Clausura 2024 is played a little and
 * finished; the admin creates 'Copa Mundial 2026' from its template, makes it current and opens
 * its first group round and its round of 32; both players predict; the admin enters results,
 * one of them a knockout decided on penalties; the World Cup table scores it under the season's
 * rule (90 minutes); Clausura 2024's table is unchanged and still reachable with 'Temporada';
 * 'Histórico' adds both seasons and names Clausura 2024's champion.
 *
 * A new current season changes every page of the server, so this file runs on a server of its own.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

const CLAUSURA = "Liga MX Clausura 2024";
const WORLD_CUP = "Copa Mundial 2026";
const OPENER = "Querétaro vs Toluca"; // Jornada 1 of Clausura 2024; it ended 2-2
const MEXICO = "México vs Sudáfrica"; // Grupo A, the opening match: 2-0
const SHOOTOUT = "Alemania vs Paraguay"; // round of 32: 1-1, 1-1 after extra time, 3-4 on penalties

/*
 *                      Clausura 2024          Copa Mundial 2026 (90 minutes count)
 *   A: Querétaro 2-2 → exact 3     México 2-0 → exact 3, Alemania 1-1 → exact 3   = 6, 2 exact
 *   B: Querétaro 1-0 → 0           México 1-0 → outcome 1, Alemania 2-1 → 0       = 1, 0 exact
 * Every other open match is predicted 0-0 and gets no result.
 * Histórico: A 9 points in 2 seasons, 1 title (Clausura 2024, finished); B 1 point, 2 seasons.
 */
const CLAUSURA_PREDICTIONS_A: Record<string, Score> = { [OPENER]: [2, 2] };
const CLAUSURA_PREDICTIONS_B: Record<string, Score> = { [OPENER]: [1, 0] };
const WORLD_CUP_PREDICTIONS_A: Record<string, Score> = { [MEXICO]: [2, 0], [SHOOTOUT]: [1, 1] };
const WORLD_CUP_PREDICTIONS_B: Record<string, Score> = { [MEXICO]: [1, 0], [SHOOTOUT]: [2, 1] };

const suffix = Math.random().toString(36).slice(2, 8);
const playerA: Account = { name: `Ana Temporadas ${suffix}`, email: uniqueEmail("temporada-a"), password: PASSWORD };
const playerB: Account = { name: `Beto Temporadas ${suffix}`, email: uniqueEmail("temporada-b"), password: PASSWORD };

let server: PrivateServer;
let admin: Page;
let pageA: Page;
let pageB: Page;
const contexts: BrowserContext[] = [];

async function newPage(browser: Browser): Promise<Page> {
  const { context, page } = await signedOutPage(browser, server.url);
  contexts.push(context);
  return page;
}

/**
 * Fills every open match of the home form: the given picks, 0-0 for the rest; then saves. Where
 * picks are final (Clausura 2024) the save asks for a review first; where they are editable (a
 * season the admin creates, by default) it does not.
 */
async function predictOpenMatches(page: Page, picks: Record<string, Score>, { final }: { final: boolean }) {
  await open(page, "/");
  await fillPredictions(page, picks);
  for (const label of Object.keys(picks))
    expect(await page.getByRole("group", { name: label, exact: true }).count(), label).toBe(1);
  await page.getByRole("button", { name: "Guardar Pronósticos", exact: true }).click();
  const review = page.getByRole("dialog", { name: "Revisa tus pronósticos: no podrás cambiarlos", exact: true });
  if (final) await review.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expectToast(page, "Éxito", "Tus predicciones han sido guardadas");
  await expect(review).toHaveCount(0);
}

/** The home page's 'Cómo vas' (where the player stands, what is still open for them). */
const summaryOf = (page: Page) => page.getByRole("region", { name: "Cómo vas", exact: true });

/** '¿Cómo se juega?': its title folds and unfolds its rules. */
const rulesTitle = (page: Page) => page.getByRole("heading", { name: "¿Cómo se juega?", level: 2 });
const aRule = (page: Page) => page.getByText("Los pronósticos se cierran al comenzar cada partido.", { exact: true });

/**
 * A kickoff three days ahead at 19:00 on Mexico City's wall clock (the season's time zone), as
 * 'Fecha y hora' takes it ('2026-06-14T19:00'), and its weekday as the home page says it.
 */
function kickoffInThreeDays(): { local: string; weekday: string } {
  const day = new Date(Date.now() + 3 * 86_400_000);
  const zone = { timeZone: "America/Mexico_City" };
  const date = new Intl.DateTimeFormat("en-CA", { ...zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    day,
  );
  return {
    local: `${date}T19:00`,
    weekday: new Intl.DateTimeFormat("es-MX", { ...zone, weekday: "long" }).format(day),
  };
}

/** Opens a phase on /admin/matches with 'Activar Jornada'. */
async function activatePhase(phase: string) {
  await open(admin, "/admin/matches");
  const card = admin.getByRole("region", { name: phase, exact: true });
  await card.getByRole("button", { name: "Activar Jornada", exact: true }).click();
  await expectToast(admin, "Éxito", "Jornada activada correctamente");
  await expect(card.getByRole("button", { name: "Desactivar Jornada", exact: true })).toBeVisible();
}

/** The row of a match on /admin/results (already on the page showing its phase). */
function resultRow(label: string): Locator {
  return admin.getByRole("row", { name: label, exact: true });
}

async function fillScore(row: Locator, label: string, [home, away]: Score, prefix = "Goles de", after = "") {
  const [local, visitor] = teams(label);
  await row.getByRole("spinbutton", { name: `${prefix} ${local}${after}`, exact: true }).fill(String(home));
  await row.getByRole("spinbutton", { name: `${prefix} ${visitor}${after}`, exact: true }).fill(String(away));
}

/** A player's row in a standings table: points (4th cell) and exact scores (5th). */
async function expectStanding(table: Locator, name: string, points: number, exact: number) {
  const row = table.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(3)).toHaveText(String(points));
  await expect(row.getByRole("cell").nth(4)).toHaveText(String(exact));
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  server = await startPrivateServer("seasons");
  admin = await newPage(browser);
  await signInAsAdminOn(admin.request, server.url);
  pageA = await newPage(browser);
  pageB = await newPage(browser);
  await signUp(pageA, playerA, server.url);
  await signUp(pageB, playerB, server.url);
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.close();
});

test("Clausura 2024: A y B juegan la Jornada 1, hay un resultado y el administrador termina la temporada", async () => {
  await activatePhase("Jornada 1");

  // A browser's first visit shows '¿Cómo se juega?' open (the sign-up's own visit is forgotten
  // here); the next one folded; opened again, it stays open.
  await pageA.context().clearCookies({ name: "quiniela_reglas" });
  await open(pageA, "/");
  await expect(aRule(pageA)).toBeVisible();
  const summary = summaryOf(pageA);
  await expect(summary.getByText("Sin resultados aún", { exact: true })).toBeVisible();
  await expect(summary.getByText("Ninguna completa aún", { exact: true })).toBeVisible();
  // The fresh install's fixtures have no kickoff time yet.
  await expect(
    summary.getByText("Te faltan 9 pronósticos · fecha de cierre por confirmar", { exact: true }),
  ).toBeVisible();
  await pageA.reload();
  await hydrated(pageA);
  await expect(rulesTitle(pageA)).toBeVisible();
  await expect(aRule(pageA)).toBeHidden();
  await rulesTitle(pageA).click();
  await expect(aRule(pageA)).toBeVisible();
  await pageA.reload();
  await hydrated(pageA);
  await expect(aRule(pageA)).toBeVisible();

  await fillPredictions(pageA, CLAUSURA_PREDICTIONS_A);
  await pageA.getByRole("button", { name: "Guardar Pronósticos", exact: true }).click();
  const review = pageA.getByRole("dialog", { name: "Revisa tus pronósticos: no podrás cambiarlos", exact: true });
  await review.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expectToast(pageA, "Éxito", "Tus predicciones han sido guardadas");
  // The save's answer says what is still open: nothing (Clausura 2024's picks are final).
  await expect(summary.getByText("No tienes pronósticos pendientes por ahora", { exact: true })).toBeVisible();
  await predictOpenMatches(pageB, CLAUSURA_PREDICTIONS_B, { final: true });

  await open(admin, "/admin/results");
  const row = resultRow(OPENER);
  await fillScore(row, OPENER, [2, 2]);
  await row.getByRole("button", { name: "Guardar", exact: true }).click();
  await expectToast(admin, "Éxito", "Resultado guardado correctamente");

  await open(admin, "/admin/temporadas");
  await expect(admin.getByRole("heading", { name: "Temporadas", level: 1 })).toBeVisible();
  const season = admin.getByRole("row", { name: CLAUSURA, exact: true });
  await expect(season).toContainText("Actual");
  await season.getByRole("button", { name: "Terminar temporada", exact: true }).click();
  const dialog = admin.getByRole("dialog", { name: "Terminar temporada" });
  await dialog.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expectToast(admin, "Temporada terminada", `«${CLAUSURA}» quedó terminada`);
  await expect(season.getByRole("button", { name: "Reabrir", exact: true })).toBeVisible();
  await expect(season.getByText("Terminada", { exact: true }).filter({ visible: true })).toBeVisible();

  // Read-only: the result cannot change any more.
  await open(admin, "/admin/results");
  await fillScore(resultRow(OPENER), OPENER, [3, 0]);
  await resultRow(OPENER).getByRole("button", { name: "Guardar", exact: true }).click();
  await expectToast(admin, "Error", "terminada");
});

test("el administrador crea 'Copa Mundial 2026' desde su plantilla, revisa la vista previa y la hace actual", async () => {
  await open(admin, "/admin/temporadas");
  await admin.getByRole("button", { name: "Nueva Temporada", exact: true }).click();
  await admin.getByRole("combobox", { name: "Plantilla", exact: true }).selectOption({ label: WORLD_CUP });
  await expect(admin.getByRole("textbox", { name: "Nombre de la temporada", exact: true })).toHaveValue(WORLD_CUP);
  // A season already played: its kickoff times would lock every match, so they are off by default.
  await expect(admin.getByRole("checkbox", { name: "Con horarios", exact: true })).not.toBeChecked();
  await expect(admin.getByRole("checkbox", { name: "Bono de ida y vuelta", exact: true })).not.toBeChecked();
  // A season the admin creates lets a saved pick change until it locks (SPEC §8).
  await expect(
    admin.getByRole("checkbox", { name: "Pronósticos editables hasta el cierre", exact: true }),
  ).toBeChecked();

  await admin.getByRole("button", { name: "Revisar", exact: true }).click();
  await expectToast(admin, "Vista previa lista", "104 partidos en 9 fases");
  await expect(admin.getByRole("heading", { name: `Vista previa: ${WORLD_CUP}` })).toBeVisible();
  await expect(admin.getByRole("list", { name: "Equipos de la temporada" }).getByRole("listitem")).toHaveCount(48);
  const matches = admin.getByRole("table", { name: "Partidos de la temporada" });
  await expect(matches.getByRole("row")).toHaveCount(105);
  await expect(matches.getByRole("row").filter({ hasText: "Grupos · Jornada 1 · Grupo A" }).first()).toContainText(
    "México",
  );

  await admin.getByRole("button", { name: "Crear Temporada", exact: true }).click();
  await expectToast(admin, "Temporada creada", `«${WORLD_CUP}» quedó como Próxima`);
  const row = admin.getByRole("row", { name: WORLD_CUP, exact: true });
  await expect(row.getByText("Próxima", { exact: true }).filter({ visible: true })).toBeVisible();

  await row.getByRole("button", { name: "Hacer actual", exact: true }).click();
  // Clausura 2024 was finished above: the dialog has nothing to warn of.
  const dialog = admin.getByRole("dialog", { name: "Hacer actual" });
  await expect(dialog).toContainText(`«${WORLD_CUP}» será la temporada actual`);
  await expect(dialog).not.toContainText("no está terminada");
  await dialog.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expectToast(admin, "Temporada actual", `«${WORLD_CUP}» es la temporada actual`);
  await expect(row.getByText("Actual", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Hacer actual", exact: true })).toHaveCount(0);
});

test("se abren 'Grupos · Jornada 1' y 'Dieciseisavos de Final'; A y B pronostican y ven el grupo", async () => {
  // The template's kickoffs were left out: a match added with one says by when the picks close.
  const kickoff = kickoffInThreeDays();
  await open(admin, "/admin/matches");
  const field = (name: string) => admin.getByRole("combobox", { name, exact: true });
  await field("Jornada").selectOption({ label: "Grupos · Jornada 1" });
  await field("Equipo Local").selectOption({ label: "Sudáfrica" });
  await field("Equipo Visitante").selectOption({ label: "México" });
  await admin.getByRole("textbox", { name: "Fecha y hora", exact: true }).fill(kickoff.local);
  await admin.getByRole("button", { name: "Agregar Partido", exact: true }).click();
  await expectToast(admin, "Éxito", "Partido creado correctamente");
  await activatePhase("Grupos · Jornada 1");
  await activatePhase("Dieciseisavos de Final");

  await open(pageA, "/");
  const opener = pageA.getByRole("group", { name: MEXICO, exact: true });
  await expect(opener).toContainText("Grupo A");
  // Clausura 2024's matches are gone from the home page: it shows the current season only.
  await expect(pageA.getByRole("group", { name: OPENER, exact: true })).toHaveCount(0);
  await expect(pageA.getByText("¿Cómo se juega?")).toBeVisible();
  const openMatches = await pageA
    .getByRole("group")
    .filter({ has: pageA.getByRole("spinbutton") })
    .count();
  expect(openMatches, "la ronda de grupos, el partido agregado y los dieciseisavos").toBe(24 + 1 + 16);
  await expect(
    summaryOf(pageA).getByText(`Te faltan ${openMatches} pronósticos · cierra el ${kickoff.weekday} 19:00`, {
      exact: true,
    }),
  ).toBeVisible();

  // Picks are editable here: A saves the opening match alone, and the rest later.
  const [mexico, southAfrica] = teams(MEXICO);
  await opener.getByRole("spinbutton", { name: `Goles de ${mexico}`, exact: true }).fill("2");
  await opener.getByRole("spinbutton", { name: `Goles de ${southAfrica}`, exact: true }).fill("0");
  await pageA.getByRole("button", { name: "Guardar Pronósticos", exact: true }).click();
  await expectToast(pageA, "Éxito", "Tus predicciones han sido guardadas");
  await expect(pageA.getByRole("dialog")).toHaveCount(0);
  await expect(opener.getByText("Pronóstico guardado", { exact: true })).toBeVisible();
  await pageA.reload();
  await expect(opener.getByRole("spinbutton", { name: `Goles de ${mexico}`, exact: true })).toHaveValue("2");
  await expect(opener.getByRole("spinbutton", { name: `Goles de ${southAfrica}`, exact: true })).toHaveValue("0");
  const unsaved = pageA
    .getByRole("group")
    .filter({ has: pageA.getByRole("spinbutton") })
    .filter({ hasNotText: "Pronóstico guardado" });
  await expect(unsaved.first().getByRole("spinbutton").first()).toHaveValue("");

  await predictOpenMatches(pageA, WORLD_CUP_PREDICTIONS_A, { final: false });
  await predictOpenMatches(pageB, WORLD_CUP_PREDICTIONS_B, { final: false });
});

test("el administrador captura los resultados, uno decidido en penales, y las tablas cuentan los 90 minutos", async () => {
  await open(admin, "/admin/results");
  // The current season by default.
  await expect(admin.getByRole("combobox", { name: "Temporada", exact: true })).toHaveValue(/\d+/);
  const mexico = resultRow(MEXICO);
  await fillScore(mexico, MEXICO, [2, 0]);
  await mexico.getByRole("button", { name: "Guardar", exact: true }).click();
  await expectToast(admin, "Éxito", "Resultado guardado correctamente");
  await noToasts(admin);

  await admin.getByRole("link", { name: /^Dieciseisavos de Final/ }).click();
  const shootout = resultRow(SHOOTOUT);
  await fillScore(shootout, SHOOTOUT, [1, 1]);
  await shootout.getByText("Tiempo extra y penales", { exact: true }).click();
  await fillScore(shootout, SHOOTOUT, [1, 1], "Goles de", " en tiempo extra");
  await fillScore(shootout, SHOOTOUT, [3, 4], "Penales de");
  await shootout.getByRole("button", { name: "Guardar", exact: true }).click();
  await expectToast(admin, "Éxito", "Resultado guardado correctamente");

  // The player's card shows the shoot-out.
  await open(pageA, "/");
  await expect(pageA.getByRole("group", { name: SHOOTOUT, exact: true })).toContainText(
    "Resultado oficial: 1 - 1 (3 - 4 pen.)",
  );
  // Where A stands: first of the three players (the admin too), 6 points; no round completed yet.
  const summary = summaryOf(pageA);
  await expect(summary.getByText("1.º de 3", { exact: true })).toBeVisible();
  await expect(summary.getByText("6 puntos", { exact: true })).toBeVisible();
  await expect(summary.getByText("Ninguna completa aún", { exact: true })).toBeVisible();
  // The World Cup's picks stay editable until each match locks: nothing missing, still changeable.
  await expect(
    summary.getByText("Ya pronosticaste todo lo abierto · puedes cambiarlo hasta que cierre cada partido", {
      exact: true,
    }),
  ).toBeVisible();

  await open(pageA, "/rankings");
  const table = pageA.getByRole("table", { name: "Puntos Acumulados" });
  await expectStanding(table, playerA.name, 6, 2);
  await expectStanding(table, playerB.name, 1, 0);
});

test("la tabla de Clausura 2024 sigue igual y se ve con 'Temporada'; 'Histórico' suma ambas y nombra al campeón", async () => {
  await open(pageB, "/rankings");
  await pageB.getByRole("combobox", { name: "Temporada", exact: true }).selectOption({ label: CLAUSURA });
  await expect(pageB).toHaveURL(/temporada=\d+/);
  const table = pageB.getByRole("table", { name: "Puntos Acumulados" });
  await expectStanding(table, playerA.name, 3, 1);
  await expectStanding(table, playerB.name, 0, 0);

  await pageB.getByRole("link", { name: "Histórico", exact: true }).click();
  await expect(pageB).toHaveURL(/\/rankings\/historico$/);
  const history = pageB.getByRole("table", { name: "Tabla Histórica" });
  await expectStanding(history, playerA.name, 9, 3);
  await expectStanding(history, playerB.name, 1, 0);
  const rowA = history.getByRole("row").filter({ hasText: playerA.name });
  await expect(rowA.getByRole("cell").nth(5)).toHaveText("2");
  await expect(rowA.getByRole("cell").nth(6)).toHaveText("1");
  const rowB = history.getByRole("row").filter({ hasText: playerB.name });
  await expect(rowB.getByRole("cell").nth(5)).toHaveText("2");
  await expect(rowB.getByRole("cell").nth(6)).toHaveText("0");
  // On a phone the further columns give way to a line under the name: nothing to scroll sideways.
  await pageB.setViewportSize({ width: 375, height: 740 });
  await expect(history.getByRole("columnheader", { name: "Temporadas", exact: true })).toBeHidden();
  await expect(rowA.getByText("2 temporadas", { exact: true })).toBeVisible();
  await expect(rowA.getByText("· 1 título", { exact: true })).toBeVisible();
  expect(await history.evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
  await pageB.setViewportSize({ width: 1280, height: 800 });

  await expect(pageB.getByRole("heading", { name: "Campeones", level: 2 })).toBeVisible();
  const champion = pageB.getByRole("listitem").filter({ hasText: CLAUSURA });
  await expect(champion).toContainText(playerA.name);
  await expect(champion).toContainText("3 puntos");
  // The World Cup is current, not finished: no champion yet.
  await expect(pageB.getByRole("listitem").filter({ hasText: WORLD_CUP })).toHaveCount(0);
});

test("el administrador crea una temporada 'Desde un archivo': la vista previa y 'Crear Temporada' leen el mismo archivo", async () => {
  const name = `Torneo de Archivo ${suffix}`;
  // A small season with CRLF line breaks and a BOM, as a spreadsheet saves it on Windows.
  const csv = [
    "\uFEFFjornada,local,visitante,fecha",
    "Jornada 1,América,Guadalajara,",
    "Jornada 1,Toluca,Pumas UNAM,",
    "Jornada 2,Guadalajara,Toluca,",
  ].join("\r\n");
  await open(admin, "/admin/temporadas");
  await admin.getByRole("button", { name: "Nueva Temporada", exact: true }).click();
  await admin.getByRole("combobox", { name: "Plantilla", exact: true }).selectOption({ label: "Desde un archivo" });
  await admin.getByRole("textbox", { name: "Nombre de la temporada", exact: true }).fill(name);
  await admin
    .getByLabel("Archivo", { exact: true })
    .setInputFiles({ name: "torneo.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await admin.getByRole("button", { name: "Revisar", exact: true }).click();
  await expectToast(admin, "Vista previa lista", "3 partidos en 2 fases");
  // The file travels back in the preview's hidden field, which the browser sends with CRLF.
  await admin.getByRole("button", { name: "Crear Temporada", exact: true }).click();
  await expectToast(admin, "Temporada creada", `«${name}» quedó como Próxima`);
  const row = admin.getByRole("row", { name, exact: true });
  await expect(row.getByText("Próxima", { exact: true }).filter({ visible: true })).toBeVisible();

  // Making it current would leave the World Cup unfinished: the dialog says what that means.
  await row.getByRole("button", { name: "Hacer actual", exact: true }).click();
  const dialog = admin.getByRole("dialog", { name: "Hacer actual" });
  await expect(dialog).toContainText(`«${WORLD_CUP}» no está terminada`);
  await dialog.getByRole("button", { name: "Cancelar", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    admin
      .getByRole("row", { name: WORLD_CUP, exact: true })
      .getByText("Actual", { exact: true })
      .filter({ visible: true }),
  ).toBeVisible();
});
