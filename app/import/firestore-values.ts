import { phaseLabel } from "#app/domain/game/phases";

/**
 * Reads a JSON export of the original app's Firestore (users, matches, predictions, rankings,
 * quinielas) as the common export tools write it, into plain records. The tools disagree on the
 * shape (collections at the top level or under `__collections__`, documents keyed by id or in an
 * array, four ways of writing a timestamp) and the original app itself wrote the same field in
 * several ways (activo 0/1/true, scores as text): all of that ends here, so the plan only sees
 * one form. No I/O.
 */

/**
 * How deep an export may nest: Firestore holds a document's maps and arrays at most 20 levels
 * deep, and the export tools wrap them in a few more (collections, documents, subcollections).
 */
export const EXPORT_MAX_DEPTH = 32;

export interface Skip {
  collection: string;
  id: string;
  reason: string;
}

export interface ExportUser {
  /** Firestore document id (the auth uid in the original). */
  key: string;
  /** What predictions call `user_id`: the `uuid` field, else the id. */
  uuid: string;
  /** Other ids the documents may use for this user (id, uid). */
  aliases: string[];
  name: string | null;
  displayName: string | null;
  email: string | null;
  createdAt: string | null;
  photoUrl: string | null;
  avatarColor: string | null;
}

export interface ExportMatch {
  key: string;
  /** Canonical phase name ('Jornada 3', 'Cuartos de Final'…), null when the document has none. */
  phase: string | null;
  home: string | null;
  away: string | null;
  homeScore: number | null;
  awayScore: number | null;
  active: boolean;
  kickoffAt: string | null;
  isFirstLeg: boolean | null;
}

export interface ExportPrediction {
  /** Document id, with the position in the array for the older nested form ('doc#2'). */
  key: string;
  userId: string | null;
  matchId: string | null;
  home: number | null;
  away: number | null;
  active: boolean;
  createdAt: string | null;
}

export interface ExportPool {
  key: string;
  name: string | null;
  ownerId: string | null;
  matchIds: string[];
  participantIds: string[];
  createdAt: string | null;
}

/** A row of the export's `rankings`: a user's total (club documents are logos, not totals). */
export interface ExportStandings {
  key: string;
  userId: string | null;
  name: string | null;
  points: number;
}

export interface NormalizedExport {
  users: ExportUser[];
  matches: ExportMatch[];
  predictions: ExportPrediction[];
  quinielas: ExportPool[];
  rankings: ExportStandings[];
  /** Documents that could not be read at all (scores that are not numbers go here too). */
  skipped: Skip[];
}

export type NormalizeResult = { ok: true; data: NormalizedExport } | { ok: false; message: string };

export const COLLECTIONS = ["users", "matches", "predictions", "rankings", "quinielas"] as const;

type Doc = Record<string, unknown>;

function isObject(value: unknown): value is Doc {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Where the collections are: under `__collections__` (firestore-export-import) or at the top. */
function collectionsOf(root: Doc): Doc {
  return isObject(root.__collections__) ? root.__collections__ : root;
}

/**
 * The documents of a collection as [id, fields]: an object keyed by document id, or an array of
 * documents carrying their `id`. Subcollections some tools nest inside a document are dropped.
 */
export function documentsOf(collection: unknown, name: string, skipped: Skip[]): [string, Doc][] {
  const entries: [string, unknown][] = Array.isArray(collection)
    ? collection.map((doc, index) => [isObject(doc) && doc.id != null ? String(doc.id) : `#${index + 1}`, doc])
    : isObject(collection)
      ? Object.entries(collection)
      : [];
  const docs: [string, Doc][] = [];
  for (const [id, doc] of entries) {
    if (!isObject(doc)) {
      skipped.push({ collection: name, id, reason: "no es un documento (se esperaba un objeto con campos)" });
      continue;
    }
    const { __collections__: _nested, ...fields } = doc;
    docs.push([id, fields]);
  }
  return docs;
}

/** The first of these fields the document has (not undefined), for fields named several ways. */
function field(doc: Doc, ...names: string[]): unknown {
  for (const name of names) if (doc[name] !== undefined) return doc[name];
  return undefined;
}

function text(value: unknown): string | null {
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/**
 * Any timestamp form of the export tools → ISO-8601 UTC: `{_seconds,_nanoseconds}` (Admin SDK
 * JSON), `{seconds,nanoseconds}`, `{__datatype__:'timestamp', value:{…}}` (firestore-export-import),
 * an ISO string, or epoch milliseconds. Null when absent or unreadable.
 */
export function toIsoTimestamp(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (isObject(value)) {
    if (value.__datatype__ === "timestamp") return toIsoTimestamp(value.value);
    const seconds = value._seconds ?? value.seconds;
    const nanos = value._nanoseconds ?? value.nanoseconds ?? 0;
    if (typeof seconds !== "number" || typeof nanos !== "number") return null;
    return validDate(seconds * 1000 + Math.floor(nanos / 1e6));
  }
  if (typeof value === "number") return validDate(value);
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed)) return validDate(Number(trimmed));
    return validDate(Date.parse(trimmed));
  }
  return null;
}

