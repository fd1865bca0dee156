import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";

import { createUser, sessionExpiry, setSessionExpiry } from "../support/accounts";
import {
  form,
  leakedInternals,
  requestText,
  sessionCookie,
  startTestServer,
  userIdOf,
  type TestServer,
  type TextResponse,
} from "../support/server";

// Low limits, so that a handful of attempts reach them. The counters are emptied before each
// test (beforeEach), so every test starts with the full allowance.
const PER_EMAIL = 3;
const PER_IP = 5;
const WINDOW_SECONDS = 900;

let server: TestServer;
let anaCookie: string;
const ANA = { name: "Ana", email: "ana@quiniela.test", password: "secreto123" };

beforeAll(async () => {
  server = await startTestServer({
    AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL),
    AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  });
  anaCookie = await createUser(server, ANA);
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.db.deleteFrom("rate_limits").execute();
});

const get = (path: string, cookie?: string) => requestText(server, path, { cookie });
const post = (path: string, fields: Record<string, string>, init: { cookie?: string; headers?: HeadersInit } = {}) =>
  requestText(server, path, { method: "POST", body: form(fields), ...init });

/** A POST exactly as given: no Origin header added (server.request adds ours to every write). */
async function rawPost(path: string, body: BodyInit, headers: Record<string, string> = {}): Promise<TextResponse> {
  const response = await fetch(`${server.url}${path}`, { method: "POST", redirect: "manual", body, headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, location: response.headers.get("location"), body: text };
}

async function count(table: "users" | "sessions" | "rate_limits") {
  const row = await server.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** 429 with the Spanish message, and no session.  */
function expectTooManyAttempts(response: TextResponse) {
  expect(response.status).toBe(429);
  expect(response.body).toContain("Demasiados intentos");
  expect(sessionCookie(response)).toBe("");
}

/** Retry-After: the whole seconds left in the window, at least 1. */
function expectRetryAfter(response: TextResponse) {
  const retryAfter = response.headers.get("retry-after");
  expect(retryAfter, "Retry-After").toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS);
}

/** Where a browser lands when it follows this redirect. */
function followed(response: TextResponse): URL {
  expect(response.location).not.toBeNull();
  return new URL(response.location!, server.url);
}

// ---------------------------------------------------------------- rate limits

test(`sign-in: attempt ${PER_EMAIL + 1} for one e-mail answers 429, even with the right password`, async () => {
  for (let i = 0; i < PER_EMAIL; i++) {
    expect((await post("/login", { email: ANA.email, password: `mala${i}` })).status).toBe(401);
  }
  const sessions = await count("sessions");
  const limited = await post("/login", { email: ANA.email, password: ANA.password });
  expectTooManyAttempts(limited);
  expect(await count("sessions")).toBe(sessions);
  // The same e-mail written differently is the same e-mail.
  expectTooManyAttempts(await post("/login", { email: " ANA@Quiniela.Test", password: ANA.password }));
  // Client navigations (.data) are limited the same way.
  expectTooManyAttempts(await post("/login.data", { email: ANA.email, password: ANA.password }));
  expect(await count("sessions")).toBe(sessions);
});

test(`sign-in: the ${PER_IP + 1}th attempt from one IP answers 429, whatever the e-mail`, async () => {
  for (let i = 0; i < PER_IP; i++) {
    expect((await post("/login", { email: `visita${i}@quiniela.test`, password: "cualquiera" })).status).toBe(401);
  }
  expectTooManyAttempts(await post("/login", { email: "otra@quiniela.test", password: "cualquiera" }));
  expectTooManyAttempts(await post("/login", { email: ANA.email, password: ANA.password }));
});

test("sign-in: an e-mail's attempts count per address, so guesses from one cannot lock the player out from another", async () => {
  const proxied = await startTestServer({
    TRUST_PROXY: "1",
    AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL),
    AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
  });
  // The file's database (Ana's account, the counters), served by one more server that trusts its proxy.
  try {
    const from = (address: string, password: string) =>
      requestText(proxied, "/login", {
        method: "POST",
        body: form({ email: ANA.email, password }),
        headers: { "X-Forwarded-For": address },
      });
    for (let i = 0; i < PER_EMAIL; i++) expect((await from("203.0.113.9", `mala${i}`)).status).toBe(401);
    expectTooManyAttempts(await from("203.0.113.9", ANA.password));
    // Ana, from her own address, with her password.
    const hers = await from("198.51.100.20", ANA.password);
    expect(hers.status).toBe(302);
    expect(sessionCookie(hers)).not.toBe("");
  } finally {
    await proxied.close();
  }
});

