import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { useCallback, useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { createAccountWithoutPassword } from "#app/auth/accounts.server";
import { createResetLink, publicOrigin } from "#app/auth/password-reset.server";
import { UsersAdminSchema } from "#app/auth/user-forms";
import { listRoster, replaceRoster } from "#app/data/roster.server";
import {
  deletePredictionsOfUser,
  deleteUser,
  emailInUse,
  findUserEmail,
  listUsers,
  type UserChangeRefusal,
  updateUser,
} from "#app/data/users.server";
import { formatDate } from "#app/domain/dates";
import { formatRoster, parseRoster } from "#app/domain/roster";
import { withFailureToast } from "#app/http/admin-action.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import badges from "#app/ui/badges.module.css";
import buttons from "#app/ui/buttons.module.css";
import { Page } from "#app/ui/Page";
import { tableClasses, tableStyle } from "#app/ui/plain-table";
import { errorToast, successToast, type Toast } from "#app/ui/toast";
import { useToast } from "#app/ui/toasts";
import { UserAvatar } from "#app/ui/UserAvatar";
import type { Route } from "./+types/users";
import classes from "./users.module.css";
import { CopyLinkButton } from "#app/ui/CopyLinkButton";

const TABLE_STYLE = tableStyle("var(--mantine-spacing-sm)");
export const meta: Route.MetaFunction = () => [
  { title: "Gestionar Usuarios · Quiniela" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = servicesOf(context);
  return withFailureToast("No se pudieron cargar los usuarios", async () => {
    const [users, roster] = await Promise.all([listUsers(db), listRoster(db)]);
    return {
      users: users.map((user) => ({
        ...user,
        createdLabel: formatDate(user.createdAt, config.APP_TIMEZONE),
      })),
      roster: formatRoster(roster),
      rosterCount: roster.length,
      toast: null as Toast | null,
    };
  }, (toast) => ({ users: [], roster: "", rosterCount: 0, toast }));
}

type Reply = { ok: boolean; toast: Toast; link?: string };

const REFUSALS: Record<UserChangeRefusal, string> = {
  "not-found": "El usuario no existe",
  "email-taken": "Este correo electrónico ya está registrado",
  "last-admin":
    "Debe quedar al menos un administrador: no puedes quitar el rol ni eliminar al único administrador",
};

const FAILURES = {
  "create-user": "No se pudo guardar el usuario",
  "update-user": "No se pudo guardar el usuario",
  "delete-user": "No se pudo eliminar el usuario",
  "delete-predictions": "No se pudieron eliminar las predicciones",
  "access-link": "No se pudo generar el enlace de restablecimiento",
  "save-roster": "No se pudo guardar la lista de participantes",
} as const;

const REFUSAL_STATUS: Record<UserChangeRefusal, number> = { "not-found": 404, "email-taken": 409, "last-admin": 409 };

/** The screen's answer: a toast (and a link), with the status that says whether it worked. */
function answer(status: number, reply: Omit<Reply, "ok">) {
  return data<Reply>({ ok: status < 300, ...reply }, { status });
}

function refused(intent: keyof typeof FAILURES, reason: UserChangeRefusal) {
  return answer(REFUSAL_STATUS[reason], { toast: errorToast(`${FAILURES[intent]}. ${REFUSALS[reason]}.`) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = UsersAdminSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return answer(400, { toast: errorToast(parsed.error.issues[0]?.message ?? "Datos inválidos") });
  }
  const form = parsed.data;
  const { db, auth, config } = servicesOf(context);
  const origin = publicOrigin(config.BASE_URL, request);
  return withFailureToast(FAILURES[form.intent], async () => {
    switch (form.intent) {
      case "create-user": {
        if (await emailInUse(db, form.email)) return refused(form.intent, "email-taken");
        await createAccountWithoutPassword(auth, form);
        const link = await createResetLink(auth, form.email, origin);
        return answer(200, { toast: successToast("Usuario guardado"), link });
      }
      case "update-user": {
        const refusal = await updateUser(db, form.userId, form);
        return refusal ? refused(form.intent, refusal) : answer(200, { toast: successToast("Usuario guardado") });
      }
      case "delete-user": {
        const refusal = await deleteUser(db, form.userId);
        return refusal ? refused(form.intent, refusal) : answer(200, { toast: successToast("Usuario eliminado") });
      }
      case "delete-predictions": {
        const count = await deletePredictionsOfUser(db, form.userId);
        return answer(200, { toast: successToast(`${count} predicciones eliminadas`, "Predicciones eliminadas") });
      }
      case "access-link": {
        const email = await findUserEmail(db, form.userId);
        if (!email) return refused(form.intent, "not-found");
        return answer(200, { toast: successToast("Enlace generado"), link: await createResetLink(auth, email, origin) });
      }
      case "save-roster": {
        const roster = parseRoster(form.roster);
        if (!roster.ok) return answer(400, { toast: errorToast(roster.message) });
        await replaceRoster(db, roster.entries);
        const message =
          roster.entries.length === 0
            ? "Lista vacía: el registro queda abierto a cualquier correo"
            : `${roster.entries.length} correos permitidos`;
        return answer(200, { toast: successToast(message, "Lista guardada") });
      }
    }
  }, (toast) => answer(500, { toast }));
}

type UserRow = Route.ComponentProps["loaderData"]["users"][number];

function LinkBox({ link, description }: { link: string; description: string }) {
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          aria-label="Enlace"
          value={link}
          readOnly
          style={{ flex: 1, minWidth: 0 }}
        />
        <CopyLinkButton value={link} />
      </Group>
    </Stack>
  );
}

/** 'Nuevo Usuario' and 'Editar': one form; a new account ends with its set-password link. */
function UserFormModal({
  user,
  opened,
  onClose,
}: {
  user: UserRow | null;
  opened: boolean;
  onClose: () => void;
}) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  const created = !user && fetcher.data?.ok ? fetcher.data.link : undefined;
  useEffect(() => {
    if (user && fetcher.data?.ok) onClose();
  }, [fetcher.data, user, onClose]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={user ? "Editar usuario" : "Nuevo Usuario"}
      centered
    >
      {created ? (
        <Stack>
          <LinkBox
            link={created}
            description="Comparte este enlace con la persona para que elija su contraseña. Es de un solo uso y vale una hora."
          />
          <Button variant="default" onClick={onClose}>
            Cerrar
          </Button>
        </Stack>
      ) : (
        <fetcher.Form method="post" noValidate key={user?.id ?? "new"}>
          <Stack gap="sm">
            <input
              type="hidden"
              name="intent"
              value={user ? "update-user" : "create-user"}
            />
            {user && <input type="hidden" name="userId" value={user.id} />}
            <TextInput
              label="Nombre"
              name="name"
              defaultValue={user?.name}
              required
            />
            <TextInput
              label="Apodo"
              name="displayName"
              defaultValue={
                user && user.displayName !== user.name ? user.displayName : ""
              }
              description="Como aparece en la tabla; se permiten emoji"
            />
            <TextInput
              label="Correo electrónico"
              name="email"
              type="email"
              defaultValue={user?.email}
              required
            />
            <Select
              label="Rol"
              name="role"
              defaultValue={user?.role ?? "user"}
              allowDeselect={false}
              data={[
                { value: "user", label: "Participante" },
                { value: "admin", label: "Administrador" },
              ]}
            />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" loading={fetcher.state !== "idle"}>
                Guardar
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      )}
    </Modal>
  );
}

function UserActions({
  user,
  onEdit,
  onDelete,
}: {
  user: UserRow;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  const link = fetcher.data?.link;
  const submit = (intent: string) =>
    fetcher.submit({ intent, userId: user.id }, { method: "post" });
  const confirm = (title: string, body: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: "Confirmar", cancel: "Cancelar" },
      confirmProps: { color: "red" },
      onConfirm,
    });

  const busy = fetcher.state !== "idle";
  return (
    <div className={classes.actions}>
      <div className={classes.actionRow}>
        <button type="button" className={`${buttons.button} ${buttons.compact} ${buttons.light}`} onClick={onEdit}>
          Editar
        </button>
        <button
          type="button"
          className={`${buttons.button} ${buttons.compact} ${buttons.danger}`}
          onClick={() =>
            confirm(
              "Eliminar usuario",
              `Se eliminará a ${user.displayName} con sus pronósticos, sesiones y quinielas propias. No se puede deshacer.`,
              onDelete,
            )
          }
        >
          Eliminar
        </button>
        <button
          type="button"
          className={`${buttons.button} ${buttons.compact} ${buttons.warning}`}
          onClick={() =>
            confirm(
              "Eliminar predicciones",
              `Se eliminarán los ${user.predictions} pronósticos de ${user.displayName}. No se puede deshacer.`,
              () => submit("delete-predictions"),
            )
          }
        >
          Eliminar Predicciones
        </button>
      </div>
      <button type="button" className={classes.linkButton} disabled={busy} aria-busy={busy} onClick={() => submit("access-link")}>
        Generar enlace de acceso
      </button>
      {link && <LinkBox link={link} description="Enlace de un solo uso para que elija una contraseña nueva." />}
    </div>
  );
}

