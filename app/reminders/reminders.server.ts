import type { Kysely } from "kysely";

import type { Config } from "#app/config.server";
import type { Database } from "#app/data/engine/schema";
import type { ChannelAudience } from "#app/data/reminders/claims.server";

import { reminderChannels } from "./channels.server";
import { startReminderSender, type ReminderSender } from "./sender.server";

/** The reminders as the rest of the app sees them (services.reminders). */
export interface Reminders {
  /** The channels this install has (whom each reaches): 'Recordar a los que faltan' claims on all of them. */
  channels: readonly ChannelAudience[];
  /** The sender, in the one process that runs it; undefined elsewhere (and without any channel). */
  sender: ReminderSender | undefined;
  stop(): Promise<void>;
}

export interface ReminderSettings {
  db: Kysely<Database>;
  config: Config;
  secret: string;
  origin: string;
  /** Whether this process is the one of its instance that sends (server.js decides; see startRuntime). */
  send: boolean;
  now: () => Date;
}

/** The install's channels, and the sender when this process is the one that runs it. */
export function startReminders({ db, config, secret, origin, send, now }: ReminderSettings): Reminders {
  const channels = reminderChannels({ config, secret, origin });
  const sender =
    send && channels.length > 0
      ? startReminderSender({
          db,
          channels,
          hours: config.REMINDER_HOURS,
          checkMs: config.REMINDER_CHECK_SECONDS * 1000,
          now,
        })
      : undefined;
  return {
    channels,
    sender,
    async stop() {
      if (sender) await sender.stop();
      else for (const channel of channels) channel.close();
    },
  };
}