test("an address over its limit writes no more counters; a new window forgets the windows that closed long ago", async () => {
  const long = Date.now() - 3 * WINDOW_SECONDS * 1000;
  await server.db
    .insertInto("rate_limits")
    .values({ key: "signin:ip:198.51.100.99", window_started_at: long, hits: 4 })
    .execute();
  expect((await post("/login", { email: "primera@quiniela.test", password: "cualquiera" })).status).toBe(401);
  expect(
    await server.db.selectFrom("rate_limits").select("key").where("window_started_at", "=", long).execute(),
  ).toEqual([]);
  for (let i = 1; i < PER_IP; i++)
    await post("/login", { email: `siguiente${i}@quiniela.test`, password: "cualquiera" });
  const rows = await count("rate_limits");
  for (let i = 0; i < 5; i++)
    expectTooManyAttempts(await post("/login", { email: `de-mas${i}@quiniela.test`, password: "cualquiera" }));
  expect(await count("rate_limits")).toBe(rows);
});

test("sign-in: X-Forwarded-For is not believed without TRUST_PROXY, so it cannot reset the IP limit", async () => {
  for (let i = 0; i < PER_IP; i++) {
    const response = await post(
      "/login",
      { email: `xff${i}@quiniela.test`, password: "cualquiera" },
      { headers: { "X-Forwarded-For": `203.0.113.${i}` } },
    );
    expect(response.status).toBe(401);
  }
  expectTooManyAttempts(
    await post(
      "/login",
      { email: "xff-final@quiniela.test", password: "cualquiera" },
      { headers: { "X-Forwarded-For": "198.51.100.77" } },
    ),
  );
});

test("sign-up is limited per e-mail too", async () => {
  const fields = { name: "Beto", email: "beto@quiniela.test", password: "secreto123", confirmPassword: "secreto123" };
  expect((await post("/register", fields)).status).toBe(302);
  for (let i = 1; i < PER_EMAIL; i++) expect((await post("/register", fields)).status).toBe(409);
  expectTooManyAttempts(await post("/register", fields));
  expectTooManyAttempts(await post("/register.data", fields));
});

test(`sign-up: the ${PER_IP + 1}th account from one IP answers 429 and is not created`, async () => {
  for (let i = 0; i < PER_IP; i++) {
    const email = `alta${i}@quiniela.test`;
    const fields = { name: `Alta ${i}`, email, password: "secreto123", confirmPassword: "secreto123" };
    expect((await post("/register", fields)).status).toBe(302);
  }
  const users = await count("users");
  const limited = await post("/register", {
    name: "Una más",
    email: "una-mas@quiniela.test",
    password: "secreto123",
    confirmPassword: "secreto123",
  });
  expectTooManyAttempts(limited);
  expect(await count("users")).toBe(users);
  expect(
    await server.db.selectFrom("users").select("id").where("email", "=", "una-mas@quiniela.test").executeTakeFirst(),
  ).toBeUndefined();
});

