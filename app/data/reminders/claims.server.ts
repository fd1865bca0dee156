import type { Kysely } from "kysely";

import { chunked } from "#app/data/engine/chunks";
import type { Database } from "#app/data/engine/schema";
import {
  dueThreshold,
  firstKickoff,
  missingMatches,
  timedOccasion,
} from "#app/domain/reminders/reminder-rules";

import { currentOpenMatches, picksOf, type OpenMatch } from "./open-matches.server";

/**
 * Reminders claimed before they are sent (migration 0009). A claim is a row whose unique key
 * (player, phase, occasion, channel) lets one insert in: whichever process, instance or restart
 * finds the same reminder due again inserts nothing (ON CONFLICT DO NOTHING, the same on SQLite
 * and PostgreSQL), so it is sent once. Its row then follows the delivery: 'pending' (waiting for
 * its next attempt), 'sending', 'sent', 'failed' (given up after its retries) or 'dropped'
 * (nothing left to remind: the picks are in, the matches locked, the switch off). A claim that a
 * sender stopped dead (kill -9) left 'sending' is not tried again: it may have gone out, and a
 * reminder goes out once or not at all.
 */

/** A channel as the claims see it: its name and whom it reaches (the e-mail switch on, a device subscribed…). */
export interface ChannelAudience {
  name: string;
  audience(db: Kysely<Database>): Promise<ReadonlySet<string>>;
}

export interface NewClaim {
  userId: string;
  phaseId: number;
  occasion: string;
  channel: string;
}

const claimKey = (claim: NewClaim) => `${claim.userId}|${claim.phaseId}|${claim.occasion}|${claim.channel}`;

/** Inserts the claims that are not there yet, due at once; how many went in (the caller's to send). */
export async function insertClaims(db: Kysely<Database>, claims: readonly NewClaim[], now: Date): Promise<number> {
  const stamp = now.toISOString();
  let inserted = 0;
  for (const chunk of chunked(claims, 500)) {
    const rows = await db
      .insertInto("reminder_claims")
      .values(
        chunk.map((claim) => ({
          user_id: claim.userId,
          phase_id: claim.phaseId,
          occasion: claim.occasion,
          channel: claim.channel,
          next_attempt_at: stamp,
          created_at: stamp,
        })),
      )
      .onConflict((conflict) => conflict.columns(["user_id", "phase_id", "occasion", "channel"]).doNothing())
      .returning("id")
      .execute();
    inserted += rows.length;
  }
  return inserted;
}

/** The claims already made for these phases and occasions (whatever became of them). */
async function claimedKeys(db: Kysely<Database>, phaseIds: readonly number[], occasions: readonly string[]) {
  const rows = await db
    .selectFrom("reminder_claims")
    .select(["user_id", "phase_id", "occasion", "channel"])
    .where("phase_id", "in", phaseIds)
    .where("occasion", "in", occasions)
    .execute();
  return new Set(
    rows.map((row) => claimKey({ userId: row.user_id, phaseId: row.phase_id, occasion: row.occasion, channel: row.channel })),
  );
}

/** Every player any channel reaches, with the channels that reach them. */
async function reachedPlayers(db: Kysely<Database>, channels: readonly ChannelAudience[]) {
  const audiences = await Promise.all(channels.map(async (channel) => [channel.name, await channel.audience(db)] as const));
  const players = new Map<string, string[]>();
  for (const [name, audience] of audiences) {
    for (const userId of audience) players.set(userId, [...(players.get(userId) ?? []), name]);
  }
  return players;
}

/**
 * Players missing picks of these phases' open matches, among those the channels reach, and the
 * occasion each is due for (`occasionFor` their missing matches, or null).
 */
async function dueClaims(
  db: Kysely<Database>,
  phases: readonly (readonly [phaseId: number, open: readonly OpenMatch[]])[],
  channels: readonly ChannelAudience[],
  occasionFor: (missing: readonly OpenMatch[]) => string | null,
): Promise<{ claims: NewClaim[]; players: number }> {
  const players = await reachedPlayers(db, channels);
  const picks = await picksOf(
    db,
    phases.flatMap(([, open]) => open.map((match) => match.id)),
  );
  const claims: NewClaim[] = [];
  const reminded = new Set<string>();
  const none = new Set<number>();
  for (const [phaseId, open] of phases) {
    for (const [userId, names] of players) {
      const occasion = occasionFor(missingMatches(open, picks.get(userId) ?? none));
      if (occasion === null) continue;
      reminded.add(userId);
      for (const channel of names) claims.push({ userId, phaseId, occasion, channel });
    }
  }
  return { claims, players: reminded.size };
}

/**
 * The timed reminders due now (domain/reminders `dueThreshold`), claimed: for each phase of the
 * current season whose first open kickoff is within the largest of `hours`, every player a
 * channel reaches who misses picks there. Returns how many claims went in. Cheap when nothing is
 * near: one read of the season's open matches.
 */
