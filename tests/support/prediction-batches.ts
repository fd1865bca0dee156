import type { Kysely } from "kysely";
import { expect } from "vitest";

import type { Database } from "#app/data/engine/schema";

import { createUser } from "./accounts";
import { userIdOf, type TestServer } from "./server";

/**
 * Bursts of prediction batches for the fault tests. A batch is one submission of the home page's
 * prediction form: several picks of one player, stored all or nothing. It is acknowledged when its
 * whole answer arrived: 200 with the success toast.
 */

const SAVED = "Tus predicciones han sido guardadas";

export interface Batch {
  index: number;
  userId: string;
  cookie: string;
  picks: { matchId: number; home: number; away: number }[];
}

/**
 * `players` new users (e-mails `<prefix><n>@quiniela.test`), each with `matchIds` split into
 * batches of `size`; batches are ordered player by player in turn, so those sent together belong
 * to different players. Every pick's score is its own (from the batch and the match), so a
 * stored pick shows which batch wrote it. The matches must be open for picks.
 */
export async function makeBatches(
  target: TestServer,
  { prefix, players, size, matchIds }: { prefix: string; players: number; size: number; matchIds: readonly number[] },
): Promise<Batch[]> {
  const users = [];
  for (let i = 0; i < players; i++) {
    const email = `${prefix}${i}@quiniela.test`;
    const cookie = await createUser(target, { name: `${prefix} ${i}`, email });
    users.push({ cookie, userId: await userIdOf(target, email) });
  }
  const groups = Math.floor(matchIds.length / size);
  const batches: Batch[] = [];
  for (let group = 0; group < groups; group++) {
    for (const user of users) {
      const index = batches.length;
      const picks = matchIds
        .slice(group * size, (group + 1) * size)
        .map((matchId, k) => ({ matchId, home: (index + k) % 10, away: (index * 7 + k) % 9 }));
      batches.push({ index, ...user, picks });
    }
  }
  return batches;
}

/** The form a browser posts for this batch. */
export function formOf(batch: Batch): URLSearchParams {
  const body = new URLSearchParams();
  for (const pick of batch.picks) {
    body.append("matchId", String(pick.matchId));
    body.append(`home-${pick.matchId}`, String(pick.home));
    body.append(`away-${pick.matchId}`, String(pick.away));
  }
  return body;
}

/** Sends one batch as a browser with JavaScript does: POST /_root.data?index (the home page). */
export function postBatch(target: TestServer, batch: Batch, signal?: AbortSignal): Promise<Response> {
  return target.request("/_root.data?index", { method: "POST", cookie: batch.cookie, body: formOf(batch), signal });
}

export type Outcome = "unsent" | "sent" | "acknowledged" | "lost" | `refused ${number}`;

export interface Burst {
  /** Each batch's fate so far, in the order of the batches given. */
  outcomes: Outcome[];
  /** How long each answered batch waited for its answer, in ms (in the same order). */
  durations: number[];
  /** Resolves when every batch is sent and answered (or its worker stopped). */
  done: Promise<void>;
  /** Sends no more batches; resolves when those under way are answered. */
  stop(): Promise<void>;
}

/**
 * Sends the batches `concurrency` at a time, until all are sent or `stop()`. A request the server
 * never answered whole (it died) is lost, and its worker stops: there is no one left to send to.
 */
export function startBurst(
  target: TestServer,
  batches: readonly Batch[],
  { concurrency = 6, onAcknowledged = (_count: number) => {} } = {},
): Burst {
  const outcomes: Outcome[] = batches.map(() => "unsent");
  const durations: number[] = [];
  let next = 0;
  let stopped = false;
  let acknowledged = 0;
  const worker = async () => {
    while (!stopped && next < batches.length) {
      const position = next++;
      outcomes[position] = "sent";
      const started = performance.now();
      try {
        const response = await postBatch(target, batches[position]!);
        const body = await response.text();
        durations[position] = performance.now() - started;
        if (response.status === 200 && body.includes(SAVED)) {
          outcomes[position] = "acknowledged";
          onAcknowledged(++acknowledged);
        } else outcomes[position] = `refused ${response.status}`;
      } catch {
        outcomes[position] = "lost";
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, worker)).then(() => {});
  return {
    outcomes,
    durations,
    done,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

export function countOf(outcomes: readonly Outcome[], outcome: Outcome): number {
  return outcomes.filter((o) => o === outcome).length;
}

export type BatchState = "whole" | "absent" | `partial: ${string}`;

/**
 * What a database holds of each batch: "whole" (every pick, with its scores), "absent", or a
 * description of the part found; and how many of these players' picks belong to no batch.
 */
export async function storedBatches(
  db: Kysely<Database>,
  batches: readonly Batch[],
): Promise<{ states: BatchState[]; strayRows: number }> {
  const users = [...new Set(batches.map((batch) => batch.userId))];
  const rows = await db
    .selectFrom("predictions")
    .select(["user_id", "match_id", "home_score", "away_score"])
    .where("user_id", "in", users)
    .execute();
  const byKey = new Map(rows.map((row) => [`${row.user_id}:${row.match_id}`, row]));
  let batchRows = 0;
  const states = batches.map((batch): BatchState => {
    const present = batch.picks.filter((pick) => byKey.has(`${batch.userId}:${pick.matchId}`));
    batchRows += present.length;
    const exact = present.filter((pick) => {
      const row = byKey.get(`${batch.userId}:${pick.matchId}`)!;
      return row.home_score === pick.home && row.away_score === pick.away;
    }).length;
    if (exact === batch.picks.length) return "whole";
    if (present.length === 0) return "absent";
    return `partial: ${present.length} of ${batch.picks.length} picks, ${exact} with the scores sent`;
  });
  return { states, strayRows: rows.length - batchRows };
}

/**
 * Every batch whole or absent, every acknowledged batch whole, and nothing stored that no batch
 * sent. `outcomes` are in the order of `stored.states`.
 */
export function expectWholeOrAbsent(
  stored: { states: readonly BatchState[]; strayRows: number },
  outcomes: readonly Outcome[],
  where: string,
) {
  const partial = stored.states.flatMap((state, i) =>
    state === "whole" || state === "absent" ? [] : [`lote ${i} (${outcomes[i]}): ${state}`],
  );
  expect(partial, `${where}: lotes guardados a medias`).toEqual([]);
  const missing = outcomes.flatMap((outcome, i) =>
    outcome === "acknowledged" && stored.states[i] !== "whole" ? [i] : [],
  );
  expect(missing, `${where}: lotes confirmados que no están`).toEqual([]);
  expect(stored.strayRows, `${where}: pronósticos que no son de ningún lote`).toBe(0);
}
