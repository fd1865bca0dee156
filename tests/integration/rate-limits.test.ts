import { afterAll, beforeAll, expect, test } from "vitest";

import { countHit, purgeOldHits } from "#app/data/people/rate-limits.server";

import { startTestServer, type TestServer } from "../support/server";

// The counters are one upsert per hit; run against the engine of this project, on the database
// the server migrated.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const WINDOW = 60_000;
const T0 = 1_700_000_000_000;

test("hits are counted within the window and the window keeps its start", async () => {
  const hit = (now: number) => countHit(server.db, "t:count", { windowMs: WINDOW, now });
  expect(await hit(T0)).toEqual({ hits: 1, windowStartedAt: T0 });
  expect(await hit(T0 + 1)).toEqual({ hits: 2, windowStartedAt: T0 });
  expect(await hit(T0 + WINDOW - 1)).toEqual({ hits: 3, windowStartedAt: T0 });
});

test("once the window has passed, counting starts again from 1 in a new window", async () => {
  for (let i = 0; i < 3; i++) await countHit(server.db, "t:reset", { windowMs: WINDOW, now: T0 + i });
  // The window [T0, T0 + WINDOW) is over at T0 + WINDOW exactly.
  expect(await countHit(server.db, "t:reset", { windowMs: WINDOW, now: T0 + WINDOW })).toEqual({
    hits: 1,
    windowStartedAt: T0 + WINDOW,
  });
  expect(await countHit(server.db, "t:reset", { windowMs: WINDOW, now: T0 + WINDOW + 10 })).toEqual({
    hits: 2,
    windowStartedAt: T0 + WINDOW,
  });
  // Long after: a new window again.
  expect(await countHit(server.db, "t:reset", { windowMs: WINDOW, now: T0 + 10 * WINDOW })).toEqual({
    hits: 1,
    windowStartedAt: T0 + 10 * WINDOW,
  });
});

test("keys are counted independently", async () => {
  await countHit(server.db, "t:a", { windowMs: WINDOW, now: T0 });
  await countHit(server.db, "t:a", { windowMs: WINDOW, now: T0 });
  expect((await countHit(server.db, "t:b", { windowMs: WINDOW, now: T0 })).hits).toBe(1);
  expect((await countHit(server.db, "t:a", { windowMs: WINDOW, now: T0 })).hits).toBe(3);
});

test("the clock of today (milliseconds since 1970) fits the counters", async () => {
  const now = Date.now();
  expect(await countHit(server.db, "t:today", { windowMs: 900_000, now })).toEqual({ hits: 1, windowStartedAt: now });
  expect(await countHit(server.db, "t:today", { windowMs: 900_000, now: now + 1000 })).toEqual({
    hits: 2,
    windowStartedAt: now,
  });
});

test("20 concurrent hits on a new key are counted exactly: each of 1..20 once", async () => {
  const results = await Promise.all(
    Array.from({ length: 20 }, () => countHit(server.db, "t:concurrent-new", { windowMs: WINDOW, now: T0 })),
  );
  expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  expect(new Set(results.map((r) => r.windowStartedAt))).toEqual(new Set([T0]));
  const row = await server.db
    .selectFrom("rate_limits")
    .select(["hits"])
    .where("key", "=", "t:concurrent-new")
    .executeTakeFirstOrThrow();
  expect(Number(row.hits)).toBe(20);
});

test("20 concurrent hits on a key already counting continue from where it was", async () => {
  for (let i = 0; i < 5; i++) await countHit(server.db, "t:concurrent-old", { windowMs: WINDOW, now: T0 });
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => countHit(server.db, "t:concurrent-old", { windowMs: WINDOW, now: T0 + i })),
  );
  expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6));
});

test("purgeOldHits forgets only windows that started before the given time", async () => {
  await countHit(server.db, "t:old", { windowMs: WINDOW, now: 1_000 });
  await countHit(server.db, "t:recent", { windowMs: WINDOW, now: 5_000 });
  await purgeOldHits(server.db, 5_000);
  const keys = await server.db
    .selectFrom("rate_limits")
    .select("key")
    .where("key", "in", ["t:old", "t:recent"])
    .execute();
  expect(keys.map((k) => k.key)).toEqual(["t:recent"]);
});
