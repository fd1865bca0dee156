import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { expect, test } from "vitest";

import { stampServiceWorker } from "./service-worker";

/**
 * The worker's Web Push listeners (the end of public/sw.js), run in a scope of their own: what a
 * push shows, and what a tap on it opens. The browser test (tests/e2e/notifications.spec.ts)
 * delivers a push to the real worker in Chromium.
 */

const SOURCE = fs.readFileSync(path.resolve(import.meta.dirname, "../../public/sw.js"), "utf8");
const ORIGIN = "https://quiniela.example";

interface Shown {
  title: string;
  options: { body: string; icon: string; lang: string; data: { url: string } };
}

function startWorker(windows: { url: string }[] = []) {
  const listeners = new Map<string, (event: object) => void>();
  const shown: Shown[] = [];
  const focused: string[] = [];
  const opened: string[] = [];
  const scope = {
    addEventListener: (type: string, listener: (event: object) => void) => listeners.set(type, listener),
    location: new URL(`${ORIGIN}/sw.js`),
    registration: {
      showNotification: async (title: string, options: Shown["options"]) => void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () => windows.map((window) => ({ ...window, focus: async () => void focused.push(window.url) })),
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  vm.runInNewContext(stampServiceWorker(SOURCE, "v1"), { self: scope, URL, Promise, Request, Response });

  async function dispatch(type: string, event: object) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  }
  const push = (data: string | null) =>
    dispatch("push", {
      data: data === null ? null : { json: () => JSON.parse(data), text: () => data },
    });
  const tap = (url: unknown) => {
    const notification = { data: { url }, closed: false, close: () => (notification.closed = true) };
    return dispatch("notificationclick", { notification }).then(() => notification);
  };
  return { shown, focused, opened, push, tap };
}

test("a push shows its title and text with our icon, and keeps the page it names", async () => {
  const worker = startWorker();
  await worker.push(JSON.stringify({ title: "Te faltan 3 pronósticos", body: "Jornada 5", url: "/?jornada=5" }));
  expect(worker.shown).toEqual([
    {
      title: "Te faltan 3 pronósticos",
      options: { body: "Jornada 5", icon: "/icons/icon-192.png", lang: "es", data: { url: "/?jornada=5" } },
    },
  ]);
});

test("a push without our JSON still shows, as 'Quiniela' and its text; a page of another site becomes the home page", async () => {
  const worker = startWorker();
  await worker.push("hola");
  await worker.push(null);
  await worker.push(JSON.stringify({ title: 7, body: "x", url: "https://evil.test/robar" }));
  await worker.push(JSON.stringify({ body: "y", url: "//evil.test/robar" }));
  expect(worker.shown.map(({ title, options }) => [title, options.body, options.data.url])).toEqual([
    ["Quiniela", "hola", "/"],
    ["Quiniela", "", "/"],
    ["Quiniela", "x", "/"],
    ["Quiniela", "y", "/"],
  ]);
});

test("a tap focuses a window already on that page, or opens it; never another site", async () => {
  const open = startWorker([{ url: `${ORIGIN}/rankings` }, { url: `${ORIGIN}/?jornada=5` }]);
  const tapped = await open.tap("/?jornada=5");
  expect(tapped.closed).toBe(true);
  expect(open.focused).toEqual([`${ORIGIN}/?jornada=5`]);
  expect(open.opened).toEqual([]);

  const none = startWorker([{ url: `${ORIGIN}/rankings` }]);
  await none.tap("/profile");
  await none.tap("https://evil.test/");
  await none.tap(undefined);
  expect(none.opened).toEqual([`${ORIGIN}/profile`, `${ORIGIN}/`, `${ORIGIN}/`]);
  expect(none.focused).toEqual([]);
});

/** A subscription as the browser's PushSubscription gives it. */
function subscriptionOf(endpoint: string, key?: ArrayBuffer) {
  return {
    endpoint,
    options: { applicationServerKey: key ?? null, userVisibleOnly: true },
    toJSON: () => ({ endpoint, keys: { p256dh: `p256dh-of-${endpoint}`, auth: `auth-of-${endpoint}` } }),
  };
}

/** The worker with a push manager that subscribes anew, and a network that records what is sent. */
function startRenewingWorker() {
  const listeners = new Map<string, (event: object) => void>();
  const subscribed: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer }[] = [];
  const sent: { url: string; method: string; credentials: string; body: Record<string, string> }[] = [];
  const scope = {
    addEventListener: (type: string, listener: (event: object) => void) => listeners.set(type, listener),
    location: new URL(`${ORIGIN}/sw.js`),
    registration: {
      pushManager: {
        subscribe: async (options: (typeof subscribed)[number]) => {
          subscribed.push(options);
          return subscriptionOf("https://fcm.googleapis.com/fcm/send/nuevo");
        },
      },
    },
  };
  const fetch = async (url: string, init: { method: string; credentials: string; body: URLSearchParams }) => {
    sent.push({ url, method: init.method, credentials: init.credentials, body: Object.fromEntries(init.body) });
    return new Response(null, { status: 200 });
  };
  vm.runInNewContext(stampServiceWorker(SOURCE, "v1"), {
    self: scope,
    URL,
    URLSearchParams,
    Promise,
    Request,
    Response,
    fetch,
  });
  async function change(event: object) {
    const waits: Promise<unknown>[] = [];
    listeners.get("pushsubscriptionchange")!({
      ...event,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
    });
    await Promise.all(waits);
  }
  return { subscribed, sent, change };
}

test("a subscription the browser renews is made again with the same key, and the server told to replace the old endpoint", async () => {
  const worker = startRenewingWorker();
  const key = new Uint8Array([4, 1, 2, 3]).buffer;
  await worker.change({ oldSubscription: subscriptionOf("https://fcm.googleapis.com/fcm/send/viejo", key) });
  expect(worker.subscribed).toEqual([{ userVisibleOnly: true, applicationServerKey: key }]);
  expect(worker.sent).toEqual([
    {
      url: "/profile/notificaciones",
      method: "POST",
      credentials: "same-origin",
      body: {
        intent: "renew",
        oldEndpoint: "https://fcm.googleapis.com/fcm/send/viejo",
        endpoint: "https://fcm.googleapis.com/fcm/send/nuevo",
        p256dh: "p256dh-of-https://fcm.googleapis.com/fcm/send/nuevo",
        auth: "auth-of-https://fcm.googleapis.com/fcm/send/nuevo",
      },
    },
  ]);
});

test("a renewal the browser already made is sent as it is; without the old key nor a new subscription, nothing", async () => {
  const given = startRenewingWorker();
  await given.change({
    oldSubscription: subscriptionOf("https://fcm.googleapis.com/fcm/send/viejo"),
    newSubscription: subscriptionOf("https://fcm.googleapis.com/fcm/send/dado"),
  });
  expect(given.subscribed).toEqual([]);
  expect(given.sent.map(({ body }) => [body.oldEndpoint, body.endpoint])).toEqual([
    ["https://fcm.googleapis.com/fcm/send/viejo", "https://fcm.googleapis.com/fcm/send/dado"],
  ]);

  const nothing = startRenewingWorker();
  await nothing.change({ oldSubscription: null });
  await nothing.change({ oldSubscription: subscriptionOf("https://fcm.googleapis.com/fcm/send/viejo") });
  expect(nothing.subscribed).toEqual([]);
  expect(nothing.sent).toEqual([]);
});
