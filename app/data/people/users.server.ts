import crypto from "node:crypto";
import { type Kysely, sql } from "kysely";
import { lockMatches } from "#app/data/seasons/matches.server";
import { dropFromPositions, lockPositionsOf } from "#app/data/standings/positions-upkeep.server";
import type { Database } from "#app/data/engine/schema";
import { type Actor, logChange, logChanges } from "#app/data/changes/change-log.server";

/** The account whose e-mail is ADMIN_EMAIL is admin; called at every start. */
export async function promoteAdminEmail(db: Kysely<Database>, adminEmail: string | undefined): Promise<void> {
  if (!adminEmail) return;
  await db.updateTable("users").set({ role: "admin" }).where("email", "=", adminEmail).execute();
}

/** Whether anyone can run the app: an admin account exists (checked at start, runtime.server.ts). */
export async function hasAdmin(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "admin")
    .where("deleted_at", "is", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many people have an account (deleted players' rows left out): the /admin checklist. */
export async function countPlayers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface UserSummary {
  id: string;
  name: string;
  displayName: string;
  email: string;
  role: "user" | "admin";
  image: string | null;
  avatarColor: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** Every pick of theirs, in every season. */
  predictions: number;
  /** Their picks in the seasons not finished: what 'Eliminar Predicciones' deletes. */
  deletablePredictions: number;
  /** The names of those seasons, oldest first. */
  deletableSeasons: string[];
}

/** The matches of the seasons not finished: the reach of 'Eliminar Predicciones' (finished seasons are read-only). */
function openSeasonMatches(db: Kysely<Database>) {
  return db
    .selectFrom("matches as om")
    .innerJoin("phases as op", "op.id", "om.phase_id")
    .innerJoin("seasons as os", "os.id", "op.season_id")
    .select("om.id")
    .where("os.finished_at", "is", null);
}

/** Per user, their picks within openSeasonMatches by season: what the dialog of 'Eliminar Predicciones' says. */
async function deletableBySeason(db: Kysely<Database>): Promise<Map<string, { count: number; seasons: string[] }>> {
  const rows = await db
    .selectFrom("predictions as pr")
    .innerJoin("matches as m", "m.id", "pr.match_id")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .innerJoin("seasons as s", "s.id", "p.season_id")
    // The very matches deletePredictionsOfUser deletes from: the dialog counts what the deed does.
    .where("pr.match_id", "in", openSeasonMatches(db))
    .select((eb) => ["pr.user_id", "s.id", "s.name", eb.fn.countAll<number>().as("n")])
    .groupBy(["pr.user_id", "s.id", "s.name"])
    .orderBy("s.id")
    .execute();
  const byUser = new Map<string, { count: number; seasons: string[] }>();
  for (const row of rows) {
    const mine = byUser.get(row.user_id) ?? { count: 0, seasons: [] };
    mine.count += Number(row.n);
    mine.seasons.push(row.name);
    byUser.set(row.user_id, mine);
  }
  return byUser;
}

/** Every account with its prediction counts, newest first (the users admin table). */
export async function listUsers(db: Kysely<Database>): Promise<UserSummary[]> {
  const [rows, deletable] = await Promise.all([
    db
      .selectFrom("users as u")
      .where("u.deleted_at", "is", null)
      .leftJoin(
        db
          .selectFrom("predictions")
          .select(["user_id", (eb) => eb.fn.countAll<number>().as("n")])
          .groupBy("user_id")
          .as("p"),
        "p.user_id",
        "u.id",
      )
      .select(["u.id", "u.name", "u.display_name", "u.email", "u.role", "u.image", "u.avatar_color", "u.created_at", "p.n"])
      .orderBy("u.created_at", "desc")
      .execute(),
    deletableBySeason(db),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    displayName: row.display_name || row.name,
    email: row.email,
    role: row.role === "admin" ? "admin" : "user",
    image: row.image,
    avatarColor: row.avatar_color,
    createdAt: new Date(row.created_at).toISOString(),
    predictions: Number(row.n ?? 0),
    deletablePredictions: deletable.get(row.id)?.count ?? 0,
    deletableSeasons: deletable.get(row.id)?.seasons ?? [],
  }));
}

export type UserChangeRefusal = "not-found" | "email-taken" | "last-admin";

/**
 * Whether this user is the only admin. The admins' rows are locked (PostgreSQL; SQLite writes one
 * transaction at a time): two admins stepping down at once would each see the other still there,
 * and leave none.
 */
async function isLastAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
  const admins = await db.selectFrom("users").select("id").where("role", "=", "admin").orderBy("id").forUpdate().execute();
  return admins.length === 1 && admins[0]?.id === userId;
}

