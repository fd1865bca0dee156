import crypto from "node:crypto";
import type { Kysely } from "kysely";

import { runCompiled } from "#app/data/engine/compiled-queries.server";
import { noteSeasonMark, seasonMarkColumn } from "#app/data/engine/kept-reads.server";
import type { Database } from "#app/data/engine/schema";

import type { Auth } from "./auth.server";
import type { SessionUser } from "./session-user";

type AuthContext = Awaited<Auth["$context"]>;

/** Better Auth's settings, read once per Auth instance. */
const contexts = new WeakMap<Auth, Promise<AuthContext>>();

/**
 * The value of one cookie in a Cookie header, decoded, as better-call reads it (the first of its
 * name; quotes dropped; a value that is not valid URI-encoding kept as it came).
 */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const equals = part.indexOf("=");
    if (equals === -1 || part.slice(0, equals).trim() !== name) continue;
    let value = part.slice(equals + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The session token of a signed cookie value (`token.signature`, HMAC-SHA256 in base64), or null when the signature is not ours. */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const written = value.slice(dot + 1);
  if (written.length !== 44 || !written.endsWith("=")) return null;
  const signature = Buffer.from(written, "base64");
  const expected = crypto.createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && crypto.timingSafeEqual(signature, expected) ? token : null;
}

/**
 * The signed-in user of a request, or null. Reads the session row on every request, so a sign-out
 * or a revoked session counts at once.
 *
 * Most requests carry a live session that needs nothing done: for those the cookie's signature is
 * checked and the session and its user are read in one query, the way Better Auth's getSession
 * would, without its endpoint machinery (a fifth of a signed-in page's work on the server). Any
 * other case goes to Better Auth itself, so its rules and side effects stay its own: a session
 * past its expiry (Better Auth deletes it) and one due for its daily extension (`updateAge`: it
 * moves `expires_at`). A cookie without a valid signature, or naming no session, is nobody, as
 * Better Auth answers. The same query reads the season's mark for the request's kept reads.
 */
export async function readSessionUser(
  { auth, db }: { auth: Auth; db: Kysely<Database> },
  request: Request,
): Promise<{ user: SessionUser | null; setCookies?: Headers }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("session_token")) return NOBODY;
  let context = contexts.get(auth);
  if (!context) contexts.set(auth, (context = auth.$context));
  const { authCookies, secret, sessionConfig } = await context;
  const value = cookieValue(header, authCookies.sessionToken.name);
  const token = value && verifiedToken(value, secret);
  if (!token) return NOBODY;
  // Compiled once (data/engine/compiled-queries.server.ts): every signed-in request asks it.
  const [row] = await runCompiled(db, "session-read", { token }, (values) =>
    db
      .selectFrom("sessions as s")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select([
        "s.expires_at",
        "s.id as session_id",
        "u.id",
        "u.name",
        "u.email",
        "u.role",
        "u.display_name",
        "u.image",
        "u.avatar_color",
      ])
      // The season's mark rides along: the request's kept reads need it (data/engine/kept-reads.server.ts).
      .select(seasonMarkColumn)
      .where("s.token", "=", values.token),
  );
  if (!row) return NOBODY;
  noteSeasonMark(db, row.season_mark);
  const expiresAt = new Date(row.expires_at).getTime();
  const dueForExtension = expiresAt - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= Date.now();
  if (expiresAt <= Date.now() || dueForExtension) return sessionUserFromBetterAuth(auth, request);
  return {
    user: sessionUser({ ...row, displayName: row.display_name, avatarColor: row.avatar_color }, row.session_id),
  };
}

const NOBODY = { user: null } as const;

/**
 * The same answer through Better Auth's getSession, which also extends or deletes the session,
 * with the cookies it sets: an extended session's cookie lives as long as the session again
 * (without it the browser's cookie would still end 30 days after signing in), a deleted one's
 * is cleared. The root middleware puts them on the answer.
 */
async function sessionUserFromBetterAuth(
  auth: Auth,
  request: Request,
): Promise<{ user: SessionUser | null; setCookies: Headers }> {
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const user =
    response &&
    sessionUser(
      response.user as typeof response.user & { role?: string; displayName?: string | null; avatarColor?: string },
      response.session.id,
    );
  return { user, setCookies: headers };
}

/** A user row as every request sees it: the nickname, else the name; a role we know; a colour. */
function sessionUser(
  user: {
    id: string;
    name: string;
    email: string;
    role?: string | null;
    displayName?: string | null;
    image?: string | null;
    avatarColor?: string | null;
  },
  sessionId: string,
): SessionUser {
  return {
    sessionId,
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role === "admin" ? "admin" : "user",
    displayName: user.displayName || user.name,
    image: user.image ?? null,
    avatarColor: user.avatarColor ?? "blue",
  };
}
