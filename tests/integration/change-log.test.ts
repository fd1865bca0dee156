import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { SCRIPT_ACTOR } from "#app/data/changes/change-log.server";
import { applyResultsFile, previewResultsFile } from "#app/data/results/results-file.server";

import { createUser } from "../support/accounts";
import { currentSeasonId, form, requestText, startTestServer, userIdOf, type TestServer } from "../support/server";

/**
 * 'Bitácora' (issue 46, item 6), on both engines: every change that moves points or picks writes
 * its entry in its own transaction (who, when, what, before → after), a refused change writes
 * none, nothing edits or deletes an entry (not the app, not SQL by hand), entries outlive the
 * people they name; the admin's 'Bitácora' filters and pages them, and everybody's 'Cambios del
 * administrador' shows corrections and the admin's pick edits with players' names, at the next
 * request even for a guest answered from the page cache.
 */

const ADMIN = { name: "Administradora", email: "admin@quiniela.test" };
const ANA = { name: "Ana Martínez", email: "ana@quiniela.test" };
const BETO = { name: "Beto", email: "beto@quiniela.test" };

let server: TestServer;
let admin: string;
let ana: string;
let beto: string;
let adminId: string;
let anaId: string;
let betoId: string;
let seasonId: number;
let phaseId: number;
let matchIds: number[];
let label: string;
let jornada2: number[];

