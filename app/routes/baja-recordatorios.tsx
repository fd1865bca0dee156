import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";

import { userOfUnsubscribeToken } from "#app/auth/links/unsubscribe-token.server";
import { emailRemindersOn, setEmailReminders } from "#app/data/reminders/reminder-settings.server";
import { answer, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { errorToast, useToast } from "#app/ui/feedback/Toasts";
import { AuthCard } from "#app/ui/people/AuthCard";
import { Button } from "#app/ui/primitives/Button";

import type { Route } from "./+types/baja-recordatorios";

export const meta: Route.MetaFunction = () => [
  { title: "Recordatorios por correo · Quiniela" },
  // The token is in the address: no search engine keeps it, and no link sends it on.
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

const INVALID_LINK = "El enlace no es válido. Usa el de tu último recordatorio o cambia el ajuste en Mi Perfil.";
const DONE = "Listo: ya no recibirás recordatorios por correo.";

const tokenOf = (request: Request, form?: FormData) =>
  new URL(request.url).searchParams.get("token") ?? String(form?.get("token") ?? "");

/**
 * Public: the way out of the reminder e-mails (their List-Unsubscribe address). The page asks
 * before anything changes, because mail scanners open every link of a message: only a POST turns
 * the switch off — the page's button, or a mail program's one-click POST (RFC 8058), which comes
 * without cookies and without an Origin (server/app.ts lets this one path through). The token is
 * the player's and for this alone (auth/links/unsubscribe-token.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, secret } = servicesOf(context);
  const token = tokenOf(request);
  const userId = userOfUnsubscribeToken(secret, token);
  return { token, valid: userId !== null, on: userId !== null && (await emailRemindersOn(db, userId)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return runAction("No se pudo cambiar el ajuste de recordatorios", async () => {
    const { db, secret } = servicesOf(context);
    const userId = userOfUnsubscribeToken(secret, tokenOf(request, form));
    if (userId === null) return answer(400, { toast: errorToast(INVALID_LINK) });
    await setEmailReminders(db, userId, false);
    // The page says it in place of the button: no toast.
    return answer(200);
  });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useToast(actionData?.toast);
  const profileLink = (
    <Anchor component={Link} to="/profile" fw={600}>
      Mi Perfil
    </Anchor>
  );
  if (!loaderData.valid) {
    return (
      <AuthCard title="Recordatorios por correo" subtitle="Los avisos de Quiniela cuando te faltan pronósticos.">
        <Alert color="red" variant="light" title="Enlace inválido">
          {INVALID_LINK}
        </Alert>
      </AuthCard>
    );
  }
  const off = actionData?.ok === true || !loaderData.on;
  return (
    <AuthCard title="Recordatorios por correo" subtitle="Los avisos de Quiniela cuando te faltan pronósticos.">
      {off ? (
        <Stack gap="sm">
          <Alert color="green" variant="light" title="Recordatorios desactivados" role="status">
            {actionData?.ok ? DONE : "Ya no recibes recordatorios por correo."}
          </Alert>
          <Text size="sm">Puedes volver a activarlos cuando quieras en {profileLink}.</Text>
        </Stack>
      ) : (
        <Form method="post" action={`/baja-recordatorios?${new URLSearchParams({ token: loaderData.token })}`}>
          <Stack gap="md">
            <Text>¿Quieres dejar de recibir los correos que te recuerdan los pronósticos que te faltan?</Text>
            <Button type="submit" fullWidth busy={navigation.state === "submitting"}>
              Dejar de recibir recordatorios
            </Button>
            <Text size="sm" c="dimmed">
              Puedes volver a activarlos en {profileLink}.
            </Text>
          </Stack>
        </Form>
      )}
    </AuthCard>
  );
}
