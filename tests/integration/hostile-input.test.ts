import fs from "node:fs";
import { afterAll, beforeAll, expect, test } from "vitest";
import { MAX_PICKS_PER_FORM } from "#app/domain/prediction-form";
import { FORM_MAX_BYTES } from "#app/http/body-limit";
import { createUser } from "../support/accounts";
import {
  leakedInternals,
  requestText,
  type ServerProcess,
  startServerProcess,
  type TextResponse,
  userIdOf,
} from "../support/server";

/**
 * Hostile input, on both engines: forms far too big or with far too many fields, bodies that
 * never end, text with control characters, ids beyond the database's integer, garbage in every
 * field. Each is refused quickly with a Spanish answer: nothing freezes the process, nothing
 * reaches SQL, nothing answers 500 or in English.
 */

let server: ServerProcess;
let ana: string;
let admin: string;
let matchIds: number[];

beforeAll(async () => {
  server = await startServerProcess();
  admin = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  ana = await createUser(server, { name: "Ana", email: "ana@quiniela.test" });
  const phase = await server.db.selectFrom("phases").select("id").where("name", "=", "Jornada 1").executeTakeFirstOrThrow();
  await server.db.updateTable("matches").set({ active: 1 }).where("phase_id", "=", phase.id).execute();
  matchIds = (await server.db.selectFrom("matches").select("id").where("phase_id", "=", phase.id).orderBy("id").execute()).map(
    (match) => match.id,
  );
});
afterAll(() => server.close());

