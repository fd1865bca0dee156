import fs from "node:fs";
import { afterAll, beforeAll, expect, test } from "vitest";

import { MAX_PREDICTIONS_PER_FORM } from "#app/domain/forms/prediction-texts";
import { FORM_MAX_BYTES } from "#app/http/body-limit";

import { createUser } from "../support/accounts";
import {
  activatePhase,
  postForm,
  requestText,
  startServerProcess,
  userIdOf,
  type ServerProcess,
  type TextResponse,
} from "../support/server";

/**
 * Hostile input, on both engines: forms far too big or with far too many fields, bodies that
 * never end, files whose reading took time growing with the square of their size. Each is refused quickly with a Spanish answer, nothing freezes the process and no
 * body is read whole. This file measures time (a refusal within 100 ms), so it runs on a quiet
 * machine (vitest.config.ts); hostile-forms.test.ts holds what the fields themselves may carry.
 */

let server: ServerProcess;
let ana: string;
let admin: string;
let matchIds: number[];

beforeAll(async () => {
  server = await startServerProcess();
  admin = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  ana = await createUser(server, { name: "Ana", email: "ana@quiniela.test" });
  ({ matchIds } = await activatePhase(server, "Jornada 1"));
});
afterAll(() => server.close());

const post = (path: string, body: URLSearchParams | string, cookie?: string) => postForm(server, path, body, cookie);

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

async function postChunked(
  path: string,
  body: ReadableStream<Uint8Array>,
  contentType: string,
  cookie?: string,
): Promise<TextResponse> {
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

test(`a form with more than ${MAX_PREDICTIONS_PER_FORM} picks (within the size limit) is refused with a Spanish 400 before any work`, async () => {
  const fields = new URLSearchParams();
  for (let i = 0; i <= MAX_PREDICTIONS_PER_FORM; i++) fields.append("matchId", String(i + 1));
  const body = fields.toString();
  expect(body.length).toBeLessThan(FORM_MAX_BYTES);
  const { ms, response } = await medianOfThree(() => post("/?index", body, ana));
  expect(ms).toBeLessThan(await refusalBudgetMs());
  expect(response.status).toBe(400);
  expect(response.body).toContain(`No se pueden guardar más de ${MAX_PREDICTIONS_PER_FORM} pronósticos a la vez`);
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
  const stored = await server.db
    .selectFrom("predictions")
    .select("match_id")
    .where("user_id", "=", await userIdOf(server, "ana@quiniela.test"))
    .execute();
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
  const response = await postChunked(
    "/admin/importar-resultados",
    stream,
    `multipart/form-data; boundary=${boundary}`,
    admin,
  );
  expect(response.status).toBe(413);
  expect(response.body).toContain("El archivo pesa más de 1 MB");
  expect(residentMb() - before).toBeLessThan(40);
});

// ---------------------------------------------------------------- 3. files that took time growing with the square of their size

/** 'Revisar' with this file, as the page's script posts it (`.data`): 'Nueva Temporada' or 'Importar Resultados'. */
function filePreview(path: string, content: string): Promise<TextResponse> {
  const body = new FormData();
  const season = {
    plantilla: "archivo",
    nombre: "Hostil",
    puntosExacto: "3",
    puntosResultado: "1",
    marcadorEliminatoria: "90",
  };
  const fields = path === "/admin/temporadas" ? { intent: "preview", ...season } : { intent: "preview" };
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  body.set("archivo", new File([content], "archivo"));
  return requestText(server, `${path}.data`, { method: "POST", body, cookie: admin });
}

test.each([
  [
    "a season file whose round is 240 KB of dashes (a minute before)",
    "/admin/temporadas",
    JSON.stringify({ name: "x", matches: [{ round: `x${"-".repeat(240_000)}x`, team1: "A", team2: "B" }] }),
    "Partido 1: la fase tiene más de 80 caracteres",
  ],
  [
    "a season CSV whose header is 600,000 commas and 55,000 'jornada' (44 s before)",
    "/admin/temporadas",
    `${",".repeat(600_000)}${"jornada,".repeat(55_000)}\n1,A,B,\n`,
    "Fila 1: el encabezado tiene 655,001 columnas; el máximo es 50",
  ],
  [
    "a results CSV with the same header",
    "/admin/importar-resultados",
    `${",".repeat(600_000)}${"jornada,".repeat(55_000)}\nJornada 1,América,Toluca,,1,0\n`,
    "Fila 1: el encabezado tiene 655,001 columnas; el máximo es 50",
  ],
])(
  "%s is refused in under 100 ms (quiet machine), and /healthz keeps answering meanwhile",
  async (_, path, content, message) => {
    const { result, slowestMs, answered } = await healthWhile(() => medianOfThree(() => filePreview(path, content)));
    const budget = await refusalBudgetMs();
    expect(result.response.status).toBe(400);
    expect(result.response.body).toContain(message);
    expect(result.ms).toBeLessThan(budget);
    expect(answered).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(budget);
  },
);