interface Entry {
  id: number;
  kind: string;
  season_id: number | null;
  actor_id: string | null;
  actor_name: string;
  subject: string;
  player_id: string | null;
  player_name: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

const entries = async (): Promise<Entry[]> => server.db.selectFrom("change_log").selectAll().orderBy("id").execute();
/** The entries written since `count` were there. */
const since = async (count: number) => (await entries()).slice(count);

async function post(pathname: string, fields: Record<string, string>, cookie = admin) {
  const response = await requestText(server, pathname, { method: "POST", body: form(fields), cookie });
  return response;
}

async function predict(cookie: string, picks: { matchId: number; home: number; away: number }[]) {
  const fields = new URLSearchParams();
  for (const pick of picks) {
    fields.append("matchId", String(pick.matchId));
    fields.append(`home-${pick.matchId}`, String(pick.home));
    fields.append(`away-${pick.matchId}`, String(pick.away));
  }
  const response = await requestText(server, "/?index", { method: "POST", body: fields, cookie });
  expect(response.status).toBe(200);
}

async function matchLabel(matchId: number) {
  const row = await server.db
    .selectFrom("matches as m")
    .innerJoin("teams as h", "h.id", "m.home_team_id")
    .innerJoin("teams as a", "a.id", "m.away_team_id")
    .select(["h.name as home", "a.name as away"])
    .where("m.id", "=", matchId)
    .executeTakeFirstOrThrow();
  return `${row.home} vs ${row.away}`;
}

beforeAll(async () => {
  // The guests' page cache on, as in production: a new entry must still show at the next request.
  server = await startTestServer({ PAGE_CACHE_MS: "60000" });
  admin = await createUser(server, ADMIN);
  ana = await createUser(server, ANA);
  beto = await createUser(server, BETO);
  adminId = await userIdOf(server, ADMIN.email);
  anaId = await userIdOf(server, ANA.email);
  betoId = await userIdOf(server, BETO.email);
  seasonId = await currentSeasonId(server);
  phaseId = (
    await server.db
      .selectFrom("phases")
      .select("id")
      .where("season_id", "=", seasonId)
      .where("name", "=", "Jornada 1")
      .executeTakeFirstOrThrow()
  ).id;
  matchIds = (
    await server.db.selectFrom("matches").select("id").where("phase_id", "=", phaseId).orderBy("id").execute()
  ).map((row) => row.id);
  label = await matchLabel(matchIds[0]!);
});
afterAll(() => server?.close());

describe.sequential("every change writes its entry with it; a refused change writes none", () => {
  test("a phase switched on and off: who, when, which phase, active matches before → after", async () => {
    const start = (await entries()).length;
    const before = Date.now();
    expect(
      (await post("/admin/matches", { intent: "toggle-phase", phaseId: String(phaseId), active: "1" })).status,
    ).toBe(200);
    const [opened, ...rest] = await since(start);
    expect(rest).toEqual([]);
    expect(opened).toMatchObject({
      kind: "phase-opened",
      season_id: seasonId,
      actor_id: adminId,
      actor_name: ADMIN.name,
      subject: "Jornada 1",
      before: JSON.stringify({ activeMatches: 0 }),
      after: JSON.stringify({ activeMatches: matchIds.length }),
    });
    // The server's clock, as ISO text (decision 002).
    expect(opened!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(opened!.created_at)).toBeGreaterThanOrEqual(before - 1000);
    // Switched on again: nothing changed, nothing logged.
    expect(
      (await post("/admin/matches", { intent: "toggle-phase", phaseId: String(phaseId), active: "1" })).status,
    ).toBe(200);
    expect(await since(start + 1)).toEqual([]);
  });

  test("a result saved, then corrected; the same result saved again changes nothing", async () => {
    await predict(ana, [{ matchId: matchIds[0]!, home: 2, away: 1 }]);
    await predict(beto, [{ matchId: matchIds[0]!, home: 0, away: 0 }]);
    const start = (await entries()).length;
    const save = (home: string, away: string) =>
      post("/admin/results", { intent: "save-result", matchId: String(matchIds[0]), home, away });
    expect((await save("2", "1")).status).toBe(200);
    expect((await save("3", "1")).status).toBe(200);
    expect((await save("3", "1")).status).toBe(200);
    const written = await since(start);
    expect(written.map((entry) => [entry.kind, entry.subject, entry.actor_name, entry.season_id])).toEqual([
      ["result-saved", label, ADMIN.name, seasonId],
      ["result-corrected", label, ADMIN.name, seasonId],
    ]);
    expect(JSON.parse(written[1]!.before!)).toMatchObject({ result: { home: 2, away: 1 } });
    expect(JSON.parse(written[1]!.after!)).toMatchObject({ result: { home: 3, away: 1 } });
  });

  test("refused results write nothing: bad goals, no such match, a player, a guest", async () => {
    const start = (await entries()).length;
    const bad = await post("/admin/results", {
      intent: "save-result",
      matchId: String(matchIds[0]),
      home: "21",
      away: "1",
    });
    expect(bad.status).toBe(400);
    const missing = await post("/admin/results", { intent: "save-result", matchId: "999999", home: "1", away: "0" });
    expect(missing.status).toBe(400);
    const player = await post(
      "/admin/results",
      { intent: "save-result", matchId: String(matchIds[0]), home: "0", away: "0" },
      ana,
    );
    expect(player.status).toBe(403);
    const guest = await requestText(server, "/admin/results", {
      method: "POST",
      body: form({ intent: "save-result", matchId: String(matchIds[0]), home: "0", away: "0" }),
    });
    expect(guest.status).toBe(302);
    const reset = await post("/admin/matches", { intent: "reset", matchId: "999999" });
    expect(reset.status).toBe(400);
    const pick = await post("/admin/predictions", {
      intent: "update-prediction",
      predictionId: "999999",
      home: "1",
      away: "1",
    });
    expect(pick.status).toBeGreaterThanOrEqual(400);
    expect(await since(start)).toEqual([]);
  });

  test("a pick edited by the admin names its player, never an e-mail", async () => {
    const prediction = await server.db
      .selectFrom("predictions")
      .select("id")
      .where("user_id", "=", betoId)
      .where("match_id", "=", matchIds[0]!)
      .executeTakeFirstOrThrow();
    const start = (await entries()).length;
    const response = await post("/admin/predictions", {
      intent: "update-prediction",
      predictionId: String(prediction.id),
      home: "3",
      away: "1",
    });
    expect(response.status).toBe(200);
    const [edited, ...rest] = await since(start);
    expect(rest).toEqual([]);
    expect(edited).toMatchObject({
      kind: "prediction-edited",
      subject: label,
      player_id: betoId,
      player_name: BETO.name,
      before: JSON.stringify({ home: 0, away: 0 }),
      after: JSON.stringify({ home: 3, away: 1 }),
    });
    expect(JSON.stringify(await entries())).not.toContain("@quiniela.test");
  });

  test("'Activar Quinielas' logs the phase and its picks activated", async () => {
    const start = (await entries()).length;
    expect((await post("/admin/activar-quinielas", { intent: "activate", phaseId: String(phaseId) })).status).toBe(200);
    expect((await since(start)).map((entry) => [entry.kind, entry.subject, entry.after])).toEqual([
      ["pools-activated", "Jornada 1", JSON.stringify({ activated: 2 })],
    ]);
    expect((await post("/admin/activar-quinielas", { intent: "activate", phaseId: "999" })).status).toBe(400);
    expect(await since(start + 1)).toEqual([]);
  });

  test("a reset: the result it took back and the picks it deleted", async () => {
    const start = (await entries()).length;
    expect((await post("/admin/matches", { intent: "reset", matchId: String(matchIds[0]) })).status).toBe(200);
    const [reset, ...rest] = await since(start);
    expect(rest).toEqual([]);
    expect(reset).toMatchObject({
      kind: "result-reset",
      subject: label,
      after: JSON.stringify({ deletedPredictions: 2 }),
    });
    expect(JSON.parse(reset!.before!)).toMatchObject({ result: { home: 3, away: 1 } });
  });

  test("a results file: the file, then each result it saved", async () => {
    const second = await matchLabel(matchIds[1]!);
    const [home, away] = second.split(" vs ");
    const content = `jornada,local,visitante,fecha,goles_local,goles_visitante\nJornada 1,${home},${away},,1,0\n`;
    const season = { id: seasonId, timeZone: "America/Mexico_City" };
    const preview = await previewResultsFile(server.db, content, season);
    expect(preview.ok, JSON.stringify(preview)).toBe(true);
    const start = (await entries()).length;
    // A stale fingerprint is refused: nothing is written.
    expect(await applyResultsFile(server.db, content, "viejo", season, SCRIPT_ACTOR)).toMatchObject({
      ok: false,
      reason: "stale",
    });
    expect(await since(start)).toEqual([]);
    if (!preview.ok) return;
    expect(await applyResultsFile(server.db, content, preview.fingerprint, season, SCRIPT_ACTOR)).toMatchObject({
      ok: true,
    });
    expect((await since(start)).map((entry) => [entry.kind, entry.subject, entry.actor_id])).toEqual([
      ["results-file", "Archivo de resultados", null],
      ["result-saved", second, null],
    ]);
  });

  test("a season finished (a refused result in it writes nothing), then reopened and made current", async () => {
    // Someone plays Jornada 2 (a season nobody plays is not finished).
    const second = await server.db
      .selectFrom("phases")
      .select("id")
      .where("season_id", "=", seasonId)
      .where("name", "=", "Jornada 2")
      .executeTakeFirstOrThrow();
    expect(
      (await post("/admin/matches", { intent: "toggle-phase", phaseId: String(second.id), active: "1" })).status,
    ).toBe(200);
    jornada2 = (
      await server.db.selectFrom("matches").select("id").where("phase_id", "=", second.id).orderBy("id").execute()
    ).map((row) => row.id);
    await predict(beto, [{ matchId: jornada2[0]!, home: 1, away: 0 }]);
    const start = (await entries()).length;
    expect((await post("/admin/temporadas", { intent: "finish", seasonId: String(seasonId) })).status).toBe(200);
    const refused = await post("/admin/results", {
      intent: "save-result",
      matchId: String(matchIds[2]),
      home: "1",
      away: "1",
    });
    expect(refused.status).toBe(400);
    expect((await post("/admin/temporadas", { intent: "reopen", seasonId: String(seasonId) })).status).toBe(200);
    // Already current: nothing moves.
    expect((await post("/admin/temporadas", { intent: "make-current", seasonId: String(seasonId) })).status).toBe(200);
    expect((await since(start)).map((entry) => [entry.kind, entry.season_id, entry.actor_name])).toEqual([
      ["season-finished", seasonId, ADMIN.name],
      ["season-reopened", seasonId, ADMIN.name],
    ]);
  });

  test("'Eliminar Predicciones' and a user deleted: logged, and their entries outlive the account", async () => {
    await predict(ana, [{ matchId: jornada2[1]!, home: 1, away: 1 }]);
    const start = (await entries()).length;
    expect((await post("/admin/users", { intent: "delete-predictions", userId: anaId })).status).toBe(200);
    await predict(ana, [{ matchId: jornada2[1]!, home: 2, away: 2 }]);
    expect((await post("/admin/users", { intent: "delete-user", userId: anaId })).status).toBe(200);
    expect((await since(start)).map((entry) => [entry.kind, entry.player_id, entry.player_name])).toEqual([
      ["predictions-deleted", anaId, ANA.name],
      ["user-deleted", anaId, ANA.name],
      ["predictions-deleted", anaId, ANA.name],
    ]);
    // Refused: the only admin cannot be deleted; nothing logged.
    const count = (await entries()).length;
    expect((await post("/admin/users", { intent: "delete-user", userId: adminId })).status).toBe(409);
    expect(await since(count)).toEqual([]);
  });
});

describe("nothing edits or deletes an entry", () => {
  test("the database refuses an UPDATE, a DELETE (and on PostgreSQL a TRUNCATE), whoever sends it", async () => {
    const before = await entries();
    expect(before.length).toBeGreaterThan(5);
    await expect(server.db.updateTable("change_log").set({ actor_name: "Otro" }).execute()).rejects.toThrow(
      /La bitácora no se puede modificar/,
    );
    await expect(server.db.deleteFrom("change_log").execute()).rejects.toThrow(/La bitácora no se puede modificar/);
    if (server.engine === "postgres") {
      await expect(sql`truncate change_log`.execute(server.db)).rejects.toThrow(/La bitácora no se puede modificar/);
    }
    expect(await entries()).toEqual(before);
  });

  test("the app's code has no way to edit or delete an entry: only the writer inserts, only the pages read", () => {
    const root = path.resolve(import.meta.dirname, "../../app");
    const allowed = new Map([
      ["data/changes/change-log.server.ts", /insertInto\("change_log"\)/],
      ["data/changes/change-list.server.ts", /selectFrom\("change_log as c"\)/],
      ["data/transfer/exports.server.ts", /table: "change_log"/],
      ["data/engine/schema.ts", /change_log: ChangeLogTable/],
    ]);
    const naming: string[] = [];
    for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith(".test.ts")) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name));
      const text = fs.readFileSync(path.join(root, file), "utf8");
      if (!text.includes("change_log") || file.startsWith("data/engine/migrations/")) continue;
      naming.push(file);
      expect(text, file).toMatch(allowed.get(file) ?? /^$/);
      expect(text, file).not.toMatch(/(updateTable|deleteFrom)\("change_log/);
    }
    expect(naming.sort()).toEqual([...allowed.keys()].sort());
  });
});

