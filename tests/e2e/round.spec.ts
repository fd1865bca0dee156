import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

import { bandFor } from "#app/domain/standings/standings";

import {
  expectToast,
  fillPredictions,
  hydrated,
  noToasts,
  open,
  PASSWORD,
  recordDataRequests,
  register,
  signInAsAdmin,
  teams,
  uniqueEmail,
  type Account,
  type Score,
} from "./support";

/**
 * A whole round as people play it: the admin adds a match, opens a phase and sets its kickoffs
 * (the matches then close at them on a player's page whose clock moves), two players predict
 * every open match, nobody sees their picks before the lock, the admin enters results and
 * activates the phase, the standings rank the two players, the picks are revealed, and
 * 'Reiniciar' takes one match (result and picks) back out of the standings.
 *
 * The e2e server is shared by every spec file running in parallel, so this file works on a phase
 * no other file touches (quinielas.spec.ts activates Jornada 12) and only asserts on its own
 * players' rows, never on whole tables.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

const PHASE = "Jornada 16";
/** Added by the admin: a pairing the Clausura 2024 fixture list never has, so its name is unique on every screen. */
const CREATED = { home: "América", away: "Tijuana" };
/** A fixture of Jornada 16 (and of no other phase). */
const FIXTURE = { home: "Cruz Azul", away: "Atlas" };
const M1 = `${CREATED.home} vs ${CREATED.away}`;
const M2 = `${FIXTURE.home} vs ${FIXTURE.away}`;

/*
 * Results: M1 2-1 (first saved as 1-1, then corrected), M2 1-1.
 *   A: M1 2-1 exact (3) + M2 0-2 wrong (0)            = 3 points, 1 exact
 *   B: M1 1-0 right winner (1) + M2 1-1 exact (3)     = 4 points, 1 exact
 * 'Reiniciar' on M1 then leaves A with 0 (0 exact) and B with 3 (1 exact).
 * Every other open match is predicted 0-0: those of this phase get no result here, and the one
 * result another file enters on the shared server (quinielas.spec.ts: 2-1 in Jornada 12, when its
 * phase is open at the same time) scores 0 for a 0-0, so A's and B's totals stay as above.
 */
const PREDICTIONS_A: Record<string, Score> = { [M1]: [2, 1], [M2]: [0, 2] };
const PREDICTIONS_B: Record<string, Score> = { [M1]: [1, 0], [M2]: [1, 1] };
/*
 * Kickoffs, in the season's time zone (Mexico City: UTC-6 all year since 2022): tomorrow, so that
 * the server's own clock never reaches them while this file runs. 'Fecha y hora de la jornada'
 * gives every match of the phase 19:00, then M2 alone moves to 21:00. The player's page moves its
 * clock past them with Playwright's clock (tests/integration/kickoffs.test.ts proves the server
 * locks a match at its kickoff by its own clock).
 */
const KICKOFF_DAY = new Date(Date.now() + 24 * 3600_000).toLocaleDateString("sv-SE", {
  timeZone: "America/Mexico_City",
});
const PHASE_KICKOFF = Date.parse(`${KICKOFF_DAY}T19:00:00-06:00`);
const M2_KICKOFF = Date.parse(`${KICKOFF_DAY}T21:00:00-06:00`);

const FIRST_RESULT_M1: Score = [1, 1];
const RESULT_M1: Score = [2, 1];
const RESULT_M2: Score = [1, 1];

const suffix = Math.random().toString(36).slice(2, 8);
/** Both names carry the suffix, so the standings' 'Buscar por nombre' finds exactly these two. */
const playerA: Account = { name: `Ana Ronda ${suffix}`, email: uniqueEmail("ronda-a"), password: PASSWORD };
const playerB: Account = { name: `Beto Ronda ${suffix}`, email: uniqueEmail("ronda-b"), password: PASSWORD };

let admin: Page;
let pageA: Page;
let pageB: Page;
let anonymous: Page;
const contexts: BrowserContext[] = [];
/** Active matches of the phase once it is opened (its fixtures plus the one added here). */
let phaseMatches = 0;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

/** Chooses an option of a Mantine select (role combobox, options in a listbox). */
/** Chooses, in a select of the page, the option whose words match `option` (a phase's option may say more after its name). */
async function choose(page: Page, select: string, option: RegExp) {
  const field = page.getByRole("combobox", { name: select, exact: true });
  const label = (await field.getByRole("option").allTextContents()).find((text) => option.test(text));
  expect(label, `una opción de '${select}' como ${option}`).toBeDefined();
  await field.selectOption({ label: label! });
}

