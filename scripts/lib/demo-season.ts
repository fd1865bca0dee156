import type { Kysely } from "kysely";

import type { Engine } from "#app/data/engine/db.server";
import type { Database } from "#app/data/engine/schema";
import { createPool } from "#app/data/pools/pool-changes.server";
import { SEASON_TEMPLATES, type TemplateKey } from "#app/data/seasons/bundled-seasons.server";
import { currentSeason } from "#app/data/seasons/current-season.server";
import { insertSeason, seasonFromFile } from "#app/data/seasons/write-season.server";
import { refreshAllScores } from "#app/data/standings/upkeep.server";
import { isKnockoutPhase } from "#app/domain/game/phases";
import { rankRows, type StandingRow } from "#app/domain/standings/standings";
import type { Runtime } from "#app/runtime.server";

import { bulkInsert } from "./bulk-insert";
import { logDemoChanges } from "./demo-changes";
import { createRng, plausiblePrediction, predictionIndexes, seedFrom } from "./picks";
import { activatePhases, seasonMatches, setMatchState, type SeasonMatch } from "./season-state";

export const DEMO_PASSWORD = "quiniela2024";
export const DEFAULT_ADMIN_EMAIL = "admin@quiniela.local";
/** A regular player of the demo (the bench signs in with it). */
export const DEMO_PLAYER_EMAIL = "chucho@quiniela.local";
/** The demo's pool: DEMO_PLAYER_EMAIL created it; DEMO_POOL_GUEST_EMAIL is one of its participants. */
export const DEMO_POOL_NAME = "Liguilla de la oficina";
export const DEMO_POOL_GUEST_EMAIL = "karen@quiniela.local";

/**
 * The demo's seasons, oldest first (the first is the fresh install's), and the one that is current.
 * Each takes its template's name, as 'Nueva Temporada' offers it: season names have one form.
 */
const DEMO_SEASONS: readonly (readonly [TemplateKey, string])[] = (
  ["liga-mx-clausura-2024", "liga-mx-apertura-2024", "liga-mx-clausura-2025", "copa-mundial-2026"] as const
).map((key) => [key, SEASON_TEMPLATES[key].season] as const);
const DEMO_CURRENT: TemplateKey = "liga-mx-clausura-2025";

/** Same seed, same predictions: the demo is reproducible run after run. */
const DEMO_SEED = 20_240_112;

interface DemoPerson {
  /** Stable key of the person (their predictions do not depend on the admin's e-mail). */
  key: string;
  name: string;
  nickname: string;
  color: "blue" | "green" | "red" | "purple" | "orange" | "pink";
  /** 0–1: how often they get the result or the exact score. */
  skill: number;
  /** Matches they forgot to predict. */
  skips?: number;
  admin?: boolean;
}

/** Twenty coworkers of an office pool. The first one runs it. */
const PEOPLE: readonly DemoPerson[] = [
  {
    key: "admin",
    name: "Alejandro Ramírez Soto",
    nickname: "El Comisionado 📋",
    color: "blue",
    skill: 0.5,
    admin: true,
  },
  { key: "chucho", name: "Jesús Hernández Ruiz", nickname: "Chucho ⚽", color: "green", skill: 0.8 },
  { key: "profe", name: "Roberto Martínez Peña", nickname: "El Profe 🧉", color: "purple", skill: 0.9 },
  { key: "mafer", name: "María Fernanda López", nickname: "Mafer", color: "pink", skill: 0.65 },
  { key: "lupita", name: "Guadalupe Torres Medina", nickname: "Lupita 🌮", color: "orange", skill: 0.45 },
  { key: "paco", name: "Francisco Javier Gómez", nickname: "Paco", color: "red", skill: 0.35, skips: 7 },
  { key: "pepe", name: "José Luis Sánchez Vega", nickname: "Pepe 🦅", color: "blue", skill: 0.55 },
  { key: "karen", name: "Ana Karen Díaz Luna", nickname: "Karen", color: "pink", skill: 0.6 },
  { key: "richi", name: "Ricardo Flores Cárdenas", nickname: "El Richi", color: "green", skill: 0.25 },
  { key: "nacho", name: "Ignacio Morales Rivera", nickname: "Nacho 🔥", color: "red", skill: 0.7 },
  { key: "dani", name: "Daniela Castillo Núñez", nickname: "Dani", color: "purple", skill: 0.4 },
  { key: "lalo", name: "Eduardo Vargas Ortega", nickname: "Lalo 🐐", color: "orange", skill: 0.75 },
  { key: "vero", name: "Verónica Reyes Salinas", nickname: "Vero 💙", color: "blue", skill: 0.5 },
  { key: "beto", name: "Alberto Mendoza Ríos", nickname: "Beto", color: "green", skill: 0.15 },
  { key: "moni", name: "Mónica Ortiz Guerrero", nickname: "Moni 🐯", color: "orange", skill: 0.6 },
  { key: "kike", name: "Luis Enrique Jiménez", nickname: "Kike", color: "red", skill: 0.3, skips: 12 },
  { key: "gaby", name: "Gabriela Ruiz Contreras", nickname: "Gaby 🌵", color: "pink", skill: 0.45 },
  { key: "chava", name: "Salvador Aguilar Campos", nickname: "Chava", color: "purple", skill: 0.2 },
  { key: "ale", name: "Alejandra Romero Fuentes", nickname: "Ale ✨", color: "green", skill: 0.55 },
  { key: "guero", name: "Rodrigo Navarro Ibarra", nickname: "El Güero", color: "blue", skill: 0.35 },
];