function RosterCard({ roster, count }: { roster: string; count: number }) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  return (
    <Card withBorder radius="lg" padding="lg">
      <fetcher.Form method="post">
        <Stack gap="sm">
          <input type="hidden" name="intent" value="save-roster" />
          <Group justify="space-between">
            <Title order={2} fz="lg">
              Lista de participantes
            </Title>
            <Badge variant="light" color={count ? "teal" : "gray"}>
              {count ? `${count} correos` : "Registro abierto"}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Un «correo, apodo» por línea. Si la lista tiene correos, solo ellos
            pueden registrarse y cada uno recibe su apodo. Vacía, cualquiera
            puede registrarse.
          </Text>
          <Textarea
            label="Correos permitidos"
            name="roster"
            defaultValue={roster}
            autosize
            minRows={4}
            maxRows={14}
            placeholder={
              "ana@empresa.com, Anita 🌟\nbeto@empresa.com, El Profe"
            }
          />
          <Group justify="flex-end">
            <Button type="submit" loading={fetcher.state !== "idle"}>
              Guardar lista
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Card>
  );
}

/** Avatar, display name (with 'Admin'), and the account's name when the nickname differs. */
function UserName({ user }: { user: UserRow }) {
  return (
    <span className={classes.user}>
      <UserAvatar name={user.displayName} image={user.image} color={user.avatarColor} size={32} />
      <span className={classes.names}>
        <span className={classes.displayName}>
          {user.displayName}
          {user.role === "admin" && <span className={`${badges.badge} ${badges.blue}`}>Admin</span>}
        </span>
        {user.displayName !== user.name && <span className={classes.accountName}>{user.name}</span>}
      </span>
    </span>
  );
}

