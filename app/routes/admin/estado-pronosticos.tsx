import { Alert, Group, Progress, SimpleGrid, Text, Title } from "@mantine/core";

import { predictionStatus } from "#app/data/predictions/admin-predictions.server";
import { listPhases } from "#app/data/seasons/phases.server";
import { phaseParam } from "#app/domain/forms/admin-forms";
import { defaultPhaseId, type PhaseStatus } from "#app/domain/game/phase-status";
import { countOf } from "#app/domain/plural";
import { servicesOf } from "#app/http/context";
import { shownSeason } from "#app/http/season.server";
import { AdminSeasonSelect } from "#app/ui/admin/AdminSeasonSelect";
import { PhaseFilter } from "#app/ui/game/PhaseSelect";
import { Page } from "#app/ui/layout/Page";
import { Badge } from "#app/ui/primitives/Badge";
import { Panel } from "#app/ui/primitives/Panel";
import { Table } from "#app/ui/primitives/Table";

import type { Route } from "./+types/estado-pronosticos";
import classes from "./estado-pronosticos.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Estado de Pronósticos por Jornada · Quiniela" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const season = await shownSeason(db, request);
  const phases = await listPhases(db, season.id);
  const phaseId = defaultPhaseId(phases, phaseParam(request.url));
  const status: PhaseStatus | null = phaseId === null ? null : await predictionStatus(db, phaseId);
  return { phases, phaseId, status };
}

function CompleteTable({ status }: { status: PhaseStatus }) {
  return (
    <Panel>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Pronósticos completos
        </Title>
        <Badge tone="green">{status.complete.length}</Badge>
      </Group>
      {status.complete.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nadie ha capturado todos sus pronósticos todavía.
        </Text>
      ) : (
        <Table className={classes.table} spacingY="6px" aria-label="Pronósticos completos">
          <thead>
            <tr>
              <th>Usuario</th>
              <th className={classes.right}>Pronósticos</th>
            </tr>
          </thead>
          <tbody>
            {status.complete.map((user) => (
              <tr key={user.userId}>
                <td>{user.name}</td>
                <td className={`${classes.right} ${classes.done}`}>{`${user.captured} de ${status.total}`}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Panel>
  );
}

function MissingTable({ status }: { status: PhaseStatus }) {
  return (
    <Panel>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Pronósticos pendientes
        </Title>
        <Badge tone="orange">{status.missing.length}</Badge>
      </Group>
      <Table className={classes.table} spacingY="6px" aria-label="Pronósticos pendientes">
        <thead>
          <tr>
            <th>Usuario</th>
            <th className={classes.right}>Capturados</th>
            <th className={classes.right}>Faltan</th>
          </tr>
        </thead>
        <tbody>
          {status.missing.map((user) => (
            <tr key={user.userId}>
              <td>{user.name}</td>
              <td className={classes.right}>{`${user.captured} de ${status.total}`}</td>
              <td className={`${classes.right} ${classes.missing}`}>{user.missing}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Panel>
  );
}

export default function PredictionStatusScreen({ loaderData }: Route.ComponentProps) {
  const { phases, phaseId, status } = loaderData;
  const phase = phases.find((candidate) => candidate.id === phaseId);
  const users = status ? status.complete.length + status.missing.length : 0;
  return (
    <Page
      title="Estado de Pronósticos por Jornada"
      description="Quién ha capturado todos sus pronósticos de la jornada."
    >
      <AdminSeasonSelect />
      <PhaseFilter phases={phases} phaseId={phaseId} />
      {status && phase && status.total === 0 && (
        <Alert color="gray" variant="light" title={phase.name}>
          Esta jornada no tiene partidos activos. Actívala en Gestionar Partidos para recibir pronósticos.
        </Alert>
      )}
      {status && phase && status.total > 0 && (
        <>
          <Panel>
            <Group justify="space-between" mb={6}>
              <Text size="sm" fw={600}>
                {`${phase.name}: ${status.total === 1 ? "1 partido activo" : `${status.total} partidos activos`}`}
              </Text>
              <Text size="sm" c="dimmed">
                {`${status.complete.length} de ${countOf(users, "usuario completo", "usuarios completos")}`}
              </Text>
            </Group>
            <Progress value={users === 0 ? 0 : (status.complete.length / users) * 100} color="green" aria-hidden />
          </Panel>
          {status.missing.length === 0 && (
            <Alert color="green" variant="light">
              ¡Todos los usuarios han capturado sus pronósticos para esta jornada!
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: status.missing.length > 0 ? 2 : 1 }} spacing="lg">
            <CompleteTable status={status} />
            {status.missing.length > 0 && <MissingTable status={status} />}
          </SimpleGrid>
        </>
      )}
    </Page>
  );
}
