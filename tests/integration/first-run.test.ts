import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { createUser } from "../support/accounts";
import {
  activatePhase,
  currentSeasonId,
  form,
  leakedInternals,
  requestText,
  routeData,
  sessionCookie,
  startServerProcess,
  startTestServer,
  userIdOf,
  type TestServer,
  type TextResponse,
} from "../support/server";

/**
 * A first run that guides (issue 44, item 5), on both engines: the start-up log when nobody can
 * administer, the /admin checklist and its states, the week-long one-time links the admin hands
 * out, and 'Cambiar contraseña' on /profile.
 */

const ADMIN = { name: "Administradora", email: "admin@quiniela.test" };
const PASSWORD = "secreto123";
const DAY_MS = 24 * 60 * 60 * 1000;
/** The start-up warning names the setting that fixes it. */
const NO_ADMIN_WARNING = "no hay ningún administrador y ADMIN_EMAIL no está definido";
const INVALID_LINK = "El enlace no es válido, ya se usó o expiró. Pide uno nuevo.";
const LINK = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=([A-Za-z0-9_-]+)/;

// ── the start-up log ─────────────────────────────────────────────────────────────────────────

describe("the log at start", () => {
  test("without ADMIN_EMAIL and with no admin, the server process says so in its log", async () => {
    const server = await startServerProcess({ ADMIN_EMAIL: "" });
    try {
      await expect.poll(() => server.output()).toContain(NO_ADMIN_WARNING);
      // One line, and it says how to fix it.
      const line = server
        .output()
        .split("\n")
        .find((text) => text.includes(NO_ADMIN_WARNING))!;
      expect(line).toContain("ADMIN_EMAIL=");
    } finally {
      await server.close();
    }
  });

  test("with ADMIN_EMAIL set, or once an admin exists, it says nothing of it", async () => {
    const warn = vi.spyOn(console, "warn");
    const error = vi.spyOn(console, "error");
    const said = () => [...warn.mock.calls, ...error.mock.calls].flat().join("\n");
    try {
      // Nobody is admin yet, but the configured e-mail will be when it registers.
      const configured = await startTestServer();
      await configured.close();
      expect(said()).not.toContain(NO_ADMIN_WARNING);

      const withAdmin = await startTestServer({ ADMIN_EMAIL: "" });
      try {
        await createUser(withAdmin, { name: "Otra Admin", email: "otra-admin@quiniela.test" });
        await withAdmin.db
          .updateTable("users")
          .set({ role: "admin" })
          .where("email", "=", "otra-admin@quiniela.test")
          .execute();
      } finally {
        await withAdmin.close();
      }
      warn.mockClear();
      error.mockClear();
      const restarted = await startTestServer({ ADMIN_EMAIL: "" });
      try {
        expect(said()).not.toContain(NO_ADMIN_WARNING);
        // The tests below start from a fresh install's people: nobody.
        const { id } = await restarted.db
          .selectFrom("users")
          .select("id")
          .where("email", "=", "otra-admin@quiniela.test")
          .executeTakeFirstOrThrow();
        await restarted.db.deleteFrom("sessions").where("user_id", "=", id).execute();
        await restarted.db.deleteFrom("accounts").where("user_id", "=", id).execute();
        await restarted.db.deleteFrom("users").where("id", "=", id).execute();
      } finally {
        await restarted.close();
      }
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});

// ── one server for the rest ──────────────────────────────────────────────────────────────────

describe("with an admin", () => {
  let server: TestServer;
  let adminCookie: string;
  let counter = 0;

  beforeAll(async () => {
    // Many sign-ins from 127.0.0.1: the limits have tests of their own (the last one here too).
    server = await startTestServer({ AUTH_RATE_LIMIT_PER_IP: "10000" });
    adminCookie = await createUser(server, ADMIN);
  });
  afterAll(() => server.close());

  const get = (path: string, cookie?: string) => requestText(server, path, { cookie });
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    requestText(server, path, { method: "POST", body: form(fields), cookie });

  async function person(label: string) {
    counter += 1;
    const name = `${label} Persona${counter}`;
    const email = `${label.toLowerCase()}-${counter}@quiniela.test`;
    const cookie = await createUser(server, { name, email });
    return { id: await userIdOf(server, email), email, name, cookie };
  }

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
    return false;
  }

  // ── the checklist ──────────────────────────────────────────────────────────────────────────

  type Item = { key: string; state: "done" | "todo" | "later"; title: string; detail: string; link: { to: string } };

  /** The checklist as /admin's loader gives it, by key. */
  async function checklist(): Promise<Record<string, Item>> {
    const { data } = await routeData(server, "/admin.data", "routes/admin/index", adminCookie);
    const items = (data as { items: Item[] }).items;
    return Object.fromEntries(items.map((item) => [item.key, item]));
  }

  describe("/admin, the checklist", () => {
    test("a fresh install: the season is there; players, a jornada and kickoff times to do; results later", async () => {
      const page = await get("/admin", adminCookie);
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/<h1[^>]*>Administración<\/h1>/);
      for (const href of ["/admin/temporadas", "/admin/users", "/admin/matches", "/admin/results"]) {
        expect(page.body).toContain(`href="${href}"`);
      }
      expect(leakedInternals(page.body)).toEqual([]);

      const items = await checklist();
      expect(Object.keys(items)).toEqual(["season", "players", "phases", "kickoffs", "results"]);
      expect(items.season).toMatchObject({ state: "done", link: { to: "/admin/temporadas" } });
      expect(items.season!.detail).toContain("Liga MX Clausura 2024");
      expect(items.players).toMatchObject({ state: "todo", link: { to: "/admin/users" } });
      expect(items.players!.detail).toContain("1 jugador registrado");
      expect(items.players!.detail).toContain("registro abierto");
      expect(items.phases).toMatchObject({ state: "todo", link: { to: "/admin/matches" } });
      expect(items.kickoffs).toMatchObject({ state: "todo", link: { to: "/admin/matches" } });
      expect(items.kickoffs!.detail).toContain("167 partidos sin fecha y hora");
      expect(items.results).toMatchObject({ state: "later", link: { to: "/admin/results" } });
      expect(items.results!.detail).toContain("0 de 167 partidos con resultado");
    });

    test("each step turns done as the season gets going; a match under way without a result is to do", async () => {
      const seasonId = await currentSeasonId(server);
      const matchesOfSeason = server.db
        .selectFrom("matches")
        .innerJoin("phases", "phases.id", "matches.phase_id")
        .select("matches.id")
        .where("phases.season_id", "=", seasonId);

      const other = await person("Jugadora");
      const roster = await post(
        "/admin/users.data",
        { intent: "save-roster", roster: `${ADMIN.email}\n${other.email}\nfalta@quiniela.test` },
        adminCookie,
      );
      expect(roster.status).toBe(200);
      let items = await checklist();
      expect(items.players!.state).toBe("done");
      expect(items.players!.detail).toContain("2 jugadores registrados");
      expect(items.players!.detail).toContain("3 correos en la lista de participantes");

      const { matchIds } = await activatePhase(server, "Jornada 1");
      items = await checklist();
      expect(items.phases!.state).toBe("done");
      expect(items.phases!.detail).toContain("1 jornada abierta");
      expect(items.phases!.detail).toContain(`${matchIds.length} partidos por jugar`);
      expect(items.kickoffs!.detail).toContain(`${matchIds.length} de ellos activos`);

      // Every match gets a kickoff next week, but one of Jornada 1 began an hour ago.
      const later = new Date(Date.now() + 7 * DAY_MS).toISOString();
      await server.db.updateTable("matches").set({ kickoff_at: later }).where("id", "in", matchesOfSeason).execute();
      const started = matchIds[0]!;
      await server.db
        .updateTable("matches")
        .set({ kickoff_at: new Date(Date.now() - 60 * 60_000).toISOString() })
        .where("id", "=", started)
        .execute();
      items = await checklist();
      expect(items.kickoffs!.state).toBe("done");
      expect(items.results!.state).toBe("todo");
      expect(items.results!.detail).toContain("1 partido ya empezó y no tiene resultado");

      await server.db.updateTable("matches").set({ home_score: 2, away_score: 1 }).where("id", "=", started).execute();
      items = await checklist();
      expect(items.phases!.detail).toContain(`${matchIds.length - 1} partidos por jugar`);
      expect(items.results!.state).toBe("done");
      expect(items.results!.detail).toContain("1 de 167 partidos con resultado");
      expect(Object.values(items).map((item) => item.state)).toEqual(["done", "done", "done", "done", "done"]);

      // A played match needs no kickoff: only those still to play are counted.
      await server.db.updateTable("matches").set({ kickoff_at: null }).where("id", "=", started).execute();
      expect((await checklist()).kickoffs!.state).toBe("done");
      await server.db.updateTable("matches").set({ kickoff_at: null }).where("id", "=", matchIds[1]!).execute();
      items = await checklist();
      expect(items.kickoffs!.state).toBe("todo");
      expect(items.kickoffs!.detail).toContain("1 partido sin fecha y hora");

      // Jornada 1 played through: the next one waits to be opened.
      await server.db
        .updateTable("matches")
        .set({ home_score: 1, away_score: 1 })
        .where("id", "in", matchIds)
        .where("home_score", "is", null)
        .execute();
      items = await checklist();
      expect(items.phases!.state).toBe("todo");
      expect(items.phases!.detail).toContain("ya se jugaron");
    });

    test("a finished current season is to do: the admin starts the next one in 'Temporadas'", async () => {
      const seasonId = await currentSeasonId(server);
      await server.db
        .updateTable("seasons")
        .set({ finished_at: new Date().toISOString() })
        .where("id", "=", seasonId)
        .execute();
      try {
        const items = await checklist();
        expect(items.season!.state).toBe("todo");
        expect(items.season!.detail).toContain("terminada");
      } finally {
        await server.db.updateTable("seasons").set({ finished_at: null }).where("id", "=", seasonId).execute();
      }
    });
  });

  // ── the admin's links ──────────────────────────────────────────────────────────────────────

  describe("links the admin hands out", () => {
    const adminWrite = async (fields: Record<string, string>) => {
      const response = await post("/admin/users.data", fields, adminCookie);
      expect(leakedInternals(response.body)).toEqual([]);
      return response;
    };

    function tokenIn(response: TextResponse): string {
      const match = response.body.match(LINK);
      expect(match, response.body.slice(0, 400)).not.toBeNull();
      return match![1]!;
    }

    /** The latest expiry of the user's links, in milliseconds. */
    async function linkExpiry(userId: string): Promise<number> {
      const rows = await server.db
        .selectFrom("verifications")
        .select("expires_at")
        .where("value", "=", userId)
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      return Math.max(...rows.map((row) => new Date(row.expires_at).getTime()));
    }

    /** Time passes for the user's links: their expiry moves back by `days` (as the engine stores it). */
    async function ageLinks(userId: string, days: number): Promise<void> {
      const rows = await server.db
        .selectFrom("verifications")
        .select(["id", "expires_at"])
        .where("value", "=", userId)
        .execute();
      for (const row of rows) {
        const moved = new Date(new Date(row.expires_at).getTime() - days * DAY_MS);
        await server.db
          .updateTable("verifications")
          .set({ expires_at: typeof row.expires_at === "string" ? moved.toISOString() : moved })
          .where("id", "=", row.id)
          .execute();
      }
    }

    const opensLink = async (token: string) => {
      const page = await get(`/reset-password?token=${token}`);
      expect(page.status).toBe(200);
      return page.body.includes("Nueva contraseña para") && !page.body.includes("Enlace inválido");
    };
    const setPassword = (token: string, password: string) =>
      post("/reset-password", { token, password, confirmPassword: password });

    test("'Nuevo Usuario': the link lasts 7 days (works after 6, not after 8) and says so", async () => {
      const email = `nueva-${Date.now()}@quiniela.test`;
      const before = Date.now();
      const created = await adminWrite({
        intent: "create-user",
        name: "Nueva Persona",
        displayName: "",
        email,
        role: "user",
      });
      expect(created.status).toBe(200);
      const token = tokenIn(created);
      const userId = await userIdOf(server, email);
      const life = (await linkExpiry(userId)) - before;
      expect(life).toBeGreaterThan(7 * DAY_MS - 60_000);
      expect(life).toBeLessThanOrEqual(7 * DAY_MS + 60_000);

      await ageLinks(userId, 6);
      expect(await opensLink(token)).toBe(true);
      await ageLinks(userId, 2);
      expect(await opensLink(token)).toBe(false);
      const late = await setPassword(token, "tarde-123");
      expect(late.status).toBe(400);
      expect(late.body).toContain(INVALID_LINK);
      expect(await canSignIn(email, "tarde-123")).toBe(false);
    });

    test("'Generar enlace de acceso': 7 days too, and still one use", async () => {
      const yola = await person("Yola");
      const before = Date.now();
      const response = await adminWrite({ intent: "access-link", userId: yola.id });
      expect(response.status).toBe(200);
      const token = tokenIn(response);
      const life = (await linkExpiry(yola.id)) - before;
      expect(life).toBeGreaterThan(7 * DAY_MS - 60_000);
      expect(life).toBeLessThanOrEqual(7 * DAY_MS + 60_000);

      await ageLinks(yola.id, 6);
      const first = await setPassword(token, "desde-admin-1");
      expect(first.status).toBe(302);
      expect(await canSignIn(yola.email, "desde-admin-1")).toBe(true);
      const second = await setPassword(token, "otra-vez-2");
      expect(second.status).toBe(400);
      expect(second.body).toContain(INVALID_LINK);
      expect(await canSignIn(yola.email, "otra-vez-2")).toBe(false);
    });

    test("the player's own 'Generar enlace' on /profile keeps its one hour", async () => {
      const zoe = await person("Zoe");
      const before = Date.now();
      const response = await post("/profile.data", { intent: "reset-link" }, zoe.cookie);
      expect(response.status).toBe(200);
      tokenIn(response);
      const life = (await linkExpiry(zoe.id)) - before;
      expect(life).toBeGreaterThan(59 * 60_000);
      expect(life).toBeLessThanOrEqual(61 * 60_000);
    });
  });

  // ── 'Cambiar contraseña' ───────────────────────────────────────────────────────────────────

  describe("'Cambiar contraseña' on /profile", () => {
    const change = (cookie: string, fields: Record<string, string>) =>
      post("/profile.data", { intent: "change-password", ...fields }, cookie);

    async function passwordHash(userId: string) {
      const row = await server.db
        .selectFrom("accounts")
        .select("password")
        .where("user_id", "=", userId)
        .where("provider_id", "=", "credential")
        .executeTakeFirstOrThrow();
      return row.password;
    }

    test("a wrong current password, a short or unconfirmed new one are refused in Spanish; nothing changes", async () => {
      const ana = await person("Ana");
      const hash = await passwordHash(ana.id);

      const wrong = await change(ana.cookie, {
        currentPassword: "no-es-esta",
        password: "nueva-clave-1",
        confirmPassword: "nueva-clave-1",
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toContain("La contraseña actual no es correcta");
      expect(leakedInternals(wrong.body)).toEqual([]);

      const short = await change(ana.cookie, {
        currentPassword: PASSWORD,
        password: "corta",
        confirmPassword: "corta",
      });
      expect(short.status).toBe(400);
      expect(short.body).toContain("La contraseña debe tener al menos 6 caracteres");

      const differ = await change(ana.cookie, {
        currentPassword: PASSWORD,
        password: "nueva-clave-1",
        confirmPassword: "otra-clave-1",
      });
      expect(differ.status).toBe(400);
      expect(differ.body).toContain("Las contraseñas no coinciden");

      const missing = await change(ana.cookie, {
        currentPassword: "",
        password: "nueva-clave-1",
        confirmPassword: "nueva-clave-1",
      });
      expect(missing.status).toBe(400);
      expect(missing.body).toContain("Escribe tu contraseña actual");

      expect(await passwordHash(ana.id)).toBe(hash);
      expect(await opensHome(ana.cookie)).toBe(true);
      expect(await canSignIn(ana.email, PASSWORD)).toBe(true);
    });

    test("the right one works: the new password signs in, the old one no longer; other sessions end, this one goes on", async () => {
      const beto = await person("Beto");
      const otherDevice = (await post("/login", { email: beto.email, password: PASSWORD })).headers;
      const otherCookie = sessionCookie({ headers: otherDevice });
      expect(await opensHome(otherCookie)).toBe(true);
      const link = tokenOfProfileLink(await post("/profile.data", { intent: "reset-link" }, beto.cookie));

      const response = await change(beto.cookie, {
        currentPassword: PASSWORD,
        password: "nueva-clave-1",
        confirmPassword: "nueva-clave-1",
      });
      expect(response.status).toBe(200);
      expect(response.body).toContain("Contraseña actualizada");
      const fresh = sessionCookie(response);
      expect(fresh).toContain("session_token");
      expect(await opensHome(fresh)).toBe(true);
      expect(await opensHome(otherCookie)).toBe(false);
      expect(await opensHome(beto.cookie)).toBe(false);

      expect(await canSignIn(beto.email, PASSWORD)).toBe(false);
      expect(await canSignIn(beto.email, "nueva-clave-1")).toBe(true);
      // A reset link asked for before the change dies with the old password.
      const late = await post("/reset-password", {
        token: link,
        password: "robada-123",
        confirmPassword: "robada-123",
      });
      expect(late.status).toBe(400);
      expect(await canSignIn(beto.email, "robada-123")).toBe(false);
    });

    test("guesses at the current password count as the account's sign-in attempts: past the limit, 429 and nothing checked", async () => {
      const caro = await person("Caro");
      const guess = { currentPassword: "no-es-esta", password: "nueva-clave-1", confirmPassword: "nueva-clave-1" };
      expect((await change(caro.cookie, guess)).status).toBe(400);
      const counter = server.db
        .selectFrom("rate_limits")
        .select(["key", "hits"])
        .where("key", "like", `signin:email:${caro.email}|%`);
      expect((await counter.executeTakeFirstOrThrow()).hits).toBe(1);

      // Nine more guesses, as /login or this form would count them: the limit (10) is reached.
      const { key } = await counter.executeTakeFirstOrThrow();
      await server.db.updateTable("rate_limits").set({ hits: 10 }).where("key", "=", key).execute();
      const hash = await passwordHash(caro.id);
      const limited = await change(caro.cookie, { ...guess, currentPassword: PASSWORD });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(limited.body).toContain("Demasiados intentos");
      expect(await passwordHash(caro.id)).toBe(hash);
    });

    test("signed out, the form sends to /login and changes nothing", async () => {
      const response = await post("/profile", {
        intent: "change-password",
        currentPassword: PASSWORD,
        password: "nueva-clave-1",
        confirmPassword: "nueva-clave-1",
      });
      expect(response.status).toBe(302);
      expect(response.location).toMatch(/^\/login/);
    });

    function tokenOfProfileLink(response: TextResponse): string {
      const match = response.body.match(LINK);
      expect(match).not.toBeNull();
      return match![1]!;
    }
  });
});