export default function UsersAdmin({ loaderData }: Route.ComponentProps) {
  useToast(loaderData.toast);
  // The deleted user's row unmounts with the answer: its toast must come from the page.
  const deletion = useFetcher<typeof action>();
  useToast(deletion.data?.toast);
  const remove = (user: UserRow) =>
    deletion.submit(
      { intent: "delete-user", userId: user.id },
      { method: "post" },
    );
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  // Each opening gets a fresh form (and fetcher), so an earlier save can't close it at once.
  const [openings, setOpenings] = useState(0);
  const open = (user: UserRow | null) => {
    setEditing(user);
    setOpenings((count) => count + 1);
    setFormOpen(true);
  };
  const close = useCallback(() => setFormOpen(false), []);

  return (
    <Page
      title="Gestionar Usuarios"
      description={`${loaderData.users.length} usuarios registrados`}
    >
      <Group justify="flex-end">
        <Button onClick={() => open(null)}>Nuevo Usuario</Button>
      </Group>
      <Card withBorder radius="lg" padding={0}>
        {/* On phones each row stacks into a small card (users.module.css). */}
        <div className={classes.scroll}>
          {/* Mantine's table look on plain rows: one row per user, each with four actions. */}
          <table className={`${tableClasses.table} ${classes.table}`} style={TABLE_STYLE}>
            <thead className={tableClasses.thead}>
              <tr className={tableClasses.tr} data-with-row-border>
                <th className={tableClasses.th}>Nombre</th>
                <th className={tableClasses.th}>Correo electrónico</th>
                <th className={tableClasses.th}>Registro</th>
                <th className={tableClasses.th}>Pronósticos</th>
                <th className={tableClasses.th}>Acciones</th>
              </tr>
            </thead>
            <tbody className={tableClasses.tbody}>
              {loaderData.users.map((user) => (
                <tr key={user.id} className={tableClasses.tr} data-with-row-border data-hover aria-label={user.displayName}>
                  <td className={tableClasses.td}>
                    <UserName user={user} />
                  </td>
                  <td className={`${tableClasses.td} ${classes.email}`}>{user.email}</td>
                  <td className={`${tableClasses.td} ${classes.nowrap}`} data-label="Registro">
                    {user.createdLabel}
                  </td>
                  <td className={tableClasses.td} data-label="Pronósticos">
                    {user.predictions}
                  </td>
                  <td className={tableClasses.td}>
                    <UserActions user={user} onEdit={() => open(user)} onDelete={() => remove(user)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <RosterCard roster={loaderData.roster} count={loaderData.rosterCount} />
      <UserFormModal
        key={openings}
        user={editing}
        opened={formOpen}
        onClose={close}
      />
    </Page>
  );
}