const post = (path: string, body: URLSearchParams | string, cookie?: string) =>
  requestText(server, path, {
    method: "POST",
    body: String(body),
    cookie,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

/** Memory the server process holds (resident set), in MB. */
function residentMb(): number {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** A body that streams `total` bytes of form text in 64 KB chunks, with no Content-Length. */
function endlessForm(total: number, field = "email"): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(`${field}=`));
    },
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

async function postChunked(path: string, body: ReadableStream<Uint8Array>, contentType: string, cookie?: string): Promise<TextResponse> {
  const response = await server.request(path, {
    method: "POST",
    body,
    cookie,
    headers: { "Content-Type": contentType },
    // @ts-expect-error Node's fetch streams a request body only in half-duplex mode.
    duplex: "half",
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, location: response.headers.get("location"), body: text };
}

/**
 * /healthz's answer times while `work` runs: the process must keep serving. The probe's connection
 * is opened first (one untimed /healthz), so that what is timed is the server's answer, not the
 * probe's own connection set-up queued behind the work's first body in this same test process.
 */
async function healthWhile<T>(work: () => Promise<T>): Promise<{ result: T; slowestMs: number; answered: number }> {
  await (await fetch(`${server.url}/healthz`)).text();
  let done = false;
  const times: number[] = [];
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${server.url}/healthz`);
      await response.text();
      expect(response.status).toBe(200);
      times.push(performance.now() - started);
    }
  })();
  const result = await work();
  done = true;
  await probe;
  return { result, slowestMs: Math.max(...times), answered: times.length };
}

// ---------------------------------------------------------------- 1. the prediction form's size

/** The median time of three runs of `send` (after one warm-up run), in ms; and the last answer. */
async function medianOfThree(send: () => Promise<TextResponse>): Promise<{ ms: number; response: TextResponse }> {
  let response = await send();
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    response = await send();
    times.push(performance.now() - started);
  }
  return { ms: times.sort((a, b) => a - b)[1]!, response };
}

/**
 * The time budget of a refusal: 100 ms, or, on a machine busy with other work (parallel test
 * files), three renders of the standings page measured at the same moment. A form whose cost
 * grew with its size squared took seconds (40,000 ids: 68 s), far beyond either.
 */
async function refusalBudgetMs(): Promise<number> {
  // Signed in, so that the page is rendered: an anonymous one comes from the microcache.
  const page = await medianOfThree(() => requestText(server, "/rankings", { cookie: ana }));
  return Math.max(100, 3 * page.ms);
}

test("40,000 match ids are refused in under 100 ms (quiet machine), and /healthz keeps answering meanwhile", async () => {
  const fields = new URLSearchParams();
  for (let i = 0; i < 40_000; i++) {
    fields.append("matchId", String(i + 1));
    fields.append(`home-${i + 1}`, "1");
    fields.append(`away-${i + 1}`, "0");
  }
  const body = fields.toString();
  const send = () =>
    requestText(server, "/?index", {
      method: "POST",
      body,
      cookie: ana,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
  const { result, slowestMs, answered } = await healthWhile(() => medianOfThree(send));
  const budget = await refusalBudgetMs();
  expect(result.response.status).toBe(413);
  expect(result.response.body).toContain("demasiado grande");
  expect(result.ms).toBeLessThan(budget);
  expect(answered).toBeGreaterThan(0);
  expect(slowestMs).toBeLessThan(budget);
  expect(await server.db.selectFrom("predictions").selectAll().execute()).toEqual([]);
});

test(`a form with more than ${MAX_PICKS_PER_FORM} picks (within the size limit) is refused with a Spanish 400 before any work`, async () => {
  const fields = new URLSearchParams();
  for (let i = 0; i <= MAX_PICKS_PER_FORM; i++) fields.append("matchId", String(i + 1));
  const body = fields.toString();
  expect(body.length).toBeLessThan(FORM_MAX_BYTES);
  const { ms, response } = await medianOfThree(() => post("/?index", body, ana));
  expect(ms).toBeLessThan(await refusalBudgetMs());
  expect(response.status).toBe(400);
  expect(response.body).toContain(`No se pueden guardar más de ${MAX_PICKS_PER_FORM} pronósticos a la vez`);
});

test("the pool page refuses thousands of non-numeric ids just as fast", async () => {
  const created = await post(
    "/quiniela/new",
    new URLSearchParams({ name: "Oficina", matchId: String(matchIds[0]) }),
    ana,
  );
  expect(created.status).toBe(302);
  const poolPath = created.location!;
  const fields = new URLSearchParams();
  for (let i = 0; i < 4_000; i++) fields.append("matchId", `x${i}`);
  const body = fields.toString();
  expect(body.length).toBeLessThan(FORM_MAX_BYTES);
  const { ms, response } = await medianOfThree(() => post(poolPath, body, ana));
  expect(ms).toBeLessThan(await refusalBudgetMs());
  expect(response.status).toBe(400);
  expect(response.body).toContain("No se pueden guardar más de");
});

test("a pick posted twice counts once; a normal batch is stored whole", async () => {
  const body = new URLSearchParams();
  for (const id of [matchIds[0]!, matchIds[0]!, matchIds[1]!]) body.append("matchId", String(id));
  for (const id of matchIds.slice(0, 2)) {
    body.append(`home-${id}`, "2");
    body.append(`away-${id}`, "1");
  }
  const response = await post("/?index", body, ana);
  expect(response.status).toBe(200);
  expect(response.body).toContain("Tus predicciones han sido guardadas");
  const stored = await server.db.selectFrom("predictions").select("match_id").where("user_id", "=", await userIdOf(server, "ana@quiniela.test")).execute();
  expect(stored.map((row) => row.match_id).sort((a, b) => a - b)).toEqual(matchIds.slice(0, 2));
});

// ---------------------------------------------------------------- 2. body limits on the bytes read

test("an anonymous 100 MB POST /login is refused with 413 after the first bytes, not read into memory", async () => {
  const before = residentMb();
  const declared = await requestText(server, "/login", {
    method: "POST",
    body: new URLSearchParams({ email: "a".repeat(2 * 1024 * 1024) }),
  });
  expect(declared.status).toBe(413);
  expect(declared.body).toContain("Solicitud demasiado grande");

  // No Content-Length (chunked): the server counts what arrives and stops at its limit.
  const chunked = await postChunked("/login", endlessForm(100 * 1024 * 1024), "application/x-www-form-urlencoded");
  expect(chunked.status).toBe(413);
  expect(chunked.body).toContain("Solicitud demasiado grande");
  expect(residentMb() - before).toBeLessThan(40);
});

test("multipart on /register is held to the same limit", async () => {
  const boundary = "----quiniela";
  const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n`);
  const body = endlessForm(20 * 1024 * 1024, "x");
  const reader = body.getReader();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  const response = await postChunked("/register", stream, `multipart/form-data; boundary=${boundary}`);
  expect(response.status).toBe(413);
  expect(await server.db.selectFrom("users").select("id").where("name", "like", "x%").execute()).toEqual([]);
});

