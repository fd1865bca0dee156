import { afterAll, beforeAll, expect, test } from "vitest";

import { CLAIM_KEPT_MS, forgetOldClaims } from "#app/data/reminders/claims.server";
import { startReminderSender } from "#app/reminders/sender.server";

import { createUser } from "../support/accounts";
import { activatePhase, currentSeasonId, startTestServer, userIdOf, type TestServer } from "../support/server";

/**
 * Old reminder claims go (data/reminders/claims.server.ts's forgetOldClaims, in the sender's
 * periodic check): those made more than a week ago whose phase has nothing open any more, in
 * bounded batches. A claim of a phase still open stays whatever its age: it keeps its reminder
 * from going out twice. On both engines.
 */

let server: TestServer;
let userId: string;
let open: number;
let played: number;
const DAY = 24 * 3_600_000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

async function claims(phaseId: number, count: number, createdAt: string, prefix: string) {
  const rows = Array.from({ length: count }, (_, i) => ({
    user_id: userId,
    phase_id: phaseId,
    occasion: `${prefix}-${i}`,
    channel: "email",
    status: "sent" as const,
    next_attempt_at: createdAt,
    created_at: createdAt,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await server.db
      .insertInto("reminder_claims")
      .values(rows.slice(i, i + 200))
      .execute();
}

const left = async () =>
  (await server.db.selectFrom("reminder_claims").select(["phase_id", "occasion"]).orderBy("id").execute()).map(
    (row) => `${row.phase_id === open ? "abierta" : "jugada"}:${row.occasion.replace(/-\d+$/, "")}`,
  );
const tally = (list: string[]) =>
  Object.fromEntries([...new Set(list)].map((key) => [key, list.filter((k) => k === key).length]));

beforeAll(async () => {
  server = await startTestServer();
  await createUser(server, { name: "Ana", email: "ana@quiniela.test" });
  userId = await userIdOf(server, "ana@quiniela.test");
  // Jornada 1 takes picks until tomorrow; Jornada 2 was played.
  const first = await activatePhase(server, "Jornada 1");
  open = first.phaseId;
  await server.db
    .updateTable("matches")
    .set({ kickoff_at: new Date(now.getTime() + DAY).toISOString() })
    .where("phase_id", "=", open)
    .execute();
  const second = await activatePhase(server, "Jornada 2");
  played = second.phaseId;
  await server.db.updateTable("matches").set({ home_score: 1, away_score: 0 }).where("phase_id", "=", played).execute();

  await claims(open, 3, ago(30 * DAY), "vieja");
  await claims(played, 1_200, ago(CLAIM_KEPT_MS + DAY), "vieja");
  await claims(played, 2, ago(CLAIM_KEPT_MS - DAY), "reciente");
});
afterAll(() => server.close());

test("the sender's check deletes a played phase's claims older than a week; an open phase's and recent ones stay", async () => {
  expect(tally(await left())).toEqual({ "abierta:vieja": 3, "jugada:vieja": 1_200, "jugada:reciente": 2 });
  const sender = startReminderSender({
    db: server.db,
    channels: [],
    hours: [24, 2],
    checkMs: 60_000,
    now: () => now,
    log: () => {},
    warn: (line) => {
      throw new Error(line);
    },
  });
  try {
    await sender.runOnce();
  } finally {
    await sender.stop();
  }
  expect(tally(await left())).toEqual({ "abierta:vieja": 3, "jugada:reciente": 2 });
});

test("in bounded batches: a call deletes at most 5,000, the next the rest; a finished season's claims all go", async () => {
  await claims(played, 5_100, ago(CLAIM_KEPT_MS + DAY), "lote");
  expect(await forgetOldClaims(server.db, now)).toBe(5_000);
  expect(await forgetOldClaims(server.db, now)).toBe(100);
  expect(await forgetOldClaims(server.db, now)).toBe(0);

  const seasonId = await currentSeasonId(server);
  await server.db.updateTable("seasons").set({ finished_at: now.toISOString() }).where("id", "=", seasonId).execute();
  try {
    expect(await forgetOldClaims(server.db, now)).toBe(3);
    expect(tally(await left())).toEqual({ "jugada:reciente": 2 });
  } finally {
    await server.db.updateTable("seasons").set({ finished_at: null }).where("id", "=", seasonId).execute();
  }
});
