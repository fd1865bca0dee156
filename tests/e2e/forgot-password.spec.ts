import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

import { field, hydrated, newAccount, registerViaForm, userMenuButton } from "./support";

/**
 * '¿Olvidaste tu contraseña?' (SPEC §2.11). The shared server runs without SMTP_*: there the link
 * is hidden. The whole journey runs against a server of this file's own, on port 3246, whose
 * SMTP_* point at an SMTP server started here.
 */

const ANSWER = "Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.";
const PRIVATE_PORT = 3246;
/** What /login says instead when reset links cannot be e-mailed. */
const ASK_THE_ADMIN = "Si olvidaste tu contraseña, pide un enlace al administrador";

test("sin correo configurado no hay '¿Olvidaste tu contraseña?': /login dice a quién pedir un enlace, y la página lleva a /login", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Iniciar Sesión", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "¿Olvidaste tu contraseña?" })).toHaveCount(0);
  await expect(page.getByRole("main").getByText(ASK_THE_ADMIN, { exact: true })).toBeVisible();

  await page.goto("/olvide-contrasena");
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("con correo (SMTP)", () => {
  test.describe.configure({ mode: "serial" });

  const received: { to: string[]; text: string }[] = [];
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      simpleParser(stream).then((mail) => {
        received.push({ to, text: mail.text ?? "" });
        callback();
      }, callback);
    },
  });

  let app: { child: ChildProcess; dataDir: string };
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-e2e-correo-"));
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL; // SQLite in dataDir
    const child = spawn(process.execPath, ["server.js"], {
      env: {
        ...env,
        PORT: String(PRIVATE_PORT),
        WEB_CONCURRENCY: "1",
        DATA_DIR: dataDir,
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(smtpPort),
        SMTP_FROM: "Quiniela <quiniela@quiniela.test>",
        LOG_REQUESTS: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    app = { child, dataDir };
    await new Promise<void>((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`el servidor no arrancó:\n${output}`)), 60_000);
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`http://localhost:${PRIVATE_PORT}`)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.once("exit", (code) => reject(new Error(`el servidor terminó (${code}):\n${output}`)));
    });
    context = await browser.newContext({ baseURL: `http://localhost:${PRIVATE_PORT}` });
    page = await context.newPage();
  });

  test.afterAll(async () => {
    await context?.close();
    if (app?.child.exitCode === null) {
      const exited = new Promise((resolve) => app.child.once("exit", resolve));
      app.child.kill("SIGTERM");
      await exited;
    }
    if (app) fs.rmSync(app.dataDir, { recursive: true, force: true });
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  test("desde /login se pide el enlace por correo y con él se elige una contraseña nueva", async () => {
    const account = newAccount("olvido");
    await registerViaForm(context.request, account, `http://localhost:${PRIVATE_PORT}`);
    await context.clearCookies();

    await page.goto("/login");
    await hydrated(page);
    await expect(page.getByText(ASK_THE_ADMIN)).toHaveCount(0);
    await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
    await expect(page).toHaveURL(/\/olvide-contrasena$/);
    await expect(page.getByRole("heading", { name: "¿Olvidaste tu contraseña?", level: 1 })).toBeVisible();

    await field(page, "Correo electrónico").fill(account.email);
    await page.getByRole("button", { name: "Enviar enlace", exact: true }).click();
    await expect(page.getByText(ANSWER)).toBeVisible();

    await expect.poll(() => received.filter((mail) => mail.to.includes(account.email)).length).toBe(1);
    const text = received.find((mail) => mail.to.includes(account.email))!.text;
    const link = text.match(/http:\/\/\S+/)?.[0];
    expect(link).toMatch(new RegExp(`^http://localhost:${PRIVATE_PORT}/reset-password\\?token=`));

    await page.goto(link!);
    await expect(page.getByText(`Nueva contraseña para ${account.email}`)).toBeVisible();
    await field(page, "Nueva contraseña").fill("nueva-secreta");
    await field(page, "Confirmar contraseña").fill("nueva-secreta");
    await page.getByRole("button", { name: "Guardar contraseña", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenuButton(page, account.name)).toBeVisible();
  });
});
