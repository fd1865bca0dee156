import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { ScoredMatch } from "#app/domain/game/scoring";
import { emptyTally, rankRows, tallyByUserAndPhase } from "#app/domain/standings/standings";
import type { GridPhase } from "#app/ui/game/PoolPredictionsGrid";

import { createUser } from "../support/accounts";
import {
  cookiesFrom,
  form,
  requestText,
  routeData,
  startTestServer,
  userIdOf,
  type TestServer,
} from "../support/server";
import { SHARED_TAG_NAMES, shareTags } from "../support/share-tags";

/**
 * Pools (SPEC §4) against the real server: creation, who may see and post to a pool, invite links,
 * the owner's tools, the shared prediction form and the pool's standings.
 */

const ADMIN = { name: "Administradora", email: "admin@quiniela.test" };
const ANA = { name: "Ana", email: "ana@quiniela.test" };
const BETO = { name: "Beto", email: "beto@quiniela.test" };
const CARLA = { name: "Carla", email: "carla@quiniela.test" };
const DANI = { name: "Dani", email: "dani@quiniela.test" };

const FORBIDDEN_TOOL = "No tienes permiso para administrar esta quiniela";

let server: TestServer;
const cookie: Record<"admin" | "ana" | "beto" | "carla" | "dani", string> = {
  admin: "",
  ana: "",
  beto: "",
  carla: "",
  dani: "",
};
const id: Record<"ana" | "beto" | "carla" | "dani", string> = { ana: "", beto: "", carla: "", dani: "" };

beforeAll(async () => {
  server = await startTestServer();
  cookie.admin = await createUser(server, ADMIN);
  cookie.ana = await createUser(server, ANA);
  cookie.beto = await createUser(server, BETO);
  cookie.carla = await createUser(server, CARLA);
  cookie.dani = await createUser(server, DANI);
  id.ana = await userIdOf(server, ANA.email);
  id.beto = await userIdOf(server, BETO.email);
  id.carla = await userIdOf(server, CARLA.email);
  id.dani = await userIdOf(server, DANI.email);
});
afterAll(() => server.close());

/** POSTs a form as a browser without JavaScript would (repeated fields allowed). */
function post(path: string, fields: Record<string, string | string[]>, who: string) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  return requestText(server, path, { method: "POST", body, cookie: who });
}

/** The session cookie plus the flashed toast a redirect set, for the next page. */
const withFlash = (session: string, response: { headers: Headers }) =>
  `${session}; ${cookiesFrom(response as Response)}`;

const get = (path: string, who?: string) => requestText(server, path, who ? { cookie: who } : undefined);

/** A pool page's loader data, as far as these tests read it. */
const POOL_ROUTE = "routes/quiniela/$id";
type PoolData = { picks: GridPhase[] };

async function phaseId(name: string) {
  return (await server.db.selectFrom("phases").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

async function matchIdsOf(phase: number) {
  return (await server.db.selectFrom("matches").select("id").where("phase_id", "=", phase).orderBy("id").execute()).map(
    (m) => m.id,
  );
}

async function pool(poolId: number) {
  const { db } = server;
  return {
    row: await db.selectFrom("quinielas").selectAll().where("id", "=", poolId).executeTakeFirst(),
    matches: (
      await db
        .selectFrom("quiniela_matches")
        .select("match_id")
        .where("quiniela_id", "=", poolId)
        .orderBy("match_id")
        .execute()
    ).map((r) => r.match_id),
    participants: (
      await db
        .selectFrom("quiniela_participants")
        .select("user_id")
        .where("quiniela_id", "=", poolId)
        .orderBy("user_id")
        .execute()
    ).map((r) => r.user_id),
  };
}

/** Everything a pool write could change, to prove a refused request wrote nothing. */
async function snapshot() {
  const { db } = server;
  return {
    quinielas: await db.selectFrom("quinielas").selectAll().orderBy("id").execute(),
    matches: await db.selectFrom("quiniela_matches").selectAll().orderBy("quiniela_id").orderBy("match_id").execute(),
    participants: await db
      .selectFrom("quiniela_participants")
      .selectAll()
      .orderBy("quiniela_id")
      .orderBy("user_id")
      .execute(),
    predictions: await db.selectFrom("predictions").selectAll().orderBy("id").execute(),
  };
}

/** Creates a pool through the form; returns its id. */
async function createPool(who: string, fields: Record<string, string | string[]>): Promise<number> {
  const response = await post("/quiniela/new", fields, who);
  expect(response.status, response.body.slice(0, 300)).toBe(302);
  const match = response.location?.match(/^\/quiniela\/(\d+)$/);
  expect(match).toBeTruthy();
  return Number(match![1]);
}

function predictionFields(picks: { matchId: number; home: number; away: number }[]) {
  const fields: Record<string, string[]> = { matchId: [] };
  for (const pick of picks) {
    fields.matchId!.push(String(pick.matchId));
    fields[`home-${pick.matchId}`] = [String(pick.home)];
    fields[`away-${pick.matchId}`] = [String(pick.away)];
  }
  return fields;
}

/** The rows of the pool's standings table as the page renders them. */
function standingsOf(html: string) {
  const table = html.match(/<table[^>]*aria-label="Posiciones de la quiniela"[\s\S]*?<\/table>/)?.[0] ?? "";
  const body = table.split("<tbody")[1] ?? "";
  return body
    .split("<tr")
    .slice(1)
    .map((row) => {
      const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!);
      return {
        rank: Number(cells[0]),
        name: cells[2]?.match(/title="([^"]*)"/)?.[1],
        points: Number(cells[3]),
        exactHits: Number(cells[4]),
        band: row.match(/data-band="(\w+)"/)?.[1] ?? null,
      };
    });
}

