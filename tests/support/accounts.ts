import { hashPassword, makeSignature } from "better-auth/crypto";
import { sql } from "kysely";

import { createAuth, type Auth } from "#app/auth/auth.server";

import type { TestServer } from "./server";

/**
 * Accounts made by fixture, not through /register (only the sign-up, cluster and cross-instance
 * tests sign up there): the user, its password and a session are written by Better Auth's own
 * adapter over the server's database, with the app's own settings (its hook makes the configured
 * admin e-mail an admin and takes a roster nickname), and the session cookie is signed with the
 * server's secret, as its sign-up would. What it saves is the password hashing of a sign-up
 * (costly in CPU by design): the hash of a password is made once per test worker and shared.
 */

const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

const auths = new WeakMap<TestServer, Auth>();
function authOf(server: TestServer): Auth {
  let auth = auths.get(server);
  if (!auth) {
    auth = createAuth({
      db: server.db,
      engine: server.engine,
      secret: server.env.BETTER_AUTH_SECRET!,
      baseURL: server.url,
      adminEmail: server.env.ADMIN_EMAIL?.toLowerCase() || undefined,
      onResetToken: async () => {},
    });
    auths.set(server, auth);
  }
  return auth;
}

/**
 * A person with a password (signs in through /login like anyone) and an open session; returns
 * the session cookie, as `registerUser` does.
 */
export async function createUser(
  server: TestServer,
  { name, email, password = "secreto123" }: { name: string; email: string; password?: string },
): Promise<string> {
  const context = await authOf(server).$context;
  const user = await context.internalAdapter.createUser(
    { name, email: email.trim().toLowerCase(), emailVerified: false },
    { method: "email-password" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await hashOf(password),
  });
  const session = await context.internalAdapter.createSession(user.id);
  const signed = `${session.token}.${await makeSignature(session.token, server.env.BETTER_AUTH_SECRET!)}`;
  return `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`;
}

/** Another session of an existing user (another device signed in), as its session cookie. */
export async function openSession(server: TestServer, userId: string): Promise<string> {
  const context = await authOf(server).$context;
  const session = await context.internalAdapter.createSession(userId);
  const signed = `${session.token}.${await makeSignature(session.token, server.env.BETTER_AUTH_SECRET!)}`;
  return `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`;
}

/** Sets a user's session expiry as the engine stores it (text on SQLite, timestamptz on PostgreSQL). */
export async function setSessionExpiry(server: Pick<TestServer, "db">, userId: string, at: Date): Promise<void> {
  const row = await server.db
    .selectFrom("sessions")
    .select("expires_at")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  await server.db
    .updateTable("sessions")
    .set({ expires_at: typeof row.expires_at === "string" ? at.toISOString() : at })
    .where("user_id", "=", userId)
    .execute();
}

/** A user's session expiry, in milliseconds. */
export async function sessionExpiry(server: Pick<TestServer, "db">, userId: string): Promise<number> {
  const row = await server.db
    .selectFrom("sessions")
    .select("expires_at")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return new Date(row.expires_at).getTime();
}

/**
 * Players with no password and no session, written straight in one insert: the many people a
 * list names (a match with more picks than a card lists), where an account each would cost a
 * sign-up's work. Their e-mail is `<id>@quiniela.test`.
 */
export async function insertPlayers(
  server: Pick<TestServer, "db">,
  players: readonly { id: string; name: string }[],
  at = new Date().toISOString(),
): Promise<void> {
  await server.db
    .insertInto("users")
    .values(
      players.map(({ id, name }) => ({
        id,
        name,
        email: `${id}@quiniela.test`,
        email_verified: sql.lit(false),
        image: null,
        display_name: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}
