import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { formatKickoff } from "#app/domain/dates";

import { createUser } from "../support/accounts";
import { activatePhase, form, requestText, startTestServer, userIdOf, type TestServer } from "../support/server";

/**
 * Kickoff times from 'Gestionar Partidos' on both engines: one match's, a whole jornada's for its
 * matches without one, picks saved before a moved kickoff kept, the server locking a match at its
 * kickoff by its own clock, every screen showing the kickoff or 'Fecha por confirmar', and
 * 'Con horarios' decided from the file's kickoffs when the admin does not choose.
 */

const ZONE = "America/Mexico_City";
let server: TestServer;
const cookie = { admin: "", ana: "", beto: "" };
let anaId: string;

beforeAll(async () => {
  server = await startTestServer();
  cookie.admin = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  cookie.ana = await createUser(server, { name: "Ana", email: "ana@quiniela.test" });
  cookie.beto = await createUser(server, { name: "Beto", email: "beto@quiniela.test" });
  anaId = await userIdOf(server, "ana@quiniela.test");
});
afterAll(() => server.close());

const post = (path: string, fields: Record<string, string>, who = cookie.admin) =>
  requestText(server, path, { method: "POST", body: form(fields), cookie: who });
const get = (path: string, who = cookie.admin) => requestText(server, path, { cookie: who });

/** A player's picks through the home form, every match of the list at once (the season's picks are final). */
function predict(who: string, matchIds: number[], score = [1, 0]) {
  const fields = new URLSearchParams();
  for (const id of matchIds) {
    fields.append("matchId", String(id));
    fields.append(`home-${id}`, String(score[0]));
    fields.append(`away-${id}`, String(score[1]));
  }
  return requestText(server, "/?index", { method: "POST", body: fields, cookie: who });
}

async function kickoffsOf(phaseId: number) {
  const rows = await server.db
    .selectFrom("matches")
    .select(["id", "kickoff_at"])
    .where("phase_id", "=", phaseId)
    .orderBy("id")
    .execute();
  return new Map(rows.map((row) => [row.id, row.kickoff_at]));
}

/** Everything a kickoff write could change, to prove a refused one wrote nothing. */
async function snapshot() {
  return {
    matches: await server.db.selectFrom("matches").selectAll().orderBy("id").execute(),
    predictions: await server.db.selectFrom("predictions").selectAll().orderBy("id").execute(),
  };
}

/** The season's wall clock ('2099-01-13T19:00') of an instant, as the admin's field takes it. */
function wallClock(at: Date): string {
  return at.toLocaleString("sv-SE", { timeZone: ZONE }).replace(" ", "T").slice(0, 16);
}

