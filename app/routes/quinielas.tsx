import { Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Suspense, useEffect } from "react";
import { Await, useAsyncError, useNavigate } from "react-router";

import { listPools, type PoolCard } from "#app/data/pools/pools.server";
import { servicesOf } from "#app/http/context";
import { requireUser } from "#app/http/guards.server";
import { errorToast, showToast, useToast, type Toast } from "#app/ui/feedback/Toasts";
import { Page } from "#app/ui/layout/Page";
import { Badge } from "#app/ui/primitives/Badge";
import { ButtonLink } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";

import type { Route } from "./+types/quinielas";

export const meta: Route.MetaFunction = () => [{ title: "Mis Quinielas · Quiniela" }];

const LOAD_ERROR = "Error al cargar las quinielas";

interface PoolList {
  quinielas: PoolCard[];
  /** Admins see every pool; cards of pools they are not in say so. */
  seesAll: boolean;
  toast: Toast | null;
}

export async function loader(args: Route.LoaderArgs): Promise<{ list: PoolList }> {
  const user = requireUser(args);
  const seesAll = user.role === "admin";
  try {
    return {
      list: {
        quinielas: await listPools(servicesOf(args.context).db, user.id, { all: seesAll }),
        seesAll,
        toast: null,
      },
    };
  } catch (error) {
    console.error(LOAD_ERROR, error);
    return { list: { quinielas: [], seesAll, toast: errorToast(LOAD_ERROR) } };
  }
}

/**
 * In the browser the page opens at once and the list follows ('Cargando quinielas...' while it is
 * on its way). The server render never shows the loading text: it waits for the list.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs): { list: Promise<PoolList> } {
  return { list: serverLoader().then((data) => data.list) };
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

function PoolCard({ pool }: { pool: PoolCard }) {
  const titleId = `quiniela-${pool.id}`;
  return (
    <Panel padding="lg" as="article" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: "anywhere" }}>
            {pool.name}
          </Title>
          {pool.isOwner ? (
            <Badge tone="teal" style={{ flex: "none" }}>
              Creador
            </Badge>
          ) : !pool.isMember ? (
            <Badge tone="gray" style={{ flex: "none" }}>
              No participas
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {pool.seasonName} · Creada por {pool.ownerName}
        </Text>
        <Group gap="lg">
          <Stack gap={0}>
            <Text fw={800} fz="xl" lh={1.1}>
              {pool.matches}
            </Text>
            <Text size="xs" c="dimmed">
              {pool.matches === 1 ? "partido" : "partidos"}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text fw={800} fz="xl" lh={1.1}>
              {pool.participants}
            </Text>
            <Text size="xs" c="dimmed">
              {pool.participants === 1 ? "participante" : "participantes"}
            </Text>
          </Stack>
        </Group>
        <ButtonLink variant="light" to={`/quiniela/${pool.id}`} fullWidth style={{ marginTop: "auto" }}>
          Ver Detalles
        </ButtonLink>
      </Stack>
    </Panel>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <Panel flat padding="xl">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Panel>
  );
}

function PoolGrid({ list }: { list: PoolList }) {
  useToast(list.toast);
  if (list.quinielas.length === 0) return <Empty>No hay quinielas disponibles</Empty>;
  const mine = list.quinielas.filter((pool) => pool.isMember).length;
  return (
    <Stack gap="sm">
      {list.seesAll && (
        <Text size="sm" c="dimmed">
          {`Como administrador ves todas las quinielas (${plural(list.quinielas.length, "quiniela", "quinielas")}, participas en ${mine}).`}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {list.quinielas.map((pool) => (
          <PoolCard key={pool.id} pool={pool} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The list failed to arrive in the browser: a session that ended is sent on, else the error toast. */
function LoadFailed() {
  const error = useAsyncError();
  const navigate = useNavigate();
  const location = error instanceof Response ? error.headers.get("Location") : null;
  useEffect(() => {
    if (location) void navigate(location, { replace: true });
    else showToast(errorToast(LOAD_ERROR));
  }, [location, navigate]);
  return <Empty>No hay quinielas disponibles</Empty>;
}

export default function Pools({ loaderData }: Route.ComponentProps) {
  return (
    <Page
      title="Mis Quinielas"
      description="Compite con tus amigos en quinielas con los partidos que elijan."
      action={<ButtonLink to="/quiniela/new">Crear Quiniela</ButtonLink>}
    >
      {loaderData.list instanceof Promise ? (
        <Suspense
          fallback={
            <Panel flat padding="xl" role="status">
              <Text c="dimmed" ta="center">
                Cargando quinielas...
              </Text>
            </Panel>
          }
        >
          <Await resolve={loaderData.list} errorElement={<LoadFailed />}>
            {(list) => <PoolGrid list={list} />}
          </Await>
        </Suspense>
      ) : (
        // Server render and hydration: the list is already here. (No Suspense boundary: React
        // streams a large boundary's content after its fallback even when nothing is pending.)
        <PoolGrid list={loaderData.list} />
      )}
    </Page>
  );
}
