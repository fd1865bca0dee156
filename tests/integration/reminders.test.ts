import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";

import { openDatabase } from "#app/data/engine/db.server";
import type { Database } from "#app/data/engine/schema";

import { createUser } from "../support/accounts";
import { startPushService } from "../support/push-service";
import {
  activatePhase,
  form,
  postForm,
  requestText,
  startServerProcess,
  startTestServer,
  userIdOf,
  type ServerProcess,
  type TestServer,
} from "../support/server";

// E-mail reminders to players missing picks (issue 45) against a real SMTP server started here:
// who gets one and what it lists, never twice (two instances, a cluster, a restart), the
// one-click unsubscribe, 'Recordar a los que faltan' and its hourly limit, SMTP down and back.
// The servers check every second (REMINDER_CHECK_SECONDS=1); the clock is the real one, and a
// match's kickoff is set relative to it.

interface Received {
  to: string[];
  mail: ParsedMail;
}

const inbox: Received[] = [];
/** While set, the SMTP server refuses every message with a 421 (a server that is down). */
let smtpDown = false;
const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onMailFrom(_address, _session, callback) {
    if (smtpDown) callback(Object.assign(new Error("Servicio no disponible"), { responseCode: 421 }));
    else callback();
  },
  onData(stream, session, callback) {
    const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
    simpleParser(stream).then((mail) => {
      inbox.push({ to, mail });
      callback();
    }, callback);
  },
});

let smtpEnv: Record<string, string>;
let server: TestServer;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpEnv = {
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String((smtp.server.address() as AddressInfo).port),
    SMTP_FROM: "Quiniela <quiniela@quiniela.test>",
    REMINDER_CHECK_SECONDS: "1",
  };
  server = await startTestServer(smtpEnv);
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** Each test starts from nobody, no open match, no manual reminder, an empty inbox. */
async function startAfresh(db: Kysely<Database>) {
  await db.deleteFrom("users").execute();
  await db.updateTable("matches").set({ active: 0, kickoff_at: null }).execute();
  await db.deleteFrom("manual_reminders").execute();
  await db.updateTable("seasons").set({ finished_at: null }).execute();
  smtpDown = false;
  inbox.length = 0;
}
beforeEach(async () => {
  await startAfresh(server.db);
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const mailsTo = (email: string) => inbox.filter((received) => received.to.includes(email));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Longer than one of the sender's passes, which run every second: what has not arrived by then is not coming. */
const settle = () => sleep(1_600);

async function waitFor(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`no ocurrió a tiempo: ${what}`);
    await sleep(50);
  }
}

/** Waits for exactly these messages per address (and checks no other address got one). */
async function expectInbox(expected: Record<string, number>) {
  await waitFor(`correos ${JSON.stringify(expected)}`, () =>
    Object.entries(expected).every(([email, n]) => mailsTo(email).length >= n),
  );
  await settle();
  const counts: Record<string, number> = {};
  for (const received of inbox) for (const to of received.to) counts[to] = (counts[to] ?? 0) + 1;
  expect(counts).toEqual(Object.fromEntries(Object.entries(expected).filter(([, n]) => n > 0)));
}

async function player(db: TestServer, name: string, email: string): Promise<{ id: string; cookie: string }> {
  const cookie = await createUser(db, { name, email });
  return { id: await userIdOf(db, email), cookie };
}

/** Picks straight into the database (a saved prediction form). */
async function pick(db: Kysely<Database>, userId: string, matchIds: readonly number[]) {
  const now = new Date().toISOString();
  for (const matchId of matchIds) {
    await db
      .insertInto("predictions")
      .values({ user_id: userId, match_id: matchId, home_score: 1, away_score: 0, created_at: now, updated_at: now })
      .execute();
  }
}

async function setKickoff(db: Kysely<Database>, matchId: number, at: string | null) {
  await db.updateTable("matches").set({ kickoff_at: at }).where("id", "=", matchId).execute();
}

/** The team names of a match, as a reminder lists it ('América vs Cruz Azul'). */
async function label(db: Kysely<Database>, matchId: number): Promise<string> {
  const row = await db
    .selectFrom("matches as m")
    .innerJoin("teams as h", "h.id", "m.home_team_id")
    .innerJoin("teams as a", "a.id", "m.away_team_id")
    .select(["h.name as home", "a.name as away"])
    .where("m.id", "=", matchId)
    .executeTakeFirstOrThrow();
  return `${row.home} vs ${row.away}`;
}

