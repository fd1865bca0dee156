import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";
import { playersWithDevices } from "#app/data/push/subscriptions.server";
import { reminderNotice } from "#app/domain/reminders/reminder-message";
import { firstKickoff } from "#app/domain/reminders/reminder-rules";
import { sendPush, type PushSender } from "#app/notify/push.server";

import type { ReminderChannel } from "./channel";

/** A reminder left at a push service for a device that is off is of no use once its match starts. */
const MAX_TTL_SECONDS = 24 * 60 * 60;
const MIN_TTL_SECONDS = 60;

/**
 * Reminders as notifications (notify/push.server.ts): to every device the player turned them on,
 * with the summary every channel carries, opening the home page. A device its push service says
 * is gone (404, 410) is deleted there; a player left with none is not reached this way any more.
 * When no device took it (5xx, 429, the network), the delivery failed and the sender retries it.
 * Each reminder of a phase has the same topic: a newer one replaces one still waiting at the push
 * service for a device that was off.
 */
export function pushChannel({ db, push }: { db: Kysely<Database>; push: PushSender }): ReminderChannel {
  return {
    name: "push",
    audience: playersWithDevices,
    async deliver({ recipient, content, phaseId, now }) {
      const first = firstKickoff(content.matches);
      const untilKickoff = first === null ? MAX_TTL_SECONDS : Math.floor((Date.parse(first) - now.getTime()) / 1000);
      const report = await sendPush({ db, push }, recipient.userId, reminderNotice(content, now), {
        ttlSeconds: Math.max(MIN_TTL_SECONDS, Math.min(MAX_TTL_SECONDS, untilKickoff)),
        topic: `recordatorio-${phaseId}`,
      });
      if (report.delivered > 0) return "sent";
      if (report.devices === report.gone) return "unreachable";
      throw new Error(`ningún dispositivo lo recibió (${report.failed} de ${report.devices} fallaron)`);
    },
    // Each device is its own push service: one failing says nothing of the others.
    isOutage: () => false,
    isPermanent: () => false,
    // Web Push belongs to whoever started it (the runtime, the sender's thread).
    close: () => {},
  };
}
