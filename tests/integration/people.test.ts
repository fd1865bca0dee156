import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { updateUser } from "#app/data/people/users.server";

import { createUser } from "../support/accounts";
import {
  currentSeasonId,
  form,
  leakedInternals,
  loginUser,
  requestText,
  sessionCookie,
  startTestServer,
  userIdOf,
  type TestServer,
  type TextResponse,
} from "../support/server";

/**
 * People (SPEC §2.10–2.12, issue 4): 'Mi Perfil' (avatar URL and colour, reset links), one-time
 * password-reset links at /reset-password, the users admin (create with a set-password link,
 * edit, delete, delete predictions, access links) and the roster allow-list, on both engines.
 * Writes go through the same form POSTs the screens send (/profile.data, /admin/users.data);
 * the database is read directly to check what was (not) written.
 */

const ADMIN = { name: "Administradora", email: "admin@quiniela.test" };
const PASSWORD = "secreto123";
const INVALID_LINK = "El enlace no es válido, ya se usó o expiró. Pide uno nuevo.";
const FORBIDDEN = "No tienes acceso a esta página";
const NOT_LISTED = "Este correo electrónico no está en la lista de participantes";
const EMAIL_TAKEN = "Este correo electrónico ya está registrado";
const LAST_ADMIN = "Debe quedar al menos un administrador";
/** A reset link as the server writes it (origin of the request, then the token). */
const LINK = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=([A-Za-z0-9_-]+)/;

let server: TestServer;
let adminCookie: string;
let adminId: string;
let counter = 0;

beforeAll(async () => {
  // Many registrations and sign-ins from 127.0.0.1: the limits are tested in rate-limits.test.ts.
  server = await startTestServer({ AUTH_RATE_LIMIT_PER_IP: "10000", AUTH_RATE_LIMIT_PER_EMAIL: "10000" });
  adminCookie = await createUser(server, ADMIN);
  adminId = await userIdOf(server, ADMIN.email);
});
afterAll(() => server.close());

// ── helpers ──────────────────────────────────────────────────────────────────────────────────

const get = (path: string, cookie?: string) => requestText(server, path, { cookie });
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  requestText(server, path, { method: "POST", body: form(fields), cookie });

/** A fresh person, registered through /register; returns the id and session cookie. */
async function person(label: string): Promise<{ id: string; email: string; name: string; cookie: string }> {
  counter += 1;
  const name = `${label} Persona${counter}`;
  const email = `${label.toLowerCase()}-${counter}@quiniela.test`;
  const cookie = await createUser(server, { name, email });
  return { id: await userIdOf(server, email), email, name, cookie };
}

/** A /admin/users write as the screen sends it (fetcher, .data). */
async function adminWrite(fields: Record<string, string>, cookie = adminCookie): Promise<TextResponse> {
  const response = await post("/admin/users.data", fields, cookie);
  expect(leakedInternals(response.body), JSON.stringify(fields)).toEqual([]);
  return response;
}

/** A /profile write as the screen sends it. */
async function profileWrite(fields: Record<string, string>, cookie: string): Promise<TextResponse> {
  const response = await post("/profile.data", fields, cookie);
  expect(leakedInternals(response.body), JSON.stringify(fields)).toEqual([]);
  return response;
}

/** The reset link in a response body, and its token. */
function linkIn(body: string): { link: string; token: string } {
  const match = body.match(LINK);
  expect(match, `no hay enlace en ${body.slice(0, 400)}`).not.toBeNull();
  return { link: match![0], token: match![1]! };
}

/** The path of a link (its origin is the test server's). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** The form of /reset-password. */
const setPassword = (token: string, password: string, confirmPassword = password) =>
  post("/reset-password", { token, password, confirmPassword });

async function canSignIn(email: string, password: string): Promise<boolean> {
  const response = await post("/login", { email, password });
  expect([302, 401]).toContain(response.status);
  return response.status === 302;
}

/** '/' opens for a live session; a dead one is sent to /login. */
async function opensHome(cookie: string): Promise<boolean> {
  const response = await get("/", cookie);
  if (response.status === 200) return true;
  expect(response.status).toBe(302);
  expect(response.location).toBe("/login");
  return false;
}

