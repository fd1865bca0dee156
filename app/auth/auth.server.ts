import { betterAuth, type BetterAuthOptions } from "better-auth";
import type { Kysely } from "kysely";

import type { Engine } from "#app/data/engine/db.server";
import type { Database } from "#app/data/engine/schema";
import { isDeletedPlayer } from "#app/data/people/users.server";

import { PASSWORD_MAX, PASSWORD_MIN } from "./forms/password-rule";

/** How long a one-time password-reset link stays valid (SPEC §2.11: one hour). */
export const RESET_LINK_TTL_SECONDS = 60 * 60;

export interface AuthSettings {
  db: Kysely<Database>;
  engine: Engine;
  secret: string;
  baseURL: string;
  adminEmail?: string;
  /** Receives each new password-reset token (see password-reset.server.ts). */
  onResetToken: (data: { user: { email: string; name: string }; token: string }) => Promise<void>;
}

/**
 * Tables and columns are ours (snake_case, migrations/0001), mapped to Better Auth's fields one
 * by one; users carry three fields of ours.
 */
const TABLES = {
  session: {
    modelName: "sessions",
    expiresIn: 60 * 60 * 24 * 30,
    updateAge: 60 * 60 * 24,
    fields: {
      userId: "user_id",
      expiresAt: "expires_at",
      ipAddress: "ip_address",
      userAgent: "user_agent",
      createdAt: "created_at",
      updatedAt: "updated_at",
    },
  },
  user: {
    modelName: "users",
    fields: {
      emailVerified: "email_verified",
      createdAt: "created_at",
      updatedAt: "updated_at",
    },
    additionalFields: {
      role: { type: "string", fieldName: "role", defaultValue: "user", input: false, required: false },
      displayName: { type: "string", fieldName: "display_name", input: false, required: false },
      avatarColor: { type: "string", fieldName: "avatar_color", defaultValue: "blue", input: false, required: false },
    },
  },
  account: {
    modelName: "accounts",
    fields: {
      userId: "user_id",
      accountId: "account_id",
      providerId: "provider_id",
      accessToken: "access_token",
      refreshToken: "refresh_token",
      idToken: "id_token",
      accessTokenExpiresAt: "access_token_expires_at",
      refreshTokenExpiresAt: "refresh_token_expires_at",
      createdAt: "created_at",
      updatedAt: "updated_at",
    },
  },
  verification: {
    modelName: "verifications",
    // Reset tokens are kept hashed: a copy of the database gives no working link.
    storeIdentifier: "hashed",
    fields: { expiresAt: "expires_at", createdAt: "created_at", updatedAt: "updated_at" },
  },
} satisfies Pick<BetterAuthOptions, "session" | "user" | "account" | "verification">;

/** Sign-in by e-mail and password, with the password rule and one-time reset links. */
function passwords(settings: AuthSettings) {
  return {
    enabled: true,
    autoSignIn: true,
    minPasswordLength: PASSWORD_MIN,
    maxPasswordLength: PASSWORD_MAX,
    resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
    // A new password ends every session of the account (a stolen session dies with it).
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: ({ user, token }) => settings.onResetToken({ user, token }),
    // Every other link still out for the account (an older one, the admin's) dies with the
    // new password. Reset tokens are the only verifications whose value is a user id.
    onPasswordReset: async ({ user }) => {
      await settings.db.deleteFrom("verifications").where("value", "=", user.id).execute();
    },
  } satisfies BetterAuthOptions["emailAndPassword"];
}

function databaseHooks(settings: AuthSettings) {
  return {
    // A deleted player's row (decision 019) never gets credentials or a session: its e-mail
    // reaches nobody, and should a reset link for it ever exist, it still opens nothing.
    session: { create: { before: async (session) => !(await isDeletedPlayer(settings.db, session.userId)) } },
    account: { create: { before: async (account) => !(await isDeletedPlayer(settings.db, account.userId)) } },
    user: {
      create: {
        // The configured admin e-mail is admin from the moment it registers; a roster e-mail
        // takes its nickname unless one was given (admin-created accounts).
        before: async (user) => {
          const email = user.email.toLowerCase();
          const listed = await settings.db
            .selectFrom("allowed_emails")
            .select("nickname")
            .where("email", "=", email)
            .executeTakeFirst();
          const given = user as typeof user & { role?: string; displayName?: string | null };
          const isAdmin =
            (settings.adminEmail !== undefined && email === settings.adminEmail) || given.role === "admin";
          return {
            data: {
              ...user,
              role: isAdmin ? "admin" : "user",
              displayName: given.displayName || listed?.nickname || null,
            },
          };
        },
      },
    },
  } satisfies BetterAuthOptions["databaseHooks"];
}

/**
 * Better Auth over our own Kysely instance. Its HTTP handler is not mounted: the app calls
 * `auth.api` from its own actions, which parse input with Zod and apply our rate limits first.
 */
export function createAuth(settings: AuthSettings) {
  return betterAuth({
    appName: "Quiniela",
    baseURL: settings.baseURL,
    secret: settings.secret,
    database: { db: settings.db, type: settings.engine },
    telemetry: { enabled: false },
    rateLimit: { enabled: false },
    emailAndPassword: passwords(settings),
    advanced: {
      useSecureCookies: settings.baseURL.startsWith("https://"),
      cookiePrefix: "quiniela",
    },
    ...TABLES,
    databaseHooks: databaseHooks(settings),
  });
}

export type Auth = ReturnType<typeof createAuth>;
