import crypto from "node:crypto";
import os from "node:os";
import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";
import {
  claimDueReminders,
  forgetOldClaims,
  settleClaims,
  takeDueClaims,
  type ClaimOutcome,
  type TakenClaim,
} from "#app/data/reminders/claims.server";
import { detailKey, reminderDetails, type ReminderDetails } from "#app/data/reminders/reminder-details.server";
import { holdLease, releaseLease } from "#app/data/reminders/sender-lease.server";
import { MAX_ATTEMPTS, retryDelayMs } from "#app/domain/reminders/reminder-rules";

import type { ReminderChannel } from "./channel";

/**
 * The reminders' sender: one per install. In a cluster one process runs it (server.js names
 * it); across instances, whichever holds the lease row in the database (renewed at every pass,
 * taken over once its holder let it expire). Every `checkMs` (REMINDER_CHECK_SECONDS) it claims
 * the timed reminders that are due, and every few seconds it delivers the claims waiting (the
 * timed ones, 'Recordar a los que faltan', the retries), in batches, off the request path: a
 * slow or absent SMTP server delays reminders, never an answer. Nothing here throws: a failure is
 * logged and the next pass tries again. The clock is `now`, passed in.
 */
export interface SenderOptions {
  db: Kysely<Database>;
  channels: readonly ReminderChannel[];
  /** REMINDER_HOURS, largest first. */
  hours: readonly number[];
  checkMs: number;
  now: () => Date;
  /** Who this process is, in the lease row (host, pid and a random part unless given). */
  holder?: string;
  log?: (line: string) => void;
  warn?: (line: string) => void;
}

export interface ReminderSender {
  /** One pass now, after the one under way if any (tests drive the sender with it). */
  runOnce(): Promise<void>;
  /** Stops the passes, waits for the one under way, lets go of the lease and closes the channels. */
  stop(): Promise<void>;
}

export const LEASE_NAME = "recordatorios";
/** Claims delivered per batch: the batch's details are read in three queries. */
const BATCH = 100;
/** How often the sender deletes old claims (data/reminders/claims.server.ts's forgetOldClaims). */
const FORGET_EVERY_MS = 3_600_000;
/** Deliveries in flight at once (the e-mail channel's pool has a few connections). */
const IN_FLIGHT = 8;

/** What one pass did, for its log line. */
interface Tally {
  claimed: number;
  sent: Map<string, number>;
  dropped: number;
  failed: Map<string, { count: number; first: string; retryMs: number | null }>;
}

const newTally = (): Tally => ({ claimed: 0, sent: new Map(), dropped: 0, failed: new Map() });

/** An error as one line, without the unsubscribe tokens or links a message may carry. */
export function describeFailure(error: unknown): string {
  const failure = error as { message?: unknown; code?: unknown; responseCode?: unknown };
  const parts = [String(failure?.message ?? error)];
  if (failure?.code) parts.push(`código ${String(failure.code)}`);
  if (failure?.responseCode) parts.push(`respuesta ${String(failure.responseCode)}`);
  return parts
    .join(", ")
    .replace(/token=[\w.%-]+/g, "token=[oculto]")
    .replace(/[\r\n]+/g, " ")
    .slice(0, 300);
}

/** Runs `work` on each item with at most `limit` at once. */
async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

interface BatchContext {
  channels: ReadonlyMap<string, ReminderChannel>;
  details: ReminderDetails;
  now: Date;
  checkMs: number;
  /** Channels found down in this batch, with why: their other claims wait for the retry. */
  down: Map<string, unknown>;
}

function failed(claim: TakenClaim, error: unknown, context: BatchContext, permanent: boolean): ClaimOutcome {
  const retry = !permanent && claim.attempts < MAX_ATTEMPTS;
  const retryAt = retry ? new Date(context.now.getTime() + retryDelayMs(claim.attempts, context.checkMs)) : null;
  return { id: claim.id, status: "failed", error: describeFailure(error), retryAt };
}

/** Delivers one claimed reminder, or says why not. */
async function deliverOne(claim: TakenClaim, context: BatchContext): Promise<ClaimOutcome> {
  const channel = context.channels.get(claim.channel);
  if (!channel) return { id: claim.id, status: "dropped", reason: "canal no configurado" };
  const recipient = context.details.recipients.get(claim.userId);
  const content = context.details.contents.get(detailKey(claim.userId, claim.phaseId));
  if (!recipient || !content) return { id: claim.id, status: "dropped", reason: "nada que recordar" };
  if (context.down.has(channel.name)) return failed(claim, context.down.get(channel.name), context, false);
  try {
    const result = await channel.deliver({ recipient, content, phaseId: claim.phaseId, now: context.now });
    if (result === "unreachable") return { id: claim.id, status: "dropped", reason: "el jugador ya no lo recibe" };
    return { id: claim.id, status: "sent" };
  } catch (error) {
    if (channel.isOutage(error)) context.down.set(channel.name, error);
    return failed(claim, error, context, channel.isPermanent(error));
  }
}