/** Name, nickname, e-mail and role; the only admin cannot give up the role. */
export async function updateUser(
  db: Kysely<Database>,
  userId: string,
  changes: { name: string; displayName: string | null; email: string; role: "user" | "admin" },
): Promise<UserChangeRefusal | null> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select(["role", "deleted_at"]).where("id", "=", userId).executeTakeFirst();
    // A deleted player's row is nobody's account: an e-mail given to it would open a way back in.
    if (!user || user.deleted_at !== null) return "not-found";
    if (changes.role !== "admin" && user.role === "admin" && (await isLastAdmin(trx, userId))) return "last-admin";
    const taken = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", changes.email)
      .where("id", "<>", userId)
      .executeTakeFirst();
    if (taken) return "email-taken";
    await trx
      .updateTable("users")
      .set({
        name: changes.name,
        display_name: changes.displayName,
        email: changes.email,
        role: changes.role,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", userId)
      .execute();
    return null;
  });
}

/** The name a deleted player's rows show in the finished seasons they played (decision 019). */
export const DELETED_PLAYER_NAME = "Jugador eliminado";

/**
 * Deletes the account: its sessions, credentials, reset links, and its rows in every season not
 * finished (predictions, standings, memberships, owned pools) go. What finished seasons show of
 * them stays, moved to a row of its own named DELETED_PLAYER_NAME with no e-mail that reaches
 * anyone: their tables, champions and other people's pools read as they did (decision 019).
 * The only admin cannot be deleted; a deleted player's row cannot be deleted (not-found).
 */
export async function deleteUser(
  db: Kysely<Database>,
  userId: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<UserChangeRefusal | null> {
  return db.transaction().execute(async (trx) => {
    // The matches first, as a result being saved takes them (then the users its standings rows
    // name): the other way round, deleting an admin while a result is saved could deadlock.
    await lockPickedMatches(trx, userId);
    // Then the seasons' stored positions, as a result being saved takes them after its matches.
    await lockPositionsOf(trx, openPhases(trx));
    if (await isLastAdmin(trx, userId)) return "last-admin";
    const user = await trx
      .selectFrom("users")
      .select(["deleted_at", "name", "display_name"])
      .where("id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    // Deleting that row would take the finished seasons' rows with it.
    if (!user || user.deleted_at !== null) return "not-found";
    const name = user.display_name?.trim() || user.name;
    const picks = await trx
      .selectFrom("predictions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    await logChange(
      trx,
      actor,
      { kind: "user-deleted", seasonId: null, subject: name, player: { id: userId, name }, before: { predictions: Number(picks.n) } },
      now,
    );
    // Their picks of the seasons not finished go with the account: those tables change.
    await logPicksDeleted(trx, userId, actor, now);
    await dropFromPositions(trx, userId, openPhases(trx));
    await keepFinishedRows(trx, userId, now);
    // Foreign keys cascade: whatever was not kept goes with the account.
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    // Reset links name the account by id, outside any foreign key.
    await trx.deleteFrom("verifications").where("value", "=", userId).execute();
    return null;
  });
}

/**
 * Moves the user's rows in finished seasons (predictions, standings, memberships and owned pools)
 * to a new deleted player's row, when there is any; the account's own row, and everything still
 * pointing at it, is then deleted. A new row rather than the old one emptied: a write under way
 * for the account (a pick saved by a session not yet ended) then fails on its foreign key, as it
 * did when the account simply went, instead of landing on the deleted player.
 */
async function keepFinishedRows(trx: Kysely<Database>, userId: string, now: Date): Promise<void> {
  // Read once, so every statement below agrees on which seasons are finished.
  const seasons = (await trx.selectFrom("seasons").select("id").where("finished_at", "is not", null).execute()).map((row) => row.id);
  if (seasons.length === 0) return;
  const phases = trx.selectFrom("phases").select("id").where("season_id", "in", seasons);
  const matches = trx.selectFrom("matches").select("id").where("phase_id", "in", phases);
  const pools = trx.selectFrom("quinielas").select("id").where("season_id", "in", seasons);
  const { kept } = await trx
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(eb.selectFrom("standings_total").select("user_id").where("user_id", "=", userId).where("season_id", "in", seasons)),
          eb.exists(eb.selectFrom("standings_phase").select("user_id").where("user_id", "=", userId).where("phase_id", "in", phases)),
          eb.exists(eb.selectFrom("predictions").select("id").where("user_id", "=", userId).where("match_id", "in", matches)),
          eb.exists(eb.selectFrom("quinielas").select("id").where("owner_id", "=", userId).where("season_id", "in", seasons)),
          eb.exists(eb.selectFrom("quiniela_participants").select("user_id").where("user_id", "=", userId).where("quiniela_id", "in", pools)),
        ])
        .as("kept"),
    )
    .executeTakeFirstOrThrow();
  // Nothing finished names them: the account goes whole.
  if (!kept) return;
  const id = crypto.randomBytes(16).toString("hex");
  const stamp = now.toISOString();
  await trx
    .insertInto("users")
    .values({
      id,
      name: DELETED_PLAYER_NAME,
      // Unique, as the column wants, and in the reserved .invalid domain: no mail reaches it,
      // and the sign-in form does not take it.
      email: `eliminado-${id}@invalid`,
      // `false` is a boolean on PostgreSQL and 0 on SQLite, as each engine's column is.
      email_verified: sql.lit(false),
      image: null,
      role: "user",
      display_name: null,
      avatar_color: "blue",
      created_at: stamp,
      updated_at: stamp,
      deleted_at: stamp,
    })
    .execute();
  await trx.updateTable("predictions").set({ user_id: id }).where("user_id", "=", userId).where("match_id", "in", matches).execute();
  await trx.updateTable("standings_phase").set({ user_id: id }).where("user_id", "=", userId).where("phase_id", "in", phases).execute();
  await trx.updateTable("standings_total").set({ user_id: id }).where("user_id", "=", userId).where("season_id", "in", seasons).execute();
  await trx
    .updateTable("standings_after_phase")
    .set({ user_id: id })
    .where("user_id", "=", userId)
    .where("phase_id", "in", phases)
    .execute();
  await trx.updateTable("quinielas").set({ owner_id: id }).where("owner_id", "=", userId).where("season_id", "in", seasons).execute();
  await trx
    .updateTable("quiniela_participants")
    .set({ user_id: id })
    .where("user_id", "=", userId)
    .where("quiniela_id", "in", pools)
    .execute();
}

