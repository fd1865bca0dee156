import type { ChannelAudience } from "#app/data/reminders/claims.server";
import type { Recipient } from "#app/data/reminders/reminder-details.server";
import type { ReminderContent } from "#app/domain/reminders/reminder-message";

/*
 * What a channel of reminders is, apart from the list of an install's channels
 * (channels.server.ts), which imports each channel: each channel and the sender import this.
 */

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
