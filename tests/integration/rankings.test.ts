import { afterAll, beforeAll, expect, test } from "vitest";

import { overallStandings, phaseStandings, userPosition, type StandingsRow } from "#app/data/standings/tables.server";
import { refreshAllScores } from "#app/data/standings/upkeep.server";
import { rankRows, type TallyRow } from "#app/domain/standings/standings";

import { createUser } from "../support/accounts";
import { currentSeasonId, routeData as routeDataOf, startTestServer, type TestServer } from "../support/server";
import { SHARED_TAG_NAMES, shareTags } from "../support/share-tags";

/**
 * /rankings and /quiniela/quinielas-capturadas against the real server, on SQLite and PostgreSQL:
 * data goes straight into the database, refreshAllScores() fills the stored tables, and the pages
 * (HTML and .data) are read as a browser would.
 */

let server: TestServer;
const NOW = new Date().toISOString();

beforeAll(async () => {
  // The data goes in behind the app's back, so no change empties the anonymous pages' microcache
  // (page-cache.test.ts): it would rightly serve the page it rendered a moment before.
  server = await startTestServer({ PAGE_CACHE_MS: "0" });
});
afterAll(() => server.close());

// --- helpers -------------------------------------------------------------------------------------

async function get(path: string, cookie?: string): Promise<{ status: number; body: string }> {
  const response = await server.request(path, { cookie });
  return { status: response.status, body: await response.text() };
}

/** The loader data of one route from a `.data` request, decoded as the browser does. */
const routeData = (path: string, routeId: string, cookie?: string) => routeDataOf(server, path, routeId, cookie);

/** Every object inside a value (depth first) that satisfies the predicate. */
function findObjects(
  value: unknown,
  predicate: (object: Record<string, unknown>) => boolean,
): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown) => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (!Array.isArray(node) && predicate(node as Record<string, unknown>)) found.push(node as Record<string, unknown>);
    for (const child of Object.values(node)) visit(child);
  };
  visit(value);
  return found;
}

