/**
 * This browser's Web Push subscription ('Notificaciones' on /profile), loaded when a player
 * turns notifications on or off: never with the page. The service worker (public/sw.js, its push
 * handlers at its end) shows what arrives.
 */

export interface DeviceSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type Subscribed = { ok: true; subscription: DeviceSubscription } | { ok: false; message: string };

const NO_PUSH = "Este navegador no puede recibir notificaciones";
const NOT_ALLOWED = "Permite las notificaciones de Quiniela en los ajustes del navegador para activarlas";
const NO_WORKER =
  "No se pudo preparar este dispositivo para recibir notificaciones. Recarga la página e inténtalo de nuevo.";
/** How long the service worker may take to be ready. */
const WORKER_WAIT_MS = 10_000;

function bytesOf(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, index) => byte === b[index]);
}

/** The page's service worker, registered if the page has not done it yet, once it is active. */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  try {
    if (!(await navigator.serviceWorker.getRegistration("/"))) await navigator.serviceWorker.register("/sw.js");
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } catch {
    return null;
  }
}

/**
 * Asks the player's permission and subscribes this browser with the app's VAPID public key. A
 * subscription the browser already holds is reused, unless it was made for another key or `fresh`
 * asks for a new one (its endpoint is another player's on the server: a new subscription is a
 * new endpoint).
 */
export async function subscribeDevice(publicKey: string, { fresh = false } = {}): Promise<Subscribed> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return { ok: false, message: NO_PUSH };
  }
  if ((await Notification.requestPermission()) !== "granted") return { ok: false, message: NOT_ALLOWED };
  const registration = await workerRegistration();
  if (!registration) return { ok: false, message: NO_WORKER };
  const key = bytesOf(publicKey);
  try {
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && (fresh || !sameBytes(subscription.options.applicationServerKey, key))) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const json = subscription.toJSON();
    const { p256dh, auth } = json.keys ?? {};
    if (!json.endpoint || !p256dh || !auth) return { ok: false, message: NO_PUSH };
    return { ok: true, subscription: { endpoint: json.endpoint, p256dh, auth } };
  } catch {
    return { ok: false, message: NO_PUSH };
  }
}

/** This browser's push endpoint, if it has one; `end` also ends the subscription at its push service. */
export async function deviceEndpoint({ end = false } = {}): Promise<string | undefined> {
  try {
    const registration = "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistration("/") : undefined;
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return undefined;
    if (end) await subscription.unsubscribe();
    return subscription.endpoint;
  } catch {
    return undefined;
  }
}
