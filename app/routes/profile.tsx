import { ColorSwatch, Group, Radio, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";

import { changePassword, type PasswordChange } from "#app/auth/change-password.server";
import { forwardCookies } from "#app/auth/cookies";
import { ChangePasswordSchema } from "#app/auth/forms/account-forms";
import { PASSWORD_HINT } from "#app/auth/forms/password-rule";
import { ProfileSchema } from "#app/auth/forms/profile-forms";
import { calendarFeedUrl } from "#app/auth/links/calendar-link.server";
import { createResetLink, publicOrigin } from "#app/auth/links/password-reset.server";
import { removeAvatar, updateAvatar } from "#app/data/people/avatars.server";
import { renewFeed } from "#app/data/people/calendar-feeds.server";
import { pushDeviceState } from "#app/data/push/subscriptions.server";
import { emailRemindersOn, setEmailReminders } from "#app/data/reminders/reminder-settings.server";
import { parseForm } from "#app/domain/forms/form";
import { answer, runAction } from "#app/http/action-answer.server";
import { limitAuthAttempt } from "#app/http/auth-limits.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { requireUser } from "#app/http/guards.server";
import { CopyLinkButton } from "#app/ui/behaviour/CopyLinkButton";
import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { errorToast, successToast, useToast } from "#app/ui/feedback/Toasts";
import { Page } from "#app/ui/layout/Page";
import { AVATAR_COLORS, mantineAvatarColor } from "#app/ui/people/avatar-colors";
import { UserAvatar } from "#app/ui/people/UserAvatar";
import { Button } from "#app/ui/primitives/Button";
import { TextField } from "#app/ui/primitives/Field";
import { Panel } from "#app/ui/primitives/Panel";
import { CalendarSection } from "#app/ui/profile/CalendarSection";
import { ChangePasswordSection } from "#app/ui/profile/ChangePasswordSection";
import { EmailRemindersSection } from "#app/ui/profile/EmailRemindersSection";
import { NotificationsSection } from "#app/ui/profile/NotificationsSection";

import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Mi Perfil · Quiniela" }];

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { db, push, secret, config } = servicesOf(args.context);
  return {
    displayName: user.displayName,
    email: user.email,
    image: user.image,
    avatarColor: user.avatarColor,
    notifications: {
      publicKey: push.publicKey,
      ...(await pushDeviceState(db, { userId: user.id, sessionId: user.sessionId })),
    },
    calendarUrl: await calendarFeedUrl(db, secret, user.id, publicOrigin(config.BASE_URL, args.request)),
    // 'Recordatorios por correo' only where e-mail can be sent (SMTP_*); null hides it.
    emailReminders: config.smtp ? await emailRemindersOn(db, user.id) : null,
    reminderHours: config.REMINDER_HOURS,
  };
}

/** Passes the action's headers on (Retry-After of a 429 to 'Cambiar contraseña'). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/** What 'Generar enlace' shows besides its toast. */
type ProfileMore = { resetLink: string };

const FAILURES = {
  "update-profile": "No se pudo actualizar el perfil",
  "remove-avatar": "No se pudo eliminar la foto de perfil",
  "reset-link": "No se pudo generar el enlace de restablecimiento",
  "change-password": "No se pudo cambiar la contraseña",
  "renew-calendar": "No se pudo renovar el enlace del calendario",
  "email-reminders": "No se pudo cambiar el ajuste de recordatorios",
} as const;

/** Why a password change was refused, on the field it concerns. */
const CHANGE_REFUSALS: Record<Exclude<PasswordChange, { ok: true }>["reason"], { status: number; message: string }> = {
  "wrong-password": { status: 400, message: "La contraseña actual no es correcta" },
  "no-password": { status: 400, message: "Tu cuenta aún no tiene contraseña: usa «Generar enlace» para elegir una" },
  "signed-out": { status: 401, message: "Tu sesión terminó: vuelve a iniciar sesión" },
};