function validDate(millis: number): string | null {
  const date = new Date(millis);
  return Number.isFinite(date.getTime()) ? date.toISOString() : null;
}

/** `activo` as the original wrote it: 0 (home form), true (batch), 1 (activation). */
export function toActive(value: unknown): boolean {
  if (typeof value === "string") return ["1", "true", "si", "sí"].includes(value.trim().toLowerCase());
  return value === true || value === 1;
}

/**
 * A score: a whole number 0–99, as a number or text. Null when there is none (null, '', absent);
 * 'invalid' for anything else ('dos', -1, 2.5).
 */
export function toScore(value: unknown): number | null | "invalid" {
  if (value === null || value === undefined) return null;
  const raw = typeof value === "string" ? value.trim() : value;
  if (raw === "") return null;
  const number = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : raw;
  return typeof number === "number" && Number.isInteger(number) && number >= 0 && number <= 99 ? number : "invalid";
}

/**
 * The canonical phase name: a round number (3, '3', 'jornada 3') → 'Jornada 3'; the legacy
 * 'Quarters', 'Semifinals', 'Final' → their Spanish labels (domain/game/phases.ts); any other name as
 * written ('Cuartos Ida').
 */
export function toPhaseName(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const round = raw.match(/^(?:jornada\s*)?(\d+)$/i);
  if (round) return `Jornada ${Number(round[1])}`;
  const legacy = Object.entries({ quarters: "Quarters", semifinals: "Semifinals", final: "Final" }).find(
    ([folded]) => folded === raw.toLowerCase(),
  );
  return phaseLabel(legacy ? legacy[1] : raw);
}

function toBooleanOrNull(value: unknown): boolean | null {
  if (value === null || value === undefined || value === "") return null;
  return toActive(value);
}

function ids(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item) => (isObject(item) ? text(item.id ?? item.uid ?? item.match_id) : text(item)))
    .filter((id): id is string => id !== null);
}

function readUser(key: string, doc: Doc): ExportUser {
  const id = text(doc.id) ?? key;
  const uuid = text(doc.uuid) ?? id;
  const aliases = [
    ...new Set([key, id, text(doc.uid)].filter((alias): alias is string => alias !== null && alias !== uuid)),
  ];
  const photo = text(field(doc, "photoURL", "photoUrl", "avatar"));
  return {
    key,
    uuid,
    aliases,
    name: text(doc.name),
    displayName: text(field(doc, "displayName", "display_name")),
    email: text(doc.email),
    createdAt: toIsoTimestamp(field(doc, "createdAt", "created_at")),
    photoUrl: photo && /^https?:\/\//.test(photo) ? photo : null,
    avatarColor: text(field(doc, "avatarBgColor", "avatarColor")),
  };
}

function readMatch(key: string, doc: Doc, skipped: Skip[]): ExportMatch | null {
  const homeScore = toScore(field(doc, "score_a", "home_score", "goles_local"));
  const awayScore = toScore(field(doc, "score_b", "away_score", "goles_visitante"));
  if (homeScore === "invalid" || awayScore === "invalid") {
    skipped.push({ collection: "matches", id: key, reason: "el marcador no es un número entero entre 0 y 99" });
    return null;
  }
  const oneSided = (homeScore === null) !== (awayScore === null);
  return {
    key,
    phase: toPhaseName(field(doc, "phase", "jornada", "fase")),
    home: text(field(doc, "team_a", "home_team", "local")),
    away: text(field(doc, "team_b", "away_team", "visitante")),
    // Half a result is no result.
    homeScore: oneSided ? null : homeScore,
    awayScore: oneSided ? null : awayScore,
    active: toActive(field(doc, "activo", "active")),
    kickoffAt: toIsoTimestamp(field(doc, "date", "match_date", "kickoff", "fecha")),
    isFirstLeg: toBooleanOrNull(doc.is_first_leg),
  };
}

