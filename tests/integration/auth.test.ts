import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";

import { setSessionExpiry } from "../support/accounts";
import {
  form,
  leakedInternals,
  loginUser,
  registerUser,
  requestText,
  sessionCookie,
  startTestServer,
  type TestServer,
  type TextResponse,
} from "../support/server";
import { shareTags } from "../support/share-tags";

// No BETTER_AUTH_SECRET for this file (an empty value counts as unset): the server generates its
// secret in DATA_DIR and must reuse it after every restart below.
const BASE_ENV = { BETTER_AUTH_SECRET: "" };
const SECRET_FILE = path.join(process.env.DATA_DIR!, "auth-secret");

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(BASE_ENV);
});
afterAll(() => server.close());

/** Same database and data folder, new process. */
async function restart(env: Record<string, string> = {}) {
  await server.close();
  server = await startTestServer({ ...BASE_ENV, ...env });
}

const get = (path: string, cookie?: string) => requestText(server, path, { cookie });
const post = (path: string, fields: Record<string, string>, init: { cookie?: string; headers?: HeadersInit } = {}) =>
  requestText(server, path, { method: "POST", body: form(fields), ...init });

async function count(table: "users" | "sessions" | "accounts") {
  const row = await server.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function sessionsOf(userId: string) {
  return server.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
}

async function userByEmail(email: string) {
  return server.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

/** The attributes of the session cookie a response sets, names and values lower-cased. */
function sessionCookieAttributes(response: TextResponse): Map<string, string> {
  const cookie = response.headers.getSetCookie().find((c) => c.split("=")[0]!.endsWith("session_token"));
  expect(cookie, "Set-Cookie de la sesión").toBeDefined();
  const [, ...attributes] = cookie!.split(";").map((part) => part.trim());
  return new Map(
    attributes.map((attribute) => {
      const [name, value = ""] = attribute.split("=");
      return [name!.toLowerCase(), value.toLowerCase()];
    }),
  );
}

const PASSWORD = "secreto123";
const account = (name: string, email: string) => ({ name, email, password: PASSWORD, confirmPassword: PASSWORD });

test("the e-mail of ADMIN_EMAIL registers as admin (in any letter case); everyone else as user", async () => {
  await registerUser(server, { name: "Administradora", email: "Admin@Quiniela.TEST" });
  await registerUser(server, { name: "Beto", email: "beto@quiniela.test" });

  expect((await userByEmail("admin@quiniela.test"))?.role).toBe("admin");
  expect((await userByEmail("beto@quiniela.test"))?.role).toBe("user");
});

test("registration signs the new user in at once: its cookie opens the home page", async () => {
  const cookie = await registerUser(server, { name: "Carla", email: "carla@quiniela.test" });
  const home = await get("/", cookie);
  expect(home.status).toBe(200);
  expect(home.body).toContain("Carla");
});

test("the session cookie of /register and /login is HttpOnly, SameSite=Lax, Path=/", async () => {
  const registered = await post("/register", account("Dalia", "dalia@quiniela.test"));
  expect(registered.status).toBe(302);
  const loggedIn = await post("/login", { email: "dalia@quiniela.test", password: PASSWORD });
  expect(loggedIn.status).toBe(302);

  for (const response of [registered, loggedIn]) {
    const attributes = sessionCookieAttributes(response);
    expect(attributes.has("httponly")).toBe(true);
    expect(attributes.get("samesite")).toBe("lax");
    expect(attributes.get("path")).toBe("/");
    // Served over plain http here (no https BASE_URL): no Secure flag, or the browser would drop it.
    expect(attributes.has("secure")).toBe(false);
  }
});

test("sign-in creates a session row; sign-out deletes it and the old cookie no longer opens '/'", async () => {
  const cookie = await registerUser(server, { name: "Elena", email: "elena@quiniela.test" });
  const userId = (await userByEmail("elena@quiniela.test"))!.id;
  expect(await sessionsOf(userId)).toHaveLength(1);

  const otherDevice = await loginUser(server, { email: "elena@quiniela.test" });
  expect(await sessionsOf(userId)).toHaveLength(2);

  const out = await post("/logout", {}, { cookie });
  expect(out.status).toBe(302);
  expect(out.location).toBe("/login");
  expect(sessionCookieAttributes(out).get("max-age")).toBe("0");
  // Only this session is revoked; the other device stays signed in.
  expect(await sessionsOf(userId)).toHaveLength(1);

  const home = await get("/", cookie);
  expect(home.status).toBe(302);
  expect(home.location).toBe("/login");
  expect((await get("/", otherDevice)).status).toBe(200);
});

test("GET /logout signs nobody out (sign-out is a POST)", async () => {
  const cookie = await registerUser(server, { name: "Fabi", email: "fabi@quiniela.test" });
  const response = await get("/logout", cookie);
  expect(response.status).toBe(302);
  expect(response.location).toBe("/");
  expect((await get("/", cookie)).status).toBe(200);
});

test("a wrong password answers 401 'Credenciales inválidas' and creates no session", async () => {
  await registerUser(server, { name: "Gabo", email: "gabo@quiniela.test" });
  const sessions = await count("sessions");

  const response = await post("/login", { email: "gabo@quiniela.test", password: "equivocada" });
  expect(response.status).toBe(401);
  expect(sessionCookie(response)).toBe("");
  expect(response.body).toContain("Credenciales inválidas");
  expect(leakedInternals(response.body)).toEqual([]);
  expect(await count("sessions")).toBe(sessions);
});

test("an unknown e-mail answers exactly like a wrong password (no account discovery)", async () => {
  const sessions = await count("sessions");
  const response = await post("/login", { email: "nadie@quiniela.test", password: "equivocada" });
  expect(response.status).toBe(401);
  expect(response.body).toContain("Credenciales inválidas");
  expect(await count("sessions")).toBe(sessions);
});

test("sign-in accepts the e-mail in any letter case and with blanks around it", async () => {
  await registerUser(server, { name: "Hugo", email: "hugo@quiniela.test" });
  expect(await loginUser(server, { email: "  HUGO@Quiniela.test " })).toContain("session_token");
});

test("a second registration of an e-mail answers 'Este correo electrónico ya está registrado', writes nothing", async () => {
  await registerUser(server, { name: "Iris", email: "iris@quiniela.test" });
  const before = { users: await count("users"), accounts: await count("accounts"), sessions: await count("sessions") };

  for (const email of ["iris@quiniela.test", "IRIS@quiniela.test"]) {
    const response = await post("/register", {
      name: "Otra Iris",
      email,
      password: "otraclave1",
      confirmPassword: "otraclave1",
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(sessionCookie(response)).toBe("");
    expect(response.body).toContain("Este correo electrónico ya está registrado");
    expect(leakedInternals(response.body)).toEqual([]);
  }
  expect({ users: await count("users"), accounts: await count("accounts"), sessions: await count("sessions") }).toEqual(
    before,
  );
  expect((await userByEmail("iris@quiniela.test"))?.name).toBe("Iris");
  // The first password still works; the second was never stored.
  expect((await post("/login", { email: "iris@quiniela.test", password: "otraclave1" })).status).toBe(401);
  expect((await post("/login", { email: "iris@quiniela.test", password: PASSWORD })).status).toBe(302);
});

test("registration validation errors answer 400 with the Spanish messages and write nothing", async () => {
  const users = await count("users");
  const cases: [Record<string, string>, string[]][] = [
    [
      { name: "", email: "", password: "", confirmPassword: "" },
      [
        "El nombre es obligatorio",
        "El correo electrónico es obligatorio",
        "La contraseña es obligatoria",
        "Confirma tu contraseña",
      ],
    ],
    [{ ...account("Juan", "juan@"), email: "juan@" }, ["Correo electrónico inválido"]],
    [
      { ...account("Juan", "juan@quiniela.test"), password: "12345", confirmPassword: "12345" },
      ["La contraseña debe tener al menos 6 caracteres"],
    ],
    [{ ...account("Juan", "juan@quiniela.test"), confirmPassword: "secreto124" }, ["Las contraseñas no coinciden"]],
  ];
  for (const [fields, messages] of cases) {
    const response = await post("/register", fields);
    expect(response.status, JSON.stringify(fields)).toBe(400);
    for (const message of messages) expect(response.body, message).toContain(message);
    expect(sessionCookie(response)).toBe("");
  }
  expect(await count("users")).toBe(users);
  expect(await userByEmail("juan@quiniela.test")).toBeUndefined();
});

test("sign-in validation errors answer 400 with the Spanish messages", async () => {
  const empty = await post("/login", { email: "", password: "" });
  expect(empty.status).toBe(400);
  expect(empty.body).toContain("El correo electrónico es obligatorio");
  expect(empty.body).toContain("La contraseña es obligatoria");

  const invalid = await post("/login", { email: "no-es-correo", password: "x" });
  expect(invalid.status).toBe(400);
  expect(invalid.body).toContain("Correo electrónico inválido");
});

test("a session cookie with a forged signature opens nothing", async () => {
  const cookie = await registerUser(server, { name: "Mara", email: "mara@quiniela.test" });
  const [name, value] = cookie.split("=") as [string, string];
  const [token] = decodeURIComponent(value).split(".");
  const forged = `${name}=${encodeURIComponent(`${token}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`)}`;
  const response = await get("/", forged);
  expect(response.status).toBe(302);
  expect(response.location).toBe("/login");
});

const DAY_MS = 24 * 60 * 60 * 1000;

test("a session past its expiry opens nothing, and its row is deleted", async () => {
  const cookie = await registerUser(server, { name: "Olga", email: "olga@quiniela.test" });
  const userId = (await userByEmail("olga@quiniela.test"))!.id;
  await setSessionExpiry(server, userId, new Date(Date.now() - 60_000));
  const home = await get("/", cookie);
  expect(home.status).toBe(302);
  expect(home.location).toBe("/login");
  expect(await sessionsOf(userId)).toHaveLength(0);
});

test("a session used a day after its last extension opens the page and is extended to 30 days again", async () => {
  const cookie = await registerUser(server, { name: "Pepe", email: "pepe@quiniela.test" });
  const userId = (await userByEmail("pepe@quiniela.test"))!.id;
  // 30-day sessions, extended when a day has passed since (auth.server.ts: expiresIn, updateAge).
  await setSessionExpiry(server, userId, new Date(Date.now() + 29 * DAY_MS - 60_000));
  const extended = await get("/", cookie);
  expect(extended.status).toBe(200);
  const row = await server.db
    .selectFrom("sessions")
    .select("expires_at")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 30 * DAY_MS - 60_000);
  // The browser's cookie is extended with it (else it would end 30 days after signing in).
  const renewed = extended.headers.getSetCookie().find((line) => line.includes("session_token="));
  expect(renewed).toBeDefined();
  expect(Number(/Max-Age=(\d+)/i.exec(renewed!)?.[1])).toBeGreaterThan(30 * 24 * 60 * 60 - 60);
  expect(renewed!.split(";")[0]).toBe(cookie.split(";")[0]);

  // Not yet due: the expiry stays where it is.
  const notDue = new Date(Date.now() + 29.5 * DAY_MS);
  await setSessionExpiry(server, userId, notDue);
  expect((await get("/", cookie)).status).toBe(200);
  const kept = await server.db
    .selectFrom("sessions")
    .select("expires_at")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  expect(new Date(kept.expires_at).getTime()).toBe(notDue.getTime());
  expect((await get("/", cookie)).headers.getSetCookie().filter((line) => line.includes("session_token="))).toEqual([]);
});

test("a signature of the wrong length, or a cookie naming no session, opens nothing", async () => {
  const cookie = await registerUser(server, { name: "Quique", email: "quique@quiniela.test" });
  const [name, value] = cookie.split("=") as [string, string];
  const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
  for (const forged of [
    `${token}.${signature.slice(0, -1)}`,
    `${token}.${signature}A`,
    `otro-token.${signature}`,
    token,
  ]) {
    const response = await get("/", `${name}=${encodeURIComponent(forged)}`);
    expect(response.status, forged).toBe(302);
    expect(response.location).toBe("/login");
  }
  expect((await get("/", cookie)).status).toBe(200);
});

test("ADMIN_EMAIL is applied at start-up to an account that already exists", async () => {
  const cookie = await registerUser(server, { name: "Karla", email: "karla@quiniela.test" });
  expect((await userByEmail("karla@quiniela.test"))?.role).toBe("user");
  expect((await get("/admin/matches", cookie)).status).toBe(403);

  await restart({ ADMIN_EMAIL: "KARLA@quiniela.test" });
  expect((await userByEmail("karla@quiniela.test"))?.role).toBe("admin");
  // The role is read on every request: the same session now opens the admin screens.
  expect((await get("/admin/matches", cookie)).status).toBe(200);
  // The previous admin keeps the role; nobody else is promoted.
  expect((await userByEmail("admin@quiniela.test"))?.role).toBe("admin");
  expect((await userByEmail("beto@quiniela.test"))?.role).toBe("user");
});

test("without BETTER_AUTH_SECRET a secret is generated in DATA_DIR and reused: sessions survive restarts", async () => {
  expect(fs.existsSync(SECRET_FILE)).toBe(true);
  const secret = fs.readFileSync(SECRET_FILE, "utf8").trim();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  // Only the owner may read it.
  expect(fs.statSync(SECRET_FILE).mode & 0o077).toBe(0);

  const cookie = await registerUser(server, { name: "Luis", email: "luis@quiniela.test" });
  expect((await get("/", cookie)).status).toBe(200);

  await restart();
  expect(fs.readFileSync(SECRET_FILE, "utf8").trim()).toBe(secret);
  expect((await get("/", cookie)).status).toBe(200);
});

test("behind an https proxy (BASE_URL https://…, TRUST_PROXY) the session cookie is also Secure", async () => {
  await restart({ BASE_URL: "https://quiniela.example", TRUST_PROXY: "1" });
  // What a TLS proxy forwards. fetch cannot set Host, so the public host goes in X-Forwarded-Host,
  // with its port (else React Router takes the port of the Host header, 127.0.0.1:<port>).
  const proxied = {
    Origin: "https://quiniela.example",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "quiniela.example:443",
  };
  const response = await post("/register", account("Nora", "nora@quiniela.test"), { headers: proxied });
  expect(response.status).toBe(302);
  const attributes = sessionCookieAttributes(response);
  expect(attributes.has("secure")).toBe(true);
  expect(attributes.has("httponly")).toBe(true);
  expect(attributes.get("samesite")).toBe("lax");

  const home = await requestText(server, "/", { cookie: sessionCookie(response), headers: proxied });
  expect(home.status).toBe(200);

  // Link previews name BASE_URL's origin, whatever host the request came through.
  for (const headers of [proxied, { "X-Forwarded-Host": "otro.example", "X-Forwarded-Proto": "http" }]) {
    const tags = shareTags((await requestText(server, "/rankings", { headers })).body);
    expect(tags.get("og:url")).toBe("https://quiniela.example/rankings");
    expect(tags.get("og:image")).toBe("https://quiniela.example/og-image.png");
  }
});