/**
 * 'Cambiar contraseña'. Guesses at the current password count as sign-in attempts of the account
 * (AUTH_RATE_LIMIT_*): a session left open somewhere is no faster way to find it than /login.
 */
async function changeOwnPassword({ request, context }: Route.ActionArgs, email: string, fields: FormData) {
  const parsed = parseForm(ChangePasswordSchema, fields);
  if (!parsed.ok) return answer<ProfileMore>(400, { toast: errorToast(parsed.message), errors: parsed.errors });
  const limited = await limitAuthAttempt(context, "signin", email);
  if (limited) return limited;
  return runAction<ProfileMore>(FAILURES["change-password"], async () => {
    const { currentPassword, password } = parsed.data;
    const change = await changePassword(servicesOf(context).auth, request.headers, {
      current: currentPassword,
      next: password,
    });
    if (!change.ok) {
      const { status, message } = CHANGE_REFUSALS[change.reason];
      return answer<ProfileMore>(status, { toast: errorToast(message), errors: { currentPassword: message } });
    }
    const toast = successToast(
      "Tu contraseña se actualizó y se cerraron tus otras sesiones.",
      "Contraseña actualizada",
    );
    return answer<ProfileMore>(200, { toast }, forwardCookies(change.headers));
  });
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const fields = await readForm(args.request);
  if (fields.get("intent") === "change-password") return changeOwnPassword(args, user.email, fields);
  const parsed = parseForm(ProfileSchema, fields, FAILURES["update-profile"]);
  if (!parsed.ok)
    return answer<ProfileMore>(400, { toast: errorToast(parsed.message), errors: { image: parsed.message } });
  const form = parsed.data;
  const { db } = servicesOf(args.context);
  return runAction<ProfileMore>(FAILURES[form.intent], async () => {
    switch (form.intent) {
      case "update-profile":
        await updateAvatar(db, user.id, { image: form.image, avatarColor: form.avatarColor });
        return answer(200, { toast: successToast("Perfil actualizado") });
      case "remove-avatar":
        // Only a picture there is can go: no 'Avatar eliminado' for nothing.
        if (!(await removeAvatar(db, user.id)))
          return answer(409, { toast: errorToast(`${FAILURES["remove-avatar"]}. No tienes foto de perfil.`) });
        return answer(200, { toast: successToast("Avatar eliminado") });
      case "email-reminders": {
        const on = form.emailReminders === "on";
        await setEmailReminders(db, user.id, on);
        return answer(200, {
          toast: successToast(on ? "Recordatorios por correo activados" : "Recordatorios por correo desactivados"),
        });
      }
      case "reset-link": {
        const { auth, config } = servicesOf(args.context);
        const resetLink = await createResetLink(auth, user.email, publicOrigin(config.BASE_URL, args.request));
        return answer(200, { toast: successToast("Enlace generado"), resetLink });
      }
      case "renew-calendar":
        // The page's data is read again after the action: it shows the new address.
        await renewFeed(db, user.id);
        return answer(200, { toast: successToast("El enlace anterior ya no funciona.", "Enlace renovado") });
    }
  });
}

function ResetLinkSection({ email }: { email: string }) {
  const fetcher = useFetcher<ActionAnswer<ProfileMore>>();
  useToast(fetcher.data?.toast);
  const link = fetcher.data?.resetLink;
  return (
    <Panel padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Seguridad
        </Title>
        <TextField label="Correo electrónico" value={email} readOnly />
        <Text size="sm" c="dimmed">
          ¿No recuerdas tu contraseña actual? Genera un enlace de un solo uso, válido por una hora, para elegir una
          nueva.
        </Text>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="reset-link" />
          <Button variant="light" type="submit" busy={fetcher.state !== "idle"}>
            Generar enlace
          </Button>
        </fetcher.Form>
        {link && (
          <Group gap="xs" wrap="wrap" align="flex-end">
            <TextField
              label="Enlace de restablecimiento"
              value={link}
              readOnly
              style={{ flex: "1 1 240px", minWidth: 0 }}
            />
            <CopyLinkButton value={link} />
          </Group>
        )}
      </Stack>
    </Panel>
  );
}