describe("one match's kickoff", () => {
  let phaseId: number;
  let matchIds: number[];

  beforeAll(async () => {
    ({ phaseId, matchIds } = await activatePhase(server, "Jornada 1"));
    // Ana saves her picks while no match has a kickoff.
    expect((await predict(cookie.ana, matchIds)).status).toBe(200);
  });

  test("is read in the season's time zone; a pick saved before it stays", async () => {
    const [match] = matchIds;
    const picksBefore = await server.db.selectFrom("predictions").selectAll().orderBy("id").execute();
    const response = await post("/admin/matches", {
      intent: "set-kickoff",
      matchId: String(match),
      kickoff: "2099-01-13T19:00",
    });
    expect(response.status, response.body.slice(0, 300)).toBe(200);
    expect(response.body).toContain("Fecha guardada");
    expect((await kickoffsOf(phaseId)).get(match!)).toBe("2099-01-14T01:00:00.000Z");
    expect(await server.db.selectFrom("predictions").selectAll().orderBy("id").execute()).toEqual(picksBefore);
    // The admin's row and the player's card say it in the season's zone.
    const label = formatKickoff("2099-01-14T01:00:00.000Z", ZONE)!;
    expect((await get("/admin/matches")).body).toContain(label);
    expect((await get("/?index", cookie.ana)).body).toContain(label);
  });

  test("moved to the past after picks exist: the picks stay, the server locks the match by its own clock", async () => {
    const [match, ...others] = matchIds;
    const past = new Date(Date.now() - 60 * 60_000);
    const response = await post("/admin/matches", {
      intent: "set-kickoff",
      matchId: String(match),
      kickoff: wallClock(past),
    });
    expect(response.status, response.body.slice(0, 300)).toBe(200);
    const anaPick = await server.db
      .selectFrom("predictions")
      .select(["home_score", "away_score"])
      .where("user_id", "=", anaId)
      .where("match_id", "=", match!)
      .executeTakeFirst();
    expect(anaPick).toEqual({ home_score: 1, away_score: 0 });

    // Beto comes too late for that match: refused, and nothing of his form is stored.
    const late = await predict(cookie.beto, matchIds);
    expect(late.status).toBe(409);
    expect(late.body).toContain("El partido ya comenzó");
    expect(
      await server.db
        .selectFrom("predictions")
        .select("id")
        .where("match_id", "in", matchIds)
        .where("user_id", "!=", anaId)
        .execute(),
    ).toEqual([]);
    // The other matches still take his picks; the started one shows closed on his home page.
    expect((await predict(cookie.beto, others)).status).toBe(200);
    expect((await get("/?index", cookie.beto)).body).toContain("El partido ya comenzó");
    // Ana's pick for the started match is now everyone's to see, under its kickoff.
    const label = formatKickoff((await kickoffsOf(phaseId)).get(match!)!, ZONE)!;
    const captured = await get("/quiniela/quinielas-capturadas", cookie.beto);
    expect(captured.body).toContain(`Partido de Jornada 1 · ${label}`);
  });

  test("every screen that shows a match shows its kickoff, or 'Fecha por confirmar'", async () => {
    const label = formatKickoff((await kickoffsOf(phaseId)).get(matchIds[0]!)!, ZONE)!;
    for (const path of [
      `/admin/matches?jornada=${phaseId}`,
      "/admin/results",
      `/admin/predictions?jornada=${phaseId}`,
      `/admin/ver-quinielas?jornada=${phaseId}`,
      `/rankings?jornada=${phaseId}`,
    ]) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain(label);
      expect(page.body, path).toContain("Fecha por confirmar");
    }
  });

  test("a jornada lists its matches by kickoff, those without one ('Fecha por confirmar') last", async () => {
    await post("/admin/matches", { intent: "set-kickoff", matchId: String(matchIds[4]), kickoff: "2099-03-02T19:00" });
    await post("/admin/matches", { intent: "set-kickoff", matchId: String(matchIds[3]), kickoff: "2099-03-01T19:00" });
    const kickoffs = [...(await kickoffsOf(phaseId)).values()];
    const dated = kickoffs.filter((kickoff) => kickoff !== null).sort();
    const expected = [
      ...dated.map((kickoff) => formatKickoff(kickoff, ZONE)),
      ...kickoffs.filter((kickoff) => kickoff === null).map(() => "Fecha por confirmar"),
    ];
    expect(expected.at(-1), "un partido sin fecha en la jornada").toBe("Fecha por confirmar");
    // The match cards of Beto's home page, in the order shown (the page's main markup, not its data).
    const home = await get("/", cookie.beto);
    const markup = home.body.slice(home.body.indexOf("<main"), home.body.indexOf("</main>"));
    const shown = [...markup.matchAll(/>((?:lun|mar|mié|jue|vie|sáb|dom) [^<]+|Fecha por confirmar)</g)].map(
      (found) => found[1],
    );
    expect(shown).toEqual(expected);
  });

  test("'Reiniciar' only on a match with a result to take back", async () => {
    const resets = async () => (await get(`/admin/matches?jornada=${phaseId}`)).body.split(">Reiniciar<").length - 1;
    expect(await resets()).toBe(0);
    const saved = await post("/admin/results", {
      intent: "save-result",
      matchId: String(matchIds[2]),
      home: "2",
      away: "1",
    });
    expect(saved.status).toBe(200);
    expect(await resets()).toBe(1);
  });

  test("an empty field takes it back to 'Fecha por confirmar'", async () => {
    const match = matchIds[1]!;
    await post("/admin/matches", { intent: "set-kickoff", matchId: String(match), kickoff: "2099-02-01T12:00" });
    const response = await post("/admin/matches", { intent: "set-kickoff", matchId: String(match), kickoff: "" });
    expect(response.status).toBe(200);
    expect(response.body).toContain("Fecha por confirmar");
    expect((await kickoffsOf(phaseId)).get(match)).toBeNull();
  });

  test.each([
    [{ matchId: "1", kickoff: "mañana a las 7" }, "La fecha y hora no es válida"],
    [{ matchId: "1", kickoff: "2099-02-30T19:00" }, "La fecha y hora no es válida"],
    [{ matchId: "1", kickoff: "2099-01-13T24:00" }, "La fecha y hora no es válida"],
    [{ kickoff: "2099-01-13T19:00" }, "El partido no existe"],
    [{ matchId: "999999", kickoff: "2099-01-13T19:00" }, "El partido no existe"],
  ])("set-kickoff %j is refused with 400 and nothing written", async (fields, message) => {
    const before = await snapshot();
    const response = await post("/admin/matches", { intent: "set-kickoff", ...fields });
    expect(response.status).toBe(400);
    expect(response.body).toContain(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe("'Fecha y hora de la jornada'", () => {
  test("fills only the jornada's matches without a kickoff", async () => {
    const { phaseId, matchIds } = await activatePhase(server, "Jornada 2");
    const [own, ...rest] = matchIds;
    await post("/admin/matches", { intent: "set-kickoff", matchId: String(own), kickoff: "2099-03-07T17:00" });
    const response = await post("/admin/matches", {
      intent: "set-phase-kickoff",
      phaseId: String(phaseId),
      kickoff: "2099-03-08T19:00",
    });
    expect(response.status, response.body.slice(0, 300)).toBe(200);
    expect(response.body).toContain(`${rest.length} partidos de Jornada 2`);
    const kickoffs = await kickoffsOf(phaseId);
    expect(kickoffs.get(own!)).toBe("2099-03-07T23:00:00.000Z");
    for (const id of rest) expect(kickoffs.get(id)).toBe("2099-03-09T01:00:00.000Z");

    // Nothing left without one: refused, nothing moves.
    const before = await snapshot();
    const again = await post("/admin/matches", {
      intent: "set-phase-kickoff",
      phaseId: String(phaseId),
      kickoff: "2099-03-10T19:00",
    });
    expect(again.status).toBe(400);
    expect(again.body).toContain("Todos los partidos de Jornada 2 ya tienen fecha");
    expect(await snapshot()).toEqual(before);
  });

  test.each([
    [{ phaseId: "3", kickoff: "" }, "Indica la fecha y hora de la jornada"],
    [{ phaseId: "3", kickoff: "2099-13-01T19:00" }, "La fecha y hora no es válida"],
    [{ kickoff: "2099-01-13T19:00" }, "Selecciona una jornada"],
    [{ phaseId: "999999", kickoff: "2099-01-13T19:00" }, "La jornada no existe"],
  ])("set-phase-kickoff %j is refused with 400 and nothing written", async (fields, message) => {
    const before = await snapshot();
    const response = await post("/admin/matches", { intent: "set-phase-kickoff", ...fields });
    expect(response.status).toBe(400);
    expect(response.body).toContain(message);
    expect(await snapshot()).toEqual(before);
  });
});

test.each<Record<string, string>>([
  { intent: "set-kickoff", matchId: "1", kickoff: "2099-01-13T19:00" },
  { intent: "set-phase-kickoff", phaseId: "3", kickoff: "2099-01-13T19:00" },
])("a player's %j is refused with 403 and nothing written", async (fields) => {
  const before = await snapshot();
  const response = await post("/admin/matches", fields, cookie.ana);
  expect(response.status).toBe(403);
  expect(await snapshot()).toEqual(before);
});

describe("'Con horarios' of a new season from a file", () => {
  const csv = (date: string) =>
    [
      "jornada,local,visitante,fecha",
      `Jornada 1,América,Guadalajara,${date} 19:00`,
      `Jornada 1,Toluca,Pumas UNAM,${date} 21:00`,
    ].join("\n");

  /** 'Revisar' as the form sends it while the admin has not touched 'Con horarios'. */
  async function preview(name: string, file: string, fields: Record<string, string> = { conHorariosAuto: "1" }) {
    const body = new FormData();
    const all = {
      intent: "preview",
      plantilla: "archivo",
      nombre: name,
      puntosExacto: "3",
      puntosResultado: "1",
      marcadorEliminatoria: "90",
      ...fields,
    };
    for (const [key, value] of Object.entries(all)) body.set(key, value);
    body.set("archivo", new File([file], "temporada.csv", { type: "text/csv" }));
    const response = await requestText(server, "/admin/temporadas", { method: "POST", body, cookie: cookie.admin });
    expect(response.status, response.body.slice(0, 300)).toBe(200);
    return {
      ...response,
      fingerprint: /name="fingerprint" value="([0-9a-f]{64})"/.exec(response.body)?.[1] ?? "",
      all,
    };
  }

  test("on when the file's kickoffs are still ahead, and the season is created with them", async () => {
    const file = csv("2099-08-15");
    const previewed = await preview("Torneo por venir", file);
    expect(previewed.body).toContain("con los horarios del archivo");
    expect(previewed.body).toContain(formatKickoff("2099-08-16T01:00:00.000Z", ZONE)!);
    // The box comes back on, still the server's to decide, for 'Crear Temporada'.
    expect(previewed.body).toMatch(/name="conHorarios"[^>]*checked/);

    const created = await post("/admin/temporadas", {
      ...previewed.all,
      crear: "1",
      fingerprint: previewed.fingerprint,
      contenido: file.replace(/\n/g, "\r\n"),
    });
    expect(created.status, created.body.slice(0, 300)).toBe(200);
    const kickoffs = await server.db
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .innerJoin("seasons as s", "s.id", "p.season_id")
      .select("m.kickoff_at")
      .where("s.name", "=", "Torneo por venir")
      .orderBy("m.id")
      .execute();
    expect(kickoffs.map((row) => row.kickoff_at)).toEqual(["2099-08-16T01:00:00.000Z", "2099-08-16T03:00:00.000Z"]);
  });

  test("off for a season already played; the admin's own choice stands either way", async () => {
    const played = await preview("Torneo jugado", csv("2024-08-15"));
    expect(played.body).toContain("sin horarios (Fecha por confirmar)");
    expect(played.body).not.toMatch(/name="conHorarios"[^>]*checked/);

    const chosenOff = await preview("Torneo sin horarios", csv("2099-08-15"), {});
    expect(chosenOff.body).toContain("sin horarios (Fecha por confirmar)");
    const chosenOn = await preview("Torneo con horarios", csv("2024-08-15"), { conHorarios: "on" });
    expect(chosenOn.body).toContain("con los horarios del archivo");
  });
});
