import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * The database as the code expects it (see migrations/). Conventions, the same on both engines
 * (docs/decisions/002-portable-column-types.md):
 * - app timestamps are ISO-8601 UTC text; flags are integers 0/1;
 * - Better Auth's own columns use the engine's native types, as its adapter expects.
 */

/** Written as a Date, read back as a Date (PostgreSQL) or an ISO string (SQLite). */
type AuthTimestamp = ColumnType<Date | string, Date | string, Date | string>;
type AuthBoolean = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: AuthBoolean;
  image: string | null;
  role: Generated<"user" | "admin">;
  display_name: string | null;
  avatar_color: Generated<string>;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
  /**
   * Set on the row that stands for a deleted player in finished seasons (ISO UTC): nobody signs
   * in as it, and the lists of people leave it out (decision 019).
   */
  deleted_at: Generated<string | null>;
  /** The profile's switch 'Recordatorios por correo' (1 unless the player turned it off). */
  email_reminders: Generated<0 | 1>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: AuthTimestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthTimestamp | null;
  refresh_token_expires_at: AuthTimestamp | null;
  scope: string | null;
  password: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthTimestamp;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface CompetitionsTable {
  id: Generated<number>;
  name: string;
}

/** A season of a competition, with its rules (domain/game/season-rules.ts). */
export interface SeasonsTable {
  id: Generated<number>;
  competition_id: number;
  name: string;
  time_zone: string;
  /** Exactly one season is current (a partial unique index keeps at most one). */
  is_current: Generated<0 | 1>;
  /** When the admin finished it (ISO UTC): read-only until reopened. */
  finished_at: string | null;
  points_exact: Generated<number>;
  points_outcome: Generated<number>;
  two_leg_bonus: Generated<0 | 1>;
  knockout_score: Generated<"90" | "tiempo_extra">;
  editable_picks: Generated<0 | 1>;
  created_at: string;
}

export interface SeasonTeamsTable {
  season_id: number;
  team_id: number;
}

export interface TeamsTable {
  id: Generated<number>;
  competition_id: number;
  name: string;
  short_code: string;
  primary_color: string;
  secondary_color: string;
  logo_url: string | null;
}

export interface PhasesTable {
  id: Generated<number>;
  season_id: number;
  name: string;
  position: number;
  activated_at: string | null;
}

export interface MatchesTable {
  id: Generated<number>;
  phase_id: number;
  home_team_id: number | null;
  away_team_id: number | null;
  kickoff_at: string | null;
  home_score: number | null;
  away_score: number | null;
  active: Generated<0 | 1>;
  is_first_leg: 0 | 1 | null;
  /** 'Grupo A' in a World Cup's group stage. */
  group_name: string | null;
  /** After extra time, when it was played (the 90-minute score stays in home_score/away_score). */
  home_score_extra_time: number | null;
  away_score_extra_time: number | null;
  /** The shoot-out, when there was one. */
  home_penalties: number | null;
  away_penalties: number | null;
  created_at: string;
  updated_at: string;
  /** How many times the kickoff changed: a trigger counts it (migration 0009), the calendar's SEQUENCE. */
  kickoff_sequence: Generated<number>;
}

export interface PredictionsTable {
  id: Generated<number>;
  user_id: string;
  match_id: number;
  home_score: number;
  away_score: number;
  activated: Generated<0 | 1>;
  /** Null while the match has no result (see domain/game/scoring.ts). */
  points: number | null;
  /** The knockout bonus, kept on the second leg's prediction. */
  bonus: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** How many picks of a revealed match got one score (migration 0014; emptied by a trigger on predictions). */
export interface PickCountsTable {
  match_id: number;
  home_goals: number;
  away_goals: number;
  picks: number;
}

export interface StandingsRow {
  user_id: string;
  points: number;
  exact_hits: number;
  outcome_hits: number;
}

export interface StandingsPhaseTable extends StandingsRow {
  phase_id: number;
}

export interface StandingsTotalTable extends StandingsRow {
  season_id: number;
}

/** The season's table as it stood when a completed phase ended: cumulative tallies and places (0012). */
export interface StandingsAfterPhaseTable extends StandingsRow {
  phase_id: number;
  /** 1 + the players strictly ahead then (1, 2, 2, 4). */
  place: number;
}

export interface PoolsTable {
  id: Generated<number>;
  season_id: number;
  name: string;
  owner_id: string;
  invite_code: string;
  created_at: string;
  updated_at: string;
}

export interface PoolMatchesTable {
  quiniela_id: number;
  match_id: number;
}

export interface PoolParticipantsTable {
  quiniela_id: number;
  user_id: string;
  joined_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_started_at: number;
  hits: number;
}

export interface AllowedEmailsTable {
  email: string;
  nickname: string | null;
  created_at: string;
}

/** The install's VAPID key pair (migration 0008): one row, id 1. Base64url. */
export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: string;
}