let poolId: number;
let jornada1: number[];

describe("creating a pool (POST /quiniela/new)", () => {
  test("the form page lists the phases, and no registered users: the participants picker searches them (/personas)", async () => {
    const page = await get("/quiniela/new", cookie.ana);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Crear Quiniela");
    expect(page.body).toContain("Jornada 17");
    expect(page.body).not.toContain("Beto");
    expect(page.body).not.toContain("Cargando");
  });

  test("name, a whole phase, single matches and participants in one go; the owner is always in", async () => {
    jornada1 = await matchIdsOf(await phaseId("Jornada 1"));
    const jornada2 = await matchIdsOf(await phaseId("Jornada 2"));
    poolId = await createPool(cookie.ana, {
      name: "  La   de la oficina ",
      phaseId: String(await phaseId("Jornada 1")),
      matchId: [String(jornada2[0]), String(jornada2[1])],
      userId: [id.beto],
    });
    const created = await pool(poolId);
    expect(created.row).toMatchObject({ name: "La de la oficina", owner_id: id.ana });
    expect(created.row!.invite_code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(created.matches).toEqual([...jornada1, jornada2[0]!, jornada2[1]!].sort((a, b) => a - b));
    expect(created.participants).toEqual([id.ana, id.beto].sort());
  });

  test("the creator lands on the pool with a toast", async () => {
    const response = await post("/quiniela/new", { name: "Otra", matchId: String(jornada1[0]) }, cookie.dani);
    expect(response.status).toBe(302);
    const page = await get(response.location!, withFlash(cookie.dani, response));
    expect(page.status).toBe(200);
    expect(page.body).toContain("Quiniela creada");
    const other = Number(response.location!.split("/").pop());
    expect((await pool(other)).participants).toEqual([id.dani]);
  });

  test.each([
    [{ name: "", matchId: "1" }, "El nombre de la quiniela es obligatorio"],
    [{ name: "   ", matchId: "1" }, "El nombre de la quiniela es obligatorio"],
    [{ name: "x".repeat(81), matchId: "1" }, "El nombre no puede tener más de 80 caracteres"],
    [{ name: "Sin partidos" }, "Selecciona al menos un partido"],
    [{ name: "Partido raro", matchId: "999999" }, "Alguno de los partidos no existe"],
    [{ name: "Partido raro", matchId: "abc" }, "Alguno de los partidos no existe"],
    [{ name: "Jornada rara", phaseId: "999" }, "Alguna de las jornadas no existe"],
    [{ name: "Gente rara", matchId: "1", userId: "nadie" }, "Alguno de los participantes no existe"],
    [{ name: "Gente rara", matchId: "1", userId: "<script>" }, "Alguno de los participantes no existe"],
  ])("%j is refused with 400 and nothing written", async (fields, message) => {
    const before = await snapshot();
    const response = await post("/quiniela/new", fields, cookie.ana);
    expect(response.status).toBe(400);
    expect(response.body).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  test("80 characters (an emoji counts as one) are accepted", async () => {
    const name = `${"🏆".repeat(2)}${"a".repeat(78)}`;
    const created = await createPool(cookie.ana, { name, matchId: String(jornada1[0]) });
    expect((await pool(created)).row?.name).toBe(name);
    await post(`/quiniela/${created}`, { intent: "delete" }, cookie.ana);
  });

  test("anonymous visitors are sent to /login and back", async () => {
    const response = await get("/quiniela/new");
    expect(response.status).toBe(302);
    expect(response.location).toBe(`/login?${new URLSearchParams({ redirectTo: "/quiniela/new" })}`);
  });
});

describe("who sees a pool", () => {
  test("members see it; the list shows it with its counts", async () => {
    const page = await get(`/quiniela/${poolId}`, cookie.beto);
    expect(page.status).toBe(200);
    expect(page.body).toContain("La de la oficina");
    expect(page.body).toContain("Tabla de Posiciones");
    expect(page.body).toContain('aria-label="Posiciones de la quiniela"');

    const list = await get("/quinielas", cookie.beto);
    expect(list.status).toBe(200);
    expect(list.body).toContain("La de la oficina");
    expect(list.body).toContain(`href="/quiniela/${poolId}"`);
    expect(list.body).toContain("Ver Detalles");
    expect(list.body).not.toContain("Cargando quinielas...");
  });

  test("a member who is not the owner never receives the invite code", async () => {
    const { row } = await pool(poolId);
    const page = await get(`/quiniela/${poolId}`, cookie.beto);
    expect(page.body).not.toContain(row!.invite_code);
    expect(page.body).not.toContain("Administrar quiniela");
    const owner = await get(`/quiniela/${poolId}`, cookie.ana);
    expect(owner.body).toContain(`/quiniela/${poolId}/unirse?codigo=${row!.invite_code}`);
    expect(owner.body).toContain("Administrar quiniela");
  });

  test("someone outside the pool gets 403, and neither the page nor its .data leak anything", async () => {
    const { row } = await pool(poolId);
    for (const path of [`/quiniela/${poolId}`, `/quiniela/${poolId}.data`]) {
      const response = await get(path, cookie.carla);
      expect(response.status, path).toBe(403);
      for (const secret of ["La de la oficina", row!.invite_code, "Beto", id.beto, "Guardar Pronósticos"]) {
        expect(response.body, `${path} ${secret}`).not.toContain(secret);
      }
    }
    const list = await get("/quinielas", cookie.carla);
    expect(list.body).toContain("No hay quinielas disponibles");
    expect(list.body).not.toContain("La de la oficina");
  });

  test("someone outside the pool cannot post to it: predictions or tools, nothing written", async () => {
    const before = await snapshot();
    for (const fields of <Record<string, string | string[]>[]>[
      predictionFields([{ matchId: jornada1[0]!, home: 1, away: 0 }]),
      { intent: "rename", name: "Mía" },
      { intent: "add-participants", userId: id.carla },
      { intent: "delete" },
    ]) {
      const response = await post(`/quiniela/${poolId}`, fields, cookie.carla);
      expect(response.status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  test("unknown or malformed ids are 404", async () => {
    for (const path of ["/quiniela/999999", "/quiniela/99999999999", "/quiniela/abc", "/quiniela/-1"]) {
      expect((await get(path, cookie.ana)).status, path).toBe(404);
    }
  });

  test("an admin sees every pool, marked when not in it, and may open it", async () => {
    const list = await get("/quinielas", cookie.admin);
    expect(list.body).toContain("La de la oficina");
    expect(list.body).toContain("No participas");
    const page = await get(`/quiniela/${poolId}`, cookie.admin);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Administrar quiniela");
  });
});

describe("invite links", () => {
  const joinPath = (code: string, pool = poolId) => `/quiniela/${pool}/unirse?${new URLSearchParams({ codigo: code })}`;
  const join = (code: string, who: string, pool = poolId) => post(joinPath(code, pool), { codigo: code }, who);

  test("opening the link shows the pool and 'Unirme' and writes nothing; only the button's POST joins", async () => {
    const { row } = await pool(poolId);
    const before = await snapshot();
    const page = await get(joinPath(row!.invite_code), cookie.carla);
    expect(page.status).toBe(200);
    expect(page.body).toContain("La de la oficina");
    expect(page.body).toContain("Unirme");
    // A page elsewhere can make a signed-in visitor open the link; opening it changes nothing.
    expect(await snapshot()).toEqual(before);

    const response = await join(row!.invite_code, cookie.carla);
    expect(response.status).toBe(302);
    expect(response.location).toBe(`/quiniela/${poolId}`);
    const landed = await get(response.location!, withFlash(cookie.carla, response));
    expect(landed.status).toBe(200);
    expect(landed.body).toContain("Te uniste a la quiniela");
    expect((await pool(poolId)).participants).toContain(id.carla);

    // Once in, the link leads straight to the pool; joining again changes nothing.
    const again = await get(joinPath(row!.invite_code), cookie.carla);
    expect(again.status).toBe(302);
    expect(again.location).toBe(`/quiniela/${poolId}`);
    const twice = await join(row!.invite_code, cookie.carla);
    expect(twice.location).toBe(`/quiniela/${poolId}`);
    expect((await pool(poolId)).participants.filter((user) => user === id.carla)).toHaveLength(1);
  });

  test("the join is refused from another site (no proof of origin)", async () => {
    const { row } = await pool(poolId);
    const before = await snapshot();
    for (const headers of [{ Origin: "https://evil.test" }, { Origin: "" }]) {
      const response = await requestText(server, joinPath(row!.invite_code), {
        method: "POST",
        body: form({ codigo: row!.invite_code }),
        cookie: cookie.dani,
        headers,
      });
      expect(response.status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  test("anonymous visitors sign in first and come back to the link", async () => {
    const { row } = await pool(poolId);
    const response = await get(joinPath(row!.invite_code));
    expect(response.status).toBe(302);
    expect(response.location).toBe(`/login?${new URLSearchParams({ redirectTo: joinPath(row!.invite_code) })}`);
  });

  /** What a signed-out visitor's /login and /register show on their way to this link. */
  async function signedOutPages(path: string) {
    const signIn = await get(`/login?${new URLSearchParams({ redirectTo: path })}`);
    const signUp = await get(`/register?${new URLSearchParams({ redirectTo: path })}`);
    expect([signIn.status, signUp.status], path).toEqual([200, 200]);
    return [signIn, signUp];
  }

  test("a signed-out invitee sees the pool's name and who invites on /login and /register, and the link's preview names the pool", async () => {
    const { row } = await pool(poolId);
    const link = joinPath(row!.invite_code);
    // The guard keeps the link on the way to /login …
    const opened = await get(link);
    expect(opened.location).toBe(`/login?${new URLSearchParams({ redirectTo: link })}`);
    // … whose page (as /register's, a link away) names the pool and its owner, never an e-mail.
    for (const page of await signedOutPages(link)) {
      expect(page.body).toContain(`Te invitaron a la quiniela «${row!.name}» de ${ANA.name}`);
      expect(page.body).not.toContain(ANA.email);
      // What WhatsApp or Telegram show of the link: the pool's name, on this site's origin.
      const tags = shareTags(page.body);
      for (const name of SHARED_TAG_NAMES) expect(tags.get(name), name).toBeTruthy();
      expect(tags.get("og:title")).toBe(`Únete a «${row!.name}» en Quiniela`);
      expect(tags.get("twitter:title")).toBe(`Únete a «${row!.name}» en Quiniela`);
      expect(tags.get("og:description")).toContain(ANA.name);
      expect(tags.get("og:url")).toBe(`${server.url}${link}`);
      expect(tags.get("og:image")).toBe(`${server.url}/og-image.png`);
    }
    // The invitee signs in and lands back on the link, where 'Unirme' joins.
    const signedIn = await requestText(server, "/login", {
      method: "POST",
      body: form({ email: DANI.email, password: "secreto123", redirectTo: link }),
    });
    expect(signedIn.location).toBe(link);
  });

  test("a wrong, renewed or malformed link shows nothing of any pool on /login and /register", async () => {
    const other = await createPool(cookie.dani, { name: "Otra de Dani", matchId: String(jornada1[2]) });
    const { row } = await pool(poolId);
    const { row: otherRow } = await pool(other);
    const renewed = await post(`/quiniela/${poolId}`, { intent: "renew-code" }, cookie.ana);
    expect(renewed.status).toBe(200);
    const fresh = (await pool(poolId)).row!.invite_code;
    for (const path of [
      joinPath(row!.invite_code),
      joinPath(otherRow!.invite_code),
      joinPath(fresh, other),
      joinPath(fresh, 999_999),
      joinPath("nada"),
      `/quiniela/${poolId}/unirse`,
      `/quiniela/${poolId}?codigo=${fresh}`,
    ]) {
      for (const page of await signedOutPages(path)) {
        for (const secret of [row!.name, otherRow!.name, "Te invitaron", "Únete a «", ANA.name, DANI.name]) {
          expect(page.body, `${path} ${secret}`).not.toContain(secret);
        }
        expect(shareTags(page.body).get("og:url"), path).toMatch(new RegExp(`^${server.url}/(login|register)$`));
      }
    }
    // The renewed link works.
    for (const page of await signedOutPages(joinPath(fresh))) {
      expect(page.body).toContain(`Te invitaron a la quiniela «${row!.name}» de ${ANA.name}`);
    }
  });

  test.each([["nada"], [""], ["../../etc"], ["x".repeat(200)], ["a\u0000b"]])(
    "code %j is refused on 'Mis Quinielas'",
    async (code) => {
      const before = await snapshot();
      for (const response of [await get(joinPath(code), cookie.dani), await join(code, cookie.dani)]) {
        expect(response.status).toBe(302);
        expect(response.location).toBe("/quinielas");
        const list = await get("/quinielas", withFlash(cookie.dani, response));
        expect(list.body).toContain("El enlace de invitación no es válido");
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  test("another pool's code does not open this one", async () => {
    const other = await createPool(cookie.dani, { name: "Ajena", matchId: String(jornada1[1]) });
    const { row } = await pool(other);
    expect((await get(joinPath(row!.invite_code, poolId), cookie.dani)).location).toBe("/quinielas");
    expect((await join(row!.invite_code, cookie.dani, poolId)).location).toBe("/quinielas");
    expect((await pool(poolId)).participants).not.toContain(id.dani);
  });

  test("'Renovar enlace' changes the code: the old link stops working, the new one works", async () => {
    const old = (await pool(poolId)).row!.invite_code;
    const response = await post(`/quiniela/${poolId}`, { intent: "renew-code" }, cookie.ana);
    expect(response.status).toBe(200);
    expect(response.body).toContain("Enlace renovado");
    const fresh = (await pool(poolId)).row!.invite_code;
    expect(fresh).not.toBe(old);

    expect((await get(joinPath(old), cookie.dani)).location).toBe("/quinielas");
    expect((await join(old, cookie.dani)).location).toBe("/quinielas");
    expect((await pool(poolId)).participants).not.toContain(id.dani);

    expect((await get(joinPath(fresh), cookie.dani)).status).toBe(200);
    const accepted = await join(fresh, cookie.dani);
    expect(accepted.location).toBe(`/quiniela/${poolId}`);
    expect((await pool(poolId)).participants).toContain(id.dani);
  });
});

describe("the owner's tools", () => {
  test.each([
    [{ intent: "rename", name: "Robada" }],
    [{ intent: "save-matches", matchId: "1" }],
    [{ intent: "add-participants", userId: "x" }],
    [{ intent: "remove-participant", userId: "x" }],
    [{ intent: "renew-code" }],
    [{ intent: "delete" }],
  ])("a member who is not the owner is refused %j with 403 and nothing written", async (fields) => {
    const before = await snapshot();
    const response = await post(`/quiniela/${poolId}`, fields, cookie.beto);
    expect(response.status).toBe(403);
    expect(response.body).toContain(FORBIDDEN_TOOL);
    expect(await snapshot()).toEqual(before);
  });

  test("the owner's tools come with the page; the season for the match picker only with ?partidos, and only for them", async () => {
    type ManageData = { manage: { inviteUrl: string; phases: { phaseName: string }[] | null } | null };
    const answer = await routeData(server, `/quiniela/${poolId}.data`, POOL_ROUTE, cookie.ana);
    const page = answer.data as ManageData;
    expect(page.manage?.inviteUrl).toContain(`/quiniela/${poolId}/unirse?codigo=`);
    // Registered users outside the pool are found by the participants picker's search, not sent with the page.
    expect(answer.raw).not.toContain(ADMIN.name);
    expect(page.manage?.phases).toBeNull();
    const picker = (await routeData(server, `/quiniela/${poolId}.data?partidos`, POOL_ROUTE, cookie.ana))
      .data as ManageData;
    expect(picker.manage?.phases?.map((phase) => phase.phaseName)).toContain("Jornada 1");
    const member = (await routeData(server, `/quiniela/${poolId}.data?partidos`, POOL_ROUTE, cookie.beto))
      .data as ManageData;
    expect(member.manage).toBeNull();
  });

  test("rename, with the same rules as creation", async () => {
    let response = await post(`/quiniela/${poolId}`, { intent: "rename", name: "x".repeat(81) }, cookie.ana);
    expect(response.status).toBe(400);
    expect(response.body).toContain("El nombre no puede tener más de 80 caracteres");
    response = await post(`/quiniela/${poolId}`, { intent: "rename", name: "Los Cracks" }, cookie.ana);
    expect(response.status).toBe(200);
    expect((await pool(poolId)).row?.name).toBe("Los Cracks");
  });

  test("add and remove participants; the owner stays", async () => {
    let response = await post(`/quiniela/${poolId}`, { intent: "remove-participant", userId: id.dani }, cookie.ana);
    expect(response.status).toBe(200);
    expect((await pool(poolId)).participants).not.toContain(id.dani);

    response = await post(
      `/quiniela/${poolId}`,
      { intent: "add-participants", userId: [id.dani, id.beto] },
      cookie.ana,
    );
    expect(response.status).toBe(200);
    expect(response.body).toContain("Se agregó 1 participante");
    expect((await pool(poolId)).participants).toEqual([id.ana, id.beto, id.carla, id.dani].sort());

    const before = await snapshot();
    response = await post(`/quiniela/${poolId}`, { intent: "remove-participant", userId: id.ana }, cookie.ana);
    expect(response.status).toBe(400);
    expect(response.body).toContain("El creador de la quiniela no se puede quitar");
    response = await post(`/quiniela/${poolId}`, { intent: "add-participants", userId: "nadie" }, cookie.ana);
    expect(response.status).toBe(400);
    response = await post(`/quiniela/${poolId}`, { intent: "add-participants" }, cookie.ana);
    expect(response.status).toBe(400);
    expect(response.body).toContain("Selecciona al menos un participante");
    expect(await snapshot()).toEqual(before);

    // Dani leaves on their own.
    response = await post(`/quiniela/${poolId}`, { intent: "leave" }, cookie.dani);
    expect(response.status).toBe(302);
    expect((await pool(poolId)).participants).not.toContain(id.dani);
  });

  test("save-matches makes the list exactly the chosen matches (whole phases or single)", async () => {
    const jornada3 = await phaseId("Jornada 3");
    const response = await post(
      `/quiniela/${poolId}`,
      { intent: "save-matches", phaseId: String(jornada3), matchId: String(jornada1[0]) },
      cookie.ana,
    );
    expect(response.status).toBe(200);
    expect((await pool(poolId)).matches).toEqual([jornada1[0]!, ...(await matchIdsOf(jornada3))].sort((a, b) => a - b));

    const before = await snapshot();
    const empty = await post(`/quiniela/${poolId}`, { intent: "save-matches" }, cookie.ana);
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("Selecciona al menos un partido");
    expect(await snapshot()).toEqual(before);
  });

  test("an admin may manage a pool they are not in; unknown intents are refused", async () => {
    let response = await post(`/quiniela/${poolId}`, { intent: "rename", name: "La de la oficina" }, cookie.admin);
    expect(response.status).toBe(200);
    expect((await pool(poolId)).row?.name).toBe("La de la oficina");
    response = await post(`/quiniela/${poolId}`, { intent: "borrar-todo" }, cookie.ana);
    expect(response.status).toBe(400);
    expect(response.body).toContain("Acción desconocida");
  });
});

describe("predictions and standings", () => {
  let j3: number[];
  let ida: number;
  let vuelta: number;
  let bothLegs: number;
  let secondLegOnly: number;

  async function knockoutLeg(phase: string) {
    const row = await server.db
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .innerJoin("teams as h", "h.id", "m.home_team_id")
      .innerJoin("teams as a", "a.id", "m.away_team_id")
      .select("m.id")
      .where("p.name", "=", phase)
      .where((eb) =>
        eb.or([
          eb.and([eb("h.name", "=", "Guadalajara"), eb("a.name", "=", "Toluca")]),
          eb.and([eb("h.name", "=", "Toluca"), eb("a.name", "=", "Guadalajara")]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    j3 = await matchIdsOf(await phaseId("Jornada 3"));
    ida = await knockoutLeg("Cuartos Ida");
    vuelta = await knockoutLeg("Cuartos Vuelta");
    for (const phase of ["Jornada 3", "Cuartos Ida", "Cuartos Vuelta"]) {
      const response = await post(
        "/admin/matches",
        { intent: "toggle-phase", phaseId: String(await phaseId(phase)), active: "1" },
        cookie.admin,
      );
      expect(response.status).toBe(200);
    }
    bothLegs = await createPool(cookie.ana, {
      name: "Liguilla completa",
      matchId: [String(j3[0]), String(j3[1]), String(ida), String(vuelta)],
      userId: [id.beto, id.carla],
    });
    secondLegOnly = await createPool(cookie.ana, {
      name: "Solo la vuelta",
      matchId: [String(vuelta)],
      userId: [id.beto],
    });
  });

  test("the pool page shows the pool's matches through the home form; inactive ones are locked", async () => {
    const page = await get(`/quiniela/${poolId}`, cookie.beto);
    // Jornada 1 (inactive) is shown closed; Jornada 3 (active) takes predictions.
    expect(page.body).toContain("El partido no está activo");
    expect(page.body).toContain(`name="home-${j3[0]}"`);
    expect(page.body).not.toContain(`name="home-${jornada1[0]}"`);
  });

  test("a prediction saved on a pool page is the same one the home page shows, and is final", async () => {
    // Ana predicts on the home page, Beto and Carla on the pool page.
    let response = await requestText(server, "/?index", {
      method: "POST",
      body: form({ matchId: String(j3[0]), [`home-${j3[0]}`]: "2", [`away-${j3[0]}`]: "1" }),
      cookie: cookie.ana,
    });
    expect(response.status).toBe(200);
    response = await post(
      `/quiniela/${bothLegs}`,
      predictionFields([
        { matchId: j3[1]!, home: 0, away: 0 },
        { matchId: ida, home: 2, away: 0 },
        { matchId: vuelta, home: 1, away: 1 },
      ]),
      cookie.ana,
    );
    expect(response.status).toBe(200);
    expect(response.body).toContain("Tus predicciones han sido guardadas");

    // The match Ana predicted at home is closed for her on the pool page.
    const before = await snapshot();
    response = await post(
      `/quiniela/${bothLegs}`,
      predictionFields([{ matchId: j3[0]!, home: 0, away: 0 }]),
      cookie.ana,
    );
    expect(response.status).toBe(409);
    expect(response.body).toContain("Ya guardaste un pronóstico para este partido");
    expect(await snapshot()).toEqual(before);

    response = await post(
      `/quiniela/${bothLegs}`,
      predictionFields([
        { matchId: j3[0]!, home: 1, away: 0 },
        { matchId: j3[1]!, home: 1, away: 1 },
        { matchId: ida, home: 1, away: 1 },
        { matchId: vuelta, home: 0, away: 0 },
      ]),
      cookie.beto,
    );
    expect(response.status).toBe(200);
    response = await post(
      `/quiniela/${bothLegs}`,
      predictionFields([{ matchId: j3[0]!, home: 47, away: 38 }]),
      cookie.carla,
    );
    expect(response.status).toBe(200);

    const home = await get("/", cookie.carla);
    expect(home.body).toContain("47 – 38");
  });

  test("a pool page takes predictions for its own matches only", async () => {
    const before = await snapshot();
    const response = await post(
      `/quiniela/${secondLegOnly}`,
      predictionFields([{ matchId: j3[2]!, home: 1, away: 0 }]),
      cookie.beto,
    );
    expect(response.status).toBe(400);
    expect(response.body).toContain("El partido no pertenece a esta quiniela");
    expect(await snapshot()).toEqual(before);
  });

  test("other people's picks are not sent before the match locks", async () => {
    const page = await get(`/quiniela/${bothLegs}`, cookie.beto);
    expect(page.body).not.toContain("47 – 38");
    expect(page.body).not.toContain("47-38");
    expect(page.body).not.toContain('aria-label="Pronósticos de Jornada 3"');
    expect(page.body).toContain("Aún no hay pronósticos a la vista.");
    const { data } = await routeData(server, `/quiniela/${bothLegs}.data`, POOL_ROUTE, cookie.beto);
    expect((data as PoolData).picks).toEqual([]);
  });

  test("the pool's table: its matches and participants only, the knockout bonus only with both legs", async () => {
    for (const [matchId, home, away] of [
      [j3[0]!, 2, 1],
      [j3[1]!, 1, 1],
      [ida, 1, 1],
      [vuelta, 1, 1],
    ] as const) {
      const response = await post(
        "/admin/results",
        { intent: "save-result", matchId: String(matchId), home: String(home), away: String(away) },
        cookie.admin,
      );
      expect(response.status).toBe(200);
    }

    // Ana: 3 + 1 + 0 + 3 + bonus 2 (4 goals predicted over both legs, 4 real) = 9.
    // Beto: 1 + 3 + 3 + 1 = 8, no bonus (2 goals). Carla: 1 (47-38 is a home win, like 2-1).
    const rows = standingsOf((await get(`/quiniela/${bothLegs}`, cookie.beto)).body);
    expect(rows).toEqual([
      // Three players: one each of blue and yellow, and the last red (README, bandSizes).
      { rank: 1, name: "Ana", points: 9, exactHits: 2, band: "blue" },
      { rank: 2, name: "Beto", points: 8, exactHits: 2, band: "yellow" },
      { rank: 3, name: "Carla", points: 1, exactHits: 0, band: "red" },
    ]);

    // Now that the matches have results, everyone's picks for them are sent, Carla's too. The
    // latest phase's table is on the page; the others are drawn when opened.
    const { data } = await routeData(server, `/quiniela/${bothLegs}.data`, POOL_ROUTE, cookie.beto);
    const picks = (data as PoolData).picks;
    const jornada3 = picks.find((phase) => phase.phaseName === "Jornada 3");
    expect(jornada3?.rows.find((row) => row.userId === id.carla)?.picks[j3[0]!]).toMatchObject({ home: 47, away: 38 });
    const revealed = await get(`/quiniela/${bothLegs}`, cookie.beto);
    expect(revealed.body).toContain(`aria-label="Pronósticos de ${picks.at(-1)!.phaseName}"`);

    // The same numbers as the scoring module gives for the pool's matches and participants.
    expect(rows.map(({ name, points, exactHits }) => ({ name, points, exactHits }))).toEqual(
      (await expectedTable(bothLegs)).map(({ name, points, exactHits }) => ({ name, points, exactHits })),
    );

    // Only the second leg in the pool: no bonus for Ana (3), Beto's draw (1).
    const single = standingsOf((await get(`/quiniela/${secondLegOnly}`, cookie.ana)).body);
    expect(single.map(({ name, points }) => ({ name, points }))).toEqual([
      { name: "Ana", points: 3 },
      { name: "Beto", points: 1 },
    ]);
    expect(single.map(({ name, points, exactHits }) => ({ name, points, exactHits }))).toEqual(
      (await expectedTable(secondLegOnly)).map(({ name, points, exactHits }) => ({ name, points, exactHits })),
    );
  });

  /** The pool's table straight from the database and domain/standings/standings.ts. */
  async function expectedTable(poolId: number) {
    const { db } = server;
    const matches = await db
      .selectFrom("quiniela_matches as qm")
      .innerJoin("matches as m", "m.id", "qm.match_id")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .selectAll("m")
      .select(["p.name as phase_name", "p.position"])
      .where("qm.quiniela_id", "=", poolId)
      .execute();
    const scored: (ScoredMatch & { phaseId: number })[] = matches.map((m) => ({
      id: m.id,
      phaseId: m.phase_id,
      phaseName: m.phase_name,
      phasePosition: m.position,
      homeTeamId: m.home_team_id,
      awayTeamId: m.away_team_id,
      result: m.home_score === null || m.away_score === null ? null : { home: m.home_score, away: m.away_score },
      isFirstLeg: m.is_first_leg === null ? null : m.is_first_leg === 1,
      kickoffAt: m.kickoff_at,
    }));
    const people = await db
      .selectFrom("quiniela_participants as qp")
      .innerJoin("users as u", "u.id", "qp.user_id")
      .select(["u.id", "u.name"])
      .where("qp.quiniela_id", "=", poolId)
      .execute();
    const picks = await db
      .selectFrom("predictions")
      .select(["user_id", "match_id", "home_score", "away_score"])
      .where(
        "match_id",
        "in",
        scored.map((m) => m.id),
      )
      .where(
        "user_id",
        "in",
        people.map((p) => p.id),
      )
      .execute();
    const tallies = tallyByUserAndPhase(
      scored,
      picks.map((p) => ({ userId: p.user_id, matchId: p.match_id, home: p.home_score, away: p.away_score })),
    );
    return rankRows(
      people.map((person) => {
        const total = emptyTally();
        for (const tally of tallies.get(person.id)?.values() ?? []) {
          total.points += tally.points;
          total.exactHits += tally.exactHits;
          total.outcomeHits += tally.outcomeHits;
        }
        return { userId: person.id, name: person.name, ...total };
      }),
    );
  }

  test("deleting a pool removes its matches and participants, never the predictions", async () => {
    const predictions = await server.db.selectFrom("predictions").select("id").execute();
    const response = await post(`/quiniela/${bothLegs}`, { intent: "delete" }, cookie.ana);
    expect(response.status).toBe(302);
    expect(response.location).toBe("/quinielas");
    const gone = await pool(bothLegs);
    expect(gone).toEqual({ row: undefined, matches: [], participants: [] });
    // No orphans anywhere.
    const orphanMatches = await server.db
      .selectFrom("quiniela_matches as qm")
      .leftJoin("quinielas as q", "q.id", "qm.quiniela_id")
      .select("qm.quiniela_id")
      .where("q.id", "is", null)
      .execute();
    const orphanPeople = await server.db
      .selectFrom("quiniela_participants as qp")
      .leftJoin("quinielas as q", "q.id", "qp.quiniela_id")
      .select("qp.quiniela_id")
      .where("q.id", "is", null)
      .execute();
    expect(orphanMatches).toEqual([]);
    expect(orphanPeople).toEqual([]);
    expect(await server.db.selectFrom("predictions").select("id").execute()).toEqual(predictions);
    expect((await get(`/quiniela/${bothLegs}`, cookie.ana)).status).toBe(404);
  });
});

describe("the participants search (/personas)", () => {
  const SEARCH_ROUTE = "routes/personas";
  type Found = { people: { id: string; name: string; image: string | null; avatarColor: string }[] };
  const search = async (q: string, who = cookie.dani) => {
    const answer = await routeData(server, `/personas.data?${new URLSearchParams({ q })}`, SEARCH_ROUTE, who);
    return { raw: answer.raw, names: (answer.data as Found).people.map((person) => person.name) };
  };

  test("anonymous visitors are sent to /login", async () => {
    const response = await get("/personas?q=a");
    expect(response.status).toBe(302);
    expect(response.location).toMatch(/^\/login\?/);
  });

  test("anyone signed in finds people by part of their name, any case; never their e-mails", async () => {
    const found = await search("ARL");
    expect(found.names).toEqual([CARLA.name]);
    expect(found.raw).not.toContain("@quiniela.test");
    expect((await search("nadie así")).names).toEqual([]);
  });

  test("at most 20 people, the first by name; % and _ are letters, not patterns", async () => {
    for (let i = 0; i < 25; i++)
      await createUser(server, { name: `Zoe ${String(i).padStart(2, "0")}`, email: `zoe${i}@quiniela.test` });
    expect((await search("zoe")).names).toEqual(
      Array.from({ length: 20 }, (_, i) => `Zoe ${String(i).padStart(2, "0")}`),
    );
    expect((await search("")).names).toHaveLength(20);
    expect((await search("%")).names).toEqual([]);
    expect((await search("_")).names).toEqual([]);
  });

  test("a search with control characters, or longer than 100 characters, is no search", async () => {
    const first = (await search("")).names;
    expect((await search(`\u0000${CARLA.name}`)).names).toEqual(first);
    expect((await search("a".repeat(101))).names).toEqual(first);
  });
});
