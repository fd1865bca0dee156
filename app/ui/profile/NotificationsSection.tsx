import { Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";

import { loadOnUse } from "#app/ui/behaviour/load-on-use";
import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { errorToast, showToast } from "#app/ui/feedback/Toasts";
import { Button } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";

import styles from "./NotificationsSection.module.css";

/** What /profile's loader says about notifications. */
export interface NotificationsState {
  /** The app's VAPID public key (base64url): what this browser subscribes with. */
  publicKey: string;
  /** This device (this session) has notifications on. */
  thisDevice: boolean;
  /** On how many devices the player has them on. */
  devices: number;
}

type PushAnswer = ActionAnswer<{ refused: "taken" | "too-many" }>;

const ACTION = "/profile/notificaciones";

/** The subscription's code (permission, service worker, push service): loaded when a button is pressed. */
const pushDevice = loadOnUse(() => import("#app/ui/behaviour/push-device"));

type Support = "ok" | "home-screen" | "none";

/**
 * Where this browser stands. Web Push reaches an iPhone or iPad only in the app added to the home
 * screen (iOS 16.4 and later), never in a Safari tab; other browsers without it cannot be helped.
 */
function pushSupport(): Support {
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const standalone =
    matchMedia("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
  if (ios && !standalone) return "home-screen";
  return "serviceWorker" in navigator && "PushManager" in window ? "ok" : "none";
}

const unchanging = () => () => undefined;

/** The server renders the buttons; the browser then says whether it can have notifications. */
function usePushSupport(): Support {
  return useSyncExternalStore(unchanging, pushSupport, () => "ok");
}

/**
 * This device's notifications turned on and off, and the test notification: the browser's part
 * (permission, push service) loaded on use, the server's through /profile/notificaciones.
 */
function useNotificationsActions(state: NotificationsState) {
  const fetcher = useFetcher<PushAnswer>();
  const [preparing, setPreparing] = useState(false);
  /** A new subscription was asked for after the server refused the browser's endpoint as another player's. */
  const renewed = useRef(false);
  /** 'Desactivar' was sent: once the server agrees, the browser's subscription ends too. */
  const ending = useRef(false);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  const turnOn = async ({ fresh = false } = {}) => {
    renewed.current = fresh;
    setPreparing(true);
    try {
      const subscribed = await (await pushDevice.get()).subscribeDevice(state.publicKey, { fresh });
      if (!subscribed.ok) return showToast(errorToast(subscribed.message));
      void fetcher.submit({ intent: "subscribe", ...subscribed.subscription }, { method: "post", action: ACTION });
    } catch {
      showToast(errorToast("No se pudieron activar las notificaciones. Recarga la página e inténtalo de nuevo."));
    } finally {
      setPreparing(false);
    }
  };
  const turnOff = async () => {
    setPreparing(true);
    const endpoint = await pushDevice
      .get()
      .then((module) => module.deviceEndpoint())
      .catch(() => undefined);
    setPreparing(false);
    ending.current = true;
    void fetcher.submit({ intent: "unsubscribe", endpoint: endpoint ?? "" }, { method: "post", action: ACTION });
  };
  const test = () => void fetcher.submit({ intent: "test" }, { method: "post", action: ACTION });
  useEffect(() => {
    if (!answer) return;
    // Another player's endpoint: this browser asks its push service for a new one, once, quietly.
    if (answer.refused === "taken" && !renewed.current) return void turnOn({ fresh: true });
    if (answer.toast) showToast(answer.toast);
    if (ending.current) {
      ending.current = false;
      if (answer.ok) void pushDevice.current?.deviceEndpoint({ end: true });
    }
    // turnOn is this render's; only a new answer matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const intent = fetcher.state === "idle" ? undefined : fetcher.formData?.get("intent");
  return {
    turnOn,
    turnOff,
    test,
    switching: preparing || intent === "subscribe" || intent === "unsubscribe",
    testing: intent === "test",
  };
}

/**
 * 'Notificaciones' on /profile: this device's notifications on or off, and a test notification
 * once they are on. The server keeps one subscription per device and says whether this one has
 * it; the browser asks permission and its push service for the subscription.
 */
export function NotificationsSection({ state }: { state: NotificationsState }) {
  const support = usePushSupport();
  const { turnOn, turnOff, test, switching, testing } = useNotificationsActions(state);
  return (
    <Panel padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Notificaciones
        </Title>
        <Text size="sm" c="dimmed">
          Te avisamos en este dispositivo cuando te falten pronósticos y una jornada esté por cerrar.
        </Text>
        {support === "home-screen" ? (
          <Text size="sm">
            En el iPhone las notificaciones llegan solo a la app instalada: en Safari toca Compartir y luego «Agregar a
            pantalla de inicio». Abre Quiniela desde ese icono y actívalas aquí.
          </Text>
        ) : support === "none" ? (
          <Text size="sm">Este navegador no puede recibir notificaciones.</Text>
        ) : (
          <Group gap="xs" wrap="wrap">
            {state.thisDevice ? (
              <Button variant="default" className={styles.wrapping} busy={switching} onClick={() => void turnOff()}>
                Desactivar notificaciones en este dispositivo
              </Button>
            ) : (
              <Button
                className={styles.wrapping}
                busy={switching}
                onClick={() => void turnOn()}
                onPointerEnter={pushDevice.prefetch}
              >
                Activar notificaciones en este dispositivo
              </Button>
            )}
            {state.devices > 0 && (
              <Button variant="light" className={styles.wrapping} busy={testing} onClick={test}>
                Enviar notificación de prueba
              </Button>
            )}
          </Group>
        )}
        {state.devices > 0 && (
          <Text size="sm" c="dimmed">
            {state.devices === 1 ? "Activadas en 1 dispositivo." : `Activadas en ${state.devices} dispositivos.`}
          </Text>
        )}
      </Stack>
    </Panel>
  );
}