async function userRow(id: string) {
  return server.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

async function passwordHash(userId: string) {
  const row = await server.db
    .selectFrom("accounts")
    .select("password")
    .where("user_id", "=", userId)
    .where("provider_id", "=", "credential")
    .executeTakeFirst();
  return row?.password ?? null;
}

async function sessionsOf(userId: string) {
  return server.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
}

/** Everything a users-admin or profile write could change. Sessions by id: timestamps refresh. */
async function snapshot() {
  const { db } = server;
  return {
    users: await db
      .selectFrom("users")
      .select(["id", "name", "email", "role", "display_name", "avatar_color", "image"])
      .orderBy("id")
      .execute(),
    accounts: await db.selectFrom("accounts").select(["id", "user_id", "password"]).orderBy("id").execute(),
    sessions: await db.selectFrom("sessions").select(["id", "user_id"]).orderBy("id").execute(),
    verifications: await db.selectFrom("verifications").select(["id", "identifier", "value"]).orderBy("id").execute(),
    predictions: await db.selectFrom("predictions").selectAll().orderBy("id").execute(),
    quinielas: await db.selectFrom("quinielas").selectAll().orderBy("id").execute(),
    participants: await db
      .selectFrom("quiniela_participants")
      .selectAll()
      .orderBy("quiniela_id")
      .orderBy("user_id")
      .execute(),
    standingsPhase: await db.selectFrom("standings_phase").selectAll().orderBy("user_id").orderBy("phase_id").execute(),
    standingsTotal: await db.selectFrom("standings_total").selectAll().orderBy("user_id").execute(),
    roster: await db.selectFrom("allowed_emails").select(["email", "nickname"]).orderBy("email").execute(),
  };
}

let matchIds: number[] | undefined;
let phaseIds: number[] | undefined;

/** Predictions (scored), standings rows in two phases and the total, as results would leave them. */
async function giveScores(userId: string, points = 4) {
  const { db } = server;
  if (!matchIds || !phaseIds) {
    const phases = await db.selectFrom("phases").select("id").orderBy("position").limit(2).execute();
    phaseIds = phases.map((p) => p.id);
    const matches = await db
      .selectFrom("matches")
      .select("id")
      .where("phase_id", "=", phaseIds[0]!)
      .orderBy("id")
      .limit(3)
      .execute();
    matchIds = matches.map((m) => m.id);
  }
  const now = new Date().toISOString();
  await db
    .insertInto("predictions")
    .values(
      matchIds.slice(0, 2).map((match_id, i) => ({
        user_id: userId,
        match_id,
        home_score: i,
        away_score: 1,
        points: i === 0 ? 3 : 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await db
    .insertInto("standings_phase")
    .values(phaseIds.map((phase_id) => ({ user_id: userId, phase_id, points, exact_hits: 1, outcome_hits: 1 })))
    .execute();
  await db
    .insertInto("standings_total")
    .values({ season_id: await currentSeasonId(server), user_id: userId, points, exact_hits: 1, outcome_hits: 1 })
    .execute();
}

/** A pool owned by `owner`, with three matches and these members (owner included). */
async function givePool(owner: string, members: string[], name = `Quiniela de ${owner.slice(0, 6)}`) {
  const { db } = server;
  const now = new Date().toISOString();
  const pool = await db
    .insertInto("quinielas")
    .values({
      season_id: await currentSeasonId(server),
      name,
      owner_id: owner,
      invite_code: `codigo-${Math.random().toString(36).slice(2)}`,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("quiniela_matches")
    .values(matchIds!.map((match_id) => ({ quiniela_id: pool.id, match_id })))
    .execute();
  await db
    .insertInto("quiniela_participants")
    .values([owner, ...members].map((user_id) => ({ quiniela_id: pool.id, user_id, joined_at: now })))
    .execute();
  return pool.id;
}

/** Rows that belong to a user, per table. */
async function rowsOf(userId: string) {
  const { db } = server;
  const n = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);
  return {
    users: await n(
      db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("id", "=", userId),
    ),
    sessions: await n(
      db
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId),
    ),
    accounts: await n(
      db
        .selectFrom("accounts")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId),
    ),
    predictions: await n(
      db
        .selectFrom("predictions")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId),
    ),
    participants: await n(
      db
        .selectFrom("quiniela_participants")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId),
    ),
    quinielasOwned: await n(
      db
        .selectFrom("quinielas")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("owner_id", "=", userId),
    ),
    standingsPhase: await n(
      db
        .selectFrom("standings_phase")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId),
    ),
    standingsTotal: await n(
      db
        .selectFrom("standings_total")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId),
    ),
  };
}