async function addUser(id: string, name: string, extra: { display_name?: string | null; image?: string | null } = {}) {
  await server.db
    .insertInto("users")
    .values({
      id,
      name,
      email: `${id}@quiniela.test`,
      email_verified: 0,
      image: extra.image ?? null,
      display_name: extra.display_name ?? null,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
}

async function phaseId(name: string): Promise<number> {
  const row = await server.db.selectFrom("phases").select("id").where("name", "=", name).executeTakeFirstOrThrow();
  return row.id;
}

async function matchesOf(
  phase: string,
): Promise<{ id: number; home_team_id: number | null; away_team_id: number | null }[]> {
  return server.db
    .selectFrom("matches")
    .select(["id", "home_team_id", "away_team_id"])
    .where("phase_id", "=", await phaseId(phase))
    .orderBy("id")
    .execute();
}

async function setResult(matchId: number, score: [number, number] | null) {
  await server.db
    .updateTable("matches")
    .set({ active: 1, home_score: score?.[0] ?? null, away_score: score?.[1] ?? null })
    .where("id", "=", matchId)
    .execute();
}

async function pick(userId: string, matchId: number, home: number, away: number) {
  await server.db
    .insertInto("predictions")
    .values({
      user_id: userId,
      match_id: matchId,
      home_score: home,
      away_score: away,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
}

/** The rows of the table with this accessible name: the text of each cell. */
function tableRows(html: string, label: string): { band: string | null; cells: string[] }[] {
  const start = html.indexOf(`aria-label="${label}"`);
  if (start === -1) return [];
  const end = html.indexOf("</table>", start);
  const body = html.slice(html.indexOf("<tbody", start), end);
  return body
    .split("<tr")
    .slice(1)
    .map((row) => ({
      band: /data-band="(\w+)"/.exec(row)?.[1] ?? null,
      cells: row
        .split(/<td[^>]*>/)
        .slice(1)
        .map((cell) =>
          decodeEntities(cell.replace(/<[^>]+>/g, " "))
            .replace(/\s+/g, " ")
            .trim(),
        ),
    }));
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
}

/** Rank, name, points and exact hits of each row of 'Puntos Acumulados' (the avatar cell skipped). */
function standings(html: string, label = "Puntos Acumulados") {
  return tableRows(html, label).map(({ band, cells }) => ({
    rank: Number(cells[0]),
    // The name cell also holds the line that stands for the further columns on a phone.
    name: cells[2]!.replace(/ \d+ jornadas? ganadas?$/, "").replace(/ Tú$/, ""),
    points: Number(cells[3]),
    exact: Number(cells[4]),
    band,
  }));
}

// --- the season used below --------------------------------------------------------------------

const PLAYERS = ["Ana", "Beto", "Carla", "Dario", "Elena", "Fede", "Gina", "Hugo", "Iris", "Yago"] as const;
const id = (name: string) => `u-${name.toLowerCase()}`;

test("captured predictions: an empty season says so, and no loading text is rendered on the server", async () => {
  const page = await get("/quiniela/quinielas-capturadas");
  expect(page.status).toBe(200);
  expect(page.body).toContain("Quinielas Capturadas");
  expect(page.body).toContain("No hay predicciones capturadas.");
  expect(page.body).toMatch(/role="tab"[^>]*>(?:<[^>]+>)*Todas/);
  expect(page.body).not.toContain("Cargando resultados...");
});

test("the public pages carry Open Graph and Twitter card tags with absolute URLs on the site's origin, and the image is ours", async () => {
  const image = `${server.url}/og-image.png`;
  for (const [path, title] of [
    ["/rankings", "Tabla de Posiciones · Quiniela"],
    ["/rankings?jornada=1&pagina=2", "Tabla de Posiciones · Quiniela"],
    ["/rankings/historico", "Histórico · Tabla de Posiciones · Quiniela"],
    ["/quiniela/quinielas-capturadas", "Quinielas Capturadas · Quiniela"],
    ["/login", "Iniciar Sesión · Quiniela"],
    ["/register", "Registrarse · Quiniela"],
  ] as const) {
    const page = await get(path);
    expect(page.status, path).toBe(200);
    const tags = shareTags(page.body);
    for (const name of SHARED_TAG_NAMES) expect(tags.get(name), `${path} ${name}`).toBeTruthy();
    expect(tags.get("og:title"), path).toBe(title);
    expect(tags.get("twitter:title"), path).toBe(title);
    expect(tags.get("og:type"), path).toBe("website");
    expect(tags.get("twitter:card"), path).toBe("summary_large_image");
    // Absolute, and the page's own path (its query string left out: one preview per page).
    expect(tags.get("og:url"), path).toBe(`${server.url}${path.split("?")[0]}`);
    expect(tags.get("og:image"), path).toBe(image);
    expect(tags.get("twitter:image"), path).toBe(image);
  }
  const picture = await server.request("/og-image.png");
  expect(picture.status).toBe(200);
  expect(picture.headers.get("content-type")).toBe("image/png");
  const bytes = Buffer.from(await picture.arrayBuffer());
  // The PNG header's width and height: the 1200×630 the tags announce.
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  // Small enough for WhatsApp, which drops a preview image of more than about 300 kB.
  expect(bytes.length).toBeLessThan(300_000);
});

test("GET /rankings: every user, ordered by points, exact hits, outcomes, then name; ranks 1, 2, 2, 4; colour bands", async () => {
  for (const name of PLAYERS) await addUser(id(name), name);
  const [m1, m2, m3, m4] = await matchesOf("Jornada 1");
  await setResult(m1!.id, [2, 1]);
  await setResult(m2!.id, [1, 1]);
  await setResult(m3!.id, [0, 0]);
  await setResult(m4!.id, [3, 0]);
  const picks: [string, number, number, number][] = [
    ["Beto", m1!.id, 2, 1], // 3
    ["Beto", m2!.id, 1, 1], // 3          → 6 pts, 2 exact
    ["Ana", m1!.id, 2, 1], // 3
    ["Ana", m2!.id, 0, 0], // 1
    ["Ana", m3!.id, 1, 0], // 0
    ["Ana", m4!.id, 1, 0], // 1           → 5 pts, 1 exact, 3 outcomes
    ["Carla", m1!.id, 3, 1], // 1
    ["Carla", m2!.id, 2, 2], // 1
    ["Carla", m3!.id, 0, 0], // 3         → 5 pts, 1 exact, 3 outcomes (same as Ana)
    ["Fede", m1!.id, 2, 0], // 1
    ["Fede", m2!.id, 1, 1], // 3          → 4 pts, 1 exact
    ["Dario", m1!.id, 1, 0],
    ["Dario", m2!.id, 0, 0],
    ["Dario", m3!.id, 1, 1],
    ["Dario", m4!.id, 2, 0], //           → 4 pts, 0 exact
    ["Elena", m4!.id, 3, 0],
    ["Elena", m1!.id, 0, 1], //           → 3 pts, 1 exact
    ["Gina", m1!.id, 1, 0],
    ["Gina", m2!.id, 0, 0],
    ["Gina", m3!.id, 2, 2], //            → 3 pts, 0 exact
    ["Hugo", m1!.id, 0, 2], //            → 0 pts
  ];
  for (const [name, match, home, away] of picks) await pick(id(name), match, home, away);

  // Yago: Cuartos Ida 1-1 predicted 2-0 (0), Vuelta 1-1 predicted 1-1 (3), + bonus 2 = 5 points with
  // 1 exact and 1 outcome: below Ana and Carla (5 points, 1 exact, 3 outcomes) by outcomes.
  const ida = (await matchesOf("Cuartos Ida"))[0]!;
  const vuelta = (await matchesOf("Cuartos Vuelta")).find(
    (m) => [m.home_team_id, m.away_team_id].sort().join() === [ida.home_team_id, ida.away_team_id].sort().join(),
  )!;
  expect(vuelta).toBeDefined();
  await setResult(ida.id, [1, 1]);
  await setResult(vuelta.id, [1, 1]);
  await pick(id("Yago"), ida.id, 2, 0);
  await pick(id("Yago"), vuelta.id, 1, 1);
  await refreshAllScores(server.db);

  const page = await get("/rankings");
  expect(page.status).toBe(200);
  expect(page.body).toContain("Tabla de Posiciones");
  expect(page.body).toContain('aria-label="Puntos Acumulados"');
  expect(standings(page.body)).toEqual([
    // Ten players: the bands shrink to 3 blue, 3 yellow, 2 green and 2 red (README, bandSizes).
    { rank: 1, name: "Beto", points: 6, exact: 2, band: "blue" },
    { rank: 2, name: "Ana", points: 5, exact: 1, band: "blue" },
    { rank: 2, name: "Carla", points: 5, exact: 1, band: "blue" },
    { rank: 4, name: "Yago", points: 5, exact: 1, band: "yellow" },
    { rank: 5, name: "Fede", points: 4, exact: 1, band: "yellow" },
    { rank: 6, name: "Dario", points: 4, exact: 0, band: "yellow" },
    { rank: 7, name: "Elena", points: 3, exact: 1, band: "green" },
    { rank: 8, name: "Gina", points: 3, exact: 0, band: "green" },
    { rank: 9, name: "Hugo", points: 0, exact: 0, band: "red" },
    { rank: 9, name: "Iris", points: 0, exact: 0, band: "red" },
  ]);
});

test("the phase selector switches to one phase's table (the bonus counts in the second leg's phase)", async () => {
  const page = await get("/rankings");
  const jornada1 = await phaseId("Jornada 1");
  const vuelta = await phaseId("Cuartos Vuelta");
  expect(page.body).toMatch(/<select[^>]*name="jornada"/);
  expect(page.body).toContain(">Jornada</label>");
  expect(page.body).toContain(">Todas las jornadas</option>");
  expect(page.body).toContain(`<option value="${vuelta}">Cuartos Vuelta</option>`);

  const phase = await get(`/rankings?jornada=${jornada1}`);
  const rows = standings(phase.body);
  expect(rows.map((r) => [r.rank, r.name, r.points])).toEqual([
    [1, "Beto", 6],
    [2, "Ana", 5],
    [2, "Carla", 5],
    [4, "Fede", 4],
    [5, "Dario", 4],
    [6, "Elena", 3],
    [7, "Gina", 3],
    [8, "Hugo", 0],
    [8, "Iris", 0],
    [8, "Yago", 0],
  ]);
  expect(phase.body).toMatch(new RegExp(`<option value="${jornada1}" selected`));

  const second = standings((await get(`/rankings?jornada=${vuelta}`)).body);
  expect(second[0]).toMatchObject({ rank: 1, name: "Yago", points: 5, exact: 1 });
  expect(second.slice(1).every((row) => row.points === 0 && row.rank === 2)).toBe(true);
  const first = standings((await get(`/rankings?jornada=${await phaseId("Cuartos Ida")}`)).body);
  expect(first.every((row) => row.points === 0 && row.rank === 1)).toBe(true);
});

test("match cards: the phases still being played in full, every phase with active matches a link away", async () => {
  const open = (await matchesOf("Jornada 1"))[5]!;
  await server.db.updateTable("matches").set({ active: 1 }).where("id", "=", open.id).execute();
  const page = await get("/rankings");
  // Jornada 1 waits for a result: its cards are shown; the Cuartos (all played) are links.
  expect(page.body).toContain(">Jornada 1</h2>");
  expect(page.body).not.toContain(">Cuartos Ida</h2>");
  expect(page.body).not.toContain(">Jornada 2</h2>");
  expect(page.body).toContain("Pronósticos cerrados");
  expect(page.body).toContain("Pronósticos aún habilitados");
  expect(page.body).toMatch(/>-<\/span>/);
  // The phase's section: its title, then its cards, each a group named by its match (ui/game/PhaseSection.tsx).
  expect(page.body).toMatch(
    /<section[^>]*aria-labelledby="(fase-\d+)"><h2[^>]*id="\1">Jornada 1<\/h2><div[^>]*><div[^>]*role="group" aria-label="[^"]+ vs [^"]+"/,
  );
  const nav = page.body.match(/<nav aria-label="Partidos por jornada"[^>]*>(.*?)<\/nav>/)?.[1] ?? "";
  expect([...nav.matchAll(/>([^<>]+)<\/a>/g)].map((link) => link[1])).toEqual([
    "Jornada 1",
    "Cuartos Ida",
    "Cuartos Vuelta",
  ]);
  expect(nav).toMatch(/aria-current="page"[^>]*>Jornada 1</);

  // The phase's own table shows its cards, and only them.
  const quarters = await phaseId("Cuartos Ida");
  const chosen = await get(`/rankings?jornada=${quarters}`);
  expect(chosen.body).toContain(">Cuartos Ida</h2>");
  expect(chosen.body).not.toContain(">Jornada 1</h2>");
  expect(chosen.body).not.toContain("Pronósticos aún habilitados");
});

test("a match card says 'Pronósticos cerrados' as soon as the match takes no picks: kickoff passed or jornada activated, result or not", async () => {
  const open = (await matchesOf("Jornada 1"))[5]!;
  const jornada1 = await phaseId("Jornada 1");
  // The other matches of Jornada 1 have results: this one is the only card that can say 'habilitados'.
  const status = async () => {
    const body = (await get("/rankings")).body;
    expect(body).toContain(">Jornada 1</h2>");
    return body.includes("Pronósticos aún habilitados") ? "habilitados" : "cerrados";
  };
  const hourFromNow = new Date(Date.now() + 3_600_000).toISOString();
  await server.db
    .updateTable("matches")
    .set({ active: 1, kickoff_at: hourFromNow, home_score: null, away_score: null })
    .where("id", "=", open.id)
    .execute();
  expect(await status()).toBe("habilitados");

  await server.db
    .updateTable("matches")
    .set({ kickoff_at: new Date(Date.now() - 60_000).toISOString() })
    .where("id", "=", open.id)
    .execute();
  expect(await status()).toBe("cerrados");

  await server.db.updateTable("matches").set({ kickoff_at: hourFromNow }).where("id", "=", open.id).execute();
  await server.db.updateTable("phases").set({ activated_at: NOW }).where("id", "=", jornada1).execute();
  expect(await status()).toBe("cerrados");
  await server.db.updateTable("phases").set({ activated_at: null }).where("id", "=", jornada1).execute();
  expect(await status()).toBe("habilitados");
});

test("pagination by 50 with links, search by name, and 'Tu posición' for a signed-in user off the page", async () => {
  for (let n = 1; n <= 55; n++)
    await addUser(`u-extra-${String(n).padStart(2, "0")}`, `Usuario ${String(n).padStart(2, "0")}`);
  const zoeCookie = await createUser(server, { name: "Zoé Zúñiga", email: "zoe@quiniela.test" });
  const total = PLAYERS.length + 55 + 1;

  const first = await get("/rankings");
  const page1 = standings(first.body);
  expect(page1).toHaveLength(50);
  expect(first.body).toContain('href="/rankings?pagina=2"');
  expect(first.body).toContain(`1–50 de ${total}`);

  const second = await get("/rankings?pagina=2");
  const page2 = standings(second.body);
  expect(page2).toHaveLength(total - 50);
  // The zero-point group spans both pages: one rank, names in order across the page break.
  const zeros = [...page1, ...page2].filter((row) => row.points === 0);
  expect(new Set(zeros.map((row) => row.rank))).toEqual(new Set([9]));
  const collator = new Intl.Collator("es", { sensitivity: "base" });
  expect(zeros.map((row) => row.name)).toEqual([...zeros.map((row) => row.name)].sort(collator.compare));
  expect(page2.at(-1)).toMatchObject({ name: "Zoé Zúñiga", band: "red" });
  expect(page2.at(-2)).toMatchObject({ band: "red" });

  // A page past the end shows the last one.
  expect(standings((await get("/rankings?pagina=99")).body)).toEqual(page2);

  const search = standings((await get(`/rankings?buscar=${encodeURIComponent("usuario 0")}`)).body);
  expect(search.map((row) => row.name)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `Usuario 0${n}`));
  expect(search.every((row) => row.rank === 9)).toBe(true);
  const carla = standings((await get("/rankings?buscar=CARLA")).body);
  expect(carla).toEqual([{ rank: 2, name: "Carla", points: 5, exact: 1, band: "blue" }]);
  const none = await get("/rankings?buscar=nadie%25");
  expect(standings(none.body)).toEqual([]);
  expect(none.body).toContain("Ningún usuario coincide");

  const signedIn = await get("/rankings", zoeCookie);
  expect(signedIn.body).toContain("Tu posición");
  expect(standings(signedIn.body, "Tu posición")).toEqual([
    { rank: 9, name: "Zoé Zúñiga", points: 0, exact: 0, band: "red" },
  ]);
  const ownPage = await get("/rankings?pagina=2", zoeCookie);
  expect(standings(ownPage.body, "Tu posición")).toEqual([]);
  expect(ownPage.body).not.toContain(">Tu posición<");
});

test("users' custom pictures are shown; otherwise their initials", async () => {
  await server.db
    .updateTable("users")
    .set({ image: "https://example.com/beto.png" })
    .where("id", "=", id("Beto"))
    .execute();
  const page = await get("/rankings");
  expect(page.body).toContain('src="https://example.com/beto.png"');
  expect(tableRows(page.body, "Puntos Acumulados")[1]!.cells[1]).toBe("A");
});

// --- privacy of picks (SPEC §2.4) -----------------------------------------------------------------

test("captured predictions and rankings never carry another user's unrevealed pick; the owner sees it", async () => {
  const owner = await createUser(server, { name: "Zacarías Oculto", email: "zacarias@quiniela.test" });
  const other = await createUser(server, { name: "Vera Visible", email: "vera@quiniela.test" });
  const ownerId = (
    await server.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "zacarias@quiniela.test")
      .executeTakeFirstOrThrow()
  ).id;
  const jornada5 = await phaseId("Jornada 5");
  const [future] = await matchesOf("Jornada 5");
  const later = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  await server.db.updateTable("matches").set({ active: 1, kickoff_at: later }).where("id", "=", future!.id).execute();
  await pick(ownerId, future!.id, 17, 13);
  const secret = (o: Record<string, unknown>) => o.home === 17 && o.away === 13;

  for (const viewer of [other, undefined]) {
    for (const path of [
      "/quiniela/quinielas-capturadas.data",
      `/quiniela/quinielas-capturadas.data?jornada=${jornada5}`,
    ]) {
      const { raw, data } = await routeData(path, "routes/quiniela/quinielas-capturadas", viewer);
      expect(findObjects(data, secret)).toEqual([]);
      expect(findObjects(data, (o) => o.userId === ownerId)).toEqual([]);
      expect(raw).not.toContain("Zacarías Oculto");
      // Not even a tab for a phase whose only picks are hidden.
      expect(findObjects(data, (o) => o.phaseId === jornada5)).toEqual([]);
    }
    const standings = await routeData("/rankings.data", "routes/rankings", viewer);
    expect(findObjects(standings.data, secret)).toEqual([]);
    const html = await get("/quiniela/quinielas-capturadas", viewer);
    expect(html.body).not.toContain("Zacarías Oculto");
    expect(html.body).not.toContain("17 - 13");
  }

  const own = await routeData(
    `/quiniela/quinielas-capturadas.data?jornada=${jornada5}`,
    "routes/quiniela/quinielas-capturadas",
    owner,
  );
  expect(findObjects(own.data, secret)).toEqual([expect.objectContaining({ userId: ownerId, mine: true })]);
  const ownHtml = await get(`/quiniela/quinielas-capturadas?jornada=${jornada5}`, owner);
  expect(ownHtml.body).toContain("17 - 13");
  expect(ownHtml.body).toMatch(/Zacarías Oculto<\/a><span class="[^"]*">Tú</);
  expect(ownHtml.body).toContain("Resultado pendiente");
  // The owner is told why theirs is the only pick shown.
  expect(ownHtml.body).toContain(
    "Los pronósticos de los demás se ven cuando el partido ya empezó, tiene resultado o su jornada fue activada.",
  );

  const visibleTo = async (viewer: string) => {
    const { data } = await routeData(
      `/quiniela/quinielas-capturadas.data?jornada=${jornada5}`,
      "routes/quiniela/quinielas-capturadas",
      viewer,
    );
    return findObjects(data, secret).length > 0;
  };

  // Revealed by the result (then re-scored)…
  await setResult(future!.id, [2, 0]);
  await refreshAllScores(server.db);
  expect(await visibleTo(other)).toBe(true);
  const withResult = await get(`/quiniela/quinielas-capturadas?jornada=${jornada5}`, other);
  expect(withResult.body).toContain("Zacarías Oculto");
  expect(withResult.body).toContain("Resultado oficial: 2 - 0");
  expect(withResult.body).toContain("Partido de Jornada 5");
  expect(withResult.body).not.toContain("Los pronósticos de los demás se ven");

  // …hidden again without it…
  await setResult(future!.id, null);
  await refreshAllScores(server.db);
  expect(await visibleTo(other)).toBe(false);

  // …revealed by the phase's activation…
  await server.db
    .updateTable("phases")
    .set({ activated_at: new Date().toISOString() })
    .where("id", "=", jornada5)
    .execute();
  expect(await visibleTo(other)).toBe(true);
  await server.db.updateTable("phases").set({ activated_at: null }).where("id", "=", jornada5).execute();
  expect(await visibleTo(other)).toBe(false);

  // …and by the kickoff having passed.
  await server.db
    .updateTable("matches")
    .set({ kickoff_at: new Date(Date.now() - 60_000).toISOString() })
    .where("id", "=", future!.id)
    .execute();
  expect(await visibleTo(other)).toBe(true);
});

test("captured predictions: tabs per phase as links, first legs first, users without a name hidden", async () => {
  const jornada1 = await phaseId("Jornada 1");
  // By default the latest phase's tab; 'Todas' has an address of its own.
  const latest = await get("/quiniela/quinielas-capturadas");
  expect(latest.body).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>(?:<[^>]+>)*Cuartos Vuelta</);
  expect(latest.body).toContain('href="/quiniela/quinielas-capturadas?jornada=todas"');
  expect(latest.body).not.toContain("Resultado oficial: 2 - 1");
  const all = await get("/quiniela/quinielas-capturadas?jornada=todas");
  expect(all.body).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>(?:<[^>]+>)*Todas</);
  expect(all.body).toContain(`href="/quiniela/quinielas-capturadas?jornada=${jornada1}"`);
  expect(all.body).toMatch(/role="tab"[^>]*>(?:<[^>]+>)*Jornada 1</);
  expect(all.body).toMatch(/role="tab"[^>]*>(?:<[^>]+>)*Cuartos Vuelta</);
  expect(all.body).toContain("Resultado oficial: 2 - 1");

  // One phase only: the server loads just that phase.
  const { data } = await routeData(
    `/quiniela/quinielas-capturadas.data?jornada=${jornada1}`,
    "routes/quiniela/quinielas-capturadas",
  );
  const phases = (data as { phases: { phaseId: number }[] }).phases;
  expect(phases.map((phase) => phase.phaseId)).toEqual([jornada1]);

  // A phase holding both legs (legacy data): the first leg is listed first.
  const legacyPhase = await phaseId("Final Ida");
  const [legA, legB] = await matchesOf("Final Ida");
  const finalVuelta = (await matchesOf("Final Vuelta"))[0]!;
  await server.db
    .updateTable("matches")
    .set({ phase_id: legacyPhase, is_first_leg: 0 })
    .where("id", "=", finalVuelta.id)
    .execute();
  await server.db.updateTable("matches").set({ is_first_leg: 1 }).where("id", "=", legA!.id).execute();
  expect(legB).toBeUndefined(); // one Final Ida match in the season
  await setResult(finalVuelta.id, [1, 0]);
  await setResult(legA!.id, [0, 0]);
  await pick(id("Ana"), finalVuelta.id, 1, 0);
  await pick(id("Ana"), legA!.id, 0, 0);
  // A user without any name is hidden.
  await addUser("u-nameless", "", { display_name: "" });
  await pick("u-nameless", legA!.id, 9, 9);
  const legacy = await routeData(
    `/quiniela/quinielas-capturadas.data?jornada=${legacyPhase}`,
    "routes/quiniela/quinielas-capturadas",
  );
  const matches = (legacy.data as { phases: { matches: { id: number; picks: { userId: string }[] }[] }[] }).phases[0]!
    .matches;
  expect(matches.map((match) => match.id)).toEqual([legA!.id, finalVuelta.id]);
  expect(findObjects(legacy.data, (o) => o.userId === "u-nameless")).toEqual([]);
  expect(findObjects(legacy.data, (o) => o.home === 9 && o.away === 9)).toEqual([]);
});

