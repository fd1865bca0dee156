import { afterAll, beforeAll, expect, test } from "vitest";

import { createUser } from "../support/accounts";
import {
  activatePhase,
  leakedInternals,
  postForm,
  requestText,
  startTestServer,
  userIdOf,
  type TestServer,
} from "../support/server";

/**
 * Hostile input in the fields of every form, on both engines: text with control characters, ids
 * beyond the database's integer, URLs that hide another scheme, garbage in every field, season
 * and results files of a megabyte of bad rows, of JSON nested 300,000 deep or of lone surrogates.
 * Each is refused with a Spanish answer: nothing reaches SQL, nothing answers 500 or in English. (The
 * refusals that must be quick, and the bodies that must not be read whole, are
 * hostile-input.test.ts, which runs on a quiet machine.)
 */

let server: TestServer;
let ana: string;
let admin: string;
let matchIds: number[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  ana = await createUser(server, { name: "Ana", email: "ana@quiniela.test" });
  ({ matchIds } = await activatePhase(server, "Jornada 1"));
});
afterAll(() => server.close());

const post = (path: string, body: URLSearchParams | string, cookie?: string) => postForm(server, path, body, cookie);

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
    "/baja-recordatorios?token=%00",
    "/baja-recordatorios?token=a%00b.c%00",
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
    "/admin/predictions?q=%00&pagina=99999999999",
    `/admin/predictions?q=${"%25".repeat(500)}&pagina=-1`,
    "/admin/estado-pronosticos?jornada=99999999999",
    "/admin/exportar/posiciones.csv?jornada=2147483648",
  ];
  const requests: [string, string | undefined][] = [
    ...anonymous.map((p) => [p, undefined] as [string, undefined]),
    ...signedIn.map((p) => [p, admin] as [string, string]),
  ];
  for (const [path, cookie] of requests) {
    const response = await requestText(server, path, { cookie });
    expect(response.status, path).toBeLessThan(500);
    expect(leakedInternals(response.body), path).toEqual([]);
  }
  // The search with a NUL is dropped: the whole table, no error.
  const standings = await requestText(server, "/rankings?buscar=%00");
  expect(standings.status).toBe(200);
  expect(standings.body).toContain("Puntos Acumulados");
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
    [
      "/profile",
      { intent: "update-profile", image: "\u0000https://example.com/a.png", avatarColor: "blue" },
      "La URL del avatar no es válida",
      ana,
    ],
    [
      "/register",
      { name: "Eva\u0000", email: "eva@quiniela.test", password: "secreto123", confirmPassword: "secreto123" },
      "El nombre contiene caracteres no permitidos",
    ],
    [
      "/quiniela/new",
      { name: "Pool\u0000", matchId: String(matchIds[0]) },
      "El nombre contiene caracteres no válidos",
      ana,
    ],
    [
      "/admin/users",
      { intent: "create-user", name: "Nuevo\u0001", displayName: "", email: "nuevo@quiniela.test", role: "user" },
      "El nombre contiene caracteres no permitidos",
      admin,
    ],
    [
      "/admin/users",
      { intent: "create-user", name: "Nuevo", displayName: "Apodo\u0000", email: "nuevo@quiniela.test", role: "user" },
      "El apodo contiene caracteres no permitidos",
      admin,
    ],
    [
      "/admin/users",
      { intent: "save-roster", roster: "uno@quiniela.test, Uno\u0000" },
      "caracteres no permitidos",
      admin,
    ],
    [
      "/reset-password",
      { token: "abc\u0000", password: "secreto123", confirmPassword: "secreto123" },
      "El enlace no es válido",
    ],
    ["/admin/estado-pronosticos", { intent: "remind", phaseId: "1\u0000" }, "Selecciona una jornada", admin],
    ["/baja-recordatorios", { token: "abc.def\u0000" }, "El enlace no es válido"],
  ];
  for (const [path, fields, message, cookie] of cases) {
    const response = await post(path, new URLSearchParams(fields as Record<string, string>), cookie);
    expect(response.status, `${path} ${JSON.stringify(fields)}`).toBe(400);
    expect(response.body, path).toContain(message);
  }
  expect(
    await server.db
      .selectFrom("users")
      .select("email")
      .where("email", "in", ["eva@quiniela.test", "nuevo@quiniela.test"])
      .execute(),
  ).toEqual([]);
  expect(await server.db.selectFrom("allowed_emails").selectAll().execute()).toEqual([]);
});

// ---------------------------------------------------------------- 13. the avatar URL, canonical

