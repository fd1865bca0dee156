import { redirect } from "react-router";

import { countHit } from "#app/data/people/rate-limits.server";
import {
  pushDeviceState,
  removePushSubscription,
  renewPushSubscription,
  savePushSubscription,
} from "#app/data/push/subscriptions.server";
import { parseForm } from "#app/domain/forms/form";
import { PUSH_MESSAGES, pushFormSchema } from "#app/domain/forms/push-forms";
import { answer, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { requireUser, type SessionUser } from "#app/http/guards.server";
import { sendPush } from "#app/notify/push.server";
import { errorToast, successToast } from "#app/ui/feedback/Toasts";

import type { Route } from "./+types/notificaciones";

/** Test notifications a player may ask for in a minute. */
const TESTS_PER_MINUTE = 3;

const FAILURE = "No se pudieron cambiar las notificaciones";

/** Nothing to show here: the section is on /profile. */
export function loader() {
  return redirect("/profile");
}

/**
 * 'Notificaciones' on /profile (ui/profile/NotificationsSection.tsx): this device's subscription
 * stored ('subscribe') or removed ('unsubscribe'), and a test notification to every device of the
 * player ('test'), and a subscription the browser renewed by itself in place of its old endpoint
 * ('renew', from the service worker: public/sw.js). What the answer says besides its toast: `refused`, when the endpoint is
 * another player's (the browser then asks its push service for a new one).
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const services = servicesOf(args.context);
  const parsed = parseForm(pushFormSchema(services.config.push.services), await readForm(args.request), FAILURE);
  if (!parsed.ok) return answer<PushAnswer>(400, { toast: errorToast(parsed.message), errors: parsed.errors });
  const form = parsed.data;
  return runAction<PushAnswer>(FAILURE, async () => {
    switch (form.intent) {
      case "subscribe":
      case "renew": {
        const subscription = { ...form, userId: user.id, sessionId: user.sessionId };
        const refusal =
          form.intent === "renew"
            ? await renewPushSubscription(services.db, subscription)
            : await savePushSubscription(services.db, subscription);
        if (refusal === "taken")
          return answer<PushAnswer>(409, { toast: errorToast(PUSH_MESSAGES.taken), refused: "taken" });
        if (refusal === "too-many")
          return answer<PushAnswer>(409, { toast: errorToast(PUSH_MESSAGES.tooMany), refused: "too-many" });
        return answer<PushAnswer>(200, { toast: successToast("Notificaciones activadas en este dispositivo") });
      }
      case "unsubscribe": {
        const removed = await removePushSubscription(services.db, {
          userId: user.id,
          sessionId: user.sessionId,
          endpoint: form.endpoint,
        });
        if (removed === 0) return answer<PushAnswer>(404, { toast: errorToast(PUSH_MESSAGES.notHere) });
        return answer<PushAnswer>(200, { toast: successToast("Notificaciones desactivadas en este dispositivo") });
      }
      case "test":
        return sendTest(services, user);
    }
  });
}

type PushAnswer = { refused: "taken" | "too-many" };

/** 'Enviar notificación de prueba': to every device of the player, answered without waiting for the push services. */
async function sendTest(services: ReturnType<typeof servicesOf>, user: SessionUser) {
  const { devices } = await pushDeviceState(services.db, { userId: user.id, sessionId: user.sessionId });
  if (devices === 0) return answer<PushAnswer>(404, { toast: errorToast(PUSH_MESSAGES.notHere) });
  const { hits } = await countHit(services.db, `push-test:${user.id}`, { windowMs: 60_000 });
  if (hits > TESTS_PER_MINUTE) {
    return answer<PushAnswer>(
      429,
      { toast: errorToast("Espera un minuto antes de enviar otra notificación de prueba") },
      { "Retry-After": "60" },
    );
  }
  void sendPush(services, user.id, {
    title: "Quiniela",
    body: "Así te avisaremos cuando te falten pronósticos.",
    url: "/profile",
  });
  const where = devices === 1 ? "tu dispositivo" : `tus ${devices} dispositivos`;
  return answer<PushAnswer>(200, { toast: successToast(`Notificación de prueba enviada a ${where}`) });
}
