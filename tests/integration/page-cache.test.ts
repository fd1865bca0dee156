import { afterAll, beforeAll, expect, test } from "vitest";

import { createUser } from "../support/accounts";
import { firstMatchOf, form, startTestServer, type TestServer } from "../support/server";

/**
 * The public pages' microcache (server/page-cache.ts): a visitor without cookies gets the page
 * another rendered a moment before, with a nonce of its own; nobody signed in ever shares one; a
 * change saved through the app (here, or on another instance) is seen at once, and a page is
 * never older than PAGE_CACHE_MS.
 */

const postgres = process.env.TEST_ENGINE === "postgres";
const TTL_MS = 1_500;
let server: TestServer;
let other: TestServer | undefined;
let adminCookie: string;
let playerCookie: string;

beforeAll(async () => {
  // The other instance keeps its pages a minute: only the live update can empty it in time.
  [server, other] = await Promise.all([
    startTestServer({ PAGE_CACHE_MS: String(TTL_MS) }),
    postgres ? startTestServer({ PAGE_CACHE_MS: "60000" }) : undefined,
  ]);
  adminCookie = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  playerCookie = await createUser(server, { name: "Paola Pronósticos", email: "paola@quiniela.test" });
}, 60_000);
afterAll(() => Promise.all([server?.close(), other?.close()]));

interface Page {
  status: number;
  headers: Headers;
  cache: string | null;
  nonce: string | undefined;
  body: string;
}

async function get(target: TestServer, path: string, cookie?: string): Promise<Page> {
  const response = await target.request(path, { cookie });
  const csp = response.headers.get("content-security-policy") ?? "";
  return {
    status: response.status,
    headers: response.headers,
    cache: response.headers.get("x-cache"),
    nonce: /'nonce-([^']+)'/.exec(csp)?.[1],
    body: await response.text(),
  };
}

async function post(
  target: TestServer,
  path: string,
  fields: Record<string, string> | URLSearchParams,
  cookie: string,
) {
  const response = await target.request(path, {
    method: "POST",
    body: fields instanceof URLSearchParams ? fields : form(fields),
    cookie,
  });
  const body = await response.text();
  expect(response.status, body).toBe(200);
}

const withoutNonce = (body: string) => body.replace(/nonce="[^"]*"/g, 'nonce=""');

/** The first match of a phase, after opening the phase for picks. */
async function openMatchOf(phaseName: string) {
  const match = await firstMatchOf(server, phaseName);
  await post(
    server,
    "/admin/matches",
    { intent: "toggle-phase", phaseId: String(match.phase_id), active: "1" },
    adminCookie,
  );
  return match;
}

/** Paola's points as the anonymous standings show them: the cell after her name's. */
function paolasPoints(page: Page): string | undefined {
  const row = page.body.split("<tr").find((cells) => cells.includes("Paola Pronósticos"));
  const cells = [...(row ?? "").matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1] ?? "");
  return cells[cells.findIndex((cell) => cell.includes("Paola Pronósticos")) + 1];
}

test("a second anonymous visit is served from memory: the same page, with a nonce of its own on every script", async () => {
  const first = await get(server, "/rankings");
  const second = await get(server, "/rankings");
  expect(first).toMatchObject({ status: 200, cache: "MISS" });
  expect(second).toMatchObject({ status: 200, cache: "HIT" });
  expect(second.nonce).toBeDefined();
  expect(second.nonce).not.toBe(first.nonce);
  const scripts = second.body.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${second.nonce}"`);
  expect(second.body).not.toContain(first.nonce!);
  expect(withoutNonce(second.body)).toBe(withoutNonce(first.body));
  // The answer's own headers, as a rendered page's: never kept by a browser, the security set.
  expect(second.headers.get("cache-control")).toBe("private, no-store");
  expect(second.headers.get("content-type")).toBe(first.headers.get("content-type"));
  expect(second.headers.get("x-content-type-options")).toBe("nosniff");
  expect(second.headers.get("x-frame-options")).toBe("DENY");

  // The client's navigation data (.data) and the sign-in form too; each query string is its own page.
  for (const path of ["/rankings.data", "/login", "/quiniela/quinielas-capturadas", "/rankings?jornada=1"]) {
    expect((await get(server, path)).cache, path).toBe("MISS");
    expect((await get(server, path)).cache, path).toBe("HIT");
  }
});

test("a visitor with a cookie is never served from memory, and what they see is never kept", async () => {
  const signedIn = await get(server, "/rankings?firmada", playerCookie);
  expect(signedIn.cache).toBeNull();
  expect(signedIn.body).toContain("Paola Pronósticos");
  const anonymous = await get(server, "/rankings?firmada");
  expect(anonymous.cache).toBe("MISS");
  // The navbar of a signed-in page names its user; the anonymous one offers to sign in.
  expect(anonymous.body).toContain('href="/login"');
  expect((await get(server, "/rankings?firmada", playerCookie)).cache).toBeNull();
  // Any cookie at all: the app cannot know what a cookie of the future would change.
  expect((await get(server, "/rankings?firmada", "tema=oscuro")).cache).toBeNull();
  // Pages of signed-in people are never looked up, nor paths outside the public ones.
  expect((await get(server, "/", playerCookie)).cache).toBeNull();
  expect((await get(server, "/pagina-que-no-existe")).cache).toBeNull();
});

test("a change saved through the app is seen by the next anonymous visit", async () => {
  const match = await openMatchOf("Jornada 1");
  const picks = new URLSearchParams({
    matchId: String(match.id),
    [`home-${match.id}`]: "2",
    [`away-${match.id}`]: "1",
  });
  await post(server, "/_root.data?index", picks, playerCookie);
  await get(server, "/rankings");
  const before = await get(server, "/rankings");
  expect(before.cache).toBe("HIT");
  expect(paolasPoints(before)).toBe("0");

  await post(
    server,
    "/admin/results",
    { intent: "save-result", matchId: String(match.id), home: "2", away: "1" },
    adminCookie,
  );
  const after = await get(server, "/rankings");
  expect(after.cache).toBe("MISS");
  expect(paolasPoints(after)).toMatch(/^[1-9]\d*$/);
});

test("a page is never older than PAGE_CACHE_MS", async () => {
  await get(server, "/register");
  expect((await get(server, "/register")).cache).toBe("HIT");
  await new Promise((resolve) => setTimeout(resolve, TTL_MS + 100));
  expect((await get(server, "/register")).cache).toBe("MISS");
});

test.runIf(postgres)("a result saved on another instance empties this one's pages too (live updates)", async () => {
  await get(other!, "/rankings");
  expect((await get(other!, "/rankings")).cache).toBe("HIT");
  const match = await openMatchOf("Jornada 2");
  await post(
    server,
    "/admin/results",
    { intent: "save-result", matchId: String(match.id), home: "0", away: "0" },
    adminCookie,
  );
  // The news travels through LISTEN/NOTIFY: it arrives a moment after the answer.
  await expect.poll(async () => (await get(other!, "/rankings")).cache, { timeout: 1_000, interval: 50 }).toBe("MISS");
});

test("PAGE_CACHE_MS=0 turns the cache off", async () => {
  const plain = await startTestServer({ PAGE_CACHE_MS: "0" });
  try {
    await get(plain, "/login");
    expect((await get(plain, "/login")).cache).toBeNull();
  } finally {
    await plain.close();
  }
});
