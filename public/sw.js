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
