import nodemailer from "nodemailer";

import { unsubscribeUrl } from "#app/auth/links/unsubscribe-token.server";
import type { SmtpSettings } from "#app/config.server";
import { emailAudience } from "#app/data/reminders/reminder-settings.server";
import { reminderEmail } from "#app/domain/reminders/reminder-message";

import type { ReminderChannel } from "./channel";

/** nodemailer's codes for a server that cannot be reached or talked to (not one message's fault). */
const OUTAGE_CODES = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
  "EAUTH",
  "ETLS",
]);

interface SmtpFailure {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

/**
 * Reminder e-mails through the SMTP settings password reset uses (SMTP_*): a plain-text part and
 * an HTML one, and the one-click way out (RFC 8058): `List-Unsubscribe` with the player's own
 * https link and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so a mail program can turn
 * the switch off with one POST, without signing in. A pool of a few connections carries a wave
 * of them, each connection reused for many messages.
 */
export function emailChannel({
  smtp,
  secret,
  origin,
}: {
  smtp: SmtpSettings;
  secret: string;
  origin: string;
}): ReminderChannel {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 4,
    maxMessages: 1000,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.auth,
    // A server that does not answer is known within seconds, and the wave waits for the retry.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: "email",
    audience: emailAudience,
    async deliver({ recipient, content, now }) {
      if (!recipient.emailReminders) return "unreachable";
      const unsubscribe = unsubscribeUrl(origin, secret, recipient.userId);
      const email = reminderEmail(
        { name: recipient.name, content, homeUrl: `${origin}/`, unsubscribeUrl: unsubscribe },
        now,
      );
      await transport.sendMail({
        from: smtp.from,
        to: recipient.email,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: {
          "Auto-Submitted": "auto-generated",
          "List-Unsubscribe": `<${unsubscribe}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
      return "sent";
    },
    isOutage(error) {
      const failure = error as SmtpFailure;
      const response = Number(failure?.responseCode);
      // 421: the server is closing the channel (busy, shutting down).
      return OUTAGE_CODES.has(String(failure?.code)) || response === 421;
    },
    isPermanent(error) {
      const failure = error as SmtpFailure;
      const response = Number(failure?.responseCode);
      // A recipient refused for good (550 mailbox unavailable…); the server's own troubles are 4xx.
      return response >= 500 && response < 600 && failure?.command === "RCPT TO";
    },
    close: () => transport.close(),
  };
}