const emailOf = (person: DemoPerson, adminEmail: string) =>
  person.admin ? adminEmail : `${person.key}@quiniela.local`;

export class DemoRefusedError extends Error {}

export interface DemoSummary {
  emails: { email: string; nickname: string; admin: boolean }[];
  users: number;
  predictions: number;
  matches: number;
  seasons: string[];
  currentSeason: string;
  top: StandingRow[];
}

/** A demo person with their account. */
interface DemoAccount {
  person: DemoPerson;
  id: string;
  email: string;
}

/** A bundled season as the demo added it. */
interface DemoSeason {
  key: TemplateKey;
  id: number;
}

async function refuseUnlessEmpty(db: Kysely<Database>) {
  const existing = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) {
    throw new DemoRefusedError(
      `La base de datos ya tiene ${existing.n} usuario(s): la temporada de demostración solo se carga en una base vacía. ` +
        "Usa otra carpeta de datos (por ejemplo DATA_DIR=./data-demo) u otra base de PostgreSQL.",
    );
  }
}

/** Their accounts, through Better Auth so they can sign in; each one created goes into `created` at once. */
async function signUpPeople({ auth }: Runtime, adminEmail: string, created: DemoAccount[]) {
  for (const person of PEOPLE) {
    const email = emailOf(person, adminEmail.toLowerCase());
    const { user } = await auth.api.signUpEmail({ body: { name: person.name, email, password: DEMO_PASSWORD } });
    created.push({ person, id: user.id, email });
  }
}

/** Their nicknames, colours and roles. */
async function dressPeople(trx: Kysely<Database>, created: readonly DemoAccount[]) {
  for (const { person, id } of created) {
    await trx
      .updateTable("users")
      .set({ display_name: person.nickname, avatar_color: person.color, role: person.admin ? "admin" : "user" })
      .where("id", "=", id)
      .execute();
  }
  // Signing up signs in; nobody holds those sessions.
  await trx
    .deleteFrom("sessions")
    .where(
      "user_id",
      "in",
      created.map((c) => c.id),
    )
    .execute();
}

/**
 * The four bundled seasons: the first one is the fresh install's (seeded), the others are added
 * as the admin would.
 */
async function addSeasons(trx: Kysely<Database>): Promise<DemoSeason[]> {
  const seasons: DemoSeason[] = [];
  for (const [key, name] of DEMO_SEASONS) {
    const id =
      key === "liga-mx-clausura-2024"
        ? (await currentSeason(trx)).id
        : await insertSeason(
            trx,
            seasonFromFile(SEASON_TEMPLATES[key], { name, current: false, withKickoffs: false, withResults: false }),
          );
    seasons.push({ key, id });
  }
  return seasons;
}

/** One person's predictions of a season's matches, but for the ones they forgot, from their own seed. */
function predictionsOf(
  { person, id }: DemoAccount,
  seasonKey: TemplateKey,
  matches: readonly SeasonMatch[],
): (string | number)[][] {
  const rows: (string | number)[][] = [];
  const rng = createRng(seedFrom(`${person.key}:${seasonKey}`, DEMO_SEED));
  const skipped = predictionIndexes(rng, matches.length, person.skips ?? 0);
  matches.forEach((match, index) => {
    const pick = plausiblePrediction(rng, person.skill, match.result);
    // Captured some time in the three days before kickoff.
    const capturedAt = new Date(Date.parse(match.kickoffAt) - (2 + rng() * 70) * 3_600_000).toISOString();
    if (skipped.has(index)) return;
    rows.push([id, match.id, pick.home, pick.away, capturedAt, capturedAt]);
  });
  return rows;
}

/**
 * Every season played: each match with its real kickoff time and result, every phase activated,
 * everyone's predictions, then the stored scores and standings.
 */
