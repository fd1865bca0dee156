import { Group, Stack, Text, Title } from "@mantine/core";
import { Form, redirect, useNavigation } from "react-router";

import { invitedPool } from "#app/data/pools/invites.server";
import { joinPool } from "#app/data/pools/pool-changes.server";
import { parseId } from "#app/domain/forms/input";
import { inviteCode, invitePath } from "#app/domain/forms/invite-link";
import { POOL_MESSAGES } from "#app/domain/forms/pool-texts";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { requireUser } from "#app/http/guards.server";
import { errorToast, successToast, type Toast } from "#app/ui/feedback/Toasts";
import { Page } from "#app/ui/layout/Page";
import { invitationMeta } from "#app/ui/layout/share-meta";
import { Button, ButtonLink } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";

import type { Route } from "./+types/unirse";

/** Signed-out visitors never get here (the guard sends them to /login, which names the pool). */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = { title: "Unirse a una quiniela · Quiniela", path: "/quinielas" };
  if (!loaderData) return invitationMeta(matches, page, null);
  const { pool, code } = loaderData;
  return invitationMeta(matches, page, {
    poolName: pool.name,
    ownerName: pool.ownerName,
    path: invitePath(pool.id, code),
  });
};

type Context = Route.LoaderArgs["context"];

async function redirectWithToast(context: Context, to: string, toast: Toast) {
  return redirect(to, { headers: { "Set-Cookie": await servicesOf(context).toasts.flash(toast) } });
}

const refused = (context: Context) => redirectWithToast(context, "/quinielas", errorToast(POOL_MESSAGES.invalidInvite));

/**
 * /quiniela/:id/unirse?codigo=…: the pool the link invites to, and a 'Unirme' button. Opening
 * the link changes nothing (any page could make a signed-in visitor open it); only the button's
 * POST joins. Anonymous visitors sign in first and come back here (the guard keeps the link). A
 * wrong, old or missing code says so on 'Mis Quinielas', without telling whether the pool exists;
 * a member goes straight to the pool.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const id = parseId(args.params.id);
  const code = inviteCode.safeParse(new URL(args.request.url).searchParams.get("codigo") ?? "");
  if (id === undefined || !code.success) return refused(args.context);
  const pool = await invitedPool(servicesOf(args.context).db, id, code.data, user.id);
  if (!pool) return refused(args.context);
  if (pool.isMember) return redirect(`/quiniela/${id}`);
  return { pool, code: code.data };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const id = parseId(args.params.id);
  const code = inviteCode.safeParse((await readForm(args.request)).get("codigo") ?? "");
  if (id === undefined || !code.success) return refused(args.context);
  const result = await joinPool(servicesOf(args.context).db, id, code.data, user.id);
  switch (result) {
    case "invalid":
      return refused(args.context);
    case "finished":
      return redirectWithToast(args.context, "/quinielas", errorToast(POOL_MESSAGES.finishedInvite));
    case "already":
      return redirectWithToast(
        args.context,
        `/quiniela/${id}`,
        successToast("Ya participas en esta quiniela", "Quiniela"),
      );
    case "joined":
      return redirectWithToast(args.context, `/quiniela/${id}`, successToast("Te uniste a la quiniela"));
  }
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

export default function JoinPool({ loaderData }: Route.ComponentProps) {
  const { pool, code } = loaderData;
  const joining = useNavigation().state === "submitting";
  return (
    <Page title="Unirse a una quiniela" size="xs">
      <Panel padding="lg" as="article" aria-labelledby="quiniela-invitada">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="quiniela-invitada" style={{ overflowWrap: "anywhere" }}>
              {pool.name}
            </Title>
            <Text c="dimmed" size="sm">
              Creada por {pool.ownerName} · {plural(pool.matches, "partido", "partidos")} ·{" "}
              {plural(pool.participants, "participante", "participantes")}
            </Text>
          </div>
          <Text size="sm">Te invitaron a esta quiniela. ¿Quieres participar?</Text>
          <Form method="post">
            <input type="hidden" name="codigo" value={code} />
            <Group justify="flex-end" gap="sm">
              <ButtonLink variant="default" to="/quinielas">
                Ahora no
              </ButtonLink>
              <Button type="submit" busy={joining}>
                Unirme
              </Button>
            </Group>
          </Form>
        </Stack>
      </Panel>
    </Page>
  );
}