function count(tally: Tally, claims: readonly TakenClaim[], outcomes: readonly ClaimOutcome[], context: BatchContext) {
  outcomes.forEach((outcome, i) => {
    const channel = claims[i]!.channel;
    if (outcome.status === "sent") tally.sent.set(channel, (tally.sent.get(channel) ?? 0) + 1);
    else if (outcome.status === "dropped") tally.dropped++;
    else {
      const seen = tally.failed.get(channel);
      const retryMs = outcome.retryAt ? outcome.retryAt.getTime() - context.now.getTime() : null;
      if (seen) seen.count++;
      else tally.failed.set(channel, { count: 1, first: outcome.error, retryMs });
    }
  });
}

function report(tally: Tally, log: (line: string) => void, warn: (line: string) => void) {
  const sent = [...tally.sent].map(([channel, n]) => `${n} por ${channel}`);
  if (tally.claimed > 0 || sent.length > 0) {
    const claimed = `${tally.claimed} ${tally.claimed === 1 ? "nuevo" : "nuevos"}`;
    log(`Recordatorios: ${claimed}; enviados ${sent.length > 0 ? sent.join(", ") : "0"}`);
  }
  for (const [channel, { count: n, first, retryMs }] of tally.failed) {
    const when = retryMs === null ? "" : `; se reintentan en ${Math.ceil(retryMs / 1000)} s`;
    warn(`Recordatorios por ${channel}: ${n} sin enviar (${first})${when}`);
  }
}

/** `work` run at most once every `everyMs` of the clock it is given. */
function atMostEvery(everyMs: number, work: (at: Date) => Promise<unknown>): (at: Date) => Promise<void> {
  let last = Number.NEGATIVE_INFINITY;
  return async (at) => {
    if (at.getTime() - last < everyMs) return;
    last = at.getTime();
    await work(at);
  };
}

export function startReminderSender(options: SenderOptions): ReminderSender {
  const { db, hours, checkMs, now } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const warn = options.warn ?? ((line: string) => console.error(line));
  const holder = options.holder ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  const channels = new Map(options.channels.map((channel) => [channel.name, channel]));
  const pollMs = Math.min(checkMs, 5_000);
  // Renewed at every pass: a holder gone quiet for three checks is taken over.
  const ttlMs = Math.max(3 * checkMs, 3_000);
  let lastCheck = Number.NEGATIVE_INFINITY;
  const forget = atMostEvery(FORGET_EVERY_MS, (at) => forgetOldClaims(db, at));
  let stopped = false;
  let failing = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pass: Promise<void> = Promise.resolve();

  const holdsLease = () => holdLease(db, { name: LEASE_NAME, holder, now: now(), ttlMs });

  const deliverBatch = async (tally: Tally): Promise<boolean> => {
    const claims = await takeDueClaims(db, now(), BATCH);
    if (claims.length === 0) return false;
    const at = now();
    const context: BatchContext = {
      channels,
      details: await reminderDetails(db, claims, at),
      now: at,
      checkMs,
      down: new Map(),
    };
    const outcomes: ClaimOutcome[] = new Array(claims.length);
    await eachAtMost(
      claims.map((claim, i) => [claim, i] as const),
      IN_FLIGHT,
      async ([claim, i]) => {
        outcomes[i] = await deliverOne(claim, context);
      },
    );
    await settleClaims(db, outcomes, now());
    count(tally, claims, outcomes, context);
    return claims.length === BATCH;
  };

  const runPass = async () => {
    const tally = newTally();
    try {
      if (!(await holdsLease())) return;
      const at = now();
      if (at.getTime() - lastCheck >= checkMs) {
        lastCheck = at.getTime();
        tally.claimed = await claimDueReminders(db, { hours, channels: options.channels, now: at });
        // Old claims of phases with nothing open, once an hour at most: a scan of the table.
        await forget(at);
      }
      // A full batch means more may wait: on to the next, while this process still holds the lease.
      while (!stopped && (await deliverBatch(tally)) && (await holdsLease()));
      if (failing) log("Recordatorios: el envío funciona de nuevo");
      failing = false;
    } catch (error) {
      // The database away (a restart, a failover): said once, tried again at the next pass.
      if (!failing) warn(`Recordatorios: no se pudo revisar ni enviar (${describeFailure(error)}); se reintenta`);
      failing = true;
    } finally {
      report(tally, log, warn);
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      pass = pass.then(runPass).finally(schedule);
    }, pollMs);
    timer.unref();
  };

  // The first pass at once: what came due while the app was down goes out now (while its kickoff is ahead).
  pass = runPass().finally(schedule);

  return {
    runOnce() {
      pass = pass.then(runPass);
      return pass;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
      await releaseLease(db, LEASE_NAME, holder).catch(() => {});
      for (const channel of options.channels) channel.close();
    },
  };
}
