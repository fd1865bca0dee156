import net, { type AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";

import { createUser } from "../support/accounts";
import {
  form,
  leakedInternals,
  loginUser,
  requestText,
  startServerProcess,
  type ServerProcess,
  type TextResponse,
} from "../support/server";

// '¿Olvidaste tu contraseña?' (SPEC §2.11) against a real SMTP server started here: the app sends
// the one-time link by e-mail, and this file reads the message it receives.

const ANSWER = "Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.";
const PER_EMAIL = 3;
const PER_IP = 10;
const SMTP_USER = "quiniela";
const SMTP_PASSWORD = "clave-smtp";
/** The SMTP server refuses this recipient (a delivery failure)… */
const REFUSED = "rechazado@quiniela.test";
/** …and takes this long to accept a message for this one. */
const SLOW = "lento@quiniela.test";
const SLOW_MS = 4000;

interface Received {
  from: string;
  to: string[];
  at: number;
  mail: ParsedMail;
}

const inbox: Received[] = [];
const smtp = new SMTPServer({
  secure: false,
  // No certificate here: without STARTTLS on offer, nodemailer stays on plain text (loopback).
  disabledCommands: ["STARTTLS"],
  allowInsecureAuth: true,
  authMethods: ["PLAIN", "LOGIN"],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
    else callback(new Error("Credenciales SMTP inválidas"));
  },
  onRcptTo(address, _session, callback) {
    if (address.address === REFUSED) {
      callback(Object.assign(new Error("Buzón no disponible"), { responseCode: 550 }));
    } else {
      callback();
    }
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
      void simpleParser(Buffer.concat(chunks)).then((mail) => {
        const accept = () => {
          inbox.push({ from, to, at: Date.now(), mail });
          callback();
        };
        if (to.includes(SLOW)) setTimeout(accept, SLOW_MS);
        else accept();
      }, callback);
    });
  },
});

let smtpPort: number;
let appPort: number;
let server: ServerProcess;

/** A port nobody listens on now: the app's links are on http://localhost:PORT (no BASE_URL). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  appPort = await freePort();
  server = await startServerProcess({
    PORT: String(appPort),
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtpPort),
    SMTP_USER,
    SMTP_PASSWORD,
    SMTP_FROM: "Quiniela <quiniela@quiniela.test>",
    AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL),
    AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
    // Registrations below must not hit the sign-up limit.
  });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});
beforeEach(async () => {
  await server.db.deleteFrom("rate_limits").execute();
  inbox.length = 0;
});

const get = (path: string, cookie?: string) => requestText(server, path, { cookie });
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  requestText(server, path, { method: "POST", body: form(fields), cookie });
const askForLink = (email: string) => post("/olvide-contrasena", { email });

/** The messages received for this address so far. */
const mailsTo = (address: string) => inbox.filter((received) => received.to.includes(address));

