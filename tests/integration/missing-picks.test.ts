import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { MissingPicks } from "#app/domain/game/missing-picks";
import type { OpenSummary } from "#app/domain/standings/home-summary";

import { createUser } from "../support/accounts";
import {
  activatePhase,
  currentSeasonId,
  requestText,
  routeData,
  startTestServer,
  type TestServer,
} from "../support/server";

/**
 * The picks a player still owes (domain/game/missing-picks.ts): 'Te faltan 4 pronósticos' and the
 * countdown to the first close on the home page's 'Cómo vas', and the badge on the navbar's
 * 'Inicio' of every signed-in page ('Inicio, te faltan 4 pronósticos'), one count for both: open
 * matches of the current season (active, teams known, no result, phase not activated, kickoff
 * ahead or not set) without the viewer's pick. As the server renders them, on both engines.
 */

let server: TestServer;
let viewer: string;
let complete: string;
let seasonId: number;
const NOW = new Date().toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const later = (ms: number) => new Date(Date.now() + ms).toISOString();
let round: number[];
let activated: number[];

/** What the navbar's 'Inicio' is called in a page's HTML. */
function homeLinkNames(body: string): string[] {
  return [...body.matchAll(/<a ([^>]*)>(.*?)<\/a>/g)]
    .filter(([, attributes, text]) => attributes!.includes('href="/"') && text!.startsWith("Inicio"))
    .map(([, attributes]) => /aria-label="([^"]*)"/.exec(attributes!)?.[1] ?? "Inicio");
}

const page = async (path: string, cookie?: string) => {
  const answer = await requestText(server, path, { cookie });
  expect(answer.status).toBe(200);
  return answer.body;
};

const rootMissing = async (cookie: string) =>
  ((await routeData(server, "/rankings.data", "root", cookie)).data as { missing: MissingPicks | null }).missing;

/** Picks for these matches, straight into the database. */
async function pick(cookie: string, matchIds: number[]) {
  const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
  const { user_id } = await server.db
    .selectFrom("sessions")
    .select("user_id")
    .where("token", "=", token)
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto("predictions")
    .values(
      matchIds.map((match_id) => ({
        user_id,
        match_id,
        home_score: 1,
        away_score: 0,
        created_at: NOW,
        updated_at: NOW,
      })),
    )
    .execute();
}

beforeAll(async () => {
  server = await startTestServer();
  seasonId = await currentSeasonId(server);
  viewer = await createUser(server, { name: "Valeria", email: "valeria@quiniela.test" });
  complete = await createUser(server, { name: "Ximena", email: "ximena@quiniela.test" });
  round = (await activatePhase(server, "Jornada 1")).matchIds;
  const [started, withResult, undecided, inactive, predicted, first, second, undated, tomorrow] = round as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = (id: number, kickoff: string | null) =>
    server.db.updateTable("matches").set({ kickoff_at: kickoff }).where("id", "=", id).execute();
  await at(started, later(-HOUR));
  await server.db.updateTable("matches").set({ home_score: 1, away_score: 1 }).where("id", "=", withResult).execute();
  await server.db.updateTable("matches").set({ away_team_id: null }).where("id", "=", undecided).execute();
  await server.db.updateTable("matches").set({ active: 0 }).where("id", "=", inactive).execute();
  await at(predicted, later(HOUR));
  // The first of the viewer's to close: 2 h 15 min and some seconds from now.
  await at(first, later(2 * HOUR + 15 * MINUTE + 30_000));
  await at(second, later(5 * HOUR));
  await at(undated, null);
  await at(tomorrow, later(26 * HOUR));
  await pick(viewer, [predicted]);
  // A jornada the admin has activated takes no picks, whatever its kickoffs.
  const phase2 = await activatePhase(server, "Jornada 2");
  activated = phase2.matchIds;
  await server.db.updateTable("phases").set({ activated_at: NOW }).where("id", "=", phase2.phaseId).execute();
  await server.db
    .updateTable("matches")
    .set({ kickoff_at: later(3 * HOUR) })
    .where("id", "in", activated)
    .execute();
  // Ximena has made every open pick.
  await pick(complete, [predicted, first, second, undated, tomorrow]);
});
afterAll(() => server.close());

