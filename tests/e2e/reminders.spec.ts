import type { AddressInfo } from "node:net";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

import { startOwnServer, type OwnServer } from "../../scripts/lib/own-server";
import { expectAccessible } from "./axe";
import { signedOutPage, signInAsAdminOn } from "./private-server";
import { ADMIN, hydrated, newAccount, signUp, toast } from "./support";

/**
 * E-mail reminders (issue 45) as people meet them: the switch 'Recordatorios por correo' on
 * /profile, 'Recordar a los que faltan' on 'Estado de Pronósticos' with its toasts, and the way
 * out a reminder links to. A server of this file's own, whose SMTP_* point at an SMTP server
 * started here (the shared server has no e-mail: there the switch is not shown). axe on each
 * screen, light and dark.
 */

test.describe.configure({ mode: "serial" });

const received: { to: string[]; unsubscribe: string }[] = [];
const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
    simpleParser(stream).then((mail) => {
      const line = mail.headerLines.find((header) => header.key === "list-unsubscribe")?.line ?? "";
      received.push({ to, unsubscribe: /<([^>]+)>/.exec(line)?.[1] ?? "" });
      callback();
    }, callback);
  },
});

let server: OwnServer;
const player = newAccount("recordatorio");
let playerSide: { context: BrowserContext; page: Page };
let adminSide: { context: BrowserContext; page: Page };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  server = await startOwnServer("e2e-recordatorios", ADMIN.email, {
    env: {
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String((smtp.server.address() as AddressInfo).port),
      SMTP_FROM: "Quiniela <quiniela@quiniela.test>",
      REMINDER_CHECK_SECONDS: "1",
    },
  });
  playerSide = await signedOutPage(browser, server.url);
  await signUp(playerSide.page, player, server.url);
  adminSide = await signedOutPage(browser, server.url);
  await signInAsAdminOn(adminSide.context.request, server.url);
});

test.afterAll(async () => {
  await playerSide?.context.close();
  await adminSide?.context.close();
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

test("'Recordatorios por correo' en Mi Perfil: encendido al principio, se apaga y se enciende", async () => {
  const { page } = playerSide;
  await page.goto("/profile");
  await hydrated(page);
  const reminders = page.getByRole("switch", { name: "Recordatorios por correo" });
  await expect(reminders).toBeChecked();
  await expectAccessible(page, "/profile");

  await reminders.uncheck();
  await expect(toast(page, "Recordatorios por correo desactivados")).toBeVisible();
  await expect(reminders).not.toBeChecked();

  await reminders.check();
  await expect(toast(page, "Recordatorios por correo activados")).toBeVisible();
  await expect(reminders).toBeChecked();
});

test("'Recordar a los que faltan' avisa a quien le faltan pronósticos, una vez por hora; el correo lleva a la baja", async () => {
  // Three pages measured by axe in both schemes and a toast waited out: three times the usual time.
  test.slow();
  const { page } = adminSide;
  // Open the first phase for predictions, as its 'Activar Jornada' button does.
  const matches = await (await page.request.get("/admin/matches")).text();
  const phaseId = /name="phaseId" value="(\d+)"/.exec(matches)?.[1];
  expect(phaseId, "jornada en /admin/matches").toBeDefined();
  const opened = await page.request.post("/admin/matches", {
    headers: { Origin: server.url },
    form: { intent: "toggle-phase", phaseId: phaseId!, active: "1" },
  });
  expect(opened.status()).toBe(200);

  await page.goto(`/admin/estado-pronosticos?jornada=${phaseId}`);
  await hydrated(page);
  const remind = page.getByRole("button", { name: "Recordar a los que faltan" });
  await expect(page.getByRole("table", { name: "Pronósticos pendientes" })).toContainText(player.name);
  await remind.click();
  // The admin and the player have every pick to make.
  await expect(toast(page, "Recordatorio enviado")).toContainText("Recordatorio enviado a 2 jugadores");
  await expect(page.getByText("Último recordatorio hace menos de un minuto, a 2 jugadores.")).toBeVisible();
  await expect.poll(() => received.filter((mail) => mail.to.includes(player.email)).length).toBe(1);

  await remind.click();
  const warning = toast(page, "Atención");
  await expect(warning).toContainText("Ya se envió un recordatorio de esta jornada hace menos de un minuto");
  // The page itself, once its toasts are gone (a11y.spec.ts measures no toast either).
  await expect(warning).toBeHidden({ timeout: 8_000 });
  await expectAccessible(page, "/admin/estado-pronosticos");

  // The reminder's way out: the page asks first, then says it is done.
  // Links are on BASE_URL (here http://localhost:0, the server having no address of its own): its path.
  const link = new URL(received.find((mail) => mail.to.includes(player.email))!.unsubscribe);
  expect(link.pathname).toBe("/baja-recordatorios");
  const visitor = playerSide.page;
  await visitor.goto(`${link.pathname}${link.search}`);
  await hydrated(visitor);
  await expect(visitor.getByRole("heading", { name: "Recordatorios por correo", level: 1 })).toBeVisible();
  await expectAccessible(visitor, "/baja-recordatorios");
  await visitor.getByRole("button", { name: "Dejar de recibir recordatorios" }).click();
  await expect(visitor.getByText("Listo: ya no recibirás recordatorios por correo.")).toBeVisible();
  await expectAccessible(visitor, "/baja-recordatorios (hecho)");
});