test("a 429 says when to try again: Retry-After, for sign-in and sign-up, document and .data", async () => {
  const attempt = { email: ANA.email, password: "mala" };
  for (let i = 0; i < PER_EMAIL; i++) await post("/login", attempt);
  const signUp = { name: "Dora", email: "dora@quiniela.test", password: "secreto123", confirmPassword: "secreto123" };
  for (let i = 0; i < PER_EMAIL; i++) await post("/register", signUp);

  for (const response of [
    await post("/login", attempt),
    await post("/login.data", attempt),
    await post("/register", signUp),
    await post("/register.data", signUp),
  ]) {
    expect(response.status).toBe(429);
    expectRetryAfter(response);
  }
});

// ---------------------------------------------------------------- cross-origin writes

test("POST /login from another origin answers 403 before anything runs: no session, no attempt counted", async () => {
  const sessions = await count("sessions");
  const response = await post(
    "/login",
    { email: ANA.email, password: ANA.password },
    { headers: { Origin: "http://evil.example" } },
  );
  expect(response.status).toBe(403);
  expect(sessionCookie(response)).toBe("");
  expect(await count("sessions")).toBe(sessions);
  expect(await count("rate_limits")).toBe(0);
});

test("POST /register from another origin (or the opaque origin 'null') creates no account", async () => {
  const users = await count("users");
  for (const origin of ["http://evil.example", "null", server.url.replace("127.0.0.1", "localhost")]) {
    const response = await post(
      "/register",
      { name: "Mallory", email: "mallory@quiniela.test", password: "secreto123", confirmPassword: "secreto123" },
      { headers: { Origin: origin } },
    );
    expect(response.status, origin).toBe(403);
  }
  expect(await count("users")).toBe(users);
});

test("a cross-site POST /logout cannot sign a user out", async () => {
  const cookie = await createUser(server, { name: "Carla", email: "carla@quiniela.test" });
  const response = await post("/logout", {}, { cookie, headers: { Origin: "http://evil.example" } });
  expect(response.status).toBe(403);
  expect((await get("/", cookie)).status).toBe(200);
});

test("a POST marked Sec-Fetch-Site: cross-site without Origin answers 403", async () => {
  const sessions = await count("sessions");
  const response = await rawPost("/login", form({ email: ANA.email, password: ANA.password }), {
    "Sec-Fetch-Site": "cross-site",
  });
  expect(response.status).toBe(403);
  expect(await count("sessions")).toBe(sessions);
});

test("same-origin writes work: with our Origin, or with Sec-Fetch-Site: same-origin and no Origin", async () => {
  const withOrigin = await post("/login", { email: ANA.email, password: ANA.password });
  expect(withOrigin.status).toBe(302);
  expect(sessionCookie(withOrigin)).toContain("session_token");

  const fetchMetadataOnly = await rawPost("/login", form({ email: ANA.email, password: ANA.password }), {
    "Sec-Fetch-Site": "same-origin",
  });
  expect(fetchMetadataOnly.status).toBe(302);
  expect(sessionCookie(fetchMetadataOnly)).toContain("session_token");
});

