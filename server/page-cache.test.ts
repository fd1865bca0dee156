import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";

import { createPageCache, type PageCacheOptions } from "./page-cache";

/**
 * The microcache's own rules, around a stand-in page: what it keeps, what it never keeps, when it
 * forgets. (page-cache.test.ts under tests/integration shows it in front of the real app.)
 */

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

interface Fixture {
  /** `site`: the origin the app takes the request to be for (BASE_URL, else its Host). */
  get(path: string, site?: string): Promise<{ status: number; cache: string | null; body: string; nonce: string }>;
  post(path: string): Promise<number>;
  clock: { now: number };
  renders: number;
  /** Holds the next render of a page asked with ?lento until released. */
  holdSlowPage(): () => void;
}

async function startFixture(options: Partial<PageCacheOptions> = {}): Promise<Fixture> {
  const clock = { now: 0 };
  const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1_000_000, ...options }, () => clock.now);
  let nonces = 0;
  let hold: Promise<void> | undefined;
  const fixture = { clock, renders: 0 } as Fixture;
  const server = http.createServer((req, res) => {
    const nonce = `nonce${++nonces}X`;
    res.setHeader("X-Nonce", nonce);
    const site = req.headers["x-site"] as string | undefined;
    cache.handle(
      req,
      res,
      nonce,
      async () => {
        const url = new URL(req.url ?? "/", "http://x");
        if (req.method === "POST") {
          res.statusCode = Number(url.searchParams.get("status") ?? 204);
          return void res.end();
        }
        fixture.renders++;
        if (url.searchParams.has("lento")) await hold;
        const status = Number(url.searchParams.get("status") ?? 200);
        if (url.searchParams.get("cookie")) res.setHeader("Set-Cookie", "toast=1");
        res.setHeader("Cache-Control", "private, no-store");
        res.statusCode = status;
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.write(`<script nonce="${nonce}">1</script>`);
        if (site) res.write(`<meta property="og:url" content="${site}${url.pathname}">`);
        res.end(
          `<p>${"x".repeat(Number(url.searchParams.get("size") ?? 10))}</p><script nonce="${nonce}">${fixture.renders}</script>`,
        );
      },
      site,
    );
  });
  const listener = server.listen(0);
  const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  fixture.get = async (path, site) => {
    const response = await fetch(`${base}${path}`, { headers: site ? { "X-Site": site } : {} });
    return {
      status: response.status,
      cache: response.headers.get("x-cache"),
      body: await response.text(),
      nonce: response.headers.get("x-nonce") ?? "",
    };
  };
  fixture.post = async (path) => (await fetch(`${base}${path}`, { method: "POST" })).status;
  fixture.holdSlowPage = () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    return release;
  };
  return fixture;
}

test("a kept page comes back with this answer's nonce wherever the first one's was, and its headers", async () => {
  const site = await startFixture();
  const first = await site.get("/rankings");
  const second = await site.get("/rankings");
  expect([first.cache, second.cache]).toEqual(["MISS", "HIT"]);
  expect(site.renders).toBe(1);
  expect(second.body).toBe(first.body.replaceAll(first.nonce, second.nonce));
  expect(second.body.split(second.nonce)).toHaveLength(3);
});

test("only public paths, only GET without cookies, only a 200 without Set-Cookie", async () => {
  const site = await startFixture();
  for (const path of ["/", "/profile", "/quiniela/7"]) {
    await site.get(path);
    expect((await site.get(path)).cache, path).toBeNull();
  }
  for (const path of ["/login?status=500", "/login?status=302", "/login?cookie=1"]) {
    await site.get(path);
    expect((await site.get(path)).cache, path).toBe("MISS");
  }
  expect(site.renders).toBe(12);
});

test("pages are kept per site origin: a request for another Host never puts its origin in anyone else's page", async () => {
  const site = await startFixture();
  expect(await site.get("/rankings", "https://quiniela.example")).toMatchObject({ cache: "MISS" });
  const other = await site.get("/rankings", "http://evil.test");
  expect(other.cache).toBe("MISS");
  expect(other.body).toContain('content="http://evil.test/rankings"');
  const again = await site.get("/rankings", "https://quiniela.example");
  expect(again.cache).toBe("HIT");
  expect(again.body).toContain('content="https://quiniela.example/rankings"');
  expect(again.body).not.toContain("evil.test");
  expect(site.renders).toBe(2);
});

test("a write empties it; a page rendered across a write is not kept", async () => {
  const site = await startFixture();
  await site.get("/login");
  expect(await site.post("/login")).toBe(204);
  expect((await site.get("/login")).cache).toBe("MISS");
  // A refused write (a wrong password, a limit) changed nothing: the page stays.
  for (const status of [401, 403, 429]) expect(await site.post(`/login?status=${status}`)).toBe(status);
  expect((await site.get("/login")).cache).toBe("HIT");
  expect(await site.post("/login?status=500")).toBe(500);
  expect((await site.get("/login")).cache).toBe("MISS");

  const release = site.holdSlowPage();
  const slow = site.get("/login?lento");
  await expect.poll(() => site.renders).toBe(3);
  await site.post("/admin/results");
  release();
  expect((await slow).cache).toBe("MISS");
  expect((await site.get("/login?lento")).cache).toBe("MISS");
});

test("a page is kept ttlMs; a page over a quarter of the memory is not kept, and the oldest leave first", async () => {
  const site = await startFixture({ maxBytes: 2_000 });
  await site.get("/login");
  site.clock.now = 999;
  expect((await site.get("/login")).cache).toBe("HIT");
  site.clock.now = 1_000;
  expect((await site.get("/login")).cache).toBe("MISS");

  await site.get("/register?size=600");
  expect((await site.get("/register?size=600")).cache).toBe("MISS");

  // Six pages of about 380 bytes: the sixth leaves room by sending the oldest ones away.
  for (const page of ["a", "b", "c", "d", "e", "f"]) await site.get(`/register?size=300&${page}`);
  expect((await site.get("/register?size=300&f")).cache).toBe("HIT");
  expect((await site.get("/register?size=300&b")).cache).toBe("HIT");
  expect((await site.get("/register?size=300&a")).cache).toBe("MISS");
});
