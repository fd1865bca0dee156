import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";

import { openDatabase } from "#app/data/engine/db.server";

import {
  countOf,
  expectWholeOrAbsent,
  makeBatches,
  postBatch,
  startBurst,
  storedBatches,
  type Outcome,
} from "../support/prediction-batches";
import { requestText, startServerProcess, startTestServer, type ServerProcess } from "../support/server";

/**
 * Faults: the server killed with `kill -9` in the middle of a burst of prediction batches, and a
 * backup taken during one. A batch (one submission of the prediction form) is stored whole or
 * not at all; a batch the server acknowledged (200, "guardadas") is stored whole.
 */

const engine = process.env.TEST_ENGINE;
// Some thirty players register from one address: more than the sign-up limit per IP allows.
const SERVER_ENV = { AUTH_RATE_LIMIT_PER_IP: "10000" };
const work = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-faults-"));
let server: ServerProcess;
let matchIds: number[];

beforeAll(async () => {
  server = await startServerProcess(SERVER_ENV);
  // Every match open for picks (active, no result, no kickoff, phase not yet activated).
  await server.db.updateTable("matches").set({ active: 1 }).execute();
  matchIds = (await server.db.selectFrom("matches").select("id").orderBy("id").execute()).map((m) => m.id);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

test(
  "kill -9 in the middle of a burst of prediction batches, three times: after each restart every acknowledged batch is stored whole, none in part",
  // Four server processes started one after another, and their bursts: far longer than the
  // default limit beside the browser suite on 2 cores.
  { timeout: 120_000 },
  async () => {
    const batches = await makeBatches(server, { prefix: "golpe", players: 12, size: 20, matchIds });
    const outcomes: Outcome[] = batches.map(() => "unsent");
    const KILL_AFTER = 12;
    // Each round sends batches never sent before, kills the server after 12 acknowledgements and
    // restarts it. Where the kill lands is chance; three rounds make a miss of a lost write unlikely.
    for (let round = 1; round <= 3; round++) {
      const fresh = batches.filter((batch) => outcomes[batch.index] === "unsent");
      let crashed: Promise<void> | undefined;
      const burst = startBurst(server, fresh, {
        onAcknowledged: (count) => {
          if (count === KILL_AFTER) crashed = server.crash();
        },
      });
      await burst.done;
      await crashed;
      fresh.forEach((batch, i) => (outcomes[batch.index] = burst.outcomes[i]!));
      const figures = {
        acknowledged: countOf(burst.outcomes, "acknowledged"),
        lost: countOf(burst.outcomes, "lost"),
        unsent: countOf(burst.outcomes, "unsent"),
      };
      // The kill landed mid-burst: some batches were acknowledged, some under way, some unsent.
      expect(crashed, `ronda ${round}`).toBeDefined();
      expect(figures.acknowledged, `ronda ${round}`).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(figures.lost, `ronda ${round}`).toBeGreaterThan(0);
      expect(figures.unsent, `ronda ${round}`).toBeGreaterThan(0);
      expect(
        burst.outcomes.filter((o) => o.startsWith("refused")),
        `ronda ${round}`,
      ).toEqual([]);

      server = await startServerProcess(SERVER_ENV);
      const stored = await storedBatches(server.db, batches);
      expectWholeOrAbsent(stored, outcomes, `ronda ${round}, tras reiniciar`);
    }

    // The restarted server takes the rest: a lost batch it has is refused as already predicted,
    // one it lost is saved now, and so is every batch never sent; then every batch is whole.
    const stored = await storedBatches(server.db, batches);
    for (const batch of batches.filter((b) => outcomes[b.index] === "lost")) {
      const answer = await postBatch(server, batch);
      await answer.text();
      expect(answer.status).toBe(stored.states[batch.index] === "whole" ? 409 : 200);
    }
    const rest = startBurst(
      server,
      batches.filter((b) => outcomes[b.index] === "unsent"),
    );
    await rest.done;
    expect(rest.outcomes.every((o) => o === "acknowledged")).toBe(true);
    const final = await storedBatches(server.db, batches);
    expect(final.states.every((state) => state === "whole")).toBe(true);
    expect(final.strayRows).toBe(0);
  },
);

/** Runs one of the project's npm scripts as npm does (tsx), without blocking this process. */
function runScript(script: "backup" | "restore", args: string[], env: Record<string, string> = {}) {
  return new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (status) => resolve({ status, output }));
  });
}

// On PostgreSQL `npm run backup` only points to pg_dump (backup.test.ts checks that), so the
// backup under load is SQLite's alone.
test.skipIf(engine !== "sqlite")(
  "SQLite: npm run backup taken during a burst of prediction batches holds every batch whole or absent, and restores",
  { timeout: 60_000 },
  async () => {
    const batches = await makeBatches(server, { prefix: "copia", players: 16, size: 10, matchIds });
    let underWay!: () => void;
    const firstAcknowledged = new Promise<void>((resolve) => (underWay = resolve));
    const burst = startBurst(server, batches, { concurrency: 3, onAcknowledged: () => underWay() });
    await firstAcknowledged;

    // Three backups at once: three snapshots at three moments of the burst.
    const before = [...burst.outcomes];
    const backups = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const file = path.join(work, `respaldo-${n}.sqlite`);
        const run = await runScript("backup", [file]);
        return { file, ...run, after: [...burst.outcomes] };
      }),
    );
    const whenDone = [...burst.outcomes];
    await burst.stop();
    for (const backup of backups) expect(backup.status, backup.output).toBe(0);
    // The burst went on all through the backups: batches were acknowledged before they began and
    // after the last one ended (else the burst ran out of batches first, and this proves nothing).
    expect(countOf(before, "acknowledged")).toBeGreaterThan(0);
    expect(countOf(burst.outcomes, "acknowledged"), "la ráfaga terminó antes que los respaldos").toBeGreaterThan(
      countOf(whenDone, "acknowledged"),
    );
    expect(burst.outcomes.filter((o) => o !== "acknowledged" && o !== "unsent")).toEqual([]);

    // Each copy, restored as `npm run restore` does (its soundness check included) into an empty
    // data folder: every batch whole or absent; everything acknowledged before the backup began is
    // in it, nothing first sent after it ended is.
    const restoredDirs = await Promise.all(
      backups.map(async (backup) => {
        const dir = fs.mkdtempSync(path.join(work, "restaurada-"));
        const restore = await runScript("restore", [backup.file], { DATA_DIR: dir });
        expect(restore.status, restore.output).toBe(0);
        return dir;
      }),
    );
    for (const [n, backup] of backups.entries()) {
      const { db } = openDatabase({ dataDir: restoredDirs[n]! });
      try {
        const stored = await storedBatches(db, batches);
        // `before`: what was acknowledged before the backup began must be in it, whole.
        expectWholeOrAbsent(stored, before, `respaldo ${n + 1}`);
        const later = backup.after.flatMap((o, i) => (o === "unsent" && stored.states[i] !== "absent" ? [i] : []));
        expect(later, `respaldo ${n + 1}: lotes enviados después de terminar`).toEqual([]);
      } finally {
        await db.destroy();
      }
    }
    // The app starts on a restored copy and serves a player who was signed in when it was taken.
    const restored = await startTestServer({ ...SERVER_ENV, DATA_DIR: restoredDirs[0]! });
    try {
      const home = await requestText(restored, "/", { cookie: batches[0]!.cookie });
      expect(home.status).toBe(200);
      expect(home.body).toContain("copia 0");
    } finally {
      await restored.close();
    }
  },
);