/** The words of a select's chosen option. */
const chosenOption = (page: Page, select: string) =>
  page.getByRole("combobox", { name: select, exact: true }).locator("option:checked");

/** 'Jornada 16' as an option label, also when the option shows a badge after the name. */
const phaseOption = new RegExp(`^${PHASE}(?!\\d)`);

/** A player's row in a standings table, found by name. */
function standingRow(table: Locator, name: string): Locator {
  return table.getByRole("row").filter({ hasText: name });
}

async function expectStanding(table: Locator, name: string, points: number, exact: number) {
  const row = standingRow(table, name);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(3)).toHaveText(String(points));
  await expect(row.getByRole("cell").nth(4)).toHaveText(String(exact));
}

async function rankOf(table: Locator, name: string): Promise<number> {
  return Number(await standingRow(table, name).getByRole("cell").first().innerText());
}

/** Row positions (0-based, header included) of the two players in the table as shown. */
async function positions(table: Locator): Promise<{ a: number; b: number }> {
  const texts = await table.getByRole("row").allInnerTexts();
  return {
    a: texts.findIndex((text) => text.includes(playerA.name)),
    b: texts.findIndex((text) => text.includes(playerB.name)),
  };
}

/**
 * The colour band the rule gives a row (1-based) of this table, by its size (the rows shown: at
 * the top of a table of 50 or fewer, or of a first page of 50, the same).
 */
async function bandOfRow(table: Locator, position: number): Promise<string> {
  const rows = (await table.getByRole("row").count()) - 1; // the header row
  return String(bandFor(position, rows));
}

/** The picks table of one match on the captured-predictions page. */
function predictionsTable(page: Page, label: string): Locator {
  return page.getByRole("table", { name: `Pronósticos de ${label}`, exact: true });
}

/**
 * On a page of the player's whose clock the test moves: M1 and M2 take picks until their kickoff,
 * then close by themselves at it (19:00 the one, 21:00 the other), no reload.
 */
async function matchesCloseAtTheirKickoff(player: Page) {
  const page = await player.context().newPage();
  try {
    await page.clock.install();
    await open(page, "/");
    const m1 = page.getByRole("group", { name: M1, exact: true });
    const m2 = page.getByRole("group", { name: M2, exact: true });
    await expect(m1).toContainText("19:00");
    await expect(m2).toContainText("21:00");
    for (const card of [m1, m2]) await expect(card.getByRole("spinbutton")).toHaveCount(2);

    // A minute past the jornada's kickoff: M1 has started, M2 (moved to 21:00) still takes picks.
    await page.clock.fastForward(PHASE_KICKOFF + 60_000 - (await page.evaluate(() => Date.now())));
    await expect(m1.getByRole("spinbutton")).toHaveCount(0);
    await expect(m1).toContainText("El partido ya comenzó");
    await expect(m2.getByRole("spinbutton")).toHaveCount(2);

    await page.clock.fastForward(M2_KICKOFF - PHASE_KICKOFF);
    await expect(m2.getByRole("spinbutton")).toHaveCount(0);
    await expect(m2).toContainText("El partido ya comenzó");
  } finally {
    await page.close();
  }
}