test("the avatar URL is stored as the parsed https URL; credentials, backslashes and hidden schemes are refused", async () => {
  const anaId = await userIdOf(server, "ana@quiniela.test");
  const image = async () =>
    (await server.db.selectFrom("users").select("image").where("id", "=", anaId).executeTakeFirstOrThrow()).image;
  const save = (url: string) =>
    post("/profile", new URLSearchParams({ intent: "update-profile", image: url, avatarColor: "green" }), ana);

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
const ENGLISH =
  /Invalid input|Invalid option|expected (string|number|one of)|received|Required|Too (big|small)|must be|Unexpected token|is not valid JSON/;

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
    ["/register", ["name", "email", "password", "confirmPassword", "redirectTo"], ""],
    ["/reset-password", ["token", "password", "confirmPassword"], ""],
    ["/admin/estado-pronosticos", ["intent", "phaseId"], admin],
    ["/baja-recordatorios", ["token"], ""],
  ];
  const intents: Record<string, string[]> = {
    "/profile": ["update-profile", "remove-avatar-x", "email-reminders"],
    "/admin/estado-pronosticos": ["remind", "nada"],
    "/admin/matches": ["create", "toggle-phase", "reset", "set-kickoff", "set-phase-kickoff"],
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

// ---------------------------------------------------------------- 14. hostile season and results files

const SEASONS = "/admin/temporadas";
const RESULTS = "/admin/importar-resultados";
const SEASON_FIELDS = {
  plantilla: "archivo",
  competicion: "Liga MX",
  puntosExacto: "3",
  puntosResultado: "1",
  marcadorEliminatoria: "90",
};
const RESULTS_HEADER = "jornada,local,visitante,fecha,goles_local,goles_visitante";
const MB = 1024 * 1024;

/** 'Revisar' on 'Nueva Temporada' (document, or `.data` as the page's script posts it) with this file. */
function seasonPreview(content: string, name: string, data = false) {
  const body = new FormData();
  for (const [key, value] of Object.entries({ intent: "preview", nombre: name, ...SEASON_FIELDS }))
    body.set(key, value);
  body.set("archivo", new File([content], "temporada"));
  return requestText(server, data ? `${SEASONS}.data` : SEASONS, { method: "POST", body, cookie: admin });
}

/** 'Revisar' on 'Importar Resultados' with this file. */
function resultsPreview(content: string, data = false) {
  const body = new FormData();
  body.set("intent", "preview");
  body.set("archivo", new File([content], "resultados.csv"));
  return requestText(server, data ? `${RESULTS}.data` : RESULTS, { method: "POST", body, cookie: admin });
}

/** A file of 1 MB at most: `head`, then `row` as many times as fit, then `tail`. */
function megabyteOf(head: string, row: string, tail = ""): string {
  return `${head}${row.repeat(Math.floor((MB - head.length - tail.length) / row.length))}${tail}`;
}

/** The rows an answer names in its problems ('Fila 7', 'Partido 12'), each once. */
function rowsNamed(body: string): Set<string> {
  return new Set(body.match(/\b(?:Fila|Partido) \d+(?=:)/g) ?? []);
}

test("1 MB of bad rows lists 100 problems and counts the rest: a .data answer under 50 KB, a page under 100 KB", async () => {
  const seasonJson = megabyteOf('{"matches":[', "1,", "1]}");
  const seasonCsv = megabyteOf("jornada,local,visitante,fecha\n", "1,1,1\n");
  const resultsCsv = megabyteOf(`${RESULTS_HEADER}\n`, "1,1,1,1,1,1\n");
  // A document carries the whole page around the problems, and each problem twice: shown, and in
  // the data the page hydrates with. A `.data` answer is the problems and the toast.
  for (const [data, limit] of [
    [false, 100 * 1024],
    [true, 50 * 1024],
  ] as const) {
    const answers: [string, { status: number; body: string }, string][] = [
      ["season JSON", await seasonPreview(seasonJson, "Unos json", data), "… y 524,181 problemas más"],
      ["season CSV", await seasonPreview(seasonCsv, "Unos csv", data), "… y 174,657 problemas más"],
      ["results CSV", await resultsPreview(resultsCsv, data), "problemas más"],
    ];
    for (const [file, response, more] of answers) {
      const what = `${file}${data ? " (.data)" : ""}`;
      expect(response.status, what).toBe(400);
      expect(response.body.length, what).toBeLessThan(limit);
      expect(response.body, what).toContain("Hay más de 100 problemas");
      expect(response.body, what).toContain(more);
      expect(rowsNamed(response.body).size, what).toBeLessThanOrEqual(100);
      expect(leakedInternals(response.body), what).toEqual([]);
    }
  }
});

test("a score nested 300,000 levels deep is refused in Spanish on both screens, not with a 500", async () => {
  const deep = `${"[".repeat(300_000)}1${"]".repeat(300_000)}`;
  const file = `{"season":"Honda","matches":[{"phase":"Jornada 1","home":"América","away":"Toluca","home_score":${deep},"away_score":1}]}`;
  for (const response of [
    await seasonPreview(file, "Honda"),
    await resultsPreview(file),
    await resultsPreview(file, true),
  ]) {
    expect(response.status).toBe(400);
    expect(response.body).toContain("Partido 1: tiene listas u objetos anidados a más de 8 niveles");
    expect(leakedInternals(response.body)).toEqual([]);
  }
});

test("a team named with a lone surrogate is refused at 'Revisar' and at 'Crear Temporada', never a 500; no season", async () => {
  const file = String.raw`{"season":"Sustituto","matches":[{"phase":"Jornada 1","home":"Am\ud800","away":"Toluca"},{"phase":"Jornada 1","home":"Toluca","away":"Am\ud800"}]}`;
  const previewed = await seasonPreview(file, "Sustituto");
  expect(previewed.status).toBe(400);
  expect(previewed.body).toContain("Partido 1: tiene texto que no es Unicode válido (en «home»)");
  expect(previewed.body).toContain("Partido 2: tiene texto que no es Unicode válido (en «away»)");
  // 'Crear Temporada' sends the file back in its hidden field, with any fingerprint.
  const fields = {
    intent: "preview",
    crear: "1",
    nombre: "Sustituto",
    ...SEASON_FIELDS,
    fingerprint: "0".repeat(64),
    contenido: file,
  };
  const created = await post(SEASONS, new URLSearchParams(fields), admin);
  expect(created.status).toBe(400);
  expect(created.body).toContain("Partido 1: tiene texto que no es Unicode válido");
  expect(leakedInternals(created.body)).toEqual([]);
  expect(await server.db.selectFrom("seasons").select("id").where("name", "=", "Sustituto").execute()).toEqual([]);
});
