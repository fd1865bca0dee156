import { afterAll, beforeAll, expect, test } from "vitest";

import { matchLabel } from "#app/domain/game/match";

import { createUser } from "../support/accounts";
import { requestText, startTestServer, type TestServer } from "../support/server";

/**
 * Game pages show some phases in full and the others as links (domain/game/phase-status.ts,
 * phasesToShow): what waits for the viewer, or the phase in ?jornada=, else the last one. So a
 * week in play shows what is at stake and a finished season never lands on one page.
 */

let server: TestServer;
let admin: string;
let player: string;
const NOW = new Date().toISOString();
type Match = { id: number; home: { name: string } | null; away: { name: string } | null };
let open: Match[];
let played: Match[];
let openPhase: number;
let playedPhase: number;

async function phaseMatches(name: string): Promise<{ phaseId: number; matches: Match[] }> {
  const phase = await server.db.selectFrom("phases").select("id").where("name", "=", name).executeTakeFirstOrThrow();
  const rows = await server.db
    .selectFrom("matches as m")
    .leftJoin("teams as h", "h.id", "m.home_team_id")
    .leftJoin("teams as a", "a.id", "m.away_team_id")
    .select(["m.id", "h.name as home", "a.name as away"])
    .where("m.phase_id", "=", phase.id)
    .orderBy("m.id")
    .execute();
  return {
    phaseId: phase.id,
    matches: rows.map((row) => ({
      id: row.id,
      home: row.home ? { name: row.home } : null,
      away: row.away ? { name: row.away } : null,
    })),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  player = await createUser(server, { name: "Jugador", email: "jugador@quiniela.test" });
  // Jornada 1 played (results), Jornada 2 open: both active, like a season in its second week.
  ({ phaseId: playedPhase, matches: played } = await phaseMatches("Jornada 1"));
  ({ phaseId: openPhase, matches: open } = await phaseMatches("Jornada 2"));
  await server.db
    .updateTable("matches")
    .set({ active: 1, home_score: 1, away_score: 0, updated_at: NOW })
    .where("phase_id", "=", playedPhase)
    .execute();
  await server.db.updateTable("matches").set({ active: 1 }).where("phase_id", "=", openPhase).execute();
});
afterAll(() => server.close());

const get = (path: string, cookie: string) => requestText(server, path, { cookie });
const shows = (body: string, match: Match) => body.includes(`aria-label="${matchLabel(match)}"`);

test("home: the phase open for picks; a played one at its own address", async () => {
  const home = await get("/", player);
  expect(open.every((match) => shows(home.body, match))).toBe(true);
  expect(played.some((match) => shows(home.body, match))).toBe(false);
  expect(home.body).toContain(`href="/?jornada=${playedPhase}"`);

  const past = await get(`/?jornada=${playedPhase}`, player);
  expect(played.every((match) => shows(past.body, match))).toBe(true);
  expect(open.some((match) => shows(past.body, match))).toBe(false);
  expect(past.body).toContain("Resultado oficial: 1 - 0");
});

test("home: with every pick made, the last phase; an unknown ?jornada= is ignored", async () => {
  const user = await server.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", "jugador@quiniela.test")
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto("predictions")
    .values(
      open.map((match) => ({
        user_id: user.id,
        match_id: match.id,
        home_score: 2,
        away_score: 2,
        activated: 0,
        created_at: NOW,
        updated_at: NOW,
      })),
    )
    .execute();
  for (const path of ["/", "/?jornada=99999", "/?jornada=abc"]) {
    const home = await get(path, player);
    expect(home.status, path).toBe(200);
    expect(
      open.every((match) => shows(home.body, match)),
      path,
    ).toBe(true);
    expect(
      played.some((match) => shows(home.body, match)),
      path,
    ).toBe(false);
  }
});

test("admin results: the phase waiting for results, the others a link away", async () => {
  const results = await get("/admin/results", admin);
  expect(open.every((match) => shows(results.body, match))).toBe(true);
  expect(played.some((match) => shows(results.body, match))).toBe(false);
  expect(results.body).toContain(`href="/admin/results?jornada=${playedPhase}"`);
  expect((await get(`/admin/results?jornada=${playedPhase}`, admin)).body).toContain(
    `aria-label="${matchLabel(played[0]!)}"`,
  );
});

test("admin matches: every phase's card; rows for the phases to play and the last one played, earlier ones behind a link", async () => {
  // Jornada 1 is the last phase played (a correction there is one 'Reiniciar' away); Jornada 2 is to play.
  const first = await get("/admin/matches", admin);
  expect(played.every((match) => shows(first.body, match))).toBe(true);
  expect(open.every((match) => shows(first.body, match))).toBe(true);
  // Every phase keeps its card and its 'Activar Jornada' / 'Desactivar Jornada' button.
  expect(first.body.match(/>(Activar|Desactivar) Jornada</g)).toHaveLength(23);

  // Jornada 2 played too: Jornada 1 folds behind its link, active or not.
  await server.db
    .updateTable("matches")
    .set({ home_score: 0, away_score: 0 })
    .where("phase_id", "=", openPhase)
    .execute();
  try {
    const later = await get("/admin/matches", admin);
    expect(played.some((match) => shows(later.body, match))).toBe(false);
    expect(open.every((match) => shows(later.body, match))).toBe(true);
    expect(later.body).toContain(`href="/admin/matches?jornada=${playedPhase}"`);
    expect(later.body.match(/>(Activar|Desactivar) Jornada</g)).toHaveLength(23);
    const chosen = await get(`/admin/matches?jornada=${playedPhase}`, admin);
    expect(played.every((match) => shows(chosen.body, match))).toBe(true);
    expect(open.some((match) => shows(chosen.body, match))).toBe(false);
  } finally {
    await server.db
      .updateTable("matches")
      .set({ home_score: null, away_score: null })
      .where("phase_id", "=", openPhase)
      .execute();
  }
});
