import { DELETED_PLAYER_NAME } from "#app/data/people/users.server";
import type { Kysely } from "kysely";
import { CSV_BOM, csvLine } from "#app/domain/files/csv";
import { utcToZonedLocal } from "#app/domain/dates";
import { displayNameOf } from "#app/data/people/display-name.server";
import { overallStandings, phaseStandings, type TableSeason } from "#app/data/standings/tables.server";
import type { Database } from "#app/data/engine/schema";

/**
 * What the admin downloads: the standings and every prediction as CSV (Spanish headers, BOM for
 * spreadsheets), and the database as JSON. Big exports are streamed in batches, so a season of
 * 10,000 players never sits in memory whole.
 */

const BATCH = 5000;
const encoder = new TextEncoder();

/** A stream that asks `next` for text until it returns null. */
function textStream(next: () => Promise<string | null>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      const text = await next();
      if (text === null) controller.close();
      else controller.enqueue(encoder.encode(text));
    },
  });
}

/** A season's 'Puntos Acumulados' (phaseId null) or one phase's table, in table order with shared ranks. */
export async function standingsCsv(db: Kysely<Database>, season: TableSeason, phaseId: number | null): Promise<string> {
  let csv = CSV_BOM + csvLine(["Posición", "Nombre", "Puntos", "Exactos", "Resultados acertados"]);
  for (let page = 1; ; page++) {
    const query = { page, perPage: BATCH };
    const table =
      phaseId === null ? await overallStandings(db, season, query) : await phaseStandings(db, season, phaseId, query);
    for (const row of table.rows) csv += csvLine([row.rank, row.name, row.points, row.exactHits, row.outcomeHits]);
    if (page >= table.pageCount) return csv;
  }
}