test("behind a proxy, a sign-in from the site's own page works whatever Host the proxy passes on", async () => {
  /** A POST /login as a proxy forwards it: our Origin, the proxy's Host, X-Forwarded-* as given. */
  const viaProxy = (target: TestServer, headers: Record<string, string>) =>
    new Promise<{ status: number; setCookie: string[] }>((resolve, reject) => {
      const body = new URLSearchParams({ email: ANA.email, password: ANA.password }).toString();
      const request = http.request(
        `${target.url}/login`,
        {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": Buffer.byteLength(body),
            ...headers,
          },
        },
        (response) => {
          response.resume();
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, setCookie: response.headers["set-cookie"] ?? [] }),
          );
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  const site = "https://quiniela.example";
  // BASE_URL set, and a proxy that passes its own Host (nginx without proxy_set_header Host).
  const withBaseUrl = await startTestServer({ BASE_URL: site, TRUST_PROXY: "1" });
  // No BASE_URL, and a proxy that adds X-Forwarded-Host and -Proto (Apache's default).
  const forwarded = await startTestServer({ TRUST_PROXY: "1" });
  try {
    const first = await viaProxy(withBaseUrl, { Host: "127.0.0.1:9", Origin: site, "X-Forwarded-Proto": "https" });
    expect(first.status).toBe(302);
    expect(first.setCookie.join()).toContain("session_token");
    const second = await viaProxy(forwarded, {
      Host: "127.0.0.1:9",
      Origin: site,
      "X-Forwarded-Host": "quiniela.example",
      "X-Forwarded-Proto": "https",
    });
    expect(second.status).toBe(302);
    expect(second.setCookie.join()).toContain("session_token");
    // Another site's page is still refused.
    expect(
      (
        await viaProxy(forwarded, {
          Origin: "https://evil.example",
          "X-Forwarded-Host": "quiniela.example",
          "X-Forwarded-Proto": "https",
        })
      ).status,
    ).toBe(403);
  } finally {
    await Promise.all([withBaseUrl.close(), forwarded.close()]);
  }
});

// ---------------------------------------------------------------- headers

test("HTML pages carry a CSP whose script nonce is on every script tag, and the other security headers", async () => {
  const page = await get("/login");
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toContain("text/html");

  const csp = page.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  const scriptSrc = csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "));
  expect(scriptSrc).toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  const nonce = scriptSrc!.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeDefined();

  const scriptTags = page.body.match(/<script\b[^>]*>/g) ?? [];
  const inline = scriptTags.filter((tag) => !/\ssrc=/.test(tag));
  expect(inline.length).toBeGreaterThan(0);
  for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);

  // A new nonce for every response.
  const again = await get("/login");
  expect(again.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);

  expect(page.headers.get("x-content-type-options")).toBe("nosniff");
  expect(page.headers.get("referrer-policy")).toBeTruthy();
  expect(page.headers.get("x-frame-options")).toBe("DENY");
  expect(page.headers.has("x-powered-by")).toBe(false);
});

test("the security headers are also on redirects, error pages and refused writes; X-Powered-By never", async () => {
  const responses = [
    await get("/"),
    await get("/quiniela/abc", anaCookie),
    await post("/login", { email: ANA.email, password: ANA.password }, { headers: { Origin: "http://evil.example" } }),
    await get("/badges/1.svg"),
  ];
  for (const response of responses) {
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.has("x-powered-by")).toBe(false);
  }
});