/** The avatar's background colour, one radio button per colour with its swatch. */
function AvatarColorChoice({ color, onChange }: { color: string; onChange: (color: string) => void }) {
  return (
    <Radio.Group name="avatarColor" label="Color de fondo" value={color} onChange={onChange}>
      <Group gap="md" mt="xs">
        {AVATAR_COLORS.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            label={
              <Group gap={6} wrap="nowrap">
                <ColorSwatch color={`var(--mantine-color-${mantineAvatarColor(option.value)}-filled)`} size={16} />
                {option.label}
              </Group>
            }
          />
        ))}
      </Group>
    </Radio.Group>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [color, setColor] = useState(loaderData.avatarColor);
  const [image, setImage] = useState(loaderData.image ?? "");
  // After a save ('Eliminar foto' above all) a field follows what was stored, when that changed:
  // a colour chosen and not saved yet stays chosen while the photo is removed.
  const [saved, setSaved] = useState(loaderData);
  if (saved.image !== loaderData.image || saved.avatarColor !== loaderData.avatarColor) {
    setSaved(loaderData);
    if (saved.image !== loaderData.image) setImage(loaderData.image ?? "");
    if (saved.avatarColor !== loaderData.avatarColor) setColor(loaderData.avatarColor);
  }
  useToast(actionData?.toast);
  const saving = navigation.state === "submitting";
  const urlField = useRef<HTMLInputElement>(null);
  const hadImage = useRef(loaderData.image !== null);
  useEffect(() => {
    // 'Eliminar foto' goes with the picture: the focus it held moves to the field it emptied.
    if (hadImage.current && !loaderData.image && document.activeElement === document.body) urlField.current?.focus();
    hadImage.current = loaderData.image !== null;
  }, [loaderData.image]);

  return (
    <Page title="Mi Perfil" size="sm">
      <Panel padding="lg">
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            <UserAvatar
              name={loaderData.displayName}
              image={image.startsWith("https://") ? image : null}
              color={color}
              size={72}
            />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700} fz="lg" truncate>
                {loaderData.displayName}
              </Text>
              <Text size="sm" c="dimmed">
                Tu nombre en la tabla de posiciones
              </Text>
            </Stack>
          </Group>
          <TextField label="Nombre para mostrar" value={loaderData.displayName} readOnly />
          <Form method="post" noValidate>
            <Stack gap="md">
              <input type="hidden" name="intent" value="update-profile" />
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextField
                  ref={urlField}
                  label="URL del avatar"
                  name="image"
                  placeholder="https://ejemplo.com/mi-foto.jpg"
                  value={image}
                  onChange={(event) => setImage(event.currentTarget.value)}
                  error={actionData?.errors?.image}
                  style={{ flex: "1 1 220px", minWidth: 0 }}
                />
                {/* Offered only while a picture is saved: there is nothing to remove otherwise. */}
                {loaderData.image && (
                  <Button variant="default" type="submit" name="intent" value="remove-avatar">
                    Eliminar foto
                  </Button>
                )}
              </Group>
              <AvatarColorChoice color={color} onChange={setColor} />
              <Group justify="flex-end">
                <Button type="submit" busy={saving}>
                  Actualizar Perfil
                </Button>
              </Group>
            </Stack>
          </Form>
        </Stack>
      </Panel>
      <NotificationsSection state={loaderData.notifications} />
      <EmailRemindersSection on={loaderData.emailReminders} email={loaderData.email} hours={loaderData.reminderHours} />
      <ChangePasswordSection email={loaderData.email} passwordHint={PASSWORD_HINT} />
      <ResetLinkSection email={loaderData.email} />
      <CalendarSection url={loaderData.calendarUrl} />
    </Page>
  );
}
