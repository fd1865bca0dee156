import nodemailer from "nodemailer";

import type { SmtpSettings } from "#app/config.server";

import { resetEmail } from "./reset-email";

/** Sends one reset link to the account's owner. Never throws: a failure is logged instead. */
export type SendResetEmail = (user: { email: string; name: string }, link: string) => Promise<void>;

/**
 * Reset links by e-mail through the configured SMTP server (nodemailer). Nothing connects until
 * the first message; each message opens its own connection. A failed delivery is logged without
 * the link or its token, and the visitor is never told (their answer was sent before this ran).
 */
export function createResetMailer(smtp: SmtpSettings): SendResetEmail {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.auth,
    // Fail within seconds rather than nodemailer's minutes: nobody waits, but the log should say so soon.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return async (user, link) => {
    const { subject, text, html } = resetEmail({ name: user.name, link });
    try {
      await transport.sendMail({
        from: smtp.from,
        to: user.email,
        subject,
        text,
        html,
        headers: { "Auto-Submitted": "auto-generated" },
      });
    } catch (error) {
      console.error(`No se pudo enviar el correo para restablecer la contraseña: ${describeFailure(error, link)}`);
    }
  };
}

/** The SMTP error as one line, with the link and its token blanked out wherever they appear. */
function describeFailure(error: unknown, link: string): string {
  const failure = error as { message?: unknown; code?: unknown; command?: unknown; responseCode?: unknown };
  const parts = [String(failure?.message ?? error)];
  if (failure?.code) parts.push(`código ${String(failure.code)}`);
  if (failure?.command) parts.push(`orden ${String(failure.command)}`);
  if (failure?.responseCode) parts.push(`respuesta ${String(failure.responseCode)}`);
  const token = new URL(link).searchParams.get("token");
  let line = parts.join(", ").replaceAll(link, "[enlace]");
  if (token) line = line.replaceAll(token, "[token]");
  return line.replace(/[\r\n]+/g, " ");
}
