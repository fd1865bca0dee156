/*
 * Quiniela's service worker (decision 021). What it keeps:
 *
 * - the build's hashed files (/assets/…): a name never changes its content, so a copy is as good
 *   as the network's (cache first);
 * - the offline page and what it shows, answered for a page when the network is gone.
 *
 * Nothing else: a page, a `.data` answer, the live-update stream, a form sent — anything that
 * depends on who is signed in — goes to the network as if there were no worker, and pages are
 * never answered from a copy. The build writes its version below (scripts/lib/service-worker.ts):
 * a new release is a new worker, which takes over at once and deletes the old release's copies.
 *
 * It also shows what the server pushes to players who turned notifications on (at the end).
 */
const VERSION = "__BUILD_VERSION__";
const CACHE = `quiniela-${VERSION}`;
const OFFLINE_PAGE = "/offline.html";
/** Kept at install: the offline page and the files it loads. */
const OFFLINE_FILES = [OFFLINE_PAGE, "/offline.js", "/icons/icon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Past the browser's HTTP cache: this release's files, not an hour-old copy.
      await cache.addAll(OFFLINE_FILES.map((url) => new Request(url, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      // A page's request starts while the worker wakes up, instead of after.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const { pathname } = new URL(request.url);
  if (request.mode === "navigate") event.respondWith(pageOrOffline(event));
  else if (pathname.startsWith("/assets/")) event.respondWith(cacheFirst(event));
  else if (OFFLINE_FILES.includes(pathname)) event.respondWith(cacheFirst(event));
  // Anything else is not answered here: the browser asks the network itself.
});

/** A page, always from the network; the offline page when the network cannot be reached. */
async function pageOrOffline(event) {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

/** The kept copy, or the network's answer, kept when it is a whole successful one. */
async function cacheFirst(event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.status === 200 && response.type === "basic") event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

/*
 * Web Push (decision 023). The server sends `{ "title", "body", "url" }` (app/notify/push.server.ts),
 * encrypted for this browser. The worker shows it with our icon; a tap focuses a window already on
 * that page, or opens it. Only a path of our own site is ever opened: anything else opens the home
 * page.
 */
const PUSH_ICON = "/icons/icon-192.png";

/** A path of this site, from what a message names; the home page otherwise. */
function pushPagePath(url) {
  try {
    const target = new URL(String(url ?? "/"), self.location.origin);
    if (target.origin === self.location.origin) return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    // Not a URL: the home page.
  }
  return "/";
}

/** The message a push carries; a message that is not our JSON still shows, as plain text. */
function pushMessage(data) {
  let message = {};
  try {
    message = data ? data.json() : {};
  } catch {
    message = { body: data ? data.text() : "" };
  }
  if (message === null || typeof message !== "object") message = {};
  return {
    title: typeof message.title === "string" && message.title !== "" ? message.title : "Quiniela",
    body: typeof message.body === "string" ? message.body : "",
    url: pushPagePath(message.url),
  };
}

self.addEventListener("push", (event) => {
  const { title, body, url } = pushMessage(event.data);
  event.waitUntil(self.registration.showNotification(title, { body, icon: PUSH_ICON, lang: "es", data: { url } }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(pushPagePath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});

/*
 * A subscription the browser renewed by itself (its push service changed the endpoint, or the old
 * one expired): subscribed again with the same key of the server's, and the server told to put the
 * new endpoint in place of the old one for the player signed in here (the session's cookie; the
 * same checks as a subscription made on /profile: routes/profile/notificaciones.ts). Without it,
 * pushes would go to an endpoint that no longer reaches this device.
 */
const PUSH_ROUTE = "/profile/notificaciones";

async function renewSubscription(event) {
  const old = event.oldSubscription ?? null;
  const key = old?.options?.applicationServerKey;
  const renewed =
    event.newSubscription ??
    (key ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
  if (!renewed) return;
  const { endpoint, keys } = renewed.toJSON();
  if (!endpoint || !keys?.p256dh || !keys?.auth) return;
  const body = new URLSearchParams({
    intent: "renew",
    oldEndpoint: old?.endpoint ?? "",
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
  });
  await fetch(PUSH_ROUTE, { method: "POST", body, credentials: "same-origin" });
}

self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(renewSubscription(event));
});