test("pages come compressed whole, with their length (brotli to browsers, gzip otherwise); /healthz as it is", async () => {
  const browser = await requestText(server, "/login", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
  expect(browser.headers.get("content-encoding")).toBe("br");
  expect(browser.headers.get("transfer-encoding")).toBeNull();
  expect(Number(browser.headers.get("content-length"))).toBeGreaterThan(1000);
  expect(Number(browser.headers.get("content-length"))).toBeLessThan(Buffer.byteLength(browser.body) / 2);
  expect(browser.headers.get("vary")).toContain("Accept-Encoding");
  expect(browser.body).toContain("</html>");

  const gzip = await requestText(server, "/rankings", { headers: { "Accept-Encoding": "gzip" }, cookie: anaCookie });
  expect(gzip.headers.get("content-encoding")).toBe("gzip");
  expect(gzip.body).toContain("</html>");

  const health = await requestText(server, "/healthz", { headers: { "Accept-Encoding": "gzip, br" } });
  expect(health.headers.get("content-encoding")).toBeNull();
  expect(health.headers.get("content-length")).toBe(String(Buffer.byteLength(health.body)));
});

test("the browser build's files: hashed assets kept a year and compressed, other public files an hour; a missing one is no error", async () => {
  const page = await get("/login");
  const script = page.body.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(script).toBeDefined();
  const asset = await requestText(server, script!, { headers: { "Accept-Encoding": "gzip, br" } });
  expect(asset.status).toBe(200);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(asset.headers.get("content-type")).toContain("javascript");
  expect(asset.headers.get("content-encoding")).toBe("br");
  expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
  // The build's own brotli copy (made once, at a high quality: scripts/lib/precompress-assets.ts), byte for byte.
  const prepared = fs.readFileSync(path.join(process.env.BUILD_DIR ?? "build", "client", `${script!}.br`));
  const sent = await new Promise<Buffer>((resolve, reject) =>
    http
      .get(`${server.url}${script!}`, { headers: { "Accept-Encoding": "br" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(Buffer.concat(chunks)));
      })
      .on("error", reject),
  );
  expect(sent.equals(prepared)).toBe(true);
  expect(zlib.brotliDecompressSync(prepared).toString()).toBe(asset.body);

  const icon = await requestText(server, "/favicon.svg");
  expect(icon.status).toBe(200);
  expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
  // As a browser revalidates it (fetch() would add Cache-Control: no-cache to a conditional request).
  const unchanged = await new Promise<number>((resolve, reject) =>
    http
      .get(`${server.url}/favicon.svg`, { headers: { "If-None-Match": icon.headers.get("etag")! } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject),
  );
  expect(unchanged).toBe(304);

  const missing = await requestText(server, "/assets/no-existe-abc123.js");
  expect(missing.status).toBeLessThan(500);
  expect(missing.headers.get("cache-control")).not.toContain("immutable");
});

// ---------------------------------------------------------------- redirects

test("anonymous visitors are sent to /login, and back to where they were going", async () => {
  const home = await get("/");
  expect(home.status).toBe(302);
  expect(home.location).toBe("/login");

  const profile = await get("/profile");
  expect(profile.status).toBe(302);
  expect(profile.location).toBe("/login?redirectTo=%2Fprofile");

  const back = await post("/login", { email: ANA.email, password: ANA.password, redirectTo: "/profile" });
  expect(back.status).toBe(302);
  expect(back.location).toBe("/profile");
});

test("signed-in users are sent from /login and /register to /", async () => {
  for (const path of ["/login", "/register"]) {
    const response = await get(path, anaCookie);
    expect(response.status, path).toBe(302);
    expect(response.location, path).toBe("/");
  }
});

test("unknown paths redirect to /", async () => {
  for (const cookie of [undefined, anaCookie]) {
    for (const path of ["/no-existe", "/admin-x", "/quiniela/1/otra/cosa"]) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(302);
      expect(response.location, path).toBe("/");
    }
  }
});

test("after sign-in, redirectTo never leads to another host", async () => {
  for (const redirectTo of ["//evil.com", "https://evil.com/x", "/\\evil.com", "\\\\evil.com"]) {
    await server.db.deleteFrom("rate_limits").execute();
    const response = await post("/login", { email: ANA.email, password: ANA.password, redirectTo });
    expect(response.status, redirectTo).toBe(302);
    expect(followed(response).origin, redirectTo).toBe(server.url);
  }
});

test("after sign-in, a redirectTo hiding a tab cannot lead to another host", async () => {
  const response = await post("/login", { email: ANA.email, password: ANA.password, redirectTo: "/\t/evil.com" });
  expect(response.status).toBe(302);
  expect(followed(response).origin).toBe(server.url);
});

test("after sign-in, a redirectTo holding a line break still redirects home, not 500", async () => {
  const response = await post("/login", { email: ANA.email, password: ANA.password, redirectTo: "/\n/evil.com" });
  expect(leakedInternals(response.body)).toEqual([]);
  expect(response.status).toBe(302);
  expect(followed(response).origin).toBe(server.url);
});

test("Better Auth's own HTTP API is not mounted: its sign-up URL creates nothing", async () => {
  const users = await count("users");
  const response = await requestText(server, "/api/auth/sign-up/email", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Api", email: "api@quiniela.test", password: "secreto123" }),
  });
  expect(response.status).toBe(302);
  expect(response.location).toBe("/");
  expect(await count("users")).toBe(users);
  expect((await get("/api/auth/get-session", anaCookie)).status).toBe(302);
});

