import type { Config } from "#app/config.server";
import type { ChannelAudience } from "#app/data/reminders/claims.server";
import type { Recipient } from "#app/data/reminders/reminder-details.server";
import type { ReminderContent } from "#app/domain/reminders/reminder-message";

import { emailChannel } from "./email-channel.server";

/** One reminder to deliver: who, what it says now, and when it is. */
export interface Delivery {
  recipient: Recipient;
  content: ReminderContent;
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
  /** The install's signing secret (unsubscribe links). */
  secret: string;
  /** The public origin of links (BASE_URL, else http://localhost:PORT). */
  origin: string;
}

/**
 * The channels this install has, from its settings: e-mail when SMTP_* are set.
 *
 * Web Push (issue 45 item 2, branch h-push) is one more entry here once merged, e.g.:
 *   if (push) channels.push({
 *     name: "push",
 *     audience: pushAudience,                                  // users with a subscription
 *     deliver: async ({ recipient, content, now }) =>
 *       (await sendPush(services, recipient.userId, reminderNotice(content, now))) ? "sent" : "unreachable",
 *     isOutage: (error) => isServerError(error),               // 5xx: retried with backoff
 *     isPermanent: () => false,
 *     close: () => {},
 *   });
 * (reminderNotice: domain/reminders/reminder-message.ts; 404/410 subscriptions are deleted by sendPush.)
 */
export function reminderChannels({ config, secret, origin }: ChannelSettings): ReminderChannel[] {
  const channels: ReminderChannel[] = [];
  if (config.smtp) channels.push(emailChannel({ smtp: config.smtp, secret, origin }));
  return channels;
}
