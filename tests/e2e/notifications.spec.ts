import crypto from "node:crypto";
import { chromium, expect, test, type Page } from "@playwright/test";

import playwrightConfig from "../../playwright.config";
import { CHROMIUM } from "../../scripts/lib/chromium-path.js";
import { violationsOf } from "./axe";
import { newAccount, registerViaForm } from "./support";

/**
 * Web Push on /profile (issue 45, item 2), in Chromium: 'Activar notificaciones en este
 * dispositivo' stores this device's subscription, and a push delivered to the service worker shows
 * a notification.
 *
 * Headless Chromium has no push service (PushManager.subscribe needs the browser vendor's), so
 * the page's PushManager is stood in for by an init script with a subscription a browser could
 * make (an endpoint on Chrome's push service, a P-256 key and a 16-byte secret). The push itself is
 * delivered to our real worker through the DevTools protocol (ServiceWorker.deliverPushMessage),
 * as DevTools' own 'Push' button does. In Debian's whole Chromium: its headless shell (the other
 * specs' browser, decision 013) refuses every notification permission.
 */

/** app/ui/theme/theme.ts COLOR_SCHEME_KEY. */
const COLOR_SCHEME_KEY = "quiniela-color-scheme";

/** Stands in for the browser's push service: subscribe() answers a fixed subscription, kept across page loads. */
function standInPushManager(subscription: { endpoint: string; p256dh: string; auth: string }) {
  const KEY = "e2e-push-subscription";
  const made = (applicationServerKey: ArrayBuffer) => ({
    endpoint: subscription.endpoint,
    options: { userVisibleOnly: true, applicationServerKey },
    toJSON: () => ({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }),
    unsubscribe: async () => (localStorage.removeItem(KEY), true),
  });
  const bytes = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0)).buffer;
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
    localStorage.setItem(KEY, btoa(String.fromCharCode(...key)));
    return made(key.buffer) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const key = localStorage.getItem(KEY);
    return key === null ? null : (made(bytes(key)) as unknown as PushSubscription);
  };
}

/** No violation on screen: every rule in light mode, the colour rules in dark (tests/e2e/axe.ts). */
async function expectNoAxeViolations(page: Page, what: string, scheme: "claro" | "oscuro") {
  const rules = scheme === "claro" ? "todas" : "colores";
  expect(await violationsOf(page, `${what} (${scheme})`, { rules, include: "main" })).toEqual([]);
}

test("'Activar notificaciones en este dispositivo' guarda la suscripción, y una notificación push se muestra", async ({
  baseURL,
}) => {
  const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, executablePath: CHROMIUM });
  // The other specs block the worker (playwright.config.ts); this one needs it.
  const context = await browser.newContext({
    serviceWorkers: "allow",
    baseURL,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
  });
  try {
    await context.grantPermissions(["notifications"], { origin: baseURL });
    const device = crypto.createECDH("prime256v1");
    const subscription = {
      endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomBytes(8).toString("hex")}`,
      p256dh: device.generateKeys().toString("base64url"),
      auth: crypto.randomBytes(16).toString("base64url"),
    };
    await context.addInitScript(standInPushManager, subscription);
    await registerViaForm(context.request, newAccount("notificaciones"));
    await context.request.get("/"); // takes the welcome toast

    const page = await context.newPage();
    await page.goto("/profile");
    await page.getByRole("button", { name: "Activar notificaciones en este dispositivo" }).click();
    await expect(page.getByText("Notificaciones activadas en este dispositivo")).toBeVisible();
    await expect(page.getByRole("button", { name: "Desactivar notificaciones en este dispositivo" })).toBeVisible();
    await expect(page.getByText("Activadas en 1 dispositivo.")).toBeVisible();

    // Stored by the server: a new load of the page says so too.
    await page.reload();
    await expect(page.getByRole("button", { name: "Desactivar notificaciones en este dispositivo" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar notificación de prueba" })).toBeVisible();
    await expectNoAxeViolations(page, "/profile con notificaciones", "claro");
    await page.evaluate(([key]) => localStorage.setItem(key, "dark"), [COLOR_SCHEME_KEY] as const);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await expectNoAxeViolations(page, "/profile con notificaciones", "oscuro");

    // A push, as its push service would hand it to the worker.
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((entry) => entry.scopeURL === `${baseURL}/` && !entry.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const message = { title: "Te faltan 3 pronósticos", body: "Jornada 5 · cierra en 2 h", url: "/?jornada=5" };
    // A push reaches the registration's active worker only: on a loaded machine the worker may
    // still be installing when the registration shows up, and a push delivered then is lost.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL!,
      registrationId: await registration,
      data: JSON.stringify(message),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
            title: shown.title,
            body: shown.body,
            icon: new URL(shown.icon).pathname,
            url: (shown.data as { url: string }).url,
          })),
        ),
      )
      .toEqual([{ title: message.title, body: message.body, icon: "/icons/icon-192.png", url: message.url }]);

    // 'Desactivar' forgets this device on the server and in the browser.
    await page.getByRole("button", { name: "Desactivar notificaciones en este dispositivo" }).click();
    await expect(page.getByText("Notificaciones desactivadas en este dispositivo")).toBeVisible();
    await expect(page.getByRole("button", { name: "Activar notificaciones en este dispositivo" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("e2e-push-subscription"))).toBeNull();
  } finally {
    await browser.close();
  }
});
