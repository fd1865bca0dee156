/*
 * Web Push in Quiniela's service worker, imported by public/sw.js (`importScripts("/sw-push.js")`).
 *
 * The server sends `{ "title", "body", "url" }` (app/notify/push.server.ts), encrypted for this
 * browser. The worker shows it with our icon; a tap focuses a window already on that page, or
 * opens it. Only a path of our own site is ever opened: anything else opens the home page.
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