/** Every prediction of a season with its match, result, player and points, in order of capture. */
export function predictionsCsv(db: Kysely<Database>, season: { id: number; timeZone: string }): ReadableStream<Uint8Array> {
  const timeZone = season.timeZone;
  let afterId = 0;
  let started = false;
  const local = (iso: string) => utcToZonedLocal(iso, timeZone)?.replace("T", " ") ?? iso;
  return textStream(async () => {
    if (!started) {
      started = true;
      return (
        CSV_BOM +
        csvLine([
          "Jornada",
          "Local",
          "Visitante",
          "Resultado local",
          "Resultado visitante",
          "Usuario",
          "Correo electrónico",
          "Pronóstico local",
          "Pronóstico visitante",
          "Puntos",
          "Bono",
          "Capturado",
        ])
      );
    }
    const rows = await db
      .selectFrom("predictions as pr")
      .innerJoin("users as u", "u.id", "pr.user_id")
      .innerJoin("matches as m", "m.id", "pr.match_id")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .leftJoin("teams as h", "h.id", "m.home_team_id")
      .leftJoin("teams as a", "a.id", "m.away_team_id")
      .select([
        "pr.id",
        "p.name as phase",
        "h.name as home",
        "a.name as away",
        "m.home_score as result_home",
        "m.away_score as result_away",
        displayNameOf("u").as("player"),
        "u.email",
        "u.deleted_at",
        "pr.home_score",
        "pr.away_score",
        "pr.points",
        "pr.bonus",
        "pr.created_at",
      ])
      .where("p.season_id", "=", season.id)
      .where("pr.id", ">", afterId)
      .orderBy("pr.id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return null;
    afterId = rows.at(-1)!.id;
    return rows
      .map((row) =>
        csvLine([
          row.phase,
          row.home ?? "Por definir",
          row.away ?? "Por definir",
          row.result_home,
          row.result_away,
          row.player,
          // A deleted player's placeholder address (decision 019) is no one's: the cell stays empty.
          row.deleted_at === null ? row.email : "",
          row.home_score,
          row.away_score,
          row.points,
          row.bonus,
          local(row.created_at),
        ]),
      )
      .join("");
  });
}

/**
 * The tables of the game as JSON: {"exportado", "tablas": {name: [rows]}}. Secrets stay out:
 * password hashes (accounts), sessions, reset tokens (verifications) and rate-limit counters.
 */
const EXPORTED: readonly { table: keyof Database; order: readonly string[]; keyset?: "id" }[] = [
  { table: "competitions", order: ["id"], keyset: "id" },
  { table: "seasons", order: ["id"], keyset: "id" },
  { table: "season_teams", order: ["season_id", "team_id"] },
  { table: "phases", order: ["id"], keyset: "id" },
  { table: "teams", order: ["id"], keyset: "id" },
  { table: "matches", order: ["id"], keyset: "id" },
  { table: "users", order: ["id"] },
  { table: "allowed_emails", order: ["email"] },
  { table: "predictions", order: ["id"], keyset: "id" },
  { table: "quinielas", order: ["id"], keyset: "id" },
  { table: "quiniela_matches", order: ["quiniela_id", "match_id"] },
  { table: "quiniela_participants", order: ["quiniela_id", "user_id"] },
  { table: "standings_phase", order: ["phase_id", "user_id"] },
  { table: "standings_total", order: ["season_id", "user_id"] },
  // 'Bitácora': names and scores only, never an e-mail.
  { table: "change_log", order: ["id"], keyset: "id" },
];

const USER_COLUMNS = ["id", "name", "email", "display_name", "role", "avatar_color", "image", "created_at", "updated_at"] as const;

export function databaseJson(db: Kysely<Database>, exportedAt: Date = new Date()): ReadableStream<Uint8Array> {
  let tableIndex = -1;
  let offset = 0;
  let afterId = 0;
  let firstRow = true;
  return textStream(async () => {
    if (tableIndex === -1) {
      tableIndex = 0;
      return `{"exportado":${JSON.stringify(exportedAt.toISOString())},"tablas":{"${EXPORTED[0]!.table}":[`;
    }
    if (tableIndex >= EXPORTED.length) return null;
    const { table, order, keyset } = EXPORTED[tableIndex]!;
    // Dynamic table names: Kysely cannot type these, the list above is the whitelist.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let query = (db as Kysely<any>).selectFrom(table);
    query = table === "users" ? query.select([...USER_COLUMNS]) : query.selectAll();
    for (const column of order) query = query.orderBy(column);
    query = keyset ? query.where(keyset, ">", afterId).limit(BATCH) : query.limit(BATCH).offset(offset);
    let rows: Record<string, unknown>[] = await query.execute();
    if (table === "change_log") rows = await withoutDeletedNames(db, rows);
    let text = "";
    for (const row of rows) {
      text += (firstRow ? "" : ",") + JSON.stringify(row);
      firstRow = false;
    }
    if (rows.length === BATCH) {
      if (keyset) afterId = rows.at(-1)![keyset] as number;
      offset += BATCH;
      return text;
    }
    // This table is done: close it and open the next one (or the whole document).
    tableIndex += 1;
    offset = 0;
    afterId = 0;
    firstRow = true;
    const next = EXPORTED[tableIndex];
    return `${text}]${next ? `,"${next.table}":[` : "}}"}`;
  });
}

/**
 * 'Bitácora''s rows with the name of a player whose account is gone read 'Jugador eliminado', as
 * everywhere else (decision 019): the entry stays, the person's name does not travel.
 */
async function withoutDeletedNames(db: Kysely<Database>, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const ids = [...new Set(rows.map((row) => row.player_id).filter((id): id is string => typeof id === "string"))];
  const present = new Set(
    ids.length === 0
      ? []
      : (await db.selectFrom("users").select("id").where("id", "in", ids).where("deleted_at", "is", null).execute()).map(
          (user) => user.id,
        ),
  );
  return rows.map((row) =>
    typeof row.player_id === "string" && !present.has(row.player_id)
      ? {
          ...row,
          player_name: DELETED_PLAYER_NAME,
          subject: row.kind === "user-deleted" ? DELETED_PLAYER_NAME : row.subject,
        }
      : row,
  );
}
