import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import Database from "better-sqlite3";

import { startOwnServer, type OwnServer } from "../../scripts/lib/own-server";
import { expectAccessible } from "./axe";
import { ADMIN, expectToast, hydrated, switchScheme } from "./support";

/**
 * Captured predictions when a match has more picks than its card lists (issue 46, item 5): the
 * demo season on a server of this file's own, with 150 more players who picked every match of
 * the current season. A card lists its first 50 picks and links 'Ver los 16x pronósticos'
 * to the match's own pages of 100 ('Anterior', 'Siguiente'); axe finds nothing there in light or
 * dark mode, and the pages are photographed at a phone's and a desktop's width. The admin's
 * 'Quinielas Capturadas' is bounded the same way, over every pick, revealed or not, and its
 * 'Administración de Pronósticos' lists a phase's picks 100 a page, searched by the server.
 */

const EXTRA = 150;
const SHOTS = process.env.SHOTS_DIR ?? "";
const DEMO_PASSWORD = "quiniela2024"; // scripts/lib/demo-season.ts
let server: OwnServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer("capturadas", ADMIN.email, { demo: true });
  const db = new Database(path.join(server.dataDir, "quiniela.sqlite"));
  try {
    const now = new Date().toISOString();
    const matches = db
      .prepare(
        `select m.id from matches m join phases p on p.id = m.phase_id join seasons s on s.id = p.season_id
           where s.is_current = 1`,
      )
      .all() as { id: number }[];
    const user = db.prepare(
      "insert into users (id, name, email, email_verified, created_at, updated_at) values (?, ?, ?, 0, ?, ?)",
    );
    const pick = db.prepare(
      "insert into predictions (user_id, match_id, home_score, away_score, created_at, updated_at) values (?, ?, ?, ?, ?, ?)",
    );
    db.transaction(() => {
      for (let i = 0; i < EXTRA; i++) {
        const id = `aficion-${i}`;
        user.run(id, `Afición ${String(i + 1).padStart(3, "0")}`, `${id}@quiniela.test`, now, now);
        for (const match of matches) pick.run(id, match.id, i % 4, i % 3, now, now);
      }
    })();
  } finally {
    db.close();
  }
});
test.afterAll(() => server?.stop());

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height, label] of [
    [375, 812, "telefono"],
    [1280, 800, "escritorio"],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const value of ["light", "dark"] as const) {
      await switchScheme(page, value);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${label}-${value}.png`), fullPage: width > 400 });
    }
  }
  await switchScheme(page, "light");
}

test("a card links to its match's pages, which go 100 at a time by name", async ({ browser }) => {
  // Four axe passes over pages of 50 and 100 rows a card: seconds each on a quiet machine, three
  // times that when CI shares the machine's two cores.
  test.slow();
  const context = await browser.newContext({ baseURL: server.url, locale: "es-MX", timezoneId: "America/Mexico_City" });
  const page = await context.newPage();
  await page.goto("/quiniela/quinielas-capturadas");
  // The demo's players who picked it, and the 150 more.
  const link = page.getByRole("link", { name: /^Ver los 1\d\d pronósticos$/ }).first();
  await expect(link).toBeVisible();
  const total = Number((await link.textContent())!.replace(/\D/g, ""));
  expect(total).toBeGreaterThan(100 + 50);
  const card = page.getByRole("region").filter({ has: link }).first();
  // 50 picks and the table's header row.
  await expect(card.getByRole("row")).toHaveCount(51);
  await expectAccessible(page, "tarjeta");
  await shots(page, "tarjeta");

  await link.click();
  await expect(page).toHaveURL(/[?&]partido=\d+$/);
  await expect(page.getByRole("table", { name: /^Pronósticos de / })).toBeVisible();
  await expect(page.getByRole("table", { name: /^Pronósticos de / }).getByRole("row")).toHaveCount(101);
  const pages = page.getByRole("navigation", { name: "Páginas de pronósticos" });
  await expect(pages.getByText("Página 1 de 2")).toBeVisible();
  await expect(pages.getByRole("link", { name: "Anterior" })).toHaveCount(0);
  await expectAccessible(page, "página 1");
  await shots(page, "partido");

  await pages.getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/[?&]pagina=2$/);
  await expect(page.getByRole("table", { name: /^Pronósticos de / }).getByRole("row")).toHaveCount(total - 100 + 1);
  await expect(pages.getByRole("link", { name: "Siguiente" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Anterior" }).click();
  await expect(page).toHaveURL(/[?&]partido=\d+$/);
  await context.close();
});

/** A browser context of this file's server with the demo's admin signed in (one sign-in POST). */
async function adminPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, locale: "es-MX", timezoneId: "America/Mexico_City" });
  const page = await context.newPage();
  const signedIn = await page.request.post("/login", {
    headers: { Origin: server.url },
    form: { email: ADMIN.email, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(signedIn.status(), "inicio de sesión del administrador").toBe(302);
  // Takes the flash toast, so it does not cover the page.
  await page.request.get("/");
  return { context, page };
}

test("the admin's 'Quinielas Capturadas': a card lists 50 picks and links to the match's pages of 100", async ({
  browser,
}) => {
  // Four axe passes over a phase's cards of 50 rows and a page of 100 (see the test above).
  test.slow();
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/ver-quinielas");
  await expect(page.getByRole("heading", { name: "Quinielas Capturadas", level: 1 })).toBeVisible();
  await expect(page.getByText(/^[\d,]+ pronósticos? en \d+ partidos?$/)).toBeVisible();
  const link = page.getByRole("link", { name: /^Ver los 1\d\d pronósticos$/ }).first();
  await expect(link).toBeVisible();
  const total = Number((await link.textContent())!.replace(/\D/g, ""));
  expect(total).toBeGreaterThan(EXTRA);
  const card = page.getByRole("region").filter({ has: link }).first();
  // 50 picks and the table's header row.
  await expect(card.getByRole("table", { name: /^Pronósticos de / }).getByRole("row")).toHaveCount(51);
  await expectAccessible(page, "tarjetas del administrador");
  await shots(page, "admin-tarjetas");

  await link.click();
  await expect(page).toHaveURL(/\/admin\/ver-quinielas\?partido=\d+$/);
  const picks = page.getByRole("table", { name: /^Pronósticos de / });
  await expect(picks.getByRole("row")).toHaveCount(101);
  await expect(page.getByText(`${total} pronósticos en 1 partido`, { exact: true })).toBeVisible();
  const pages = page.getByRole("navigation", { name: "Páginas de pronósticos" });
  await expect(pages.getByText("Página 1 de 2")).toBeVisible();
  await expect(pages.getByRole("link", { name: "Anterior" })).toHaveCount(0);
  await expectAccessible(page, "página 1 del administrador");
  await shots(page, "admin-partido");

  await pages.getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/[?&]pagina=2$/);
  await expect(picks.getByRole("row")).toHaveCount(total - 100 + 1);
  await expect(pages.getByRole("link", { name: "Siguiente" })).toHaveCount(0);

  // Another phase leaves the match's pages for that phase's cards.
  await hydrated(page);
  const phase = page.getByRole("combobox", { name: "Jornada" });
  const shown = await phase.inputValue();
  const other = (
    await phase.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
  ).find((value) => value !== "" && value !== shown)!;
  await phase.selectOption(other);
  await expect(page).toHaveURL(new RegExp(`\\?jornada=${other}$`));
  await expect(pages).toHaveCount(0);

  // Back on a match's page, the link to its phase's cards.
  await page
    .getByRole("link", { name: /^Ver los 1\d\d pronósticos$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\?partido=\d+$/);
  await page.getByRole("link", { name: /^← Todos los partidos de / }).click();
  await expect(page).toHaveURL(new RegExp(`\\?jornada=${other}$`));
  await context.close();
});

test("the admin's 'Administración de Pronósticos': pages of 100 picks, a search done by the server, a correction on a page of it", async ({
  browser,
}) => {
  // Axe over pages of 100 rows, each with its own form, in light and dark (see the tests above).
  test.slow();
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/predictions");
  await expect(page.getByRole("heading", { name: "Administración de Pronósticos", level: 1 })).toBeVisible();
  const count = page.getByText(/^[\d,]+ pronósticos$/);
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())!.replace(/\D/g, ""));
  // The demo players' picks of the phase shown and the 150 more: two pages at least.
  expect(total).toBeGreaterThan(EXTRA);
  const table = page.getByRole("table");
  // 100 picks and the header row, whatever the phase holds.
  await expect(table.getByRole("row")).toHaveCount(101);
  const pages = page.getByRole("navigation", { name: "Páginas de pronósticos" });
  const last = Math.ceil(total / 100);
  await expect(pages.getByText(`Página 1 de ${last}`, { exact: true })).toBeVisible();
  await expect(pages.getByRole("link", { name: "Anterior" })).toHaveCount(0);
  await expectAccessible(page, "pronósticos del administrador");
  await shots(page, "admin-pronosticos");

  // The search goes to the server with the phase; its pages keep both.
  await hydrated(page);
  const phase = await page.getByRole("combobox", { name: "Jornada" }).inputValue();
  const search = page.getByRole("searchbox", { name: "Buscar", exact: true });
  await expect(search).toHaveAttribute("placeholder", "Usuario o equipo");
  await search.fill("AFICION");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?jornada=${phase}&q=AFICION$`));
  const found = page.getByText(new RegExp(`^[\\d,]+ de ${total.toLocaleString("es-MX")} pronósticos$`));
  await expect(found).toBeVisible();
  const matched = Number((await found.textContent())!.split(" de ")[0]!.replace(/\D/g, ""));
  expect(matched).toBeGreaterThan(100);
  expect(matched).toBeLessThan(total);
  await expect(table.getByRole("row").filter({ hasText: "Afición" })).toHaveCount(100);
  await pages.getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?jornada=${phase}&q=AFICION&pagina=2$`));
  await expect(pages.getByText(`Página 2 de ${Math.ceil(matched / 100)}`, { exact: true })).toBeVisible();
  await expect(search).toHaveValue("AFICION");

  // A correction on the searched page: its toast, and the page stays where it was.
  const row = table.getByRole("row").filter({ hasText: "Afición" }).first();
  const name = (await row.getAttribute("aria-label"))!;
  const [home, away] = await row.getByRole("spinbutton").all();
  const before = [await home!.inputValue(), await away!.inputValue()];
  const changed = before[0] === "9" ? "8" : "9";
  await home!.fill(changed);
  await row.getByRole("button", { name: "Actualizar", exact: true }).click();
  await expectToast(page, "Éxito", "Predicción actualizada correctamente");
  await expect(page).toHaveURL(new RegExp(`\\?jornada=${phase}&q=AFICION&pagina=2$`));
  await page.reload();
  await hydrated(page);
  const again = page.getByRole("row", { name, exact: true });
  await expect(again.getByRole("spinbutton").first()).toHaveValue(changed);
  await expectAccessible(page, "búsqueda de pronósticos del administrador");
  await shots(page, "admin-pronosticos-busqueda");
  // Put back as it was.
  await again.getByRole("spinbutton").first().fill(before[0]!);
  await again.getByRole("button", { name: "Actualizar", exact: true }).click();
  await expectToast(page, "Éxito", "Predicción actualizada correctamente");

  // Nobody: the page says so, with no pager.
  await search.fill("nadie se llama así");
  await search.press("Enter");
  await expect(page.getByText("Ningún pronóstico coincide con «nadie se llama así».", { exact: true })).toBeVisible();
  await expect(pages).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=nadie/);
  await context.close();
});