/** Waits until `count` messages for this address have arrived, and returns them. */
async function waitForMails(address: string, count = 1, timeoutMs = 10_000): Promise<Received[]> {
  const deadline = Date.now() + timeoutMs;
  while (mailsTo(address).length < count) {
    if (Date.now() > deadline) throw new Error(`no llegaron ${count} correo(s) a ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return mailsTo(address);
}

/** Lets background work finish, so that "nothing was sent" is not just "not sent yet". */
const settle = () => new Promise((resolve) => setTimeout(resolve, 700));

/** The one reset link in a message's text. */
function linkIn(received: Received): URL {
  const links = (received.mail.text ?? "").match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  return new URL(links[0]!);
}

/** A document's body without its per-response CSP nonce. */
const withoutNonce = (body: string) => body.replace(/nonce="[^"]*"/g, 'nonce=""');

function expectAnswer(response: TextResponse) {
  expect(response.status).toBe(200);
  expect(response.body).toContain(ANSWER);
  expect(leakedInternals(response.body)).toEqual([]);
}

test("/login offers '¿Olvidaste tu contraseña?', which leads to a form with 'Correo electrónico' and 'Enviar enlace'", async () => {
  const login = await get("/login");
  expect(login.status).toBe(200);
  expect(login.body).toMatch(/<a[^>]*href="\/olvide-contrasena"[^>]*>¿Olvidaste tu contraseña\?<\/a>/);

  const page = await get("/olvide-contrasena");
  expect(page.status).toBe(200);
  expect(page.body).toContain("Correo electrónico");
  expect(page.body).toContain("Enviar enlace");
});

test("a registered e-mail receives the link; it sets a new password once, and the new password signs in", async () => {
  await createUser(server, { name: "Ana", email: "ana@quiniela.test", password: "vieja123" });

  expectAnswer(await askForLink("  ANA@Quiniela.test "));
  const [received] = await waitForMails("ana@quiniela.test");
  expect(received!.from).toBe("quiniela@quiniela.test");
  expect(received!.mail.from?.text).toBe('"Quiniela" <quiniela@quiniela.test>');
  expect(received!.mail.subject).toBe("Restablece tu contraseña de Quiniela");
  expect(received!.mail.text).toContain("Hola, Ana:");
  expect(received!.mail.text).toContain("Es de un solo uso y vale por una hora");

  // On http://localhost:PORT (no BASE_URL here), never on the request's Host.
  const link = linkIn(received!);
  expect(link.origin).toBe(`http://localhost:${appPort}`);
  expect(link.pathname).toBe("/reset-password");
  const token = link.searchParams.get("token")!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  expect(received!.mail.html).toContain(`href="${link.href}"`);

  const resetPage = await get(`${link.pathname}${link.search}`);
  expect(resetPage.status).toBe(200);
  expect(resetPage.body).toContain("Nueva contraseña para ana@quiniela.test");

  const reset = await post("/reset-password", { token, password: "nueva123", confirmPassword: "nueva123" });
  expect(reset.status).toBe(302);
  expect(reset.location).toBe("/");

  expect(await loginUser(server, { email: "ana@quiniela.test", password: "nueva123" })).toContain("session_token");
  expect((await post("/login", { email: "ana@quiniela.test", password: "vieja123" })).status).toBe(401);

  // The link works once.
  expect((await get(`${link.pathname}${link.search}`)).body).toContain("El enlace no es válido, ya se usó o expiró");
  const again = await post("/reset-password", { token, password: "otra1234", confirmPassword: "otra1234" });
  expect(again.status).toBe(400);
  expect(again.body).toContain("El enlace no es válido, ya se usó o expiró");
  expect(await loginUser(server, { email: "ana@quiniela.test", password: "nueva123" })).toContain("session_token");

  // Neither the token nor the link is ever logged.
  expect(server.output()).not.toContain(token);
  expect(server.output()).not.toContain("reset-password?token");
});

test("an unknown e-mail gets the same status and body, and no message is sent", async () => {
  await createUser(server, { name: "Beto", email: "beto@quiniela.test" });

  const known = await askForLink("beto@quiniela.test");
  const unknown = await askForLink("nadie@quiniela.test");
  expectAnswer(known);
  expect(unknown.status).toBe(known.status);
  expect(withoutNonce(unknown.body)).toBe(withoutNonce(known.body));

  // The data of a client-side submission too, byte for byte.
  const knownData = await post("/olvide-contrasena.data", { email: "beto@quiniela.test" });
  const unknownData = await post("/olvide-contrasena.data", { email: "nadie@quiniela.test" });
  expect(knownData.status).toBe(200);
  expect(unknownData.status).toBe(knownData.status);
  expect(unknownData.body).toBe(knownData.body);

  await waitForMails("beto@quiniela.test", 2);
  await settle();
  expect(inbox.flatMap((received) => received.to)).toEqual(["beto@quiniela.test", "beto@quiniela.test"]);
});

test("the answer does not wait for the e-mail to be delivered", async () => {
  await createUser(server, { name: "Lalo", email: SLOW });

  const started = Date.now();
  const response = await askForLink(SLOW);
  const answeredAt = Date.now();
  expectAnswer(response);
  expect(answeredAt - started).toBeLessThan(SLOW_MS / 2);

  const [received] = await waitForMails(SLOW, 1, SLOW_MS + 10_000);
  expect(received!.at - started).toBeGreaterThanOrEqual(SLOW_MS);
});

test("an SMTP failure gives the visitor the same answer and is logged, without the link", async () => {
  await createUser(server, { name: "Rita", email: REFUSED });

  expectAnswer(await askForLink(REFUSED));
  const deadline = Date.now() + 10_000;
  while (!server.output().includes("No se pudo enviar el correo para restablecer la contraseña")) {
    if (Date.now() > deadline) throw new Error(`sin registro del fallo:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(server.output()).toContain("Buzón no disponible");
  expect(server.output()).not.toContain("reset-password?token");
  expect(server.output()).not.toContain("token=");
  expect(mailsTo(REFUSED)).toEqual([]);
});

test(`after ${PER_EMAIL} requests for one e-mail the next answers 429, registered or not, and sends nothing`, async () => {
  await createUser(server, { name: "Caro", email: "caro@quiniela.test" });

  for (const email of ["caro@quiniela.test", "desconocida@quiniela.test"]) {
    for (let i = 0; i < PER_EMAIL; i++) expectAnswer(await askForLink(email));
    const limited = await askForLink(email);
    expect(limited.status).toBe(429);
    expect(limited.body).toContain("Demasiados intentos. Espera unos minutos e inténtalo de nuevo.");
    expect(limited.body).not.toContain(ANSWER);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  }

  await waitForMails("caro@quiniela.test", PER_EMAIL);
  await settle();
  expect(mailsTo("caro@quiniela.test")).toHaveLength(PER_EMAIL);
  expect(inbox).toHaveLength(PER_EMAIL);

  // Its own counters: signing in is not limited by these requests.
  expect(await loginUser(server, { email: "caro@quiniela.test" })).toContain("session_token");
});

test(`after ${PER_IP} requests from one IP the next answers 429, whatever the e-mail`, async () => {
  for (let i = 0; i < PER_IP; i++) expectAnswer(await askForLink(`ip${i}@quiniela.test`));
  const limited = await askForLink("otra@quiniela.test");
  expect(limited.status).toBe(429);
  expect(limited.body).toContain("Demasiados intentos");
});

test("the form refuses a missing or malformed e-mail and control characters, in Spanish, and sends nothing", async () => {
  await createUser(server, { name: "Dani", email: "dani@quiniela.test" });

  const empty = await post("/olvide-contrasena", {});
  expect(empty.status).toBe(400);
  expect(empty.body).toContain("El correo electrónico es obligatorio");

  for (const email of ["dani@", "dani@quiniela.test\r\nBcc: otro@quiniela.test", "dani@quiniela.test\u0000"]) {
    const response = await askForLink(email);
    expect(response.status).toBe(400);
    expect(response.body).toContain("Correo electrónico inválido");
    expect(response.body).not.toContain(ANSWER);
  }
  await settle();
  expect(inbox).toEqual([]);
});

test("signed in, the page sends you home; 'Generar enlace' on the profile still shows the link and sends no e-mail", async () => {
  const cookie = await createUser(server, { name: "Eva", email: "eva@quiniela.test" });
  const page = await get("/olvide-contrasena", cookie);
  expect(page.status).toBe(302);
  expect(page.location).toBe("/");

  const generated = await post("/profile", { intent: "reset-link" }, cookie);
  expect(generated.status).toBe(200);
  expect(generated.body).toContain("/reset-password?token=");
  await settle();
  expect(mailsTo("eva@quiniela.test")).toEqual([]);
});

test("without SMTP settings there is no link on /login and the page answers like an unknown path", async () => {
  await server.close();
  server = await startServerProcess();
  await createUser(server, { name: "Fer", email: "fer@quiniela.test" });

  const login = await get("/login");
  expect(login.status).toBe(200);
  expect(login.body).not.toContain("¿Olvidaste tu contraseña?");
  expect(login.body).not.toContain("/olvide-contrasena");

  const unknownPath = await get("/no-existe");
  for (const response of [await get("/olvide-contrasena"), await askForLink("fer@quiniela.test")]) {
    expect(response.status).toBe(unknownPath.status);
    expect(response.location).toBe(unknownPath.location);
    expect(response.body).not.toContain(ANSWER);
  }
  await settle();
  expect(inbox).toEqual([]);
});