describe("the pages", () => {
  const guestPage = async (query = "") => requestText(server, `/rankings/cambios${query}`);

  test("'Cambios del administrador' is everybody's: corrections, resets and the admin's pick edits, names and no e-mails", async () => {
    const page = await guestPage();
    expect(page.status).toBe(200);
    expect(page.body).toContain("Cambios del administrador");
    expect(page.body).toContain(`Resultado corregido: ${label} 2 - 1 → 3 - 1`);
    expect(page.body).toContain(`Pronóstico editado: ${BETO.name} · ${label} 0 - 0 → 3 - 1`);
    expect(page.body).toContain(`Resultado reiniciado: ${label} 3 - 1 → sin resultado (2 pronósticos eliminados)`);
    // A player whose account is gone reads as one (decision 019).
    expect(page.body).toContain("Pronósticos eliminados: Jugador eliminado · 1 pronóstico");
    expect(page.body).not.toContain(ANA.name);
    // Not a first result, a phase, a season or an account: the admin's own log has those.
    for (const word of [
      "Resultado guardado",
      "Jornada activada",
      "Temporada terminada",
      "Usuario eliminado",
      "@quiniela.test",
    ]) {
      expect(page.body).not.toContain(word);
    }
    // Linked from the standings.
    expect((await requestText(server, "/rankings")).body).toMatch(
      /href="\/rankings\/cambios"[^>]*>Cambios del administrador</,
    );
  });

  test("a new correction shows at the next request, though guests are answered from memory", async () => {
    await guestPage();
    expect((await guestPage()).headers.get("x-cache")).toBe("HIT");
    const save = (home: string) =>
      post("/admin/results", { intent: "save-result", matchId: String(matchIds[1]), home, away: "0" });
    expect((await save("4")).status).toBe(200);
    const page = await guestPage();
    expect(page.headers.get("x-cache")).not.toBe("HIT");
    expect(page.body).toContain(`Resultado corregido: ${await matchLabel(matchIds[1]!)} 1 - 0 → 4 - 0`);
  });

  test("'Bitácora' is the admin's: a player gets 403, a guest the sign-in", async () => {
    expect((await requestText(server, "/admin/bitacora", { cookie: beto })).status).toBe(403);
    const guest = await requestText(server, "/admin/bitacora");
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/login/);
    const page = await requestText(server, "/admin/bitacora", { cookie: admin });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Bitácora");
    expect(page.body).toContain(`Resultado guardado: ${label} 2 - 1`);
    // Decision 019: a deleted person's name appears nowhere, the admin's log included.
    expect(page.body).toContain("Usuario eliminado: Jugador eliminado");
    expect(page.body).not.toContain(ANA.name);
    expect(page.body).not.toContain("@quiniela.test</");
  });

  test("'Bitácora' filters by season and kind, and pages newest first ('Anterior', 'Siguiente')", async () => {
    const kind = await requestText(server, "/admin/bitacora?tipo=result-reset", { cookie: admin });
    expect(kind.body).toContain("Resultado reiniciado");
    expect(kind.body).not.toContain("Resultado corregido:");
    // Another season's entries (straight into the table: 60 of them) and the filter between them.
    const now = new Date().toISOString();
    await server.db
      .insertInto("change_log")
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          created_at: now,
          kind: "result-saved",
          season_id: 999_999,
          actor_id: null,
          actor_name: "Script del servidor",
          subject: `Partido ${i + 1}`,
          after: JSON.stringify({ result: { home: 1, away: 0 } }),
        })),
      )
      .execute();
    const other = await requestText(server, "/admin/bitacora?temporada=999999", { cookie: admin });
    expect(other.body).toContain("Resultado guardado: Partido 60 1 - 0");
    expect(other.body).not.toContain("Partido 10 ");
    expect(other.body).not.toContain(label);
    expect(other.body).toContain("Siguiente");
    expect(other.body).not.toContain("Anterior");
    const next = await requestText(server, "/admin/bitacora?temporada=999999&pagina=2", { cookie: admin });
    expect(next.body).toContain("Resultado guardado: Partido 10 1 - 0");
    expect(next.body).toContain("Anterior");
    expect(next.body).not.toContain("Siguiente");
    const mine = await requestText(server, `/admin/bitacora?temporada=${seasonId}`, { cookie: admin });
    expect(mine.body).toContain(label);
    expect(mine.body).not.toContain("Partido 60");
    // Nonsense in the query is ignored, not an error.
    const odd = await requestText(server, "/admin/bitacora?temporada=x&tipo=borrar&pagina=-3", { cookie: admin });
    expect(odd.status).toBe(200);
  });

  test("an admin whose account is gone is named on neither page (decision 019)", async () => {
    await server.db
      .insertInto("change_log")
      .values({
        created_at: new Date().toISOString(),
        kind: "result-reset",
        season_id: seasonId,
        actor_id: "an-admin-who-left",
        actor_name: "Rodolfo Borrado",
        subject: "Partido de Rodolfo",
        before: JSON.stringify({ result: { home: 1, away: 0 }, predictions: 0 }),
      })
      .execute();
    for (const [path, cookie] of [
      [`/admin/bitacora?temporada=${seasonId}`, admin],
      [`/rankings/cambios?temporada=${seasonId}`, undefined],
    ] as const) {
      const page = await requestText(server, path, cookie ? { cookie } : {});
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain("Partido de Rodolfo");
      expect(page.body, path).not.toContain("Rodolfo Borrado");
    }
  });
});
