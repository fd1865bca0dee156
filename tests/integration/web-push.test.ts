import { afterAll, beforeAll, expect, test } from "vitest";

import { playersWithDevices } from "#app/data/push/subscriptions.server";

import { createUser, openSession } from "../support/accounts";
import { startPushService, type FakeDevice, type PushService } from "../support/push-service";
import { form, postForm, routeData, startServerProcess, userIdOf, type ServerProcess } from "../support/server";

// Web Push (issue 45) against a push service started here (tests/support/push-service.ts), which
// decrypts every message with the device's keys and checks its VAPID token. The app runs as an
// operator runs it, in processes of their own: two at once over one database, trusting the
// service's certificate through NODE_EXTRA_CA_CERTS (read by Node at a process's start).

const SUBJECT = "mailto:operaciones@quiniela.test";
const NOT_ON_A_SERVICE = "Las notificaciones de este navegador van por un servicio que Quiniela no conoce";

let push: PushService;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  push = await startPushService();
  const env = { NODE_EXTRA_CA_CERTS: push.caFile, PUSH_SERVICES: "127.0.0.1", VAPID_SUBJECT: SUBJECT };
  // Both at once on a new database: each would make a key pair; one is kept, both use it.
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await push?.close();
});

function subscribe(server: ServerProcess, cookie: string, device: Pick<FakeDevice, "endpoint" | "p256dh" | "auth">) {
  return postForm(server, "/profile/notificaciones", form({ intent: "subscribe", ...device }), cookie);
}

const devicesOf = async (server: ServerProcess, userId: string) =>
  (
    await server.db
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute()
  ).map((row) => row.endpoint);

async function publicKeyOf(server: ServerProcess, cookie: string): Promise<string> {
  const { data } = await routeData(server, "/profile.data", "routes/profile", cookie);
  return (data as { notifications: { publicKey: string } }).notifications.publicKey;
}

const ana = { name: "Ana", email: "ana@quiniela.test" };
const beto = { name: "Beto", email: "beto@quiniela.test" };
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let anaPhone: FakeDevice;
let anaLaptop: FakeDevice;

test("two processes started at once on a new database sign with one VAPID key pair, kept in the database", async () => {
  cookies.ana = await createUser(a, ana);
  ids.ana = await userIdOf(a, ana.email);
  cookies.anaLaptop = await openSession(a, ids.ana);
  const [fromA, fromB] = await Promise.all([publicKeyOf(a, cookies.ana), publicKeyOf(b, cookies.ana)]);
  const kept = await a.db.selectFrom("push_keys").selectAll().execute();
  expect(kept).toHaveLength(1);
  expect(fromA).toBe(kept[0]!.public_key);
  expect(fromB).toBe(fromA);
  expect(Buffer.from(fromA, "base64url")).toHaveLength(65);
});

