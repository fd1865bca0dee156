import { Group } from "@mantine/core";
import { useCallback, useState } from "react";
import { useFetcher } from "react-router";

import { createAccountWithoutPassword } from "#app/auth/accounts.server";
import { UsersAdminSchema } from "#app/auth/forms/user-forms";
import { adminLinkSeconds, createResetLink, publicOrigin } from "#app/auth/links/password-reset.server";
import { listRoster, replaceRoster } from "#app/data/people/roster.server";
import {
  deletePredictionsOfUser,
  deleteUser,
  emailInUse,
  findUserEmail,
  listUsers,
  updateUser,
  type UserChangeRefusal,
} from "#app/data/people/users.server";
import { formatDate } from "#app/domain/dates";
import { parseForm } from "#app/domain/forms/form";
import { countOf } from "#app/domain/plural";
import { formatRoster, parseRoster } from "#app/domain/roster";
import { answer, runAction, withFailureToast } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { adminActor } from "#app/http/guards.server";
import {
  RosterCard,
  UserActions,
  UserFormModal,
  UserName,
  type UserRow,
  type UsersMore,
} from "#app/ui/admin/UserManagement";
import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { errorToast, successToast, useToast, type Toast } from "#app/ui/feedback/Toasts";
import { Page } from "#app/ui/layout/Page";
import { Button } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";
import { Table } from "#app/ui/primitives/Table";

import type { Route } from "./+types/users";
import classes from "./users.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Gestionar Usuarios · Quiniela" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = servicesOf(context);
  return withFailureToast(
    "No se pudieron cargar los usuarios",
    async () => {
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
    },
    (toast) => ({ users: [], roster: "", rosterCount: 0, toast }),
  );
}

const REFUSALS: Record<UserChangeRefusal, string> = {
  "not-found": "El usuario no existe",
  "email-taken": "Este correo electrónico ya está registrado",
  "last-admin": "Debe quedar al menos un administrador: no puedes quitar el rol ni eliminar al único administrador",
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

function refused(intent: keyof typeof FAILURES, reason: UserChangeRefusal) {
  return answer<UsersMore>(REFUSAL_STATUS[reason], { toast: errorToast(`${FAILURES[intent]}. ${REFUSALS[reason]}.`) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(UsersAdminSchema, await readForm(request));
  if (!parsed.ok) return answer<UsersMore>(400, { toast: errorToast(parsed.message) });
  const form = parsed.data;
  const { db, auth, config, live } = servicesOf(context);
  const origin = publicOrigin(config.BASE_URL, request);
  // The admin's links are handed out over a chat, to many people at once: they last days, not an hour.
  const linkDays = config.ADMIN_LINK_DAYS;
  const adminLink = (email: string) => createResetLink(auth, email, origin, adminLinkSeconds(linkDays));
  return runAction<UsersMore>(FAILURES[form.intent], async () => {
    switch (form.intent) {
      case "create-user": {
        if (await emailInUse(db, form.email)) return refused(form.intent, "email-taken");
        await createAccountWithoutPassword(auth, form);
        const link = await adminLink(form.email);
        return answer(200, { toast: successToast("Usuario guardado"), link, linkDays });
      }
      case "update-user": {
        const refusal = await updateUser(db, form.userId, form);
        return refusal ? refused(form.intent, refusal) : answer(200, { toast: successToast("Usuario guardado") });
      }
      case "delete-user": {
        const refusal = await deleteUser(db, form.userId, adminActor({ request, context }));
        if (refusal) return refused(form.intent, refusal);
        // The tables change (the current season's loses them, finished ones rename them): public
        // pages kept by other processes are dropped at once.
        await live.publish("resultados");
        return answer(200, { toast: successToast("Usuario eliminado") });
      }
      case "delete-predictions": {
        const count = await deletePredictionsOfUser(db, form.userId, adminActor({ request, context }));
        return answer(200, {
          toast: successToast(
            countOf(count, "pronóstico eliminado", "pronósticos eliminados"),
            "Predicciones eliminadas",
          ),
        });
      }
      case "access-link": {
        const email = await findUserEmail(db, form.userId);
        if (!email) return refused(form.intent, "not-found");
        return answer(200, {
          toast: successToast("Enlace generado"),
          link: await adminLink(email),
          linkDays,
        });
      }
      case "save-roster": {
        const roster = parseRoster(form.roster);
        if (!roster.ok) return answer(400, { toast: errorToast(roster.message) });
        await replaceRoster(db, roster.entries);
        const message =
          roster.entries.length === 0
            ? "Lista vacía: el registro queda abierto a cualquier correo"
            : countOf(roster.entries.length, "correo permitido", "correos permitidos");
        return answer(200, { toast: successToast(message, "Lista guardada") });
      }
    }
  });
}

export default function UsersAdmin({ loaderData }: Route.ComponentProps) {
  useToast(loaderData.toast);
  // The deleted user's row unmounts with the answer: its toast must come from the page.
  const deletion = useFetcher<ActionAnswer<UsersMore>>();
  useToast(deletion.data?.toast);
  const remove = (user: UserRow) => deletion.submit({ intent: "delete-user", userId: user.id }, { method: "post" });
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
      description={countOf(loaderData.users.length, "usuario registrado", "usuarios registrados")}
    >
      <Group justify="flex-end">
        <Button onClick={() => open(null)}>Nuevo Usuario</Button>
      </Group>
      <Panel padding={0}>
        {/* On phones each row stacks into a small card (users.module.css). */}
        <div className={classes.scroll}>
          {/* Mantine's table look on plain rows: one row per user, each with four actions. */}
          <Table className={classes.table} spacingY="var(--mantine-spacing-sm)" hover>
            <thead>
              <tr>
                <th>Nombre</th>
                <th>Correo electrónico</th>
                <th>Registro</th>
                <th>Pronósticos</th>
                <th>Acciones</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.users.map((user) => (
                <tr key={user.id} aria-label={user.displayName}>
                  <td>
                    <UserName user={user} />
                  </td>
                  <td className={classes.email}>{user.email}</td>
                  <td className={classes.nowrap} data-label="Registro">
                    {user.createdLabel}
                  </td>
                  <td data-label="Pronósticos">{user.predictions}</td>
                  <td>
                    <UserActions user={user} onEdit={() => open(user)} onDelete={() => remove(user)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </Panel>
      <RosterCard roster={loaderData.roster} count={loaderData.rosterCount} />
      <UserFormModal key={openings} user={editing} opened={formOpen} onClose={close} />
    </Page>
  );
}