describe("the count the server renders", () => {
  test("the home page says what is missing and the time left; the navbar's 'Inicio' carries the same count", async () => {
    const body = await page("/", viewer);
    expect(body).toContain("Te faltan 4 pronósticos · cierra hoy");
    expect(body).toContain("Cierra en 2 h 15 min");
    expect(homeLinkNames(body)).toEqual(["Inicio, te faltan 4 pronósticos"]);
    // The badge is not a live region: no reader is told each minute.
    expect(body).not.toContain("aria-live");

    const home = (await routeData(server, "/_root.data", "routes/index", viewer)).data as { open: OpenSummary };
    // One count, read for the badge by its own query: the same picks, closing at the same times.
    const root = await rootMissing(viewer);
    expect(home.open.missing.count).toBe(4);
    expect({ ...root, at: 0 }).toEqual({ ...home.open.missing, at: 0 });
  });

  test("every signed-in page carries the badge; nothing missing, no badge", async () => {
    for (const path of ["/rankings", "/quinielas", "/profile"]) {
      expect(homeLinkNames(await page(path, viewer)), path).toEqual(["Inicio, te faltan 4 pronósticos"]);
      expect(homeLinkNames(await page(path, complete)), path).toEqual(["Inicio"]);
    }
    expect(await page("/", complete)).toContain("No tienes pronósticos pendientes por ahora");
    expect(await page("/", complete)).not.toContain("Cierra en");
  });

  test("a visitor has no badge, and a visitor's page kept in memory never carries one", async () => {
    const signedIn = await page("/rankings", viewer);
    expect(signedIn).toContain("te faltan 4 pronósticos");
    for (const path of ["/rankings", "/rankings", "/login"]) {
      const visitor = await requestText(server, path);
      expect(visitor.body, path).not.toContain("te faltan");
      expect(visitor.body, path).not.toContain("te falta ");
    }
    expect((await routeData(server, "/rankings.data", "root")).data).toMatchObject({ user: null, missing: null });
    // And the signed-in page after the visitor's is still their own.
    expect(await page("/rankings", viewer)).toContain("te faltan 4 pronósticos");
  });

  test("a saved pick is counted off at once, and the save's answer carries the new count", async () => {
    const [, , , , , first] = round;
    const body = new URLSearchParams({ matchId: String(first), [`home-${first}`]: "2", [`away-${first}`]: "1" });
    const response = await server.request("/_root.data?index", { method: "POST", body, cookie: viewer });
    const decoded = await decodeViaTurboStream(new Response(await response.text()).body!, globalThis);
    await decoded.done;
    const answer = (decoded.value as { data: { page: { open: OpenSummary } } }).data;
    expect(answer.page.open.missing.count).toBe(3);
    expect((await rootMissing(viewer))!.count).toBe(3);
    const home = await page("/", viewer);
    expect(home).toContain("Te faltan 3 pronósticos");
    // The next to close is now 5 hours away.
    expect(home).toMatch(/Cierra en 4 h 59 min|Cierra en 5 h/);
    expect(homeLinkNames(home)).toEqual(["Inicio, te faltan 3 pronósticos"]);
  });

  test("a kickoff that comes, a result, a jornada activated or a finished season take picks off the count", async () => {
    const [, , , , , , second, undated] = round as number[];
    await server.db
      .updateTable("matches")
      .set({ kickoff_at: later(-MINUTE) })
      .where("id", "=", second!)
      .execute();
    expect((await rootMissing(viewer))!.count).toBe(2);
    await server.db.updateTable("matches").set({ home_score: 0, away_score: 0 }).where("id", "=", undated!).execute();
    expect((await rootMissing(viewer))!.count).toBe(1);
    expect(await page("/", viewer)).toContain("Te falta 1 pronóstico · cierra mañana");
    expect(homeLinkNames(await page("/rankings", viewer))).toEqual(["Inicio, te falta 1 pronóstico"]);

    await server.db.updateTable("phases").set({ activated_at: null }).where("name", "=", "Jornada 2").execute();
    // Jornada 2 opened again: its nine matches are owed too.
    expect((await rootMissing(viewer))!.count).toBe(10);
    await server.db.updateTable("seasons").set({ finished_at: NOW }).where("id", "=", seasonId).execute();
    try {
      expect(await rootMissing(viewer)).toMatchObject({ count: 0, closings: [] });
      expect(homeLinkNames(await page("/rankings", viewer))).toEqual(["Inicio"]);
    } finally {
      await server.db.updateTable("seasons").set({ finished_at: null }).where("id", "=", seasonId).execute();
    }
  });
});