async function playSeasons(
  trx: Kysely<Database>,
  engine: Engine,
  seasons: readonly DemoSeason[],
  created: readonly DemoAccount[],
  now: string,
) {
  let matchCount = 0;
  const rows: (string | number)[][] = [];
  for (const season of seasons) {
    const matches = await seasonMatches(trx, season.id, SEASON_TEMPLATES[season.key]);
    for (const match of matches) {
      await setMatchState(trx, match, { withResult: true, withKickoff: true, active: true }, now);
    }
    await activatePhases(trx, matches);
    matchCount += matches.length;
    for (const account of created) rows.push(...predictionsOf(account, season.key, matches));
  }
  const inserted = await bulkInsert(
    trx,
    engine,
    "predictions",
    ["user_id", "match_id", "home_score", "away_score", "created_at", "updated_at"],
    rows,
    { activated: 1 },
  );
  await refreshAllScores(trx);
  return { predictions: inserted, matches: matchCount };
}

/** The seasons played are finished (their tables are history); DEMO_CURRENT is the current one. Returns its id. */
async function finishAllButCurrent(
  trx: Kysely<Database>,
  seasons: readonly DemoSeason[],
  now: string,
): Promise<number> {
  const current = seasons.find((season) => season.key === DEMO_CURRENT)!.id;
  await trx.updateTable("seasons").set({ is_current: 0 }).where("id", "<>", current).execute();
  await trx.updateTable("seasons").set({ is_current: 1 }).where("id", "=", current).execute();
  await trx
    .updateTable("seasons")
    .set({ finished_at: now })
    .where(
      "id",
      "in",
      seasons.filter((season) => season.id !== current).map((season) => season.id),
    )
    .execute();
  return current;
}

/**
 * Pools to look at: the Liguilla among the player and a few colleagues, in each of these seasons
 * (the current one and, the year before, Clausura 2024: a finished season's pool, to duplicate).
 */
async function createDemoPools(db: Kysely<Database>, created: readonly DemoAccount[], seasonIds: readonly number[]) {
  const owner = created.find(({ email }) => email === DEMO_PLAYER_EMAIL) ?? created[0]!;
  for (const seasonId of seasonIds) {
    const knockout = await db.selectFrom("phases").select(["id", "name"]).where("season_id", "=", seasonId).execute();
    await createPool(db, {
      seasonId,
      ownerId: owner.id,
      name: DEMO_POOL_NAME,
      matchIds: [],
      phaseIds: knockout.filter((phase) => isKnockoutPhase(phase.name)).map((phase) => phase.id),
      userIds: created.slice(0, 8).map(({ id }) => id),
    });
  }
}

/** The current season's name and its first three, as the summary shows them. */
async function currentTop(db: Kysely<Database>) {
  const current = await currentSeason(db);
  const standings = await db
    .selectFrom("standings_total as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.user_id", "u.name", "u.display_name", "s.points", "s.exact_hits", "s.outcome_hits"])
    .where("s.season_id", "=", current.id)
    .execute();
  const ranked = rankRows(
    standings.map((row) => ({
      userId: row.user_id,
      name: row.display_name ?? row.name,
      points: Number(row.points),
      exactHits: Number(row.exact_hits),
      outcomeHits: Number(row.outcome_hits),
    })),
  );
  return { currentSeason: current.name, top: ranked.slice(0, 3) };
}

/**
 * Loads the demo season into an empty database: 20 accounts (through Better Auth, so they can
 * sign in), the real kickoff times and results, every phase activated, and plausible predictions
 * for everyone; then recomputes the stored scores and standings. Refuses if any user exists.
 */
export async function loadDemoSeason(runtime: Runtime, adminEmail = DEFAULT_ADMIN_EMAIL): Promise<DemoSummary> {
  const { db, engine } = runtime;
  await refuseUnlessEmpty(db);
  const created: DemoAccount[] = [];
  try {
    await signUpPeople(runtime, adminEmail, created);
    const { predictions, matches, poolSeasons } = await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      await dressPeople(trx, created);
      const seasons = await addSeasons(trx);
      const played = await playSeasons(trx, engine, seasons, created, now);
      const current = await finishAllButCurrent(trx, seasons, now);
      return { ...played, poolSeasons: [seasons[0]!.id, current] };
    });
    await createDemoPools(db, created, poolSeasons);
    const admin = created.find(({ person }) => person.admin)!;
    await logDemoChanges(db, poolSeasons[1]!, {
      id: admin.id,
      name: admin.person.name,
      displayName: admin.person.nickname,
    });
    return {
      emails: created.map(({ person, email }) => ({ email, nickname: person.nickname, admin: person.admin === true })),
      users: created.length,
      predictions,
      matches,
      seasons: DEMO_SEASONS.map(([, name]) => name),
      ...(await currentTop(db)),
    };
  } catch (error) {
    // Leave the database as empty as we found it, so the command can simply be run again.
    if (created.length > 0) {
      await db
        .deleteFrom("users")
        .where(
          "id",
          "in",
          created.map((c) => c.id),
        )
        .execute();
    }
    throw error;
  }
}