/** The two predicted scores, wherever the form of the document keeps them. */
function scoresOf(doc: Doc): [unknown, unknown] {
  const scores = doc.scores;
  if (Array.isArray(scores)) return [scores[0], scores[1]];
  const source = isObject(scores) ? scores : doc;
  return [
    field(source, "predicted_score_a", "score_a", "home", "home_score"),
    field(source, "predicted_score_b", "score_b", "away", "away_score"),
  ];
}

function readPrediction(key: string, doc: Doc, userId: string | null, skipped: Skip[]): ExportPrediction | null {
  const [rawHome, rawAway] = scoresOf(doc);
  const home = toScore(rawHome);
  const away = toScore(rawAway);
  if (home === "invalid" || away === "invalid") {
    skipped.push({ collection: "predictions", id: key, reason: "el pronóstico no es un número entero entre 0 y 99" });
    return null;
  }
  return {
    key,
    userId,
    matchId: text(doc.match_id),
    home,
    away,
    active: toActive(field(doc, "activo", "active")),
    createdAt: toIsoTimestamp(field(doc, "created_at", "createdAt")),
  };
}

/**
 * A prediction document: the flat form (one pick), or the older nested form, an array of
 * {match_id, activo, scores} under a user_id (the document id when the field is missing).
 */
function readPredictionDoc(key: string, doc: Doc, skipped: Skip[]): ExportPrediction[] {
  const nested = Object.values(doc).find(
    (value): value is unknown[] => Array.isArray(value) && value.some((item) => isObject(item) && "match_id" in item),
  );
  if (!nested) {
    const prediction = readPrediction(key, doc, text(doc.user_id), skipped);
    return prediction ? [prediction] : [];
  }
  const userId = text(doc.user_id) ?? key;
  const predictions: ExportPrediction[] = [];
  nested.forEach((item, index) => {
    const itemKey = `${key}#${index + 1}`;
    if (!isObject(item)) {
      skipped.push({ collection: "predictions", id: itemKey, reason: "no es un pronóstico (se esperaba un objeto)" });
      return;
    }
    const prediction = readPrediction(itemKey, item, userId, skipped);
    if (prediction) predictions.push(prediction);
  });
  return predictions;
}

function readPool(key: string, doc: Doc): ExportPool {
  return {
    key,
    name: text(field(doc, "name", "nombre")),
    ownerId: text(field(doc, "owner", "owner_id", "ownerId", "createdBy", "created_by")),
    matchIds: ids(field(doc, "matches", "partidos")),
    participantIds: ids(field(doc, "participants", "participantes")),
    createdAt: toIsoTimestamp(field(doc, "createdAt", "created_at")),
  };
}

function readStandings(key: string, doc: Doc): ExportStandings | null {
  const points = toScoreLike(field(doc, "total_points", "points", "puntos"));
  // The original's `rankings` also holds clubs (rank, club, logo): no user, no total.
  if (points === null || doc.club !== undefined) return null;
  return {
    key,
    userId: text(field(doc, "user_id", "uuid", "uid")),
    name: text(field(doc, "name", "displayName")),
    points,
  };
}

function toScoreLike(value: unknown): number | null {
  const number = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) ? number : null;
}

/** The whole export in one form; a message (Spanish) when the file is not such an export. */
export function normalizeExport(root: unknown): NormalizeResult {
  if (!isObject(root))
    return { ok: false, message: "El archivo no es una exportación de Firestore (se esperaba un objeto JSON)." };
  const collections = collectionsOf(root);
  if (!COLLECTIONS.some((name) => collections[name] !== undefined)) {
    return {
      ok: false,
      message: `El archivo no tiene ninguna de las colecciones esperadas (${COLLECTIONS.join(", ")}), ni en la raíz ni en __collections__.`,
    };
  }
  const skipped: Skip[] = [];
  const docs = (name: string) => documentsOf(collections[name], name, skipped);
  return {
    ok: true,
    data: {
      users: docs("users").map(([key, doc]) => readUser(key, doc)),
      matches: docs("matches").flatMap(([key, doc]) => readMatch(key, doc, skipped) ?? []),
      predictions: docs("predictions").flatMap(([key, doc]) => readPredictionDoc(key, doc, skipped)),
      quinielas: docs("quinielas").map(([key, doc]) => readPool(key, doc)),
      rankings: docs("rankings").flatMap(([key, doc]) => readStandings(key, doc) ?? []),
      skipped,
    },
  };
}
