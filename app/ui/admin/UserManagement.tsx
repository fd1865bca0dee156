import { Group, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useFetcher } from "react-router";

import { countOf } from "#app/domain/plural";
import { CopyLinkButton } from "#app/ui/behaviour/CopyLinkButton";
import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { confirm } from "#app/ui/feedback/Confirm";
import { Dialog } from "#app/ui/feedback/Dialog";
import { useToast } from "#app/ui/feedback/Toasts";
import { UserAvatar } from "#app/ui/people/UserAvatar";
import { Badge } from "#app/ui/primitives/Badge";
import { Button } from "#app/ui/primitives/Button";
import { BareInput, SelectField, TextAreaField, TextField } from "#app/ui/primitives/Field";
import { Panel } from "#app/ui/primitives/Panel";

import classes from "./UserManagement.module.css";

/**
 * A row of 'Gestionar Usuarios' as the screen's loader gives it: the account, its picks as
 * 'Eliminar Predicciones' reaches them, and its registration date as shown.
 */
export interface UserRow {
  id: string;
  name: string;
  displayName: string;
  email: string;
  role: "user" | "admin";
  image: string | null;
  avatarColor: string;
  /** Every pick of theirs, in every season. */
  predictions: number;
  /** Their picks in the seasons not finished: what 'Eliminar Predicciones' deletes. */
  deletablePredictions: number;
  /** The names of those seasons, oldest first. */
  deletableSeasons: readonly string[];
  /** When they registered, in the install's time zone. */
  createdLabel: string;
}

/** What an intent of /admin/users answers besides its toast: a reset link to hand over, and its life in days. */
export interface UsersMore {
  link: string;
  linkDays: number;
}

/** 'vale 7 días': how long a link the admin hands out stays valid (ADMIN_LINK_DAYS). */
function linkLife(days: number | undefined): string {
  return days === 1 ? "vale 1 día" : `vale ${days ?? 7} días`;
}

/** The pieces of 'Gestionar Usuarios' (routes/admin/users.tsx): rows, the user form, the roster. */

