import { spawn } from "node:child_process";
import { afterAll, beforeAll, expect, test } from "vitest";

import { parseCsv } from "#app/domain/files/csv";

import { createUser } from "../support/accounts";
import {
  currentSeasonId,
  form,
  requestText,
  startServerProcess,
  startTestServer,
  userIdOf,
  type ServerProcess,
  type TextResponse,
} from "../support/server";

/**
 * What must not leave the server, on both engines: a sign-in redirect to another host, a
 * formula in an export, secrets in the request log, private pages in a cache, a write without
 * proof of origin; and what must not start: a proxy setting that trusts every client.
 */

let server: ServerProcess;
let admin: string;
let ana: string;
const ANA = { name: "x;=1+1;", email: "ana@quiniela.test" };

beforeAll(async () => {
  server = await startServerProcess({ LOG_REQUESTS: "true" });
  admin = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  ana = await createUser(server, ANA);
});
afterAll(() => server.close());

/** A POST exactly as given: no Origin added (server.request adds ours to every write). */
async function rawPost(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
): Promise<TextResponse> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    body: form(fields),
    headers,
  });
  const body = await response.text();
  return { status: response.status, headers: response.headers, location: response.headers.get("location"), body };
}

// ---------------------------------------------------------------- 4. open redirect after sign-in

test("after a valid sign-in, redirectTo that normalises to another host ('/.//evil.test'…) lands on /", async () => {
  for (const redirectTo of ["/.//evil.test", "/%2e%2e//evil.test", "/a/..//evil.test", "/./\\evil.test"]) {
    const response = await requestText(server, "/login", {
      method: "POST",
      body: form({ email: ANA.email, password: "secreto123", redirectTo }),
    });
    expect(response.status, redirectTo).toBe(302);
    expect(response.location, redirectTo).toBe("/");
    expect(new URL(response.location!, server.url).origin).toBe(server.url);
  }
});

test("after signing up, redirectTo is followed on this site only (an invite link), never to another host", async () => {
  const cases: [string, string][] = [
    ["/quiniela/7/unirse?codigo=abc_DEF-1", "/quiniela/7/unirse?codigo=abc_DEF-1"],
    ["/.//evil.test", "/"],
    ["//evil.test", "/"],
    ["https://evil.test/", "/"],
  ];
  for (const [i, [redirectTo, expected]] of cases.entries()) {
    const response = await requestText(server, "/register", {
      method: "POST",
      body: form({
        name: `Nueva ${i}`,
        email: `nueva-${i}@quiniela.test`,
        password: "secreto123",
        confirmPassword: "secreto123",
        redirectTo,
      }),
    });
    expect(response.status, redirectTo).toBe(302);
    expect(response.location, redirectTo).toBe(expected);
  }
});

// ---------------------------------------------------------------- 5. CSV formulas after a separator