test("a chunked 50 MB results file is refused at 1 MB with the screen's own message, not read whole", async () => {
  const before = residentMb();
  const boundary = "----resultados";
  const encoder = new TextEncoder();
  const line = encoder.encode("Jornada 9,Querétaro,Toluca,,1,0\n".repeat(2048));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\npreview\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n` +
            "jornada,local,visitante,fecha,goles_local,goles_visitante\n",
        ),
      );
    },
    pull(controller) {
      if (sent >= 50 * 1024 * 1024) return controller.close();
      sent += line.byteLength;
      controller.enqueue(line);
    },
  });
  const response = await postChunked("/admin/importar-resultados", stream, `multipart/form-data; boundary=${boundary}`, admin);
  expect(response.status).toBe(413);
  expect(response.body).toContain("El archivo pesa más de 1 MB");
  expect(residentMb() - before).toBeLessThan(40);
});

// ---------------------------------------------------------------- 11. control characters and ids out of range

test("NUL bytes and ids beyond the database's integer reach no SQL: Spanish 4xx or the page, never 500", async () => {
  const anonymous: string[] = [
    "/rankings?buscar=%00",
    "/rankings?buscar=a%00b&jornada=%00",
    "/rankings?jornada=2147483648",
    "/rankings?pagina=2147483648",
    "/quiniela/quinielas-capturadas?jornada=2147483648",
    "/quiniela/quinielas-capturadas?jornada=%00",
    "/reset-password?token=%00",
    "/reset-password?token=a%00b",
    "/badges/%00.svg",
    "/badges/A%00B.svg",
    "/login?redirectTo=%00",
  ];
  const signedIn: string[] = [
    "/?jornada=2147483648",
    "/?jornada=%00",
    "/quiniela/2147483648",
    "/quiniela/1/unirse?codigo=%00",
    "/quiniela/2147483648/unirse?codigo=abc",
    "/admin/results?jornada=2147483648",
    "/admin/predictions?jornada=%00",
    "/admin/estado-pronosticos?jornada=99999999999",
    "/admin/exportar/posiciones.csv?jornada=2147483648",
  ];
  const requests: [string, string | undefined][] = [...anonymous.map((p) => [p, undefined] as [string, undefined]), ...signedIn.map((p) => [p, admin] as [string, string])];
  for (const [path, cookie] of requests) {
    const response = await requestText(server, path, { cookie });
    expect(response.status, path).toBeLessThan(500);
    expect(leakedInternals(response.body), path).toEqual([]);
  }
  // The search with a NUL is dropped: the whole table, no error.
  const rankings = await requestText(server, "/rankings?buscar=%00");
  expect(rankings.status).toBe(200);
  expect(rankings.body).toContain("Puntos Acumulados");
});

test("a pick for match 2147483648, or with NUL in a field, is refused in Spanish (400), nothing stored", async () => {
  const before = await server.db.selectFrom("predictions").selectAll().execute();
  // The home page's form posts to its index route: /?index.
  const cases: Record<string, string>[] = [
    { matchId: "2147483648", "home-2147483648": "1", "away-2147483648": "0" },
    { matchId: "99999999999999999999", "home-99999999999999999999": "1", "away-99999999999999999999": "0" },
    { matchId: `${matchIds[3]}\u0000`, [`home-${matchIds[3]}\u0000`]: "1", [`away-${matchIds[3]}\u0000`]: "0" },
    { matchId: String(matchIds[3]), [`home-${matchIds[3]}`]: "1\u0000", [`away-${matchIds[3]}`]: "0" },
  ];
  for (const fields of cases) {
    const response = await post("/?index", new URLSearchParams(fields), ana);
    expect(response.status, JSON.stringify(fields)).toBe(400);
    expect(response.body).toMatch(/El partido no existe|Los goles deben ser un número entero entre 0 y 99/);
  }
  expect(await server.db.selectFrom("predictions").selectAll().execute()).toEqual(before);
});

test("text with control characters is refused in every form that stores text", async () => {
  const cases: [string, Record<string, string>, string, string?][] = [
    ["/profile", { intent: "update-profile", image: "\u0000https://example.com/a.png", avatarColor: "blue" }, "La URL del avatar no es válida", ana],
    ["/register", { name: "Eva\u0000", email: "eva@quiniela.test", password: "secreto123", confirmPassword: "secreto123" }, "El nombre contiene caracteres no permitidos"],
    ["/quiniela/new", { name: "Pool\u0000", matchId: String(matchIds[0]) }, "El nombre contiene caracteres no válidos", ana],
    ["/admin/users", { intent: "create-user", name: "Nuevo\u0001", displayName: "", email: "nuevo@quiniela.test", role: "user" }, "El nombre contiene caracteres no permitidos", admin],
    ["/admin/users", { intent: "create-user", name: "Nuevo", displayName: "Apodo\u0000", email: "nuevo@quiniela.test", role: "user" }, "El apodo contiene caracteres no permitidos", admin],
    ["/admin/users", { intent: "save-roster", roster: "uno@quiniela.test, Uno\u0000" }, "caracteres no permitidos", admin],
    ["/reset-password", { token: "abc\u0000", password: "secreto123", confirmPassword: "secreto123" }, "El enlace no es válido"],
  ];
  for (const [path, fields, message, cookie] of cases) {
    const response = await post(path, new URLSearchParams(fields as Record<string, string>), cookie);
    expect(response.status, `${path} ${JSON.stringify(fields)}`).toBe(400);
    expect(response.body, path).toContain(message);
  }
  expect(await server.db.selectFrom("users").select("email").where("email", "in", ["eva@quiniela.test", "nuevo@quiniela.test"]).execute()).toEqual([]);
  expect(await server.db.selectFrom("allowed_emails").selectAll().execute()).toEqual([]);
});

// ---------------------------------------------------------------- 13. the avatar URL, canonical

test("the avatar URL is stored as the parsed https URL; credentials, backslashes and hidden schemes are refused", async () => {
  const anaId = await userIdOf(server, "ana@quiniela.test");
  const image = async () =>
    (await server.db.selectFrom("users").select("image").where("id", "=", anaId).executeTakeFirstOrThrow()).image;
  const save = (url: string) => post("/profile", new URLSearchParams({ intent: "update-profile", image: url, avatarColor: "green" }), ana);

  const saved = await save("  HTTPS://Example.COM/fotos/../yo.png?x=1 ");
  expect(saved.status).toBe(200);
  expect(await image()).toBe("https://example.com/yo.png?x=1");

  const refused: [string, string][] = [
    ["https:evil.test", "La URL del avatar debe empezar con https://"],
    ["https:\\\\evil.test\\a.png", "La URL del avatar no es válida"],
    ["https://evil.test/a.png\njavascript:alert(1)", "La URL del avatar no es válida"],
    ["https://user:pass@evil.test/a.png", "La URL del avatar no puede llevar usuario ni contraseña"],
    ["javascript:alert(1)", "La URL del avatar debe empezar con https://"],
    ["http://example.com/a.png", "La URL del avatar debe empezar con https://"],
  ];
  for (const [url, message] of refused) {
    const response = await save(url);
    expect(response.status, url).toBe(400);
    expect(response.body, url).toContain(message);
  }
  expect(await image()).toBe("https://example.com/yo.png?x=1");
});

// ---------------------------------------------------------------- 12. Spanish, whatever is posted

/** Words of Zod's and the platform's English messages. */
const ENGLISH = /Invalid input|Invalid option|expected (string|number|one of)|received|Required|Too (big|small)|must be|Unexpected token|is not valid JSON/;

test("garbage in any field of any form answers in Spanish (no Zod English), never 500", async () => {
  const garbage = ["", "NaN", "-1", "1e400", "0x10", "[object Object]", "a".repeat(300), "\u0007", "２", "true"];
  const forms: [string, string[], string][] = [
    ["/?index", ["matchId", `home-${matchIds[5]}`, `away-${matchIds[5]}`], ana],
    ["/profile", ["intent", "image", "avatarColor"], ana],
    ["/quiniela/new", ["name", "matchId", "phaseId", "userId"], ana],
    ["/admin/matches", ["intent", "phaseId", "homeTeamId", "awayTeamId", "kickoff", "active", "matchId"], admin],
    ["/admin/results", ["intent", "matchId", "home", "away"], admin],
    ["/admin/activar-quinielas", ["intent", "phaseId"], admin],
    ["/admin/predictions", ["intent", "predictionId", "home", "away"], admin],
    ["/admin/users", ["intent", "userId", "name", "displayName", "email", "role", "roster"], admin],
    ["/login", ["email", "password", "redirectTo"], ""],
    ["/register", ["name", "email", "password", "confirmPassword"], ""],
    ["/reset-password", ["token", "password", "confirmPassword"], ""],
  ];
  const intents: Record<string, string[]> = {
    "/profile": ["update-profile", "remove-avatar-x"],
    "/admin/matches": ["create", "toggle-phase", "reset"],
    "/admin/results": ["save-result"],
    "/admin/activar-quinielas": ["activate"],
    "/admin/predictions": ["update-prediction"],
    "/admin/users": ["create-user", "update-user", "delete-user", "save-roster", "nada"],
  };
  for (const [path, fields, cookie] of forms) {
    for (const value of garbage) {
      for (const intent of intents[path] ?? [undefined]) {
        const body = new URLSearchParams();
        for (const field of fields) body.append(field, field === "intent" && intent ? intent : value);
        if (path === "/?index" && value === "") body.set("matchId", String(matchIds[5]));
        const response = await post(path, body, cookie || undefined);
        const where = `${path} ${intent ?? ""} ${JSON.stringify(value)}`;
        expect(response.status, where).toBeLessThan(500);
        expect(response.body, where).not.toMatch(ENGLISH);
        expect(leakedInternals(response.body), where).toEqual([]);
      }
    }
  }
});