/** The lines of a reminder that list its matches. */
const listed = (received: Received) => (received.mail.text ?? "").split("\n").filter((line) => line.startsWith("- "));

function header(received: Received, name: string): string | undefined {
  const line = received.mail.headerLines.find((candidate) => candidate.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(":") + 1).trim();
}

/** The one-click address of a reminder (its List-Unsubscribe). */
function unsubscribeOf(received: Received): URL {
  const value = header(received, "List-Unsubscribe") ?? "";
  expect(value).toMatch(/^<https?:\/\/[^>]+>$/);
  return new URL(value.slice(1, -1));
}

async function emailSwitch(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom("users").select("email_reminders").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.email_reminders;
}

test("only players with missing picks get one, listing only their missing matches, when the first of them is under 24 h and again under 2 h", async () => {
  const { matchIds } = await activatePhase(server, "Jornada 1");
  const [m1, m2, m3] = matchIds as [number, number, number];
  const ana = await player(server, "Ana", "ana@quiniela.test");
  const beto = await player(server, "Beto", "beto@quiniela.test");
  const caro = await player(server, "Caro", "caro@quiniela.test");
  const dani = await player(server, "Dani", "dani@quiniela.test");
  const eva = await player(server, "Eva", "eva@quiniela.test");
  await pick(server.db, beto.id, [m1]);
  await pick(server.db, caro.id, matchIds);
  await pick(server.db, eva.id, [m2, m3]);
  await server.db.updateTable("users").set({ email_reminders: 0 }).where("id", "=", dani.id).execute();

  // The first kickoff 23 h away, the others later: Ana and Eva miss it; Beto's first missing match
  // (m2, 25 h away) is not due yet; Caro has every pick in; Dani turned the switch off.
  for (const id of matchIds) await setKickoff(server.db, id, inHours(30));
  await setKickoff(server.db, m1, inHours(23));
  await setKickoff(server.db, m2, inHours(25));
  await expectInbox({ "ana@quiniela.test": 1, "eva@quiniela.test": 1 });

  const [toAna] = mailsTo("ana@quiniela.test");
  const [toEva] = mailsTo("eva@quiniela.test");
  expect(toAna!.mail.subject).toBe(`Te faltan ${matchIds.length} pronósticos de la Jornada 1`);
  expect(toEva!.mail.subject).toBe(`Te faltan ${matchIds.length - 2} pronósticos de la Jornada 1`);
  expect(toAna!.mail.text).toMatch(
    /Te faltan \d+ pronósticos de la Jornada 1 · el primero empieza el \S+ a las \d\d:\d\d \(hora de la Ciudad de México\)\./,
  );
  expect(toAna!.mail.text).toContain("Hola, Ana:");
  expect(listed(toAna!)).toHaveLength(matchIds.length);
  // Eva's lists only what she misses, the first kickoff first.
  const evaLines = listed(toEva!);
  expect(evaLines).toHaveLength(matchIds.length - 2);
  expect(evaLines[0]).toContain(await label(server.db, m1));
  for (const picked of [m2, m3]) expect(evaLines.join("\n")).not.toContain(await label(server.db, picked));
  // A plain-text part, an HTML one, the home page, and the one-click way out (RFC 8058).
  expect(toAna!.mail.html).toContain("Capturar mis pronósticos");
  expect(toAna!.mail.text).toMatch(/^http:\/\/localhost:\d+\/$/m);
  expect(header(toAna!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  expect(unsubscribeOf(toAna!).pathname).toBe("/baja-recordatorios");
  expect(unsubscribeOf(toAna!).href).not.toBe(unsubscribeOf(toEva!).href);

  // Under 2 h: the second reminder, once; Beto's first missing match is still 25 h away.
  await setKickoff(server.db, m1, inHours(1.5));
  await expectInbox({ "ana@quiniela.test": 2, "eva@quiniela.test": 2 });
  expect(mailsTo("eva@quiniela.test")[1]!.mail.text).toContain("el primero empieza");

  // Claimed once per player, phase, occasion and channel.
  const claims = await server.db
    .selectFrom("reminder_claims")
    .select(["user_id", "occasion", "channel", "status", "attempts"])
    .execute();
  const rows = (list: (string | number)[][]) => list.map((row) => row.join(" ")).sort();
  expect(
    rows(claims.map((claim) => [claim.user_id, claim.occasion, claim.channel, claim.status, claim.attempts])),
  ).toEqual(
    rows([
      [ana.id, "24", "email", "sent", 1],
      [ana.id, "2", "email", "sent", 1],
      [eva.id, "24", "email", "sent", 1],
      [eva.id, "2", "email", "sent", 1],
    ]),
  );
});

test("a finished season, a phase whose pools are activated, a passed kickoff and matches without one send nothing", async () => {
  const { matchIds } = await activatePhase(server, "Jornada 2");
  const activated = await activatePhase(server, "Jornada 3");
  await activatePhase(server, "Jornada 4");
  await player(server, "Fer", "fer@quiniela.test");
  await server.db
    .updateTable("seasons")
    .set({ finished_at: new Date().toISOString() })
    .where("is_current", "=", 1)
    .execute();
  for (const id of [...matchIds, ...activated.matchIds]) await setKickoff(server.db, id, inHours(1));
  await settle();
  expect(inbox).toEqual([]);

  // Reopened: Jornada 2's kickoffs have passed, Jornada 3's pools are activated (its picks are
  // closed), Jornada 4 has no kickoff times.
  for (const id of matchIds) await setKickoff(server.db, id, inHours(-0.1));
  await server.db
    .updateTable("phases")
    .set({ activated_at: new Date().toISOString() })
    .where("id", "=", activated.phaseId)
    .execute();
  await server.db.updateTable("seasons").set({ finished_at: null }).execute();
  await settle();
  expect(inbox).toEqual([]);
  await server.db.updateTable("phases").set({ activated_at: null }).execute();
});

test("the one-click unsubscribe: the page asks first; a POST without cookies or Origin turns the switch off", async () => {
  const { matchIds } = await activatePhase(server, "Jornada 3");
  const gina = await player(server, "Gina", "gina@quiniela.test");
  const hugo = await player(server, "Hugo", "hugo@quiniela.test");
  await setKickoff(server.db, matchIds[0]!, inHours(20));
  await expectInbox({ "gina@quiniela.test": 1, "hugo@quiniela.test": 1 });
  const link = unsubscribeOf(mailsTo("gina@quiniela.test")[0]!);
  const path = `${link.pathname}${link.search}`;

  // A mail scanner's GET changes nothing: the page offers the button.
  const page = await requestText(server, path);
  expect(page.status).toBe(200);
  expect(page.body).toContain("Dejar de recibir recordatorios");
  expect(await emailSwitch(server.db, gina.id)).toBe(1);

  // Another player's id under Gina's signature, or a token cut short: refused, nothing changes.
  const token = link.searchParams.get("token")!;
  const forged = `${Buffer.from(hugo.id).toString("base64url")}.${token.split(".")[1]}`;
  for (const bad of [forged, token.slice(0, -2)]) {
    const refused = await fetch(`${server.url}/baja-recordatorios?${new URLSearchParams({ token: bad })}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(refused.status).toBe(400);
    await refused.text();
  }
  expect(await emailSwitch(server.db, hugo.id)).toBe(1);

  // The mail program's one-click POST (RFC 8058): no cookie, no Origin.
  const oneClick = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  await oneClick.text();
  expect(await emailSwitch(server.db, gina.id)).toBe(0);
  expect(await emailSwitch(server.db, hugo.id)).toBe(1);
  expect((await requestText(server, path)).body).toContain("Ya no recibes recordatorios por correo.");

  // Other writes without an Origin are still refused.
  const other = await fetch(`${server.url}/profile`, { method: "POST", body: form({ intent: "reset-link" }) });
  expect(other.status).toBe(403);
  await other.text();

  // The 2-hour reminder goes to Hugo only.
  await setKickoff(server.db, matchIds[0]!, inHours(1));
  await expectInbox({ "gina@quiniela.test": 1, "hugo@quiniela.test": 2 });
});

test("'Recordatorios por correo' on /profile: shown with SMTP, on by default, saved per player", async () => {
  const ines = await player(server, "Inés", "ines@quiniela.test");
  const page = await requestText(server, "/profile", { cookie: ines.cookie });
  expect(page.body).toContain("Recordatorios por correo");
  expect(page.body).toMatch(/<input[^>]*role="switch"[^>]*checked/);
  expect(page.body).toContain("24 y 2 horas antes de su primer partido");

  const off = await requestText(server, "/profile", {
    method: "POST",
    cookie: ines.cookie,
    body: form({ intent: "email-reminders" }),
  });
  expect(off.status).toBe(200);
  expect(off.body).toContain("Recordatorios por correo desactivados");
  expect(await emailSwitch(server.db, ines.id)).toBe(0);

  const on = await requestText(server, "/profile", {
    method: "POST",
    cookie: ines.cookie,
    body: form({ intent: "email-reminders", emailReminders: "on" }),
  });
  expect(on.body).toContain("Recordatorios por correo activados");
  expect(await emailSwitch(server.db, ines.id)).toBe(1);
});

test("'Recordar a los que faltan' reminds the chosen phase's players missing picks now, once an hour", async () => {
  const admin = await player(server, "Administradora", "admin@quiniela.test");
  // No kickoff times: only the admin's button reminds of this phase.
  const { phaseId, matchIds } = await activatePhase(server, "Jornada 4");
  const juan = await player(server, "Juan", "juan@quiniela.test");
  const kari = await player(server, "Kari", "kari@quiniela.test");
  const luis = await player(server, "Luis", "luis@quiniela.test");
  const memo = await player(server, "Memo", "memo@quiniela.test");
  await pick(server.db, admin.id, matchIds);
  await pick(server.db, kari.id, matchIds);
  await pick(server.db, memo.id, matchIds.slice(0, 3));
  await server.db.updateTable("users").set({ email_reminders: 0 }).where("id", "=", luis.id).execute();
  const remind = (cookie: string, phase: number | string = phaseId) =>
    requestText(server, "/admin/estado-pronosticos", {
      method: "POST",
      cookie,
      body: form({ intent: "remind", phaseId: String(phase) }),
    });

  const screen = await requestText(server, `/admin/estado-pronosticos?jornada=${phaseId}`, { cookie: admin.cookie });
  expect(screen.body).toContain("Recordar a los que faltan");

  expect((await remind(juan.cookie)).status).toBe(403);
  const noPhase = await remind(admin.cookie, "");
  expect(noPhase.status).toBe(400);
  expect(noPhase.body).toContain("Selecciona una jornada");

  const sent = await remind(admin.cookie);
  expect(sent.status).toBe(200);
  expect(sent.body).toContain("Recordatorio enviado a 2 jugadores");
  await expectInbox({ "juan@quiniela.test": 1, "memo@quiniela.test": 1 });
  const toMemo = mailsTo("memo@quiniela.test")[0]!;
  expect(toMemo.mail.subject).toBe(`Te faltan ${matchIds.length - 3} pronósticos de la Jornada 4`);
  expect(listed(toMemo)).toHaveLength(matchIds.length - 3);
  for (const line of listed(toMemo)) expect(line).toMatch(/· Fecha por confirmar$/);
  expect(toMemo.mail.text).not.toContain("empieza");

  const again = await remind(admin.cookie);
  expect(again.status).toBe(429);
  expect(again.body).toContain("Ya se envió un recordatorio de esta jornada hace menos de un minuto");
  await server.db
    .updateTable("manual_reminders")
    .set({ created_at: new Date(Date.now() - 12 * 60_000 - 5_000).toISOString() })
    .execute();
  expect((await remind(admin.cookie)).body).toContain("Ya se envió un recordatorio de esta jornada hace 12 minutos");
  const withLast = await requestText(server, `/admin/estado-pronosticos?jornada=${phaseId}`, { cookie: admin.cookie });
  expect(withLast.body).toContain("Último recordatorio hace 12 minutos, a 2 jugadores.");

  // An hour later it may go again; Memo has since finished.
  await server.db
    .updateTable("manual_reminders")
    .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
    .execute();
  await pick(server.db, memo.id, matchIds.slice(3));
  const later = await remind(admin.cookie);
  expect(later.body).toContain("Recordatorio enviado a 1 jugador");
  await expectInbox({ "juan@quiniela.test": 2, "memo@quiniela.test": 1 });

  // Nobody left to remind, or no open match: said, and the hour is not spent.
  await pick(server.db, juan.id, matchIds);
  await server.db.deleteFrom("manual_reminders").execute();
  expect((await remind(admin.cookie)).body).toContain("Nadie que reciba recordatorios tiene pronósticos pendientes");
  await server.db.updateTable("matches").set({ active: 0 }).where("phase_id", "=", phaseId).execute();
  expect((await remind(admin.cookie)).body).toContain("Esta jornada no tiene partidos abiertos para pronosticar");
  expect(await server.db.selectFrom("manual_reminders").selectAll().execute()).toEqual([]);
});

test("SMTP down: logged, retried with backoff, never a crash nor a slow answer; back up: delivered once", async () => {
  const errors = vi.spyOn(console, "error");
  try {
    const { matchIds } = await activatePhase(server, "Jornada 5");
    const nora = await player(server, "Nora", "nora@quiniela.test");
    smtpDown = true;
    await setKickoff(server.db, matchIds[0]!, inHours(10));
    await waitFor("dos intentos fallidos", async () => {
      const claim = await server.db
        .selectFrom("reminder_claims")
        .selectAll()
        .where("user_id", "=", nora.id)
        .executeTakeFirst();
      return claim?.status === "pending" && claim.attempts >= 2;
    });
    const claim = await server.db
      .selectFrom("reminder_claims")
      .selectAll()
      .where("user_id", "=", nora.id)
      .executeTakeFirstOrThrow();
    expect(claim.status).toBe("pending");
    expect(claim.last_error).toContain("Servicio no disponible");
    expect(Date.parse(claim.next_attempt_at)).toBeGreaterThan(Date.now());
    expect(errors.mock.calls.flat().join("\n")).toMatch(
      /Recordatorios por email: 1 sin enviar \(.*421.*\); se reintentan en \d+ s/,
    );

    const started = performance.now();
    const health = await requestText(server, "/healthz");
    expect(health.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);

    smtpDown = false;
    await expectInbox({ "nora@quiniela.test": 1 });
    const sent = await server.db
      .selectFrom("reminder_claims")
      .selectAll()
      .where("user_id", "=", nora.id)
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe("sent");
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
  } finally {
    errors.mockRestore();
  }
});

test("two instances on one database send once, and a frozen sender's lease is taken over", async () => {
  const other = await startTestServer(smtpEnv);
  try {
    const { matchIds } = await activatePhase(server, "Jornada 6");
    for (const [name, email] of [
      ["Olga", "olga@quiniela.test"],
      ["Pepe", "pepe@quiniela.test"],
      ["Quique", "quique@quiniela.test"],
    ] as const)
      await player(server, name, email);
    await setKickoff(server.db, matchIds[0]!, inHours(12));
    await expectInbox({ "olga@quiniela.test": 1, "pepe@quiniela.test": 1, "quique@quiniela.test": 1 });

    // A holder that stopped renewing (frozen, crashed): nobody sends until its lease runs out.
    const leaseEnds = Date.now() + 3_000;
    await server.db
      .updateTable("sender_leases")
      .set({ holder: "instancia-congelada", expires_at: new Date(leaseEnds).toISOString() })
      .execute();
    await setKickoff(server.db, matchIds[0]!, inHours(1));
    await sleep(1_500);
    expect(inbox).toHaveLength(3);
    await expectInbox({ "olga@quiniela.test": 2, "pepe@quiniela.test": 2, "quique@quiniela.test": 2 });
    const lease = await server.db.selectFrom("sender_leases").selectAll().executeTakeFirstOrThrow();
    expect(lease.holder).not.toBe("instancia-congelada");
  } finally {
    await other.close();
  }
});

test("a cluster (WEB_CONCURRENCY=2) sends once from one worker, by e-mail and to each device (a push service's 5xx retried, a gone device dropped); after a crash and a restart nothing goes twice, and what came due meanwhile goes out at start while its kickoff is ahead", async () => {
  await server.close();
  const pushService = await startPushService();
  // NODE_EXTRA_CA_CERTS is read when a process starts: these tests run the server as a process.
  const env = { ...smtpEnv, NODE_EXTRA_CA_CERTS: pushService.caFile, PUSH_SERVICES: "127.0.0.1" };
  let processServer: ServerProcess | undefined;
  try {
    processServer = await startServerProcess({ ...env, WEB_CONCURRENCY: "2" });
    const { matchIds } = await activatePhase(processServer, "Jornada 7");
    const late = await activatePhase(processServer, "Jornada 8");
    const rosa = await player(processServer, "Rosa", "rosa@quiniela.test");
    const saul = await player(processServer, "Saúl", "saul@quiniela.test");
    const tere = await player(processServer, "Tere", "tere@quiniela.test");
    const devices = { rosa: pushService.device(), saul: pushService.device("flaky"), tere: pushService.device("gone") };
    for (const [who, device] of [
      [rosa, devices.rosa],
      [saul, devices.saul],
      [tere, devices.tere],
    ] as const) {
      const { endpoint, p256dh, auth } = device;
      const on = await postForm(
        processServer,
        "/profile/notificaciones",
        form({ intent: "subscribe", endpoint, p256dh, auth }),
        who.cookie,
      );
      expect(on.status).toBe(200);
    }
    await setKickoff(processServer.db, matchIds[0]!, inHours(6));
    await expectInbox({ "rosa@quiniela.test": 1, "saul@quiniela.test": 1, "tere@quiniela.test": 1 });
    // Each device gets the summary, opening the home page; Saúl's push service failed once (500)
    // and the sender tried again; Tere's answered 410: her device is forgotten, her claim dropped.
    const [toRosa] = await pushService.waitFor(devices.rosa.id, 1);
    expect(toRosa!.message).toEqual({
      title: "Quiniela",
      body: expect.stringMatching(
        /^Te faltan \d+ pronósticos de la Jornada 7 · el primero empieza el \S+ a las \d\d:\d\d \(hora de la Ciudad de México\)$/,
      ),
      url: "/",
    });
    expect(Number(toRosa!.ttl)).toBeGreaterThan(5 * 3600);
    const toSaul = await pushService.waitFor(devices.saul.id, 2);
    expect(toSaul.map((delivery) => delivery.status)).toEqual([500, 201]);
    await pushService.waitFor(devices.tere.id, 1);
    expect(pushService.problems).toEqual([]);
    const claims = async () =>
      (
        await processServer!.db
          .selectFrom("reminder_claims")
          .select(["user_id", "channel", "status"])
          .where("channel", "=", "push")
          .execute()
      )
        .map(
          (claim) =>
            `${claim.user_id === rosa.id ? "rosa" : claim.user_id === saul.id ? "saul" : "tere"} ${claim.status}`,
        )
        .sort();
    await waitFor(
      "los avisos asentados",
      async () => !(await claims()).some((claim) => claim.endsWith("pending") || claim.endsWith("sending")),
    );
    expect(await claims()).toEqual(["rosa sent", "saul sent", "tere dropped"]);
    expect(
      await processServer.db
        .selectFrom("push_subscriptions")
        .select("user_id")
        .where("user_id", "=", tere.id)
        .execute(),
    ).toEqual([]);
    const lease = await processServer.db.selectFrom("sender_leases").selectAll().executeTakeFirstOrThrow();
    // A worker holds it, not the primary (which serves nothing).
    expect(lease.holder).toMatch(/:\d+:/);
    expect(lease.holder).not.toContain(`:${processServer.pid}:`);

    await processServer.crash();
    // While the app is down: Jornada 7's first kickoff comes within 2 h, Jornada 8's passes.
    const { db } = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR! });
    try {
      await setKickoff(db, matchIds[0]!, inHours(1.5));
      await setKickoff(db, late.matchIds[0]!, inHours(-0.2));
    } finally {
      await db.destroy();
    }
    processServer = await startServerProcess(env);
    // The crashed holder's lease runs out first (three checks), then the 2-hour reminder, once.
    await expectInbox({ "rosa@quiniela.test": 2, "saul@quiniela.test": 2, "tere@quiniela.test": 2 });
    for (const email of ["rosa@quiniela.test", "saul@quiniela.test", "tere@quiniela.test"]) {
      expect(mailsTo(email)[1]!.mail.subject).toContain("de la Jornada 7");
    }
    await pushService.waitFor(devices.rosa.id, 2);
    await pushService.waitFor(devices.saul.id, 3);
    await settle();
    expect(pushService.deliveries.filter((delivery) => delivery.device === devices.rosa.id)).toHaveLength(2);
    expect(pushService.deliveries.filter((delivery) => delivery.device === devices.tere.id)).toHaveLength(1);
    expect(processServer.output()).toMatch(/Recordatorios: 5 nuevos; enviados 3 por email, 2 por push/);
  } finally {
    await processServer?.close();
    await pushService.close();
  }
});