/** Whether this id is a deleted player's row (decision 019): Better Auth gives it no credentials and no session. */
export async function isDeletedPlayer(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("deleted_at").where("id", "=", userId).executeTakeFirst();
  return row?.deleted_at != null;
}

/** The phases of the seasons not finished. */
function openPhases(trx: Kysely<Database>) {
  return trx
    .selectFrom("phases")
    .select("id")
    .where("season_id", "in", trx.selectFrom("seasons").select("id").where("finished_at", "is", null));
}

/**
 * 'Eliminar Predicciones': the user's picks and their standings rows in the seasons not finished
 * (the count its dialog shows: `deletablePredictions`). Nobody else's points change (a knockout
 * bonus lives on the user's own prediction).
 */
export async function deletePredictionsOfUser(
  db: Kysely<Database>,
  userId: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockPickedMatches(trx, userId);
    await lockPositionsOf(trx, openPhases(trx));
    await logPicksDeleted(trx, userId, actor, now);
    // Finished seasons are read-only: their picks and tables stay as they were.
    const openSeasons = trx.selectFrom("seasons").select("id").where("finished_at", "is", null);
    const deleted = await trx
      .deleteFrom("predictions")
      .where("user_id", "=", userId)
      .where("match_id", "in", openSeasonMatches(trx))
      .executeTakeFirst();
    await dropFromPositions(trx, userId, openPhases(trx));
    await trx.deleteFrom("standings_phase").where("user_id", "=", userId).where("phase_id", "in", openPhases(trx)).execute();
    await trx.deleteFrom("standings_total").where("user_id", "=", userId).where("season_id", "in", openSeasons).execute();
    return Number(deleted.numDeletedRows);
  });
}

/** 'Pronósticos eliminados' in the log: one entry per season not finished where the user had picks. */
async function logPicksDeleted(trx: Kysely<Database>, userId: string, actor: Actor, now: Date): Promise<void> {
  const user = await trx.selectFrom("users").select(["name", "display_name"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return;
  const name = user.display_name?.trim() || user.name;
  const seasons = await trx
    .selectFrom("predictions as pr")
    .innerJoin("matches as m", "m.id", "pr.match_id")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .innerJoin("seasons as s", "s.id", "p.season_id")
    .select((eb) => ["s.id", "s.name", eb.fn.countAll<number>().as("n")])
    .where("pr.user_id", "=", userId)
    .where("s.finished_at", "is", null)
    .groupBy(["s.id", "s.name"])
    .orderBy("s.id")
    .execute();
  await logChanges(
    trx,
    actor,
    seasons.map((season) => ({
      kind: "predictions-deleted" as const,
      seasonId: season.id,
      subject: season.name,
      player: { id: userId, name },
      before: { predictions: Number(season.n) },
      after: { predictions: 0 },
    })),
    now,
  );
}

/**
 * Locks the matches of the user's picks in the seasons still open, as every write that acts on a
 * match's picks does (`lockMatches`, in id order). A result being saved for one of them is waited
 * for, and one saved after reads the picks without this user's: otherwise it could write back
 * the standings row of picks just deleted (PostgreSQL; SQLite writes one transaction at a time).
 */
async function lockPickedMatches(trx: Kysely<Database>, userId: string): Promise<void> {
  const picked = await trx
    .selectFrom("predictions as p")
    .innerJoin("matches as m", "m.id", "p.match_id")
    .innerJoin("phases as ph", "ph.id", "m.phase_id")
    .innerJoin("seasons as s", "s.id", "ph.season_id")
    .select("m.id")
    .where("p.user_id", "=", userId)
    .where("s.finished_at", "is", null)
    .execute();
  if (picked.length > 0) await lockMatches(trx, { ids: picked.map((row) => row.id) });
}

/** Whether an account already has this e-mail (stored lower-case). */
export async function emailInUse(db: Kysely<Database>, email: string): Promise<boolean> {
  return (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()) !== undefined;
}

/** The account's e-mail, for an access link; none for a deleted player's row. */
export async function findUserEmail(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom("users").select("email").where("id", "=", userId).where("deleted_at", "is", null).executeTakeFirst();
  return row?.email;
}
