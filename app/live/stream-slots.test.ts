import { expect, test } from "vitest";

import { createStreamSlots } from "./stream-slots";

test("a client gets at most its share; others still get theirs until the total is reached", () => {
  const slots = createStreamSlots({ perClient: 2, total: 3 });
  const a1 = slots.take("a");
  expect(a1.ok).toBe(true);
  expect(slots.take("a").ok).toBe(true);
  expect(slots.take("a")).toEqual({ ok: false, reason: "client" });
  expect(slots.take("b").ok).toBe(true);
  expect(slots.take("c")).toEqual({ ok: false, reason: "full" });
  expect(slots.open).toBe(3);
});

test("a released slot is free again, and releasing twice frees it once", () => {
  const slots = createStreamSlots({ perClient: 1, total: 10 });
  const first = slots.take("a");
  if (!first.ok) throw new Error("sin lugar");
  first.release();
  first.release();
  expect(slots.open).toBe(0);
  expect(slots.take("a").ok).toBe(true);
  expect(slots.take("a")).toEqual({ ok: false, reason: "client" });
});