// ---------------------------------------------------------------- badges

test("/badges/<id>.svg is the generated badge of that team (América's); an unknown one gets the neutral badge", async () => {
  const { id } = await server.db
    .selectFrom("teams")
    .select("id")
    .where("short_code", "=", "AME")
    .executeTakeFirstOrThrow();
  const america = await get(`/badges/${id}.svg`);
  expect(america.status).toBe(200);
  expect(america.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  expect(america.body).toContain(">AME</text>");
  expect(america.body).toContain("#FFD100");

  // Short codes are unique only within a competition: a badge is asked for by its team's id.
  expect((await get("/badges/AME.svg")).body).toContain(">?</text>");

  const unknown = await get("/badges/999999.svg");
  expect(unknown.status).toBe(200);
  expect(unknown.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  expect(unknown.body).toContain(">?</text>");
  expect(unknown.body).toContain("#868E96");
  expect(unknown.body).not.toContain("999999");
});

test("a badge request cannot inject markup", async () => {
  const response = await get(`/badges/${encodeURIComponent('<script>"x')}.svg`);
  expect(response.status).toBe(200);
  expect(response.body).not.toContain("<script");
  expect(response.body).toContain(">?</text>");
});

// ---------------------------------------------------------------- caching and the session cookie

const DAY_MS = 24 * 60 * 60 * 1000;

/** 30-day sessions, extended once a day has passed since the last extension (auth.server.ts: expiresIn, updateAge). */
const dueForExtension = () => new Date(Date.now() + 29 * DAY_MS - 60_000);

/** A hashed script of the browser build, as a page names it. */
async function builtScript(): Promise<string> {
  const script = (await get("/login")).body.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(script).toBeDefined();
  return script!;
}

test("a session due for its extension is neither read, extended nor sent back by a badge, /healthz, the event stream or a static file", async () => {
  const cookie = await createUser(server, { name: "Vera", email: "vera@quiniela.test" });
  const userId = await userIdOf(server, "vera@quiniela.test");
  const due = dueForExtension();
  await setSessionExpiry(server, userId, due);
  const { id: team } = await server.db.selectFrom("teams").select("id").orderBy("id").executeTakeFirstOrThrow();
  for (const path of [`/badges/${team}.svg`, "/badges/999999.svg", "/healthz", "/favicon.svg", await builtScript()]) {
    const response = await get(path, cookie);
    expect(response.status, path).toBe(200);
    expect(response.headers.getSetCookie(), path).toEqual([]);
    expect(await sessionExpiry(server, userId), path).toBe(due.getTime());
  }
  // Nor the live-update stream, open for as long as its page.
  const stream = new AbortController();
  const events = await server.request("/eventos", { cookie, signal: stream.signal });
  expect(events.status).toBe(200);
  expect(events.headers.getSetCookie()).toEqual([]);
  stream.abort();
  expect(await sessionExpiry(server, userId)).toBe(due.getTime());
  // The badge stays public: browsers and shared caches keep it a day.
  expect((await get(`/badges/${team}.svg`, cookie)).headers.get("cache-control")).toBe("public, max-age=86400");

  // A page is where the session is extended, with its cookie, on a private answer.
  const home = await get("/", cookie);
  expect(home.status).toBe(200);
  expect(home.headers.getSetCookie().some((line) => line.includes("session_token="))).toBe(true);
  expect(home.headers.get("cache-control")).toBe("private, no-store");
  expect(await sessionExpiry(server, userId)).toBeGreaterThan(due.getTime());
});

test("no answer a shared cache may keep carries a Set-Cookie, whoever asks: public files, badges, health, public pages", async () => {
  const cookie = await createUser(server, { name: "Wendy", email: "wendy@quiniela.test" });
  const userId = await userIdOf(server, "wendy@quiniela.test");
  const expired = await createUser(server, { name: "Ximena", email: "ximena@quiniela.test" });
  await setSessionExpiry(server, await userIdOf(server, "ximena@quiniela.test"), new Date(Date.now() - 60_000));
  const { id: team } = await server.db.selectFrom("teams").select("id").orderBy("id").executeTakeFirstOrThrow();
  const paths = [
    `/badges/${team}.svg`,
    "/healthz",
    "/favicon.svg",
    await builtScript(),
    "/rankings",
    "/rankings.data",
    "/rankings/historico",
    "/quiniela/quinielas-capturadas",
    "/login",
    "/logout",
    "/no-existe",
  ];
  const visitors: [string, string | undefined, () => Promise<void>][] = [
    ["anónimo", undefined, async () => {}],
    ["sesión al día", anaCookie, async () => {}],
    // Better Auth renews this one's cookie wherever the session is read…
    ["sesión por extender", cookie, () => setSessionExpiry(server, userId, dueForExtension())],
    // …and clears this one's.
    ["sesión vencida", expired, async () => {}],
  ];
  let cookiesSeen = 0;
  for (const [who, visitorCookie, prepare] of visitors) {
    for (const path of paths) {
      await prepare();
      const response = await get(path, visitorCookie);
      expect(response.status, `${who} ${path}`).toBeLessThan(500);
      const cacheControl = response.headers.get("cache-control") ?? "";
      const setCookies = response.headers.getSetCookie();
      cookiesSeen += setCookies.length;
      if (/\bpublic\b/i.test(cacheControl)) expect(setCookies, `${who} ${path}: ${cacheControl}`).toEqual([]);
      if (setCookies.length > 0) expect(cacheControl, `${who} ${path}`).toMatch(/\b(private|no-store)\b/);
    }
  }
  // The renewed and cleared cookies did come, on the private answers.
  expect(cookiesSeen).toBeGreaterThan(0);
});

// ---------------------------------------------------------------- errors

test("a pool id that is not a number answers the pool's Spanish 404 page, with nothing internal", async () => {
  const page = await get("/quiniela/abc", anaCookie);
  expect(page.status).toBe(404);
  expect(page.body).toContain('lang="es-MX"');
  expect(page.body).toContain("Quiniela no encontrada");
  expect(leakedInternals(page.body)).toEqual([]);

  const data = await get("/quiniela/abc.data", anaCookie);
  expect(data.status).toBe(404);
  expect(leakedInternals(data.body)).toEqual([]);
});

test("a pool that does not exist answers 404, also for ids beyond the database's integer range", async () => {
  for (const id of ["999999", "-1", "1.5", "99999999999999999999"]) {
    const page = await get(`/quiniela/${id}`, anaCookie);
    expect(page.status, id).toBe(404);
    expect(page.body, id).toContain("Quiniela no encontrada");
    expect(leakedInternals(page.body), id).toEqual([]);
  }
});

test("a pool id just past the 32-bit range answers 404 (not 500) on every engine", async () => {
  for (const id of ["2147483648", "9007199254740991"]) {
    const page = await get(`/quiniela/${id}`, anaCookie);
    expect(leakedInternals(page.body), id).toEqual([]);
    expect(page.status, id).toBe(404);
  }
});

test("malformed request bodies leak nothing", async () => {
  const responses = [
    await requestText(server, "/login", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      body: "esto no es multipart",
    }),
    await requestText(server, "/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email":',
    }),
  ];
  for (const response of responses) expect(leakedInternals(response.body)).toEqual([]);
});

test("malformed request bodies answer 4xx, not 500", async () => {
  const response = await requestText(server, "/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ANA.email, password: ANA.password }),
  });
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
});
