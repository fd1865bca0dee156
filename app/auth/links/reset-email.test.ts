import { expect, test } from "vitest";

import { RESET_EMAIL_SUBJECT, resetEmail } from "./reset-email";

const link = "https://quiniela.example.com/reset-password?token=abc123";

test("subject and text in Spanish, with the link on a line of its own and its validity", () => {
  const mail = resetEmail({ name: "Ana", link });
  expect(mail.subject).toBe(RESET_EMAIL_SUBJECT);
  expect(mail.subject).toBe("Restablece tu contraseña de Quiniela");
  expect(mail.text.split("\n")).toContain(link);
  expect(mail.text).toMatch(/^Hola, Ana:/);
  expect(mail.text).toContain("Es de un solo uso y vale por una hora");
  expect(mail.text).toContain("Si no lo pediste, ignora este correo");
});

test("the HTML version links the same address and escapes the name", () => {
  const mail = resetEmail({ name: '<b>"Beto" & Co</b>', link: `${link}&x=1` });
  expect(mail.html).toContain(`<a href="${link}&amp;x=1">Restablecer mi contraseña</a>`);
  expect(mail.html).toContain("Hola, &lt;b&gt;&quot;Beto&quot; &amp; Co&lt;/b&gt;:");
  expect(mail.html).not.toContain("<b>");
});

test("without a name the greeting is just 'Hola:'", () => {
  expect(resetEmail({ name: "  ", link }).text).toMatch(/^Hola:\n/);
});