/** A device with notifications on (migration 0008): its push service's endpoint and keys. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: string;
  /** The session that turned it on: signing out ends it. */
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A player's calendar feed, once renewed: the address is a keyed hash of the user and `renewals`. */
export interface CalendarFeedsTable {
  user_id: string;
  renewals: Generated<number>;
  renewed_at: string;
}

/** 'Recordar a los que faltan': one row per manual reminder (at most one an hour per phase). */
export interface ManualRemindersTable {
  id: Generated<number>;
  phase_id: number;
  /** The admin who sent it (null once their account is deleted). */
  sent_by: string | null;
  /** Players it reached. */
  players: number;
  created_at: string;
}

/** Where a claimed reminder stands (data/reminders/claims.server.ts). */
export type ClaimStatus = "pending" | "sending" | "sent" | "failed" | "dropped";

/**
 * One reminder to one player on one channel, claimed before it is sent: unique per player,
 * phase, occasion ('24', '2': hours before the first kickoff; 'manual-<id>') and channel.
 */
export interface ReminderClaimsTable {
  id: Generated<number>;
  user_id: string;
  phase_id: number;
  occasion: string;
  channel: string;
  status: Generated<ClaimStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Which process of which instance does a job alone ('recordatorios'), until `expires_at` unless renewed. */
export interface SenderLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** 'Bitácora': one row per change that moves points or picks; append-only (migration 0013). */
export interface ChangeLogTable {
  id: Generated<number>;
  /** ISO-8601 UTC, the server's clock. */
  created_at: string;
  /** A `ChangeKind` (domain/change-log.ts). */
  kind: string;
  /** The season it belongs to; no foreign key, as none of these ids. */
  season_id: number | null;
  /** Who made it: an admin's id and name then (null id: a script). */
  actor_id: string | null;
  actor_name: string;
  /** What changed, in words: a match ('Querétaro vs Toluca'), a phase, a season, a person. */
  subject: string;
  /** The player whose picks or account changed, and their name then. */
  player_id: string | null;
  player_name: string | null;
  /** Small JSON texts: what it was and what it became. */
  before: string | null;
  after: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  competitions: CompetitionsTable;
  seasons: SeasonsTable;
  season_teams: SeasonTeamsTable;
  teams: TeamsTable;
  phases: PhasesTable;
  matches: MatchesTable;
  predictions: PredictionsTable;
  pick_counts: PickCountsTable;
  quinielas: PoolsTable;
  quiniela_matches: PoolMatchesTable;
  quiniela_participants: PoolParticipantsTable;
  rate_limits: RateLimitsTable;
  standings_phase: StandingsPhaseTable;
  standings_total: StandingsTotalTable;
  standings_after_phase: StandingsAfterPhaseTable;
  allowed_emails: AllowedEmailsTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  calendar_feeds: CalendarFeedsTable;
  manual_reminders: ManualRemindersTable;
  reminder_claims: ReminderClaimsTable;
  sender_leases: SenderLeasesTable;
  change_log: ChangeLogTable;
}

export type User = Selectable<UsersTable>;
export type Season = Selectable<SeasonsTable>;
export type Team = Selectable<TeamsTable>;
export type Phase = Selectable<PhasesTable>;
export type Match = Selectable<MatchesTable>;
export type NewMatch = Insertable<MatchesTable>;
export type MatchUpdate = Updateable<MatchesTable>;
export type Prediction = Selectable<PredictionsTable>;