test("an exported name 'x;=1+1;' is never a formula, whichever separator the spreadsheet splits on", async () => {
  const anaId = await userIdOf(server, ANA.email);
  const match = await server.db.selectFrom("matches").select("id").orderBy("id").executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await server.db
    .insertInto("predictions")
    .values({ user_id: anaId, match_id: match.id, home_score: 1, away_score: 0, created_at: now, updated_at: now })
    .execute();
  await server.db
    .insertInto("standings_total")
    .values({ season_id: await currentSeasonId(server), user_id: anaId, points: 0, exact_hits: 0, outcome_hits: 0 })
    .execute();
  for (const path of ["/admin/exportar/posiciones.csv", "/admin/exportar/pronosticos.csv"]) {
    const response = await requestText(server, path, { cookie: admin });
    expect(response.status, path).toBe(200);
    expect(response.body, path).toContain("x;'=1+1;");
    for (const delimiter of [",", ";"] as const) {
      for (const cell of parseCsv(response.body, delimiter).flat()) {
        expect(cell, `${path} ${delimiter}`).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  }
});

// ---------------------------------------------------------------- 6. secrets in the request log

test("the request log has paths only: no reset token, no invite code", async () => {
  await requestText(server, "/reset-password?token=SECRETO-DE-RESTABLECER");
  await requestText(server, "/quiniela/1/unirse?codigo=CODIGO-SECRETO", { cookie: ana });
  await requestText(server, "/rankings?buscar=Ana");
  // The log line is written when the response finishes.
  await expect.poll(() => server.output()).toContain("GET /rankings 200");
  expect(server.output()).toContain("GET /reset-password 200");
  expect(server.output()).not.toContain("SECRETO-DE-RESTABLECER");
  expect(server.output()).not.toContain("CODIGO-SECRETO");
});

// ---------------------------------------------------------------- 7. caches

test("signed-in pages, their .data and admin downloads are 'private, no-store'", async () => {
  for (const [path, cookie] of [
    ["/admin/users", admin],
    ["/admin/users.data", admin],
    ["/profile", ana],
    ["/profile.data", ana],
    ["/", ana],
    ["/rankings", ana],
    ["/rankings", undefined],
    ["/login", undefined],
    ["/admin/exportar/posiciones.csv", admin],
    ["/admin/exportar/base-de-datos.json", admin],
  ] as const) {
    const response = await requestText(server, path, { cookie });
    expect(response.status, path).toBe(200);
    expect(response.headers.get("cache-control"), path).toBe("private, no-store");
  }
  // A badge is the same for everyone: it may be kept.
  const badge = await requestText(server, "/badges/AME.svg");
  expect(badge.headers.get("cache-control")).toBe("public, max-age=86400");
  // Served over plain http (no https BASE_URL): no HSTS.
  expect(badge.headers.get("strict-transport-security")).toBeNull();
});

test("with an https BASE_URL every answer says Strict-Transport-Security", async () => {
  const https = await startTestServer({ BASE_URL: "https://quiniela.example" });
  try {
    for (const path of ["/login", "/rankings", "/healthz", "/favicon.svg"]) {
      const response = await requestText(https, path);
      expect(response.headers.get("strict-transport-security"), path).toBe("max-age=15552000");
    }
  } finally {
    await https.close();
  }
});

// ---------------------------------------------------------------- 8. writes need proof of origin

test("a write with neither a same-origin Origin nor Sec-Fetch-Site: same-origin is refused, nothing saved", async () => {
  const anaId = await userIdOf(server, ANA.email);
  const color = async () =>
    (await server.db.selectFrom("users").select("avatar_color").where("id", "=", anaId).executeTakeFirstOrThrow())
      .avatar_color;
  const before = await color();
  const fields = { intent: "update-profile", image: "", avatarColor: "pink" };
  const refusedHeaders: Record<string, string>[] = [
    {},
    { Origin: "" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "same-site" },
    { "Sec-Fetch-Site": "none" },
    { Origin: "http://127.0.0.1.evil.test" },
    { Origin: "https://evil.test", "Sec-Fetch-Site": "same-origin" },
  ];
  for (const headers of refusedHeaders) {
    const response = await rawPost("/profile", fields, { Cookie: ana, ...headers });
    expect(response.status, JSON.stringify(headers)).toBe(403);
    expect(response.body).toContain("origen no permitido");
  }
  expect(await color()).toBe(before);

  // A browser's own write: our Origin, or Sec-Fetch-Site: same-origin where it sends no Origin.
  expect((await rawPost("/profile", fields, { Cookie: ana, Origin: server.url })).status).toBe(200);
  expect(await color()).toBe("pink");
  expect(
    (await rawPost("/profile", { ...fields, avatarColor: "red" }, { Cookie: ana, "Sec-Fetch-Site": "same-origin" }))
      .status,
  ).toBe(200);
  expect(await color()).toBe("red");
});

// ---------------------------------------------------------------- 9. TRUST_PROXY

test("TRUST_PROXY=true stops the start with a Spanish message; a hop count or addresses are accepted", async () => {
  // Each value is its own server start: they run side by side.
  const refused = await Promise.all(
    ["true", "yes", "*", "10.0.0.0/99"].map(async (value) => ({
      value,
      ...(await startToEnd({ TRUST_PROXY: value })),
    })),
  );
  for (const run of refused) {
    expect(run.status, run.value).not.toBe(0);
    expect(run.output, run.value).toContain("TRUST_PROXY");
    expect(run.output, run.value).toContain("no es válido");
  }
  // One after the other: servers in this process over one SQLite file would wait on each other's
  // migration lock on the one thread they share (in processes of their own, they take turns).
  for (const value of ["1", "loopback", "127.0.0.1, 10.0.0.0/8"]) {
    const proxied = await startTestServer({ TRUST_PROXY: value });
    try {
      expect((await requestText(proxied, "/healthz")).status, value).toBe(200);
    } finally {
      await proxied.close();
    }
  }
});

/** `node server.js` with these settings, expected to stop by itself: its exit status and output. */
function startToEnd(env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["server.js"], {
      env: { ...process.env, PORT: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("error", reject);
    child.on("exit", (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

test("behind one proxy (TRUST_PROXY=1) the client is the address the proxy adds, not what the client wrote", async () => {
  const proxied = await startTestServer({ TRUST_PROXY: "1", AUTH_RATE_LIMIT_PER_IP: "2" });
  try {
    // The client forges a new leftmost address on every attempt; the proxy appends the real one.
    const attempt = (i: number) =>
      requestText(proxied, "/login", {
        method: "POST",
        body: form({ email: `nadie${i}@quiniela.test`, password: "x" }),
        headers: { "X-Forwarded-For": `203.0.113.${i}, 198.51.100.7` },
      });
    expect((await attempt(1)).status).toBe(401);
    expect((await attempt(2)).status).toBe(401);
    expect((await attempt(3)).status).toBe(429);
  } finally {
    await proxied.close();
  }
});
