import type { Kysely } from "kysely";

import type { Config } from "#app/config.server";
import type { Database } from "#app/data/engine/schema";
import type { ChannelAudience } from "#app/data/reminders/claims.server";
import type { PushSender } from "#app/notify/push.server";

import { reminderChannels } from "./channels.server";
import { startSenderOnDemand } from "./sender-thread.server";
import { startReminderSender } from "./sender.server";

/** The reminders as the rest of the app sees them (services.reminders). */
export interface Reminders {
  /** The channels this install has (whom each reaches): 'Recordar a los que faltan' claims on all of them. */
  channels: readonly ChannelAudience[];
  /** Whether this process runs the sender (the one process that does, when there is a channel). */
  sending: boolean;
  stop(): Promise<void>;
}

export interface ReminderSettings {
  db: Kysely<Database>;
  config: Config;
  secret: string;
  origin: string;
  /** Web Push as this runtime has it: the push channel. */
  push: PushSender | undefined;
  /**
   * Whether this process is the one of its instance that sends (server.js decides; see
   * startRuntime), and where: in a thread started from the server build at `thread` with the
   * settings `env`, else in this thread. The thread itself passes `true`.
   */
  send: false | true | { env: NodeJS.ProcessEnv; thread: string | undefined };
  now: () => Date;
}

/** The install's channels, and the sender when this process is the one that runs it. */
export function startReminders({ db, config, secret, origin, push, send, now }: ReminderSettings): Reminders {
  const channels = reminderChannels({ config, db, secret, origin, push });
  const sending = send !== false && channels.length > 0;
  const timing = { hours: config.REMINDER_HOURS, checkMs: config.REMINDER_CHECK_SECONDS * 1000, now };
  const thread =
    sending && typeof send === "object" && send.thread
      ? startSenderOnDemand({ db, entry: send.thread, env: send.env, ...timing })
      : undefined;
  const sender = sending && !thread ? startReminderSender({ db, channels, ...timing }) : undefined;
  return {
    channels,
    sending,
    async stop() {
      await thread?.stop();
      // The sender closes its channels; without one, this process closes them.
      if (sender) await sender.stop();
      else for (const channel of channels) channel.close();
    },
  };
}
