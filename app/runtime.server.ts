import { openDatabase } from "#app/data/engine/db.server";
import { migrateToLatest } from "#app/data/engine/migrate.server";
import { hasAdmin, promoteAdminEmail } from "#app/data/people/users.server";
import { seedSeason } from "#app/data/seasons/write-season.server";
import { createToastCookie } from "#app/http/toast-cookie.server";

import { createAuth } from "./auth/auth.server";
import { createResetMailer } from "./auth/links/mailer.server";
import { deliverResetToken, settleResetEmails } from "./auth/links/password-reset.server";
import { loadOrCreateSecret } from "./auth/secret.server";
import { getConfig } from "./config.server";
import type { Services } from "./http/context";
import { startLiveUpdates } from "./live/updates.server";
import { startPush, stopPush } from "./notify/push.server";
import { startReminders } from "./reminders/reminders.server";

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
  /**
   * Whether this process sends the reminders (app/reminders/): server.js says so for the one
   * process of a cluster it names, and the tests' servers; scripts that only load data never do.
   * Across instances a lease in the database still lets one of them send.
   */
  sendReminders?: boolean;
  /**
   * The server build's own address: the sender then runs in a thread of its own started from it
   * when there is something to send (reminders/sender-thread.server.ts), off the event loop that
   * renders pages. Without it (the development server, which has no build) it runs in this thread.
   */
  senderEntry?: string;
  /** The clock of a sender that runs in this thread (tests move it). */
  now?: () => Date;
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
  options: RuntimeOptions = {},
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
    if ((options.notices ?? true) && !config.ADMIN_EMAIL && !(await hasAdmin(handle.db)))
      console.warn(NO_ADMIN_WARNING);
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
    const reminders = startReminders({
      db: handle.db,
      config,
      secret,
      origin: new URL(baseURL).origin,
      push,
      send: options.sendReminders ? { env, thread: options.senderEntry } : false,
      now: options.now ?? (() => new Date()),
    });
    return { ...handle, config, auth, secret, live, push, toasts, reminders };
  } catch (error) {
    // A start that fails leaves no connection open: the caller has no runtime to stop.
    await handle.db.destroy().catch(() => {});
    throw error;
  }
}

export async function stopRuntime(runtime: Runtime): Promise<void> {
  await runtime.reminders.stop();
  await runtime.live.close();
  await stopPush(runtime.push);
  await settleResetEmails();
  await runtime.db.destroy();
}