test("a push reaches every device of the player, encrypted for each, signed with the install's key, from either process", async () => {
  anaPhone = push.device();
  anaLaptop = push.device();
  const on = await subscribe(a, cookies.ana!, anaPhone);
  expect(on.status).toBe(200);
  expect(on.body).toContain("Notificaciones activadas en este dispositivo");
  expect((await subscribe(b, cookies.anaLaptop!, anaLaptop)).status).toBe(200);
  expect(await devicesOf(a, ids.ana!)).toEqual([anaPhone.endpoint, anaLaptop.endpoint]);
  expect(await playersWithDevices(a.db)).toEqual(new Set([ids.ana]));
  const { data } = await routeData(a, "/profile.data", "routes/profile", cookies.ana);
  expect(data).toMatchObject({ notifications: { thisDevice: true, devices: 2 } });

  const sent = await postForm(a, "/profile/notificaciones", form({ intent: "test" }), cookies.ana);
  expect(sent.status).toBe(200);
  expect(sent.body).toContain("Notificación de prueba enviada a tus 2 dispositivos");
  const fromB = await postForm(b, "/profile/notificaciones", form({ intent: "test" }), cookies.anaLaptop);
  expect(fromB.status).toBe(200);
  const deliveries = [...(await push.waitFor(anaPhone.id, 2)), ...(await push.waitFor(anaLaptop.id, 2))];
  expect(push.problems).toEqual([]);
  const publicKey = await publicKeyOf(b, cookies.ana!);
  const now = Date.now() / 1000;
  for (const delivery of deliveries) {
    expect(delivery.message).toEqual({
      title: "Quiniela",
      body: "Así te avisaremos cuando te falten pronósticos.",
      url: "/profile",
    });
    expect(delivery.vapidKey).toBe(publicKey);
    expect(delivery.claims.aud).toBe(push.origin);
    expect(delivery.claims.sub).toBe(SUBJECT);
    expect(delivery.claims.exp).toBeGreaterThan(now);
    expect(delivery.claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
    expect(Number(delivery.ttl)).toBeGreaterThan(0);
    expect(delivery.urgency).toBe("normal");
  }
  // A token is signed once per push service and kept for hours, not once per message: the two
  // processes sent four messages with two tokens.
  expect(new Set(deliveries.map((delivery) => delivery.token)).size).toBe(2);
});

test("a device its push service answers 404 or 410 is deleted; a 5xx is retried until it is taken", async () => {
  const anaTablet = push.device();
  cookies.anaTablet = await openSession(a, ids.ana!);
  expect((await subscribe(a, cookies.anaTablet, anaTablet)).status).toBe(200);
  anaPhone.mode = "gone";
  anaTablet.mode = "missing";
  anaLaptop.mode = "flaky";
  expect((await postForm(a, "/profile/notificaciones", form({ intent: "test" }), cookies.ana)).status).toBe(200);
  const laptop = await push.waitFor(anaLaptop.id, 4);
  expect(laptop.slice(2).map((delivery) => delivery.status)).toEqual([500, 201]);
  expect(await push.waitFor(anaPhone.id, 3)).toHaveLength(3);
  await push.waitFor(anaTablet.id, 1);
  await expect.poll(() => devicesOf(a, ids.ana!)).toEqual([anaLaptop.endpoint]);
  expect(push.problems).toEqual([]);
  expect(a.output()).toMatch(/Notificación a 127\.0\.0\.1: HTTP 500; se reintenta/);
  anaLaptop.mode = "ok";
});

test("an endpoint that is not an https URL of a push service, or keys of the wrong sizes, are refused with a Spanish 400", async () => {
  cookies.beto = await createUser(a, beto);
  ids.beto = await userIdOf(a, beto.email);
  const device = push.device();
  const cases: [Partial<FakeDevice>, string][] = [
    [{ endpoint: "https://evil.test/push/x" }, NOT_ON_A_SERVICE],
    [{ endpoint: "https://169.254.169.254/latest/meta-data" }, NOT_ON_A_SERVICE],
    [{ endpoint: "https://127.0.0.1.evil.test/push/x" }, NOT_ON_A_SERVICE],
    [
      { endpoint: device.endpoint.replace("https:", "http:") },
      "La dirección de notificaciones del navegador debe empezar con https://",
    ],
    [
      { endpoint: `${device.endpoint}?${"x".repeat(1_000)}` },
      "La dirección de notificaciones del navegador pasa de 1000 caracteres",
    ],
    [{ p256dh: Buffer.alloc(65, 4).toString("base64url") }, "La clave de notificaciones del navegador no es válida"],
    [{ auth: Buffer.alloc(8).toString("base64url") }, "El secreto de notificaciones del navegador no es válido"],
  ];
  for (const [change, message] of cases) {
    const refused = await subscribe(a, cookies.beto, { ...device, ...change });
    expect(refused.status, JSON.stringify(change)).toBe(400);
    expect(JSON.parse(refused.body).toast.message).toBe(message);
  }
  expect(await devicesOf(a, ids.beto)).toEqual([]);
});

test("a player has at most 20 devices; the 21st is refused", async () => {
  const sessions = [cookies.beto!, ...(await Promise.all(Array.from({ length: 20 }, () => openSession(a, ids.beto!))))];
  for (const cookie of sessions.slice(0, 20)) expect((await subscribe(a, cookie, push.device())).status).toBe(200);
  cookies.betoSpare = sessions[20]!;
  const refused = await subscribe(a, cookies.betoSpare, push.device());
  expect(refused.status).toBe(409);
  expect(JSON.parse(refused.body).toast.message).toBe(
    "Ya tienes notificaciones activadas en 20 dispositivos: desactívalas en alguno antes de añadir otro",
  );
  expect(await devicesOf(a, ids.beto!)).toHaveLength(20);
});

test("nobody can remove, or take, another player's device", async () => {
  // From a session of Beto's without a device of its own.
  const removed = await postForm(
    a,
    "/profile/notificaciones",
    form({ intent: "unsubscribe", endpoint: anaLaptop.endpoint }),
    cookies.betoSpare,
  );
  expect(removed.status).toBe(404);
  const taken = await subscribe(b, cookies.beto!, { ...push.device(), endpoint: anaLaptop.endpoint });
  expect(taken.status).toBe(409);
  expect(JSON.parse(taken.body).refused).toBe("taken");
  const row = await a.db
    .selectFrom("push_subscriptions")
    .selectAll()
    .where("endpoint", "=", anaLaptop.endpoint)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ user_id: ids.ana, p256dh: anaLaptop.p256dh, auth: anaLaptop.auth });
});

test("'Desactivar' and signing out end that device's notifications, not the player's others", async () => {
  const anaDesk = push.device();
  cookies.anaDesk = await openSession(a, ids.ana!);
  expect((await subscribe(a, cookies.anaDesk, anaDesk)).status).toBe(200);
  expect(await devicesOf(a, ids.ana!)).toEqual([anaLaptop.endpoint, anaDesk.endpoint]);

  const off = await postForm(
    b,
    "/profile/notificaciones",
    form({ intent: "unsubscribe", endpoint: anaDesk.endpoint }),
    cookies.anaDesk,
  );
  expect(off.status).toBe(200);
  expect(off.body).toContain("Notificaciones desactivadas en este dispositivo");
  expect(await devicesOf(a, ids.ana!)).toEqual([anaLaptop.endpoint]);

  expect((await postForm(a, "/logout", form({}), cookies.anaLaptop)).status).toBe(302);
  expect(await devicesOf(a, ids.ana!)).toEqual([]);
});

test("deleting an account deletes its devices", async () => {
  const admin = await createUser(a, { name: "Admin", email: "admin@quiniela.test" });
  expect(await devicesOf(a, ids.beto!)).toHaveLength(20);
  const deleted = await postForm(a, "/admin/users", form({ intent: "delete-user", userId: ids.beto! }), admin);
  expect(deleted.status).toBe(200);
  expect(await a.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", ids.beto!).execute()).toEqual(
    [],
  );
  expect(await a.db.selectFrom("push_subscriptions").select("id").execute()).toEqual([]);
});