/** Rows anywhere that point at a user or pool that no longer exists. */
async function orphans() {
  const { db } = server;
  const users = db.selectFrom("users").select("id");
  const pools = db.selectFrom("quinielas").select("id");
  const count = async (
    table: "sessions" | "accounts" | "predictions" | "quiniela_participants" | "standings_phase" | "standings_total",
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("user_id", "not in", users)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    sessions: await count("sessions"),
    accounts: await count("accounts"),
    predictions: await count("predictions"),
    participants: await count("quiniela_participants"),
    standingsPhase: await count("standings_phase"),
    standingsTotal: await count("standings_total"),
    quinielas: Number(
      (
        await db
          .selectFrom("quinielas")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("owner_id", "not in", users)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    poolMatches: Number(
      (
        await db
          .selectFrom("quiniela_matches")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("quiniela_id", "not in", pools)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    poolMembers: Number(
      (
        await db
          .selectFrom("quiniela_participants")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("quiniela_id", "not in", pools)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
}

const NO_ORPHANS = {
  sessions: 0,
  accounts: 0,
  predictions: 0,
  participants: 0,
  standingsPhase: 0,
  standingsTotal: 0,
  quinielas: 0,
  poolMatches: 0,
  poolMembers: 0,
};

// ── counts in words ─────────────────────────────────────────────────────────────────────────

// First in the file, while the admin is the only account (the other tests add people).
test("'Gestionar Usuarios' counts its people and its roster in the right number: one is singular", async () => {
  expect(await server.db.selectFrom("users").select("id").execute()).toHaveLength(1);
  const alone = await get("/admin/users", adminCookie);
  expect(alone.body).toContain("1 usuario registrado");
  expect(alone.body).not.toContain("1 usuarios");
  try {
    const saved = await adminWrite({ intent: "save-roster", roster: "uno@quiniela.test" });
    expect(saved.body).toContain("1 correo permitido");
    expect(saved.body).not.toContain("1 correos");
    expect((await get("/admin/users", adminCookie)).body).toMatch(/>1 correo</);
  } finally {
    await adminWrite({ intent: "save-roster", roster: "" });
  }
  await person("Segunda");
  expect((await get("/admin/users", adminCookie)).body).toContain("2 usuarios registrados");
});

// ── password-reset links ─────────────────────────────────────────────────────────────────────

describe("password-reset links", () => {
  test("'Generar enlace' on the profile gives a one-hour link, stored hashed, for the signed-in user only", async () => {
    const ana = await person("Ana");
    const before = Date.now();
    const response = await profileWrite({ intent: "reset-link" }, ana.cookie);
    expect(response.status).toBe(200);
    expect(response.body).toContain("Enlace generado");
    const { token } = linkIn(response.body);

    const rows = await server.db.selectFrom("verifications").selectAll().where("value", "=", ana.id).execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    // The identifier is a hash, not the token: a copy of the database gives no working link.
    expect(row.identifier).not.toContain(token);
    const ttl = new Date(row.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(61 * 60_000);

    const page = await get(`/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`Nueva contraseña para ${ana.email}`);
    expect(page.body).not.toContain("Enlace inválido");
  });

  test("a link works once: sets the password, signs in; the second use is refused with 400 and the Spanish message", async () => {
    const beto = await person("Beto");
    const { token } = linkIn((await profileWrite({ intent: "reset-link" }, beto.cookie)).body);

    const first = await setPassword(token, "nueva-clave-1");
    expect(first.status).toBe(302);
    expect(first.location).toBe("/");
    const cookie = sessionCookie(first);
    expect(cookie).toContain("session_token");
    expect(await opensHome(cookie)).toBe(true);
    expect(await canSignIn(beto.email, "nueva-clave-1")).toBe(true);
    expect(await canSignIn(beto.email, PASSWORD)).toBe(false);
    // Consumed: no verification row is left for it.
    expect(await server.db.selectFrom("verifications").select("id").where("value", "=", beto.id).execute()).toEqual([]);

    const hash = await passwordHash(beto.id);
    const second = await setPassword(token, "otra-clave-2");
    expect(second.status).toBe(400);
    expect(second.body).toContain(INVALID_LINK);
    expect(sessionCookie(second)).toBe("");
    expect(leakedInternals(second.body)).toEqual([]);
    expect(await passwordHash(beto.id)).toBe(hash);
    expect(await canSignIn(beto.email, "otra-clave-2")).toBe(false);

    const page = await get(`/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Enlace inválido");
    expect(page.body).toContain(INVALID_LINK);
    expect(page.body).not.toContain("Nueva contraseña para");
  });

  test("an expired link is refused (page and form) and changes nothing", async () => {
    const caro = await person("Caro");
    const { token } = linkIn((await profileWrite({ intent: "reset-link" }, caro.cookie)).body);
    expect((await get(`/reset-password?token=${token}`)).body).toContain("Nueva contraseña para");

    // Identifiers are stored hashed: the row is found by its value, the user id.
    const row = await server.db
      .selectFrom("verifications")
      .select("expires_at")
      .where("value", "=", caro.id)
      .executeTakeFirstOrThrow();
    const past = new Date(Date.now() - 60_000);
    // Written in the type the column holds on this engine (ISO text on SQLite, timestamptz on PostgreSQL).
    const value = typeof row.expires_at === "string" ? past.toISOString() : past;
    const updated = await server.db
      .updateTable("verifications")
      .set({ expires_at: value })
      .where("value", "=", caro.id)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);

    const page = await get(`/reset-password?token=${token}`);
    expect(page.body).toContain("Enlace inválido");
    expect(page.body).toContain(INVALID_LINK);

    const hash = await passwordHash(caro.id);
    const response = await setPassword(token, "nueva-clave-1");
    expect(response.status).toBe(400);
    expect(response.body).toContain(INVALID_LINK);
    expect(sessionCookie(response)).toBe("");
    expect(await passwordHash(caro.id)).toBe(hash);
    expect(await canSignIn(caro.email, PASSWORD)).toBe(true);
  });

  test("an unknown or empty token is refused with the Spanish message", async () => {
    for (const path of ["/reset-password?token=bad", "/reset-password", "/reset-password?token="]) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain(INVALID_LINK);
    }
    const response = await setPassword("bad", "nueva-clave-1");
    expect(response.status).toBe(400);
    expect(response.body).toContain(INVALID_LINK);
    expect(leakedInternals(response.body)).toEqual([]);
  });

  test("the new password follows the registration rules; a refused form does not use the link up", async () => {
    const dani = await person("Dani");
    const { token } = linkIn((await profileWrite({ intent: "reset-link" }, dani.cookie)).body);
    const hash = await passwordHash(dani.id);

    const short = await setPassword(token, "12345");
    expect(short.status).toBe(400);
    expect(short.body).toContain("La contraseña debe tener al menos 6 caracteres");
    const mismatch = await setPassword(token, "nueva-clave-1", "nueva-clave-2");
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toContain("Las contraseñas no coinciden");
    const empty = await setPassword(token, "", "");
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("La contraseña es obligatoria");
    expect(await passwordHash(dani.id)).toBe(hash);

    // Still valid after the refusals.
    const ok = await setPassword(token, "nueva-clave-1");
    expect(ok.status).toBe(302);
    expect(await canSignIn(dani.email, "nueva-clave-1")).toBe(true);
  });

  test("a new password ends every other session; the reset response signs in with a new cookie that works", async () => {
    const eva = await person("Eva");
    const otherDevice = await loginUser(server, { email: eva.email });
    expect(await opensHome(eva.cookie)).toBe(true);
    expect(await opensHome(otherDevice)).toBe(true);
    expect(await sessionsOf(eva.id)).toHaveLength(2);

    const { token } = linkIn((await profileWrite({ intent: "reset-link" }, eva.cookie)).body);
    const reset = await setPassword(token, "nueva-clave-1");
    expect(reset.status).toBe(302);
    const fresh = sessionCookie(reset);
    expect(fresh).toContain("session_token");
    expect(fresh).not.toBe(eva.cookie);
    expect(fresh).not.toBe(otherDevice);

    expect(await opensHome(eva.cookie)).toBe(false);
    expect(await opensHome(otherDevice)).toBe(false);
    expect(await opensHome(fresh)).toBe(true);
    expect(await sessionsOf(eva.id)).toHaveLength(1);
    // Other people's sessions are untouched.
    expect(await opensHome(adminCookie)).toBe(true);
  });

  test("setting a password voids the account's other outstanding links", async () => {
    const hana = await person("Hana");
    const older = linkIn((await profileWrite({ intent: "reset-link" }, hana.cookie)).body).token;
    const newer = linkIn((await profileWrite({ intent: "reset-link" }, hana.cookie)).body).token;
    const reset = await setPassword(newer, "nueva-clave-1");
    expect(reset.status).toBe(302);
    const fresh = sessionCookie(reset);

    const stale = await setPassword(older, "robada-clave-2");
    expect(await opensHome(fresh)).toBe(true);
    expect(await canSignIn(hana.email, "nueva-clave-1")).toBe(true);
    expect(stale.status).toBe(400);
    expect(stale.body).toContain(INVALID_LINK);
  });

  test("the profile's link is always for the signed-in user (a userId in the form is ignored)", async () => {
    const fede = await person("Fede");
    const victim = await person("Gala");
    const response = await profileWrite({ intent: "reset-link", userId: victim.id, email: victim.email }, fede.cookie);
    expect(response.status).toBe(200);
    const { token } = linkIn(response.body);
    expect((await get(`/reset-password?token=${token}`)).body).toContain(`Nueva contraseña para ${fede.email}`);
    expect(await server.db.selectFrom("verifications").select("id").where("value", "=", victim.id).execute()).toEqual(
      [],
    );
  });
});

// ── profile ──────────────────────────────────────────────────────────────────────────────────

describe("profile", () => {
  test("anonymous visitors are sent to /login (page, .data, writes) and nothing is written", async () => {
    const page = await get("/profile");
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/login?${new URLSearchParams({ redirectTo: "/profile" })}`);
    const data = await get("/profile.data");
    expect(data.status).toBe(202);
    expect(data.body).toContain("/login?redirectTo=%2Fprofile");

    const before = await snapshot();
    const writes: Record<string, string>[] = [
      { intent: "update-profile", image: "https://example.com/a.png", avatarColor: "red" },
      { intent: "remove-avatar" },
      { intent: "reset-link" },
    ];
    for (const fields of writes) {
      const document = await post("/profile", fields);
      expect(document.status).toBe(302);
      expect(document.location).toContain("/login");
      const fetcher = await post("/profile.data", fields);
      expect(fetcher.status).toBe(202);
      expect(fetcher.body).not.toMatch(LINK);
    }
    expect(await snapshot()).toEqual(before);
  });

  test("'Mi Perfil' shows the display name, the e-mail and the six colours", async () => {
    const hugo = await person("Hugo");
    const page = await get("/profile", hugo.cookie);
    expect(page.status).toBe(200);
    for (const text of [
      "Mi Perfil",
      hugo.name,
      hugo.email,
      "URL del avatar",
      "Color de fondo",
      "Actualizar Perfil",
      "Generar enlace",
    ]) {
      expect(page.body, text).toContain(text);
    }
    for (const colour of ["Azul", "Verde", "Rojo", "Morado", "Naranja", "Rosa"])
      expect(page.body, colour).toContain(colour);
    // Default blue.
    expect((await userRow(hugo.id))?.avatar_color).toBe("blue");
  });

  test("an avatar URL that is not https is refused with the Spanish message; nothing is written", async () => {
    const ines = await person("Ines");
    const before = await userRow(ines.id);
    for (const image of [
      "http://example.com/a.png",
      "ftp://example.com/a.png",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
    ]) {
      const response = await profileWrite({ intent: "update-profile", image, avatarColor: "green" }, ines.cookie);
      expect(response.status, image).toBe(400);
      expect(response.body, image).toContain("La URL del avatar debe empezar con https://");
      expect(response.body, image).not.toContain("Perfil actualizado");
    }
    // The document POST (no JavaScript) shows the message on the page too.
    const document = await post(
      "/profile",
      { intent: "update-profile", image: "http://example.com/a.png", avatarColor: "green" },
      ines.cookie,
    );
    expect(document.status).toBe(400);
    expect(document.body).toContain("La URL del avatar debe empezar con https://");

    expect(await userRow(ines.id)).toEqual(before);
  });

  test("text that is not a URL at all is refused with 400 'La URL del avatar no es válida'", async () => {
    const ines = await person("Ines");
    const before = await userRow(ines.id);
    for (const image of ["www.example.com/a.png", "foto.png", "https:"]) {
      const response = await profileWrite({ intent: "update-profile", image, avatarColor: "green" }, ines.cookie);
      expect(await userRow(ines.id)).toEqual(before);
      expect(response.status, image).toBe(400);
      expect(response.body, image).toContain("La URL del avatar no es válida");
    }
  });

  test("an https avatar URL is saved ('Perfil actualizado'); 'Eliminar foto' removes it ('Avatar eliminado')", async () => {
    const juan = await person("Juan");
    const url = "https://example.com/fotos/juan.png";
    const saved = await profileWrite(
      { intent: "update-profile", image: `  ${url} `, avatarColor: "blue" },
      juan.cookie,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toContain("Perfil actualizado");
    expect((await userRow(juan.id))?.image).toBe(url);
    // The navbar (root loader) and the profile page show it.
    expect((await get("/profile", juan.cookie)).body).toContain(url);

    const removed = await profileWrite({ intent: "remove-avatar" }, juan.cookie);
    expect(removed.status).toBe(200);
    expect(removed.body).toContain("Avatar eliminado");
    expect((await userRow(juan.id))?.image).toBeNull();

    // An empty field is "no picture" too.
    await profileWrite({ intent: "update-profile", image: url, avatarColor: "blue" }, juan.cookie);
    const cleared = await profileWrite({ intent: "update-profile", image: "", avatarColor: "blue" }, juan.cookie);
    expect(cleared.status).toBe(200);
    expect((await userRow(juan.id))?.image).toBeNull();
  });

  test("without a photo 'Eliminar foto' is not offered, and the server removes nothing and says so", async () => {
    const sin = await person("Sinfoto");
    const page = await get("/profile", sin.cookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain("URL del avatar");
    expect(page.body).not.toContain("Eliminar foto");
    const before = await userRow(sin.id);
    const removed = await profileWrite({ intent: "remove-avatar" }, sin.cookie);
    expect(removed.status).toBe(409);
    expect(removed.body).toContain("No se pudo eliminar la foto de perfil. No tienes foto de perfil.");
    expect(removed.body).not.toContain("Avatar eliminado");
    expect(await userRow(sin.id)).toEqual(before);
    // With a photo saved, the button is there.
    await profileWrite(
      { intent: "update-profile", image: "https://example.com/sin.png", avatarColor: "blue" },
      sin.cookie,
    );
    expect((await get("/profile", sin.cookie)).body).toContain("Eliminar foto");
  });

  test("each of the six colours is accepted; any other value is refused and nothing is written", async () => {
    const kari = await person("Kari");
    for (const colour of ["green", "red", "purple", "orange", "pink", "blue"]) {
      const response = await profileWrite({ intent: "update-profile", image: "", avatarColor: colour }, kari.cookie);
      expect(response.status, colour).toBe(200);
      expect((await userRow(kari.id))?.avatar_color, colour).toBe(colour);
    }
    await profileWrite({ intent: "update-profile", image: "", avatarColor: "green" }, kari.cookie);
    const before = await userRow(kari.id);
    for (const colour of ["black", "", "grape", "GREEN", "#00ff00"]) {
      const response = await profileWrite({ intent: "update-profile", image: "", avatarColor: colour }, kari.cookie);
      expect(response.status, colour).toBe(400);
      expect(response.body, colour).toContain("Elige uno de los colores de fondo");
    }
    const missing = await profileWrite({ intent: "update-profile", image: "" }, kari.cookie);
    expect(missing.status).toBe(400);
    expect(await userRow(kari.id)).toEqual(before);
  });

  test("a profile write changes only the signed-in user's row (userId, role, name in the form are ignored)", async () => {
    const luis = await person("Luis");
    const other = await person("Mar");
    const before = await snapshot();
    const response = await profileWrite(
      {
        intent: "update-profile",
        image: "https://example.com/l.png",
        avatarColor: "red",
        userId: other.id,
        id: other.id,
        role: "admin",
        name: "Hackeado",
        displayName: "Hackeado",
      },
      luis.cookie,
    );
    expect(response.status).toBe(200);
    const after = await snapshot();
    const changed = after.users.filter((u, i) => JSON.stringify(u) !== JSON.stringify(before.users[i]));
    expect(changed).toEqual([
      { ...before.users.find((u) => u.id === luis.id)!, image: "https://example.com/l.png", avatar_color: "red" },
    ]);
    expect((await userRow(luis.id))?.role).toBe("user");
    expect({ ...after, users: [] }).toEqual({ ...before, users: [] });
  });
});

// ── users admin ──────────────────────────────────────────────────────────────────────────────

describe("users admin", () => {
  test("the table lists name, e-mail, registration date and the actions", async () => {
    const nora = await person("Nora");
    const page = await get("/admin/users", adminCookie);
    expect(page.status).toBe(200);
    for (const text of [
      "Gestionar Usuarios",
      "Nuevo Usuario",
      nora.name,
      nora.email,
      "Registro",
      "Editar",
      "Eliminar Predicciones",
      "Correos permitidos",
      "Guardar lista",
    ]) {
      expect(page.body, text).toContain(text);
    }
    // The registration date, in the season's time zone (es-MX), e.g. "7 feb 2026" or "07/02/2026".
    const year = String(new Date().getFullYear());
    expect(page.body).toContain(year);
  });

  test("'Nuevo Usuario' creates the account and a link with which the person sets a password and signs in", async () => {
    const email = "nuevo.usuario@quiniela.test";
    const created = await adminWrite({
      intent: "create-user",
      name: "Olga Nueva",
      displayName: "La Jefa 🌮",
      email: " Nuevo.Usuario@Quiniela.test ",
      role: "user",
    });
    expect(created.status).toBe(200);
    expect(created.body).toContain("Usuario guardado");
    const { link, token } = linkIn(created.body);

    const user = await server.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: "Olga Nueva", display_name: "La Jefa 🌮", role: "user", avatar_color: "blue" });
    // No password yet: nobody can sign in as the new account until the link is used.
    expect(await passwordHash(user.id)).toBeNull();
    expect(await canSignIn(email, PASSWORD)).toBe(false);

    const page = await get(pathOf(link));
    expect(page.body).toContain(`Nueva contraseña para ${email}`);
    const set = await setPassword(token, "mi-clave-nueva");
    expect(set.status).toBe(302);
    expect(set.location).toBe("/");
    const cookie = sessionCookie(set);
    const home = await get("/", cookie);
    expect(home.status).toBe(200);
    expect(home.body).toContain("La Jefa 🌮");
    expect(await canSignIn(email, "mi-clave-nueva")).toBe(true);
    expect((await setPassword(token, "otra-clave")).status).toBe(400);
  });

  test("'Nuevo Usuario' can create an admin; a taken e-mail or invalid fields are refused and nothing is written", async () => {
    const created = await adminWrite({
      intent: "create-user",
      name: "Pablo Admin",
      displayName: "",
      email: "pablo.admin@quiniela.test",
      role: "admin",
    });
    expect(created.body).toContain("Usuario guardado");
    const pablo = await server.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "pablo.admin@quiniela.test")
      .executeTakeFirstOrThrow();
    expect(pablo.role).toBe("admin");
    expect(pablo.display_name).toBeNull();
    // Demoted again so that later tests see one admin.
    await adminWrite({
      intent: "update-user",
      userId: pablo.id,
      name: pablo.name,
      displayName: "",
      email: pablo.email,
      role: "user",
    });
    expect((await userRow(pablo.id))?.role).toBe("user");

    const before = await snapshot();
    const cases: [Record<string, string>, string][] = [
      [{ intent: "create-user", name: "Otra", displayName: "", email: ADMIN.email, role: "user" }, EMAIL_TAKEN],
      [
        { intent: "create-user", name: "Otra", displayName: "", email: "PABLO.ADMIN@quiniela.test", role: "user" },
        EMAIL_TAKEN,
      ],
      [
        { intent: "create-user", name: "", displayName: "", email: "vacio@quiniela.test", role: "user" },
        "El nombre es obligatorio",
      ],
      [
        { intent: "create-user", name: "Otra", displayName: "", email: "no-es-correo", role: "user" },
        "Correo electrónico inválido",
      ],
      [
        { intent: "create-user", name: "Otra", displayName: "", email: "rol@quiniela.test", role: "root" },
        "Elige un rol",
      ],
      [
        {
          intent: "create-user",
          name: "Otra",
          displayName: "x".repeat(41),
          email: "apodo@quiniela.test",
          role: "user",
        },
        "El apodo es demasiado largo",
      ],
      [{ intent: "hack" }, "Acción desconocida"],
    ];
    for (const [fields, message] of cases) {
      const response = await adminWrite(fields);
      expect(response.body, message).toContain(message);
      expect(response.body, message).not.toContain("Usuario guardado");
      expect(response.body, message).not.toMatch(LINK);
    }
    expect(await snapshot()).toEqual(before);
  });

  test("'Editar' changes name, nickname, e-mail and role; the new e-mail signs in", async () => {
    const quim = await person("Quim");
    const response = await adminWrite({
      intent: "update-user",
      userId: quim.id,
      name: "Joaquín Pérez",
      displayName: "El Quim ⚽",
      email: "Quim.Nuevo@Quiniela.test",
      role: "admin",
    });
    expect(response.body).toContain("Usuario guardado");
    expect(await userRow(quim.id)).toMatchObject({
      name: "Joaquín Pérez",
      display_name: "El Quim ⚽",
      email: "quim.nuevo@quiniela.test",
      role: "admin",
    });
    expect(await canSignIn("quim.nuevo@quiniela.test", PASSWORD)).toBe(true);
    expect(await canSignIn(quim.email, PASSWORD)).toBe(false);
    // The session he already had sees the change at once (display name in the navbar, admin screens).
    const page = await get("/admin/users", quim.cookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain("El Quim ⚽");

    // An empty nickname falls back to the name.
    await adminWrite({
      intent: "update-user",
      userId: quim.id,
      name: "Joaquín Pérez",
      displayName: "",
      email: "quim.nuevo@quiniela.test",
      role: "user",
    });
    expect(await userRow(quim.id)).toMatchObject({ display_name: null, role: "user" });
    expect((await get("/", quim.cookie)).body).toContain("Joaquín Pérez");
  });

  test("'Editar' refuses an e-mail that another account has (any letter case); nothing is written", async () => {
    const rosa = await person("Rosa");
    const saul = await person("Saul");
    const before = await snapshot();
    for (const email of [saul.email, saul.email.toUpperCase(), ` ${ADMIN.email} `]) {
      const response = await adminWrite({
        intent: "update-user",
        userId: rosa.id,
        name: "Rosa Cambiada",
        displayName: "",
        email,
        role: "user",
      });
      expect(response.body, email).toContain(EMAIL_TAKEN);
      expect(response.body, email).not.toContain("Usuario guardado");
    }
    const unknown = await adminWrite({
      intent: "update-user",
      userId: "no-existe",
      name: "X",
      displayName: "",
      email: "x@quiniela.test",
      role: "user",
    });
    expect(unknown.body).toContain("El usuario no existe");
    expect(await snapshot()).toEqual(before);

    // Keeping one's own e-mail is not a clash.
    const same = await adminWrite({
      intent: "update-user",
      userId: rosa.id,
      name: "Rosa Cambiada",
      displayName: "",
      email: rosa.email,
      role: "user",
    });
    expect(same.body).toContain("Usuario guardado");
    expect((await userRow(rosa.id))?.name).toBe("Rosa Cambiada");
  });

  test("the last admin cannot demote or delete themselves; nothing is written", async () => {
    const admins = await server.db.selectFrom("users").select("id").where("role", "=", "admin").execute();
    expect(admins).toEqual([{ id: adminId }]);
    const before = await snapshot();

    const demote = await adminWrite({
      intent: "update-user",
      userId: adminId,
      name: ADMIN.name,
      displayName: "",
      email: ADMIN.email,
      role: "user",
    });
    expect(demote.body).toContain(LAST_ADMIN);
    expect(demote.body).not.toContain("Usuario guardado");
    const remove = await adminWrite({ intent: "delete-user", userId: adminId });
    expect(remove.body).toContain(LAST_ADMIN);
    expect(remove.body).not.toContain("Usuario eliminado");

    expect(await snapshot()).toEqual(before);
    expect(await opensHome(adminCookie)).toBe(true);
    expect((await get("/admin/users", adminCookie)).status).toBe(200);
  });

  test("with a second admin, an admin may step down (control for the rule above)", async () => {
    const tere = await person("Tere");
    await adminWrite({
      intent: "update-user",
      userId: tere.id,
      name: tere.name,
      displayName: "",
      email: tere.email,
      role: "admin",
    });
    // Tere, now admin, demotes and then deletes... herself is allowed: another admin remains.
    const stepDown = await adminWrite(
      { intent: "update-user", userId: tere.id, name: tere.name, displayName: "", email: tere.email, role: "user" },
      tere.cookie,
    );
    expect(stepDown.body).toContain("Usuario guardado");
    expect((await userRow(tere.id))?.role).toBe("user");
    // Demoted: her next admin write is refused.
    expect((await adminWrite({ intent: "delete-user", userId: tere.id }, tere.cookie)).status).toBe(403);
    expect(await userRow(tere.id)).toBeDefined();
  });

  test.runIf(process.env.TEST_ENGINE === "postgres")(
    "two admins stepping down at the same moment: the second waits for the first, and is refused",
    async () => {
      const wen = await person("Wenceslao");
      await server.db.updateTable("users").set({ role: "admin" }).where("id", "=", wen.id).execute();
      // Wen's step-down, half-way: his row changed, not committed.
      const first = new pg.Client({ connectionString: server.env.DATABASE_URL });
      await first.connect();
      let second: ReturnType<typeof updateUser> | undefined;
      try {
        await first.query("begin");
        await first.query("update users set role = 'user' where id = $1", [wen.id]);
        second = updateUser(server.db, adminId, {
          name: ADMIN.name,
          displayName: null,
          email: ADMIN.email,
          role: "user",
        });
        // Had it counted the admins without waiting, it would have seen two, and left none.
        const waiting = await Promise.race([
          second.then(() => false),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 300)),
        ]);
        expect(waiting).toBe(true);
        await first.query("commit");
        expect(await second).toBe("last-admin");
      } finally {
        await first.end();
        await second?.catch(() => {});
      }
      expect(await server.db.selectFrom("users").select("id").where("role", "=", "admin").execute()).toEqual([
        { id: adminId },
      ]);
    },
  );

  test("'Eliminar' removes the user with predictions, memberships, owned pools, sessions, accounts and standings; nothing orphaned", async () => {
    const victim = await person("Ulises");
    const bystander = await person("Vero");
    const otherDevice = await loginUser(server, { email: victim.email });
    await giveScores(victim.id);
    await giveScores(bystander.id, 7);
    const ownPool = await givePool(victim.id, [bystander.id], "Quiniela de Ulises");
    const otherPool = await givePool(bystander.id, [victim.id], "Quiniela de Vero");
    // A pending access link for the victim.
    const { link } = linkIn((await adminWrite({ intent: "access-link", userId: victim.id })).body);

    expect(await rowsOf(victim.id)).toEqual({
      users: 1,
      sessions: 2,
      accounts: 1,
      predictions: 2,
      participants: 2,
      quinielasOwned: 1,
      standingsPhase: 2,
      standingsTotal: 1,
    });
    const bystanderBefore = await rowsOf(bystander.id);
    const bystanderRows = {
      predictions: await server.db
        .selectFrom("predictions")
        .selectAll()
        .where("user_id", "=", bystander.id)
        .orderBy("id")
        .execute(),
      standings: await server.db
        .selectFrom("standings_phase")
        .selectAll()
        .where("user_id", "=", bystander.id)
        .orderBy("phase_id")
        .execute(),
      total: await server.db.selectFrom("standings_total").selectAll().where("user_id", "=", bystander.id).execute(),
    };

    const response = await adminWrite({ intent: "delete-user", userId: victim.id });
    expect(response.body).toContain("Usuario eliminado");

    expect(await rowsOf(victim.id)).toEqual({
      users: 0,
      sessions: 0,
      accounts: 0,
      predictions: 0,
      participants: 0,
      quinielasOwned: 0,
      standingsPhase: 0,
      standingsTotal: 0,
    });
    expect(await orphans()).toEqual(NO_ORPHANS);
    // The owned pool is gone with its matches and members; the pool he only joined remains.
    expect(await server.db.selectFrom("quinielas").select("id").where("id", "=", ownPool).execute()).toEqual([]);
    expect(
      await server.db.selectFrom("quiniela_matches").select("match_id").where("quiniela_id", "=", ownPool).execute(),
    ).toEqual([]);
    const remaining = await server.db
      .selectFrom("quiniela_participants")
      .select("user_id")
      .where("quiniela_id", "=", otherPool)
      .execute();
    expect(remaining).toEqual([{ user_id: bystander.id }]);
    // Everyone else keeps their rows (the bystander lost only the membership of the deleted pool).
    expect(await rowsOf(bystander.id)).toEqual({ ...bystanderBefore, participants: bystanderBefore.participants - 1 });
    expect(
      await server.db.selectFrom("predictions").selectAll().where("user_id", "=", bystander.id).orderBy("id").execute(),
    ).toEqual(bystanderRows.predictions);
    expect(
      await server.db
        .selectFrom("standings_phase")
        .selectAll()
        .where("user_id", "=", bystander.id)
        .orderBy("phase_id")
        .execute(),
    ).toEqual(bystanderRows.standings);
    expect(
      await server.db.selectFrom("standings_total").selectAll().where("user_id", "=", bystander.id).execute(),
    ).toEqual(bystanderRows.total);

    // Signed out everywhere; cannot sign in; the pending link is dead; not listed any more.
    expect(await opensHome(victim.cookie)).toBe(false);
    expect(await opensHome(otherDevice)).toBe(false);
    expect(await canSignIn(victim.email, PASSWORD)).toBe(false);
    expect((await get(pathOf(link))).body).toContain(INVALID_LINK);
    expect((await setPassword(linkIn(link).token, "revivir-123")).status).toBe(400);
    const page = await get("/admin/users", adminCookie);
    expect(page.body).not.toContain(victim.email);
    expect(page.body).toContain(bystander.email);

    // Deleting again answers "does not exist".
    expect((await adminWrite({ intent: "delete-user", userId: victim.id })).body).toContain("El usuario no existe");
  });

  test("'Eliminar Predicciones' removes the user's predictions and standings rows only", async () => {
    const wen = await person("Wendy");
    const bystander = await person("Xime");
    await giveScores(wen.id);
    await giveScores(bystander.id, 2);
    const pool = await givePool(wen.id, [bystander.id], "Quiniela de Wendy");
    const before = await snapshot();

    const response = await adminWrite({ intent: "delete-predictions", userId: wen.id });
    expect(response.body).toContain("Predicciones eliminadas");
    expect(response.body).toContain("2 pronósticos eliminados");

    expect(await rowsOf(wen.id)).toEqual({
      users: 1,
      sessions: 1,
      accounts: 1,
      predictions: 0,
      participants: 1,
      quinielasOwned: 1,
      standingsPhase: 0,
      standingsTotal: 0,
    });
    const after = await snapshot();
    const notWen = <T extends { user_id: string }>(rows: T[]) => rows.filter((row) => row.user_id !== wen.id);
    expect(after.predictions).toEqual(notWen(before.predictions));
    expect(after.standingsPhase).toEqual(notWen(before.standingsPhase));
    expect(after.standingsTotal).toEqual(notWen(before.standingsTotal));
    expect({ ...after, predictions: [], standingsPhase: [], standingsTotal: [] }).toEqual({
      ...before,
      predictions: [],
      standingsPhase: [],
      standingsTotal: [],
    });
    expect(await server.db.selectFrom("quinielas").select("id").where("id", "=", pool).execute()).toHaveLength(1);
    expect(await opensHome(wen.cookie)).toBe(true);

    // Nothing left: a second time deletes 0.
    expect((await adminWrite({ intent: "delete-predictions", userId: wen.id })).body).toContain(
      "0 pronósticos eliminados",
    );
  });

  test("'Generar enlace de acceso' gives the admin a reset link for that user, which signs them in", async () => {
    const yola = await person("Yola");
    const response = await adminWrite({ intent: "access-link", userId: yola.id });
    expect(response.body).toContain("Enlace generado");
    const { link, token } = linkIn(response.body);
    expect((await get(pathOf(link))).body).toContain(`Nueva contraseña para ${yola.email}`);
    const set = await setPassword(token, "desde-admin-1");
    expect(set.status).toBe(302);
    expect(await opensHome(sessionCookie(set))).toBe(true);
    expect(await opensHome(yola.cookie)).toBe(false);
    expect(await canSignIn(yola.email, "desde-admin-1")).toBe(true);

    const unknown = await adminWrite({ intent: "access-link", userId: "no-existe" });
    expect(unknown.body).toContain("El usuario no existe");
    expect(unknown.body).not.toMatch(LINK);
  });

  test("every /admin/users intent is refused for a non-admin (403) and anonymous (login); nothing is written", async () => {
    const zoe = await person("Zoe");
    const target = await person("Objetivo");
    await giveScores(target.id);
    const writes: Record<string, string>[] = [
      { intent: "create-user", name: "Colado", displayName: "", email: "colado@quiniela.test", role: "admin" },
      { intent: "update-user", userId: zoe.id, name: zoe.name, displayName: "", email: zoe.email, role: "admin" },
      { intent: "update-user", userId: adminId, name: ADMIN.name, displayName: "", email: ADMIN.email, role: "user" },
      { intent: "delete-user", userId: target.id },
      { intent: "delete-user", userId: adminId },
      { intent: "delete-predictions", userId: target.id },
      { intent: "access-link", userId: adminId },
      { intent: "save-roster", roster: `${zoe.email}, Zoe` },
    ];
    const before = await snapshot();
    for (const fields of writes) {
      for (const path of ["/admin/users", "/admin/users.data"]) {
        const response = await post(path, fields, zoe.cookie);
        expect(response.status, `${path} ${fields.intent}`).toBe(403);
        expect(response.body).toContain(FORBIDDEN);
        expect(response.body).not.toMatch(LINK);
        expect(response.body).not.toContain(target.email);
        const anonymous = await post(path, fields);
        expect(anonymous.status, `${path} ${fields.intent} anónimo`).toBe(path.endsWith(".data") ? 202 : 302);
        expect(anonymous.body).not.toMatch(LINK);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect((await userRow(zoe.id))?.role).toBe("user");
  });
});

// ── roster ───────────────────────────────────────────────────────────────────────────────────

describe("roster allow-list", () => {
  const register = (name: string, email: string) =>
    post("/register", { name, email, password: PASSWORD, confirmPassword: PASSWORD });

  test("a non-empty list admits only listed e-mails, which take their nickname; an empty list reopens registration", async () => {
    try {
      const saved = await adminWrite({
        intent: "save-roster",
        roster:
          "\n Listada@Quiniela.test ,  La Listada 🌟 \nsin.apodo@quiniela.test\n\nlistada@quiniela.test, Repetida\n",
      });
      expect(saved.body).toContain("Lista guardada");
      expect(saved.body).toContain("2 correos permitidos");
      expect(
        await server.db.selectFrom("allowed_emails").select(["email", "nickname"]).orderBy("email").execute(),
      ).toEqual([
        { email: "listada@quiniela.test", nickname: "La Listada 🌟" },
        { email: "sin.apodo@quiniela.test", nickname: null },
      ]);
      const adminPage = await get("/admin/users", adminCookie);
      expect(adminPage.body).toContain("listada@quiniela.test, La Listada 🌟");
      expect(adminPage.body).toContain("2 correos");

      const users = (await snapshot()).users.length;
      const stranger = await register("Extraña", "extrana@quiniela.test");
      expect(stranger.status).toBe(403);
      expect(stranger.body).toContain(NOT_LISTED);
      expect(sessionCookie(stranger)).toBe("");
      expect(leakedInternals(stranger.body)).toEqual([]);
      expect((await snapshot()).users).toHaveLength(users);

      const listed = await register("María Listada", "LISTADA@quiniela.test");
      expect(listed.status).toBe(302);
      const cookie = sessionCookie(listed);
      const row = await server.db
        .selectFrom("users")
        .selectAll()
        .where("email", "=", "listada@quiniela.test")
        .executeTakeFirstOrThrow();
      expect(row.display_name).toBe("La Listada 🌟");
      expect(row.name).toBe("María Listada");
      // Display names everywhere: navbar, rankings, users admin.
      const home = await get("/", cookie);
      expect(home.body).toContain("La Listada 🌟");
      await server.db
        .insertInto("standings_total")
        .values({
          season_id: await currentSeasonId(server),
          user_id: row.id,
          points: 99,
          exact_hits: 9,
          outcome_hits: 9,
        })
        .execute();
      const standings = await get("/rankings");
      expect(standings.status).toBe(200);
      expect(standings.body).toContain("La Listada 🌟");
      expect(standings.body).not.toContain("María Listada");
      await server.db.deleteFrom("standings_total").where("user_id", "=", row.id).execute();

      const plain = await register("Sin Apodo", "sin.apodo@quiniela.test");
      expect(plain.status).toBe(302);
      const plainRow = await server.db
        .selectFrom("users")
        .selectAll()
        .where("email", "=", "sin.apodo@quiniela.test")
        .executeTakeFirstOrThrow();
      expect(plainRow.display_name).toBeNull();

      // An invalid line is refused with its line number; the list stays as it was.
      const bad = await adminWrite({ intent: "save-roster", roster: "buena@quiniela.test, Buena\nno-es-correo, Mala" });
      expect(bad.body).toContain("Línea 2: «no-es-correo» no es un correo electrónico válido");
      expect(await server.db.selectFrom("allowed_emails").select("email").orderBy("email").execute()).toHaveLength(2);
    } finally {
      const cleared = await adminWrite({ intent: "save-roster", roster: "" });
      expect(cleared.body).toContain("Lista vacía: el registro queda abierto a cualquier correo");
    }
    expect(await server.db.selectFrom("allowed_emails").select("email").execute()).toEqual([]);
    const reopened = await register("Extraña", "extrana@quiniela.test");
    expect(reopened.status).toBe(302);
    const page = await get("/admin/users", adminCookie);
    expect(page.body).toContain("Registro abierto");
  });

  test("'Nuevo Usuario' is not limited by the roster, and a listed e-mail gives its nickname when none is typed", async () => {
    try {
      await adminWrite({ intent: "save-roster", roster: "lista2@quiniela.test, Apodo de Lista" });
      const listed = await adminWrite({
        intent: "create-user",
        name: "Lista Dos",
        displayName: "",
        email: "lista2@quiniela.test",
        role: "user",
      });
      expect(listed.body).toContain("Usuario guardado");
      const outside = await adminWrite({
        intent: "create-user",
        name: "Fuera",
        displayName: "Fuerita",
        email: "fuera@quiniela.test",
        role: "user",
      });
      expect(outside.body).toContain("Usuario guardado");
      expect(linkIn(outside.body).token).toBeTruthy();
      const rows = await server.db
        .selectFrom("users")
        .select(["email", "display_name"])
        .where("email", "in", ["lista2@quiniela.test", "fuera@quiniela.test"])
        .orderBy("email")
        .execute();
      expect(rows).toEqual([
        { email: "fuera@quiniela.test", display_name: "Fuerita" },
        { email: "lista2@quiniela.test", display_name: "Apodo de Lista" },
      ]);
    } finally {
      await adminWrite({ intent: "save-roster", roster: "" });
    }
  });
});
