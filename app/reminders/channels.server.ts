import type { Kysely } from "kysely";

import type { Config } from "#app/config.server";
import type { Database } from "#app/data/engine/schema";
import type { ChannelAudience } from "#app/data/reminders/claims.server";
import type { Recipient } from "#app/data/reminders/reminder-details.server";
import type { ReminderContent } from "#app/domain/reminders/reminder-message";
import type { PushSender } from "#app/notify/push.server";

import { emailChannel } from "./email-channel.server";
import { pushChannel } from "./push-channel.server";

/** One reminder to deliver: who, what it says now, of which phase, and when it is. */
export interface Delivery {
  recipient: Recipient;
  content: ReminderContent;
  phaseId: number;
  now: Date;
}

/**
 * A way to reach a player: a name (the claim's `channel`), whom it reaches, and how it delivers
 * one reminder. `deliver` resolves "sent", or "unreachable" when the player can no longer be
 * reached this way (the switch turned off, no device left); it throws when the delivery failed,
 * and the sender retries it with backoff.
 */
export interface ReminderChannel extends ChannelAudience {
  deliver(delivery: Delivery): Promise<"sent" | "unreachable">;
  /** A failure of the channel itself (its server down), not of one message: the batch's others wait for the retry. */
  isOutage(error: unknown): boolean;
  /** A failure no retry will mend (a mailbox that does not exist): given up at once. */
  isPermanent(error: unknown): boolean;
  close(): void;
}

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