export function LinkBox({ link, description }: { link: string; description: string }) {
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <BareInput aria-label="Enlace" value={link} readOnly style={{ flex: 1, minWidth: 0 }} />
        <CopyLinkButton value={link} />
      </Group>
    </Stack>
  );
}
/** 'Nuevo Usuario' and 'Editar': one form; a new account ends with its set-password link. */
export function UserFormModal({
  user,
  opened,
  onClose,
}: {
  user: UserRow | null;
  opened: boolean;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ActionAnswer<UsersMore>>();
  useToast(fetcher.data?.toast);
  const created = !user && fetcher.data?.ok ? fetcher.data.link : undefined;
  const createdLife = linkLife(fetcher.data?.linkDays);
  useEffect(() => {
    if (user && fetcher.data?.ok) onClose();
  }, [fetcher.data, user, onClose]);

  return (
    <Dialog opened={opened} onClose={onClose} title={user ? "Editar usuario" : "Nuevo Usuario"} centered>
      {created ? (
        <Stack>
          <LinkBox
            link={created}
            description={`Comparte este enlace con la persona para que elija su contraseña. Es de un solo uso y ${createdLife}.`}
          />
          <Button variant="default" onClick={onClose}>
            Cerrar
          </Button>
        </Stack>
      ) : (
        <fetcher.Form method="post" noValidate key={user?.id ?? "new"}>
          <Stack gap="sm">
            <input type="hidden" name="intent" value={user ? "update-user" : "create-user"} />
            {user && <input type="hidden" name="userId" value={user.id} />}
            <TextField label="Nombre" name="name" defaultValue={user?.name} required />
            <TextField
              label="Apodo"
              name="displayName"
              defaultValue={user && user.displayName !== user.name ? user.displayName : ""}
              description="Como aparece en la tabla; se permiten emoji"
            />
            <TextField label="Correo electrónico" name="email" type="email" defaultValue={user?.email} required />
            <SelectField
              label="Rol"
              name="role"
              defaultValue={user?.role ?? "user"}
              options={[
                { value: "user", label: "Participante" },
                { value: "admin", label: "Administrador" },
              ]}
            />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" busy={fetcher.state !== "idle"}>
                Guardar
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      )}
    </Dialog>
  );
}
/** The seasons 'Eliminar Predicciones' reaches for this user, by name. */
function seasonsInWords(names: readonly string[]): string {
  const quoted = names.map((name) => `«${name}»`);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} y ${quoted.at(-1)}`;
}

/**
 * What 'Eliminar Predicciones' asks: the count it deletes (the picks in the seasons not finished,
 * as the server counts them) and in which seasons; the picks of finished seasons stay, and it says so.
 */
function deletePredictionsText(user: UserRow): string {
  const count = user.deletablePredictions;
  const kept = user.predictions - count;
  const what =
    count === 0
      ? `${user.displayName} no tiene pronósticos en temporadas sin terminar: no hay nada que eliminar.`
      : `Se ${count === 1 ? "eliminará" : "eliminarán"} ${countOf(count, "pronóstico", "pronósticos")} de ${user.displayName} en ${seasonsInWords(user.deletableSeasons)}.`;
  const stays =
    kept === 0
      ? ""
      : kept === 1
        ? " Su pronóstico de una temporada terminada se conserva."
        : ` Sus ${kept} pronósticos de temporadas terminadas se conservan.`;
  return `${what}${stays}${count > 0 ? " No se puede deshacer." : ""}`;
}

export function UserActions({ user, onEdit, onDelete }: { user: UserRow; onEdit: () => void; onDelete: () => void }) {
  const fetcher = useFetcher<ActionAnswer<UsersMore>>();
  useToast(fetcher.data?.toast);
  const link = fetcher.data?.link;
  const submit = (intent: string) => fetcher.submit({ intent, userId: user.id }, { method: "post" });
  const askFirst = (title: string, body: string, onConfirm: () => void) =>
    confirm({
      title,
      children: <Text size="sm">{body}</Text>,
      confirmProps: { color: "red" },
      onConfirm,
    });

  const busy = fetcher.state !== "idle";
  return (
    <div className={classes.actions}>
      <div className={classes.actionRow}>
        <Button type="button" size="compact" variant="light" onClick={onEdit}>
          Editar
        </Button>
        <Button
          size="compact"
          variant="danger"
          onClick={() =>
            askFirst(
              "Eliminar usuario",
              `Se eliminará a ${user.displayName} con sus pronósticos, sesiones y quinielas propias. No se puede deshacer.`,
              onDelete,
            )
          }
        >
          Eliminar
        </Button>
        <Button
          size="compact"
          variant="warning"
          onClick={() =>
            askFirst("Eliminar pronósticos", deletePredictionsText(user), () => submit("delete-predictions"))
          }
        >
          Eliminar Predicciones
        </Button>
      </div>
      <button
        type="button"
        className={classes.linkButton}
        disabled={busy}
        aria-busy={busy}
        onClick={() => submit("access-link")}
      >
        Generar enlace de acceso
      </button>
      {link && (
        <LinkBox
          link={link}
          description={`Enlace de un solo uso para que elija una contraseña nueva; ${linkLife(fetcher.data?.linkDays)}.`}
        />
      )}
    </div>
  );
}
export function RosterCard({ roster, count }: { roster: string; count: number }) {
  const fetcher = useFetcher<ActionAnswer<UsersMore>>();
  useToast(fetcher.data?.toast);
  return (
    <Panel padding="lg">
      <fetcher.Form method="post">
        <Stack gap="sm">
          <input type="hidden" name="intent" value="save-roster" />
          <Group justify="space-between">
            <Title order={2} fz="lg">
              Lista de participantes
            </Title>
            <Badge tone={count ? "teal" : "gray"}>
              {count ? countOf(count, "correo", "correos") : "Registro abierto"}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Un «correo, apodo» por línea. Si la lista tiene correos, solo ellos pueden registrarse y cada uno recibe su
            apodo. Vacía, cualquiera puede registrarse.
          </Text>
          <TextAreaField
            label="Correos permitidos"
            name="roster"
            defaultValue={roster}
            minRows={4}
            maxRows={14}
            placeholder={"ana@empresa.com, Anita 🌟\nbeto@empresa.com, El Profe"}
          />
          <Group justify="flex-end">
            <Button type="submit" busy={fetcher.state !== "idle"}>
              Guardar lista
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Panel>
  );
}
/** Avatar, display name (with 'Admin'), and the account's name when the nickname differs. */
export function UserName({ user }: { user: UserRow }) {
  return (
    <span className={classes.user}>
      <UserAvatar name={user.displayName} image={user.image} color={user.avatarColor} size={32} />
      <span className={classes.names}>
        <span className={classes.displayName}>
          {user.displayName}
          {user.role === "admin" && <Badge tone="blue">Admin</Badge>}
        </span>
        {user.displayName !== user.name && <span className={classes.accountName}>{user.name}</span>}
      </span>
    </span>
  );
}
