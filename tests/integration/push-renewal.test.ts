import crypto from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";

import { createUser, openSession } from "../support/accounts";
import { form, postForm, startTestServer, userIdOf, type TestServer } from "../support/server";

/**
 * A subscription the browser renewed by itself (public/sw.js's `pushsubscriptionchange`): the
 * worker posts 'renew' with the old endpoint and the new subscription to /profile/notificaciones,
 * signed in by the session's cookie; the new one is checked as a subscription made on /profile
 * is (PUSH_SERVICES, sizes, keys) and takes the old one's place, for that player only.
 */

let server: TestServer;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const SERVICE = "https://push.quiniela.test/send/";

/** A device's subscription: an endpoint on the service and a real P-256 key with its secret. */
function device(name: string) {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `${SERVICE}${name}`,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: crypto.randomBytes(16).toString("base64url"),
  };
}

const post = (cookie: string, fields: Record<string, string>) =>
  postForm(server, "/profile/notificaciones", form(fields), cookie);

const endpointsOf = async (userId: string) =>
  (
    await server.db
      .selectFrom("push_subscriptions")
      .select(["endpoint", "p256dh"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute()
  ).map((row) => row.endpoint);

beforeAll(async () => {
  server = await startTestServer({ PUSH_SERVICES: "push.quiniela.test" });
  cookies.ana = await createUser(server, { name: "Ana", email: "ana@quiniela.test" });
  cookies.beto = await createUser(server, { name: "Beto", email: "beto@quiniela.test" });
  ids.ana = await userIdOf(server, "ana@quiniela.test");
  ids.beto = await userIdOf(server, "beto@quiniela.test");
  cookies.anaLaptop = await openSession(server, ids.ana);
});
afterAll(() => server.close());

test("the renewed subscription takes the old endpoint's place; the player's other devices stay", async () => {
  const phone = device("telefono");
  const laptop = device("laptop");
  expect((await post(cookies.ana!, { intent: "subscribe", ...phone })).status).toBe(200);
  expect((await post(cookies.anaLaptop!, { intent: "subscribe", ...laptop })).status).toBe(200);

  const renewed = device("telefono-nuevo");
  const answer = await post(cookies.ana!, { intent: "renew", oldEndpoint: phone.endpoint, ...renewed });
  expect(answer.status).toBe(200);
  expect(await endpointsOf(ids.ana!)).toEqual([laptop.endpoint, renewed.endpoint]);
  const row = await server.db
    .selectFrom("push_subscriptions")
    .selectAll()
    .where("endpoint", "=", renewed.endpoint)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ user_id: ids.ana, p256dh: renewed.p256dh, auth: renewed.auth });

  // The old endpoint of a device whose session has another: the renewal still removes it.
  const again = device("telefono-otra-vez");
  expect((await post(cookies.anaLaptop!, { intent: "renew", oldEndpoint: renewed.endpoint, ...again })).status).toBe(
    200,
  );
  expect(await endpointsOf(ids.ana!)).toEqual([again.endpoint]);
});

test("the new subscription is checked as a new one is: push services, sizes, keys; nothing changes when refused", async () => {
  const phone = device("beto-telefono");
  expect((await post(cookies.beto!, { intent: "subscribe", ...phone })).status).toBe(200);
  const good = device("beto-nuevo");
  const cases: [Record<string, string>, string][] = [
    [
      { endpoint: "https://evil.test/robar" },
      "Las notificaciones de este navegador van por un servicio que Quiniela no conoce",
    ],
    [
      { endpoint: `${good.endpoint}?${"x".repeat(1_000)}` },
      "La dirección de notificaciones del navegador pasa de 1000 caracteres",
    ],
    [
      { oldEndpoint: `${phone.endpoint}${"x".repeat(1_000)}` },
      "La dirección de notificaciones del navegador pasa de 1000 caracteres",
    ],
    [{ p256dh: Buffer.alloc(65, 4).toString("base64url") }, "La clave de notificaciones del navegador no es válida"],
    [{ auth: Buffer.alloc(8).toString("base64url") }, "El secreto de notificaciones del navegador no es válido"],
  ];
  for (const [change, message] of cases) {
    const refused = await post(cookies.beto!, { intent: "renew", oldEndpoint: phone.endpoint, ...good, ...change });
    expect(refused.status, JSON.stringify(change)).toBe(400);
    expect(JSON.parse(refused.body).toast.message).toBe(message);
  }
  expect(await endpointsOf(ids.beto!)).toEqual([phone.endpoint]);
});

test("a renewal never removes, nor takes, another player's device; without a session it is refused", async () => {
  const [anaDevice] = await endpointsOf(ids.ana!);
  // Beto names Ana's endpoint as his old one: hers stays; his new one takes his device's place
  // (one a session).
  const betoNew = device("beto-otro");
  expect((await post(cookies.beto!, { intent: "renew", oldEndpoint: anaDevice!, ...betoNew })).status).toBe(200);
  expect(await endpointsOf(ids.ana!)).toEqual([anaDevice]);
  expect(await endpointsOf(ids.beto!)).toEqual([betoNew.endpoint]);

  // Beto's renewal to Ana's endpoint is refused; his stays.
  const taken = await post(cookies.beto!, {
    intent: "renew",
    oldEndpoint: betoNew.endpoint,
    ...device("x"),
    endpoint: anaDevice!,
  });
  expect(taken.status).toBe(409);
  expect(JSON.parse(taken.body).refused).toBe("taken");
  expect(await endpointsOf(ids.beto!)).toEqual([betoNew.endpoint]);
  expect(await endpointsOf(ids.ana!)).toEqual([anaDevice]);

  // No session: to /login, nothing stored.
  const anonymous = await postForm(
    server,
    "/profile/notificaciones",
    form({ intent: "renew", oldEndpoint: anaDevice!, ...device("nadie") }),
  );
  expect(anonymous.status).toBe(302);
  expect(anonymous.location).toMatch(/^\/login/);
  expect(await endpointsOf(ids.ana!)).toEqual([anaDevice]);
});