export async function claimDueReminders(
  db: Kysely<Database>,
  { hours, channels, now }: { hours: readonly number[]; channels: readonly ChannelAudience[]; now: Date },
): Promise<number> {
  if (channels.length === 0 || hours.length === 0) return 0;
  const open = await currentOpenMatches(db, now);
  if (!open) return 0;
  const horizon = now.getTime() + Math.max(...hours) * 3_600_000;
  const near = [...open.byPhase].filter(([, matches]) => {
    const first = firstKickoff(matches);
    return first !== null && Date.parse(first) < horizon;
  });
  if (near.length === 0) return 0;
  const { claims } = await dueClaims(db, near, channels, (missing) => {
    const threshold = dueThreshold(missing, hours, now);
    return threshold === null ? null : timedOccasion(threshold);
  });
  if (claims.length === 0) return 0;
  const already = await claimedKeys(
    db,
    near.map(([phaseId]) => phaseId),
    [...new Set(claims.map((claim) => claim.occasion))],
  );
  return insertClaims(
    db,
    claims.filter((claim) => !already.has(claimKey(claim))),
    now,
  );
}

/** Claims of these phases' open matches for everyone missing picks there, on every channel that reaches them. */
export async function missingPlayersClaims(
  db: Kysely<Database>,
  phases: readonly (readonly [phaseId: number, open: readonly OpenMatch[]])[],
  channels: readonly ChannelAudience[],
  occasion: string,
): Promise<{ claims: NewClaim[]; players: number }> {
  return dueClaims(db, phases, channels, (missing) => (missing.length > 0 ? occasion : null));
}

/** A claim taken for delivery. */
export interface TakenClaim {
  id: number;
  userId: string;
  phaseId: number;
  occasion: string;
  channel: string;
  /** Deliveries tried, this one included. */
  attempts: number;
}

/**
 * Takes up to `limit` claims whose next attempt is due (oldest first) for delivery: they become
 * 'sending', with one more attempt counted. Only the sender (the lease's holder) takes claims.
 */
export async function takeDueClaims(db: Kysely<Database>, now: Date, limit: number): Promise<TakenClaim[]> {
  const due = await db
    .selectFrom("reminder_claims")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  const rows = await db
    .updateTable("reminder_claims")
    .set((eb) => ({ status: "sending", attempts: eb("attempts", "+", 1) }))
    .where(
      "id",
      "in",
      due.map((row) => row.id),
    )
    .where("status", "=", "pending")
    .returning(["id", "user_id", "phase_id", "occasion", "channel", "attempts"])
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      userId: row.user_id,
      phaseId: row.phase_id,
      occasion: row.occasion,
      channel: row.channel,
      attempts: row.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

/** How a delivery ended: sent, nothing left to send, or failed (retried at `retryAt`, else given up). */
export type ClaimOutcome =
  | { id: number; status: "sent" }
  | { id: number; status: "dropped"; reason: string }
  | { id: number; status: "failed"; error: string; retryAt: Date | null };

/** Records the outcomes of a batch of deliveries: one statement per kind of outcome, not per claim. */
export async function settleClaims(db: Kysely<Database>, outcomes: readonly ClaimOutcome[], now: Date): Promise<void> {
  const groups = new Map<string, { ids: number[]; set: Record<string, string | null> }>();
  for (const outcome of outcomes) {
    let set: Record<string, string | null>;
    if (outcome.status === "sent") set = { status: "sent", sent_at: now.toISOString() };
    else if (outcome.status === "dropped") set = { status: "dropped", last_error: outcome.reason };
    else if (outcome.retryAt) set = { status: "pending", last_error: outcome.error, next_attempt_at: outcome.retryAt.toISOString() };
    else set = { status: "failed", last_error: outcome.error };
    const key = JSON.stringify(set);
    const group = groups.get(key) ?? { ids: [], set };
    group.ids.push(outcome.id);
    groups.set(key, group);
  }
  for (const { ids, set } of groups.values()) {
    for (const chunk of chunked(ids, 500)) {
      await db.updateTable("reminder_claims").set(set).where("id", "in", chunk).execute();
    }
  }
}

/** How long a claim is kept once its phase has nothing open for picks. */
export const CLAIM_KEPT_MS = 7 * 24 * 3_600_000;
/** Claims deleted per statement, and statements per call: the sender's pass stays short. */
const FORGET_BATCH = 500;
const FORGET_BATCHES = 10;

/**
 * Deletes old claims, in bounded batches: those made more than CLAIM_KEPT_MS ago whose phase has
 * nothing open for picks any more (every match played, locked or its jornada activated, or a
 * season no longer current or finished). A claim of a phase still open stays whatever its age:
 * it is what keeps its reminder from going out twice. How many went; a call leaves the rest (at
 * most FORGET_BATCH × FORGET_BATCHES a call) to the next.
 */
export async function forgetOldClaims(db: Kysely<Database>, now: Date): Promise<number> {
  const open = await currentOpenMatches(db, now);
  const openPhases = open ? [...open.byPhase.keys()] : [];
  const before = new Date(now.getTime() - CLAIM_KEPT_MS).toISOString();
  let forgotten = 0;
  for (let batch = 0; batch < FORGET_BATCHES; batch++) {
    let query = db.selectFrom("reminder_claims").select("id").where("created_at", "<", before);
    if (openPhases.length > 0) query = query.where("phase_id", "not in", openPhases);
    const ids = (await query.orderBy("id").limit(FORGET_BATCH).execute()).map((row) => row.id);
    if (ids.length === 0) break;
    await db.deleteFrom("reminder_claims").where("id", "in", ids).execute();
    forgotten += ids.length;
    if (ids.length < FORGET_BATCH) break;
  }
  return forgotten;
}