test.beforeAll(async ({ browser }) => {
  admin = await newPage(browser);
  pageA = await newPage(browser);
  pageB = await newPage(browser);
  anonymous = await newPage(browser);
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test("el administrador agrega un partido a la Jornada 16 y activa la jornada", async () => {
  await signInAsAdmin(admin);
  await open(admin, "/admin/matches");
  await expect(admin.getByRole("heading", { name: "Administración de Partidos", level: 1 })).toBeVisible();

  // Native selects (the phone's own picker).
  const field = (name: string) => admin.getByRole("combobox", { name, exact: true });
  await field("Jornada").selectOption({ label: PHASE });
  await field("Equipo Local").selectOption({ label: CREATED.home });
  await field("Equipo Visitante").selectOption({ label: CREATED.away });
  await admin.getByRole("button", { name: "Agregar Partido", exact: true }).click();
  await expectToast(admin, "Éxito", "Partido creado correctamente");
  // Ready for the next match of the phase: the teams are cleared, the phase stays.
  await expect(field("Equipo Local")).toHaveValue("");
  await expect(field("Jornada")).not.toHaveValue("");

  const card = admin.getByRole("region", { name: PHASE, exact: true });
  const created = card.getByRole("row", { name: M1, exact: true });
  await expect(created).toBeVisible();
  await expect(created.getByText("Inactivo", { exact: true }).filter({ visible: true })).toBeVisible();

  await card.getByRole("button", { name: "Activar Jornada", exact: true }).click();
  await expectToast(admin, "Éxito", "Jornada activada correctamente");
  await expect(card.getByRole("button", { name: "Desactivar Jornada", exact: true })).toBeVisible();

  const rows = card.getByRole("row").filter({ has: admin.getByRole("button", { name: "Editar fecha", exact: true }) });
  phaseMatches = await rows.count();
  expect(phaseMatches, "los 9 partidos del calendario y el agregado").toBe(10);
  for (let index = 0; index < phaseMatches; index++) {
    await expect(rows.nth(index).getByText("Activo", { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(rows.nth(index)).toContainText("Fecha por confirmar");
  }
  await expect(
    card.getByRole("row", { name: M2, exact: true }).getByText("Activo", { exact: true }).filter({ visible: true }),
  ).toBeVisible();
  // No result yet: nothing to reset on any row.
  await expect(card.getByRole("button", { name: "Reiniciar", exact: true })).toHaveCount(0);
});

test("el administrador pone la fecha y hora de la jornada, y mueve la de un partido", async () => {
  const card = admin.getByRole("region", { name: PHASE, exact: true });
  // For every match still without one; the season's time zone said beside the field.
  const phaseField = card.getByLabel("Fecha y hora de la jornada", { exact: true });
  await expect(card).toContainText("hora de la Ciudad de México (America/Mexico_City)");
  await phaseField.fill(`${KICKOFF_DAY}T19:00`);
  await card.getByRole("button", { name: "Aplicar", exact: true }).click();
  await expectToast(admin, "Fecha guardada", `${phaseMatches} partidos de ${PHASE}`);
  await noToasts(admin);
  const rows = card.getByRole("row").filter({ has: admin.getByRole("button", { name: "Editar fecha", exact: true }) });
  for (let index = 0; index < phaseMatches; index++) await expect(rows.nth(index)).toContainText("19:00");
  // Every match has one now: the phase's form is gone.
  await expect(phaseField).toHaveCount(0);

  // One match moved, from its own row.
  const m2 = card.getByRole("row", { name: M2, exact: true });
  await m2.getByRole("button", { name: "Editar fecha", exact: true }).click();
  const dialog = admin.getByRole("dialog", { name: `Fecha y hora de ${M2}` });
  const field = dialog.getByLabel("Fecha y hora", { exact: true });
  await expect(field).toHaveValue(`${KICKOFF_DAY}T19:00`);
  await field.fill(`${KICKOFF_DAY}T21:00`);
  await dialog.getByRole("button", { name: "Guardar fecha", exact: true }).click();
  await expectToast(admin, "Fecha guardada", M2);
  await expect(dialog).toHaveCount(0);
  await expect(m2).toContainText("21:00");
  await expect(card.getByRole("row", { name: M1, exact: true })).toContainText("19:00");
});

/** The review a final save asks for (SPEC §8: where picks are final, the form asks for a review). */
const REVIEW = "Revisa tus pronósticos: no podrás cambiarlos";
const RANGE = "Los goles deben ser un número entero entre 0 y 99";

/**
 * A −1 typed in a box (issue 44): the box is marked at once with its message, the form is not
 * 'Todo listo para guardar', and 'Guardar Pronósticos' sends nothing: the toast names the match
 * and the box takes the focus. Typing a score in range clears the mark.
 */
async function outOfRangeCaughtInTheBrowser(page: Page, picks: Record<string, Score>) {
  await fillPredictions(page, picks);
  const box = page
    .getByRole("group", { name: M1, exact: true })
    .getByRole("spinbutton", { name: `Goles de ${CREATED.home}`, exact: true });
  await box.fill("-1");
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(box).toHaveAccessibleDescription(RANGE);
  await expect(page.getByText("Todo listo para guardar", { exact: true })).toHaveCount(0);
  const requests = recordDataRequests(page);
  await page.getByRole("button", { name: "Guardar Pronósticos", exact: true }).click();
  await expectToast(page, "Error", `${M1}: los goles deben ser un número entero entre 0 y 99`);
  await expect(box).toBeFocused();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(requests.stop()).toEqual([]);
  await box.fill("2");
  await expect(box).not.toHaveAttribute("aria-invalid", "true");
  await noToasts(page);
}

/**
 * Enter in a score box moves to the next box and sends nothing (the caller's recording of
 * requests proves it); the boxes are touch targets of at least 44 × 44 px on a 375-px phone.
 */
async function enterDoesNotSave(page: Page) {
  const group = page.getByRole("group", { name: M1, exact: true });
  const home = group.getByRole("spinbutton", { name: `Goles de ${CREATED.home}`, exact: true });
  await home.press("Enter");
  await expect(group.getByRole("spinbutton", { name: `Goles de ${CREATED.away}`, exact: true })).toBeFocused();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 740 });
  const box = await home.boundingBox();
  expect(box, "la casilla del marcador").not.toBeNull();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await page.setViewportSize(desktop);
}

test("A y B pronostican todos los partidos abiertos; lo guardado queda de solo lectura", async () => {
  for (const [page, account, picks] of [
    [pageA, playerA, PREDICTIONS_A],
    [pageB, playerB, PREDICTIONS_B],
  ] as const) {
    await register(page, account);
    await hydrated(page);
    for (const label of [M1, M2]) await expect(page.getByRole("group", { name: label, exact: true })).toBeVisible();

    if (page === pageB) await matchesCloseAtTheirKickoff(page);

    if (page === pageA) {
      // One match left empty: refused as a whole, in the browser before anything is sent (the
      // server refuses it too: tests/integration), the empty boxes marked and the first focused.
      await fillPredictions(page, picks, M2);
      await expect(page.getByText("1 partido por pronosticar", { exact: true })).toBeVisible();
      const refusedRequests = recordDataRequests(page);
      await page.getByRole("button", { name: "Guardar Pronósticos", exact: true }).click();
      await expectToast(page, "Error", "Debes predecir todos los partidos pendientes");
      const blank = page
        .getByRole("group", { name: M2, exact: true })
        .getByRole("spinbutton", { name: `Goles de ${teams(M2)[1]}`, exact: true });
      await expect(blank).toBeFocused();
      await expect(blank).toHaveAttribute("aria-invalid", "true");
      expect(refusedRequests.stop()).toEqual([]);
      await page.reload();
      await hydrated(page);
      await expect(page.getByRole("group", { name: M1, exact: true }).getByRole("spinbutton")).toHaveCount(2);
      await expect(page.getByRole("group", { name: M1, exact: true }).getByLabel("Tu pronóstico")).toHaveCount(0);

      await outOfRangeCaughtInTheBrowser(page, picks);
    }

    const filled = await fillPredictions(page, picks);
    expect(filled, "al menos los partidos de la jornada").toBeGreaterThanOrEqual(phaseMatches);
    await expect(page.getByText("Todo listo para guardar", { exact: true })).toBeVisible();
    // The answer brings the page as it now is: one request, no reload of the page's data after it.
    const dataRequests = recordDataRequests(page);
    if (page === pageA) await enterDoesNotSave(page);
    // Picks are final here (Clausura 2024): 'Guardar Pronósticos' shows them first.
    await page.getByRole("button", { name: "Guardar Pronósticos", exact: true }).click();
    const review = page.getByRole("dialog", { name: REVIEW, exact: true });
    await expect(review).toBeVisible();
    const [home, away] = picks[M1]!;
    const reviewed = new RegExp(`^${CREATED.home}\\s*${home} – ${away}\\s*${CREATED.away}$`);
    await expect(review.getByRole("listitem").filter({ hasText: reviewed })).toHaveCount(1);
    await expect(review.getByRole("listitem")).toHaveCount(filled);
    if (page === pageA) {
      // 'Volver': back to the form as it was, nothing sent (the one request below is the save).
      await review.getByRole("button", { name: "Volver", exact: true }).click();
      await expect(review).toBeHidden();
      await expect(page.getByRole("button", { name: "Guardar Pronósticos", exact: true })).toBeFocused();
      await expect(page.getByText("Todo listo para guardar", { exact: true })).toBeVisible();
      await page.getByRole("button", { name: "Guardar Pronósticos", exact: true }).click();
      await expect(review).toBeVisible();
    }
    await review.getByRole("button", { name: "Confirmar", exact: true }).click();
    await expectToast(page, "Éxito", "Tus predicciones han sido guardadas");

    for (const label of [M1, M2]) {
      const group = page.getByRole("group", { name: label, exact: true });
      const [home, away] = picks[label]!;
      await expect(group.getByLabel("Tu pronóstico")).toHaveText(`${home} – ${away}`);
      await expect(group.getByRole("spinbutton")).toHaveCount(0);
      await expect(group.getByText("Pronóstico guardado", { exact: true })).toBeVisible();
    }
    expect(dataRequests.stop()).toEqual(["POST /_root.data"]);
  }
});

test("antes del cierre nadie ve los pronósticos de otros; cada quien ve los suyos", async () => {
  // A sees a tab for the phase with their own picks ('Tú'), and not B's.
  await open(pageA, "/quiniela/quinielas-capturadas");
  const tab = pageA.getByRole("tab", { name: PHASE, exact: true });
  await tab.click();
  await expect(pageA).toHaveURL(/\?jornada=\d+$/);
  await expect(tab).toHaveAttribute("aria-selected", "true");
  const phasePath = new URL(pageA.url()).pathname + new URL(pageA.url()).search;
  for (const label of [M1, M2]) {
    const table = predictionsTable(pageA, label);
    const own = table.getByRole("row").filter({ hasText: playerA.name });
    await expect(own).toHaveCount(1);
    await expect(own).toContainText("Tú");
    const [home, away] = PREDICTIONS_A[label]!;
    await expect(own.getByRole("cell").nth(1)).toHaveText(`${home} - ${away}`);
    await expect(table.getByRole("row").filter({ hasText: playerB.name })).toHaveCount(0);
  }
  await expect(pageA.getByText(playerB.name)).toHaveCount(0);
  // Nor what everybody picked: it would give the picks away.
  for (const label of [M1, M2]) {
    await expect(pageA.getByRole("region", { name: label, exact: true }).getByText("Más elegido")).toHaveCount(0);
  }

  // Anonymous: neither the list nor the phase's own address shows A's or B's picks of the phase.
  // (Their 0-0 picks of a phase another file opens and scores may be revealed there: not looked at.)
  for (const path of ["/quiniela/quinielas-capturadas", phasePath]) {
    await anonymous.goto(path);
    await expect(anonymous.getByRole("heading", { name: "Quinielas Capturadas", level: 1 })).toBeVisible();
    await expect(anonymous.getByRole("tab", { name: "Todas", exact: true })).toBeVisible();
    await expect(anonymous.getByRole("tab", { name: PHASE, exact: true })).toHaveCount(0);
    await expect(anonymous.getByRole("region", { name: PHASE, exact: true })).toHaveCount(0);
    for (const label of [M1, M2]) await expect(predictionsTable(anonymous, label)).toHaveCount(0);
  }
});

test("'Estado de Pronósticos': A y B capturaron toda la jornada", async () => {
  await open(admin, "/admin/estado-pronosticos");
  // The screen may open on this phase already (the active one); choosing it keeps it.
  await choose(admin, "Jornada", phaseOption);
  await expect(chosenOption(admin, "Jornada")).toHaveText(phaseOption);
  await expect(admin.getByText(`${PHASE}: ${phaseMatches} partidos activos`, { exact: true })).toBeVisible();

  const complete = admin.getByRole("table", { name: "Pronósticos completos", exact: true });
  for (const account of [playerA, playerB]) {
    const row = complete.getByRole("row").filter({ hasText: account.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").nth(1)).toHaveText(`${phaseMatches} de ${phaseMatches}`);
    await expect(
      admin.getByRole("table", { name: "Pronósticos pendientes" }).getByRole("row").filter({ hasText: account.name }),
    ).toHaveCount(0);
  }
});

test("'Administración de Pronósticos': el administrador busca y corrige un pronóstico", async () => {
  await open(admin, "/admin/predictions");
  await expect(admin.getByRole("heading", { name: "Administración de Pronósticos", level: 1 })).toBeVisible();
  await choose(admin, "Jornada", phaseOption);
  await expect(chosenOption(admin, "Jornada")).toHaveText(phaseOption);
  await expect(admin.getByText(`${2 * phaseMatches} pronósticos`, { exact: true })).toBeVisible();

  // The search, sent to the server, keeps B's picks only (a name in any case), and the phase.
  const search = admin.getByRole("searchbox", { name: "Buscar", exact: true });
  await search.fill("nadie se llama así");
  await search.press("Enter");
  await expect(admin.getByText("Ningún pronóstico coincide con «nadie se llama así».", { exact: true })).toBeVisible();
  await search.fill(playerB.name.toUpperCase());
  await admin.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(admin.getByText(`${phaseMatches} de ${2 * phaseMatches} pronósticos`, { exact: true })).toBeVisible();
  await expect(admin.getByRole("row").filter({ hasText: playerA.name })).toHaveCount(0);
  await expect(admin).toHaveURL(/[?&]jornada=\d+&q=/);
  await expect(chosenOption(admin, "Jornada")).toHaveText(phaseOption);

  const [local, visitor] = teams(M2);
  const row = () => admin.getByRole("row", { name: `${playerB.name}: ${M2}`, exact: true });
  async function correct(home: string, away: string, title: string, message: string) {
    await row()
      .getByRole("spinbutton", { name: `Goles de ${local}`, exact: true })
      .fill(home);
    await row()
      .getByRole("spinbutton", { name: `Goles de ${visitor}`, exact: true })
      .fill(away);
    await row().getByRole("button", { name: "Actualizar", exact: true }).click();
    await expectToast(admin, title, message);
    await noToasts(admin);
  }

  // Out of range: refused by the server (the form does not validate in the browser).
  await correct("21", "1", "Error", "Los goles deben ser un número entero entre 0 y 20");
  // A correction is stored (seen after a reload of the same search), then put back as B predicted it.
  await correct("2", "2", "Éxito", "Predicción actualizada correctamente");
  await expect(admin).toHaveURL(/[?&]q=/);
  await admin.reload();
  await hydrated(admin);
  await expect(row().getByRole("spinbutton", { name: `Goles de ${local}`, exact: true })).toHaveValue("2");
  await expect(row().getByRole("spinbutton", { name: `Goles de ${visitor}`, exact: true })).toHaveValue("2");
  const [home, away] = PREDICTIONS_B[M2]!;
  await correct(String(home), String(away), "Éxito", "Predicción actualizada correctamente");
});

test("el administrador captura los resultados (guardado y actualizado)", async () => {
  await open(admin, "/admin/results");
  await expect(admin.getByRole("heading", { name: "Resultados", level: 1 })).toBeVisible();

  async function saveResult(label: string, [home, away]: Score, message: string) {
    const [local, visitor] = teams(label);
    const row = admin.getByRole("row", { name: label, exact: true });
    await row.getByRole("spinbutton", { name: `Goles de ${local}`, exact: true }).fill(String(home));
    await row.getByRole("spinbutton", { name: `Goles de ${visitor}`, exact: true }).fill(String(away));
    await row.getByRole("button", { name: "Guardar", exact: true }).click();
    await expectToast(admin, "Éxito", message);
    await expect(row).toContainText("Con resultado");
    await noToasts(admin);
  }

  await saveResult(M1, FIRST_RESULT_M1, "Resultado guardado correctamente");
  await saveResult(M1, RESULT_M1, "Resultado actualizado correctamente");
  await saveResult(M2, RESULT_M2, "Resultado guardado correctamente");

  // What the screen shows after a reload is what was stored last.
  await admin.reload();
  for (const [label, [home, away]] of [
    [M1, RESULT_M1],
    [M2, RESULT_M2],
  ] as const) {
    const [local, visitor] = teams(label);
    const row = admin.getByRole("row", { name: label, exact: true });
    await expect(row.getByRole("spinbutton", { name: `Goles de ${local}`, exact: true })).toHaveValue(String(home));
    await expect(row.getByRole("spinbutton", { name: `Goles de ${visitor}`, exact: true })).toHaveValue(String(away));
  }
});

test("'Activar Quinielas' cierra la jornada y dice cuántos pronósticos activó", async () => {
  await open(admin, "/admin/activar-quinielas");
  const activate = admin.getByRole("button", { name: "Activar Quinielas", exact: true });
  await expect(activate).toBeDisabled();
  await choose(admin, "Jornada", phaseOption);
  await expect(activate).toBeEnabled();
  // Every open match was predicted by A and B; nobody else plays this phase.
  const predictions = 2 * phaseMatches;
  await expect(
    admin.getByText(`${predictions} pronósticos capturados · ${phaseMatches} partidos activos`, { exact: true }),
  ).toBeVisible();
  await activate.click();
  // Picks close for good: the dialog says who captured any first.
  const dialog = admin.getByRole("dialog", { name: "Activar Quinielas" });
  await expect(dialog).toContainText(`Se cerrarán los pronósticos de ${PHASE} y se harán visibles para todos.`);
  await expect(dialog).toContainText(/2 de \d+ jugadores ya capturaron pronósticos\./);
  await dialog.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expectToast(admin, "Jornada activada", `${predictions} pronósticos activados para ${PHASE}`);
  await expect(admin.getByRole("row").filter({ hasText: PHASE })).toContainText(String(predictions));
});

test("la Tabla de Posiciones ordena a A y B, con sus puntos, exactos y banda de color", async () => {
  await anonymous.goto("/rankings");
  await expect(anonymous.getByRole("heading", { name: "Tabla de Posiciones", level: 1 })).toBeVisible();
  const table = anonymous.getByRole("table", { name: "Puntos Acumulados", exact: true });

  // Overall: only A's and B's rows (others play in parallel), but their order and numbers are known.
  await expectStanding(table, playerB.name, 4, 1);
  await expectStanding(table, playerA.name, 3, 1);
  const overall = await positions(table);
  expect(overall.b).toBeLessThan(overall.a);
  expect(await rankOf(table, playerB.name)).toBeLessThan(await rankOf(table, playerA.name));
  // Nobody else can have more than 3 points here: B leads, blue. A's band is its row's in a table
  // of this size (bands shrink below 11 rows, README): blue in a table of 11 or more.
  await expect(standingRow(table, playerB.name)).toHaveAttribute("data-band", "blue");
  await expect(standingRow(table, playerA.name)).toHaveAttribute("data-band", await bandOfRow(table, overall.a));

  // The phase's own table: only A and B scored in it, so they are 1st and 2nd.
  await hydrated(anonymous);
  await anonymous.getByRole("combobox", { name: "Jornada", exact: true }).selectOption({ label: PHASE });
  await expect(anonymous).toHaveURL(/[?&]jornada=\d+/);
  await expect(anonymous.getByRole("combobox", { name: "Jornada", exact: true })).toHaveValue(/^\d+$/);
  await expectStanding(table, playerB.name, 4, 1);
  await expectStanding(table, playerA.name, 3, 1);
  await expect(standingRow(table, playerB.name).getByRole("cell").first()).toHaveText("1");
  await expect(standingRow(table, playerA.name).getByRole("cell").first()).toHaveText("2");
  const phase = await positions(table);
  expect(phase.b).toBe(1);
  expect(phase.a).toBe(2);
  await expect(standingRow(table, playerB.name)).toHaveAttribute("data-band", "blue");
  await expect(standingRow(table, playerA.name)).toHaveAttribute("data-band", await bandOfRow(table, phase.a));

  // The match cards: the official score and 'Pronósticos cerrados'.
  const cards = anonymous.getByRole("region", { name: PHASE, exact: true });
  for (const [label, [home, away]] of [
    [M1, RESULT_M1],
    [M2, RESULT_M2],
  ] as const) {
    const card = cards.getByRole("group", { name: label, exact: true });
    await expect(card).toContainText(`${home} - ${away}`);
    await expect(card).toContainText("Pronósticos cerrados");
  }
});

test("tras el cierre, 'Quinielas Capturadas' muestra los pronósticos de A y B y el resultado oficial", async () => {
  await open(anonymous, "/quiniela/quinielas-capturadas");
  const tab = anonymous.getByRole("tab", { name: PHASE, exact: true });
  await tab.click();
  await expect(anonymous).toHaveURL(/\?jornada=\d+$/);
  await expect(tab).toHaveAttribute("aria-selected", "true");
  // The tabs follow the WAI-ARIA pattern: only the chosen one is in the Tab order, arrows move.
  await expect(tab).toHaveAttribute("tabindex", "0");
  await expect(anonymous.getByRole("tab", { name: "Todas", exact: true })).toHaveAttribute("tabindex", "-1");
  await tab.focus();
  await anonymous.keyboard.press("Home");
  await expect(anonymous.getByRole("tab", { name: "Todas", exact: true })).toBeFocused();
  await anonymous.keyboard.press("ArrowLeft");
  await expect(anonymous.getByRole("tab").last()).toBeFocused();
  await anonymous.keyboard.press("ArrowRight");
  await expect(anonymous.getByRole("tab", { name: "Todas", exact: true })).toBeFocused();
  for (const [label, result] of [
    [M1, RESULT_M1],
    [M2, RESULT_M2],
  ] as const) {
    const card = anonymous.getByRole("region", { name: label, exact: true });
    await expect(card).toContainText(`Resultado oficial: ${result[0]} - ${result[1]}`);
    const table = predictionsTable(anonymous, label);
    for (const [account, picks] of [
      [playerA, PREDICTIONS_A],
      [playerB, PREDICTIONS_B],
    ] as const) {
      const row = table.getByRole("row").filter({ hasText: account.name });
      await expect(row).toHaveCount(1);
      const [home, away] = picks[label]!;
      await expect(row.getByRole("cell").nth(1)).toHaveText(`${home} - ${away}`);
      await expect(row).not.toContainText("Tú");
    }
  }
  // What everybody picked, under each match: A's and B's picks (ties named, fewest goals first).
  for (const [label, shares] of [
    [M1, "Local 100 % · Empate 0 % · Visitante 0 % · Más elegido: 1 - 0 y 2 - 1"],
    [M2, "Local 0 % · Empate 50 % · Visitante 50 % · Más elegido: 1 - 1 y 0 - 2"],
  ] as const) {
    const card = anonymous.getByRole("region", { name: label, exact: true });
    await expect(card.getByText(shares, { exact: true })).toBeVisible();
  }
});

test("'Reiniciar' borra el resultado y los pronósticos del partido, y la tabla lo descuenta", async () => {
  await open(admin, "/admin/matches");
  const card = admin.getByRole("region", { name: PHASE, exact: true });
  const row = card.getByRole("row", { name: M1, exact: true });
  await expect(row).toContainText(`${RESULT_M1[0]} - ${RESULT_M1[1]}`);
  await row.getByRole("button", { name: "Reiniciar", exact: true }).click();
  const dialog = admin.getByRole("dialog", { name: "Reiniciar partido" });
  await expect(dialog).toContainText(M1);
  await dialog.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expectToast(admin, "Éxito", "El resultado y los pronósticos han sido reiniciados.");
  await expect(row).not.toContainText(`${RESULT_M1[0]} - ${RESULT_M1[1]}`);
  // Nothing left to reset on it; M2 keeps its result and its 'Reiniciar'.
  await expect(row.getByRole("button", { name: "Reiniciar", exact: true })).toHaveCount(0);
  await expect(card.getByRole("row", { name: M2, exact: true }).getByRole("button", { name: "Reiniciar" })).toHaveCount(
    1,
  );

  // Standings: A loses the exact 3 (0 left, so search the two names: A may now sit on a later page).
  await open(anonymous, "/rankings");
  await anonymous.getByRole("searchbox", { name: "Buscar por nombre" }).fill(suffix);
  await anonymous.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(anonymous).toHaveURL(new RegExp(`buscar=${suffix}`));
  const table = anonymous.getByRole("table", { name: "Puntos Acumulados", exact: true });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expectStanding(table, playerB.name, 3, 1);
  await expectStanding(table, playerA.name, 0, 0);
  const overall = await positions(table);
  expect(overall.b).toBeLessThan(overall.a);
  await expect(standingRow(table, playerB.name)).toHaveAttribute("data-band", "blue");

  await hydrated(anonymous);
  await anonymous.getByRole("combobox", { name: "Jornada", exact: true }).selectOption({ label: PHASE });
  await expect(anonymous).toHaveURL(/[?&]jornada=\d+/);
  await expectStanding(table, playerB.name, 3, 1);
  await expectStanding(table, playerA.name, 0, 0);
  await expect(standingRow(table, playerB.name).getByRole("cell").first()).toHaveText("1");

  // The captured page no longer has the match's picks; M2's are still there.
  await open(anonymous, "/quiniela/quinielas-capturadas");
  await anonymous.getByRole("tab", { name: PHASE, exact: true }).click();
  await expect(anonymous).toHaveURL(/\?jornada=\d+$/);
  await expect(predictionsTable(anonymous, M2).getByRole("row").filter({ hasText: playerA.name })).toHaveCount(1);
  await expect(predictionsTable(anonymous, M2).getByRole("row").filter({ hasText: playerB.name })).toHaveCount(1);
  await expect(predictionsTable(anonymous, M1)).toHaveCount(0);
  await expect(anonymous.getByRole("region", { name: M1, exact: true })).toHaveCount(0);
});
