import type { Kysely } from "kysely";

import type { Config } from "#app/config.server";
import type { Database } from "#app/data/engine/schema";
import type { PushSender } from "#app/notify/push.server";

import type { ReminderChannel } from "./channel";
import { emailChannel } from "./email-channel.server";
import { pushChannel } from "./push-channel.server";

export interface ChannelSettings {
  config: Config;
  db: Kysely<Database>;
  /** The install's signing secret (unsubscribe links). */
  secret: string;
  /** The public origin of links (BASE_URL, else http://localhost:PORT). */
  origin: string;
  /** Web Push, where the runtime has it started. */
  push: PushSender | undefined;
}

/** The channels this install has, from its settings: e-mail when SMTP_* are set, and Web Push. */
export function reminderChannels({ config, db, secret, origin, push }: ChannelSettings): ReminderChannel[] {
  const channels: ReminderChannel[] = [];
  if (config.smtp) channels.push(emailChannel({ smtp: config.smtp, secret, origin }));
  if (push) channels.push(pushChannel({ db, push }));
  return channels;
}