// --- SQL ranks = domain rule --------------------------------------------------------------------

test("ranks computed in SQL equal rankRows() on the same data, page by page, searched, and per user", async () => {
  // Names that sort differently under a binary or a Spanish collation, duplicates that compare
  // equal (case, accents), emoji; small tallies so that many rows tie.
  const names = [
    "Ángel",
    "angel",
    "Ana",
    "ana",
    "Émile",
    "Eva",
    "ñandú",
    "Nube",
    "Ñoño",
    "Óscar",
    "oscar",
    "Zoe",
    "zoé",
    "Ülrich",
    "😀 Sonrisa",
    "Beto 🔥",
    "123",
    "_guion",
    "nico",
    "Nico",
  ];
  let seed = 11;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let i = 0; i < 80; i++) {
    await addUser(`eq-${String(i).padStart(3, "0")}`, names[i % names.length]!, {
      display_name: i % 3 === 0 ? `${names[(i * 7) % names.length]}` : null,
    });
  }
  const phase = await phaseId("Jornada 2");
  await server.db.deleteFrom("standings_total").execute();
  await server.db.deleteFrom("standings_phase").where("phase_id", "=", phase).execute();
  // Users whose names compare equal are listed in user-id order (code units, the same on both engines).
  const season = { id: await currentSeasonId(server), isCurrent: true };
  const users = (await server.db.selectFrom("users").select(["id", "name", "display_name"]).execute()).sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  const totals = new Map<string, { points: number; exact_hits: number; outcome_hits: number }>();
  for (const user of users) {
    if (random(5) === 0) continue; // no row: 0 points
    const exact = random(3);
    const outcomes = exact + random(3);
    totals.set(user.id, { points: 2 * exact + outcomes + 2 * random(2), exact_hits: exact, outcome_hits: outcomes });
  }
  await server.db
    .insertInto("standings_total")
    .values([...totals].map(([user_id, t]) => ({ season_id: season.id, user_id, ...t })))
    .execute();
  await server.db
    .insertInto("standings_phase")
    .values([...totals].map(([user_id, t]) => ({ user_id, phase_id: phase, ...t, points: t.points % 4 })))
    .execute();

  const displayName = (user: { name: string; display_name: string | null }) => user.display_name || user.name;
  const expected = (phaseOnly: boolean) =>
    rankRows(
      users.map((user): TallyRow => {
        const t = totals.get(user.id);
        return {
          userId: user.id,
          name: displayName(user),
          points: t ? (phaseOnly ? t.points % 4 : t.points) : 0,
          exactHits: t?.exact_hits ?? 0,
          outcomeHits: t?.outcome_hits ?? 0,
        };
      }),
    ).map((row, index) => ({ userId: row.userId, rank: row.rank, position: index + 1, band: row.band }));
  const shape = (row: StandingsRow) => ({ userId: row.userId, rank: row.rank, position: row.position, band: row.band });

  for (const phaseOnly of [false, true]) {
    const read = (query: { page?: number; perPage?: number; search?: string }) =>
      phaseOnly ? phaseStandings(server.db, season, phase, query) : overallStandings(server.db, season, query);
    const want = expected(phaseOnly);
    expect(new Set(want.map((row) => row.rank)).size).toBeLessThan(want.length / 3); // plenty of ties

    const paged: StandingsRow[] = [];
    const first = await read({ page: 1, perPage: 7 });
    expect(first.total).toBe(users.length);
    for (let page = 1; page <= first.pageCount; page++) paged.push(...(await read({ page, perPage: 7 })).rows);
    expect(paged.map(shape)).toEqual(want);
    expect((await read({ perPage: 1000 })).rows.map(shape)).toEqual(want);

    for (const search of ["an", "ÑO", "o", "🔥", "nico"]) {
      const found = await read({ search, perPage: 1000 });
      const matching = want.filter((row) => {
        const user = users.find((u) => u.id === row.userId)!;
        return displayName(user).toLowerCase().includes(search.toLowerCase());
      });
      // SQLite's lower() folds ASCII only: compare the lists where both engines agree.
      if (search !== "ÑO") expect(found.rows.map(shape)).toEqual(matching);
      for (const row of found.rows) expect(shape(row)).toEqual(want.find((w) => w.userId === row.userId));
    }

    for (const row of want) {
      const mine = await userPosition(server.db, season, row.userId, { phaseId: phaseOnly ? phase : null });
      expect(mine && shape(mine)).toEqual(row);
    }
  }
  expect(await userPosition(server.db, season, "nadie")).toBeNull();
});
