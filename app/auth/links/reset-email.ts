/**
 * The e-mail that carries a one-time password-reset link ('¿Olvidaste tu contraseña?', SPEC
 * §2.11): Spanish subject, plain text and a simple HTML version of the same words.
 */
export const RESET_EMAIL_SUBJECT = "Restablece tu contraseña de Quiniela";

export interface ResetEmail {
  subject: string;
  text: string;
  html: string;
}

export function resetEmail({ name, link }: { name: string; link: string }): ResetEmail {
  const greeting = name.trim() ? `Hola, ${name.trim()}:` : "Hola:";
  const lines = [
    "Recibimos una solicitud para restablecer la contraseña de tu cuenta de Quiniela.",
    "Abre este enlace para elegir una contraseña nueva. Es de un solo uso y vale por una hora:",
  ];
  const ignore = "Si no lo pediste, ignora este correo: tu contraseña no cambia.";
  const text = [greeting, "", ...lines, "", link, "", ignore, ""].join("\n");
  const html = [
    "<!doctype html>",
    '<html lang="es"><body style="font-family: sans-serif; line-height: 1.5;">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${lines.map(escapeHtml).join("<br>")}</p>`,
    `<p><a href="${escapeHtml(link)}">Restablecer mi contraseña</a></p>`,
    `<p style="word-break: break-all; color: #555;">${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(ignore)}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject: RESET_EMAIL_SUBJECT, text, html };
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
