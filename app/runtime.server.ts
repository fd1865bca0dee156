import { openDatabase } from "#app/data/engine/db.server";
import { migrateToLatest } from "#app/data/engine/migrate.server";
import { hasAdmin, promoteAdminEmail } from "#app/data/people/users.server";
import { seedSeason } from "#app/data/seasons/write-season.server";
import { createToastCookie } from "#app/http/toast-cookie.server";

import { createAuth } from "./auth/auth.server";
import { createResetMailer } from "./auth/mailer.server";
import { deliverResetToken, settleResetEmails } from "./auth/password-reset.server";
import { loadOrCreateSecret } from "./auth/secret.server";
import { getConfig } from "./config.server";
import type { Services } from "./http/context";
import { startLiveUpdates } from "./live/updates.server";
import { startPush, stopPush } from "./notify/push.server";

/** The services of a running app (http/context.ts): loaders get them through the router context. */
export type Runtime = Services;

/**
 * Said at start when nobody can administer: no admin account, and no ADMIN_EMAIL to make one.
 * Without it a fresh install serves players and nobody can open a jornada.
 */
export const NO_ADMIN_WARNING =
  "Aviso: no hay ningún administrador y ADMIN_EMAIL no está definido, así que nadie puede administrar la quiniela. " +
  "Define ADMIN_EMAIL=tu@correo (en .env o en el entorno) y reinicia: esa cuenta será administradora al registrarse, o al reiniciar si ya existe.";

export interface RuntimeOptions {
  /** Whether this process says the start-up notices (one process of a cluster does: server.js). */
  notices?: boolean;
}

/**
 * Opens the database, migrates, seeds the season, applies ADMIN_EMAIL and reads (or makes) the
 * install's VAPID key pair for Web Push, with the settings of `env` (the process's environment
 * unless told). Runs before the server accepts requests;
 * server/app.ts hands the result to every request through the router context. Each call starts
 * services of its own (there is no global to reach back into): server.js starts one per process,
 * the integration tests one per test server, in one process.
 */
export async function startRuntime(
  env: NodeJS.ProcessEnv = process.env,
  { notices = true }: RuntimeOptions = {},
): Promise<Runtime> {
  const config = getConfig(env);
  const handle = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  });
  try {
    await migrateToLatest(handle.db, { firstSeasonName: config.SEASON_NAME, timeZone: config.APP_TIMEZONE });
    await seedSeason(handle.db, config.SEASON_NAME);
    await promoteAdminEmail(handle.db, config.ADMIN_EMAIL);
    if (notices && !config.ADMIN_EMAIL && !(await hasAdmin(handle.db))) console.warn(NO_ADMIN_WARNING);
    const secret = loadOrCreateSecret(config.BETTER_AUTH_SECRET, config.dataDir);
    const baseURL = config.BASE_URL ?? `http://localhost:${config.PORT}`;
    const sendResetEmail = config.smtp ? createResetMailer(config.smtp) : undefined;
    const auth = createAuth({
      ...handle,
      secret,
      baseURL,
      adminEmail: config.ADMIN_EMAIL,
      onResetToken: (data) => deliverResetToken(data, sendResetEmail, new URL(baseURL).origin),
    });
    const live = await startLiveUpdates(handle.db, config.DATABASE_URL, {
      perClient: config.LIVE_STREAMS_PER_CLIENT,
      total: config.LIVE_STREAMS_MAX,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    });
    const push = await startPush(handle.db, config);
    const toasts = createToastCookie({ secret, secure: (config.BASE_URL ?? "").startsWith("https://") });
    return { ...handle, config, auth, secret, live, push, toasts };
  } catch (error) {
    // A start that fails leaves no connection open: the caller has no runtime to stop.
    await handle.db.destroy().catch(() => {});
    throw error;
  }
}

export async function stopRuntime(runtime: Runtime): Promise<void> {
  await runtime.live.close();
  await stopPush(runtime.push);
  await settleResetEmails();
  await runtime.db.destroy();
}
