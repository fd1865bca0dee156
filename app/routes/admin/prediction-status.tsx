import { Alert, Badge, Card, Group, Progress, SimpleGrid, Text, Title } from "@mantine/core";
import { phaseParam } from "#app/domain/admin-forms";
import { defaultPhaseId, type PhaseStatus } from "#app/domain/phase-status";
import { predictionStatus } from "#app/data/admin-predictions.server";
import { listPhases } from "#app/data/phases.server";
import { servicesOf } from "#app/http/context";
import { shownSeason } from "#app/http/season.server";
import { AdminSeasonSelect } from "#app/ui/AdminSeasonSelect";
import { Page } from "#app/ui/Page";
import { PhaseFilter } from "#app/ui/PhaseSelect";
import { tableClasses as T, tableStyle } from "#app/ui/plain-table";
import type { Route } from "./+types/prediction-status";
import classes from "./prediction-status.module.css";

// Plain rows (ui/plain-table): one per user.
const TABLE_STYLE = tableStyle("6px");

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
    <Card withBorder radius="lg" padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Pronósticos completos
        </Title>
        <Badge variant="light" color="green">
          {status.complete.length}
        </Badge>
      </Group>
      {status.complete.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nadie ha capturado todos sus pronósticos todavía.
        </Text>
      ) : (
        <table className={`${T.table} ${classes.table}`} style={TABLE_STYLE} aria-label="Pronósticos completos">
          <thead className={T.thead}>
            <tr className={T.tr} data-with-row-border>
              <th className={T.th}>Usuario</th>
              <th className={`${T.th} ${classes.right}`}>Pronósticos</th>
            </tr>
          </thead>
          <tbody className={T.tbody}>
            {status.complete.map((user) => (
              <tr key={user.userId} className={T.tr} data-with-row-border>
                <td className={T.td}>{user.name}</td>
                <td className={`${T.td} ${classes.right} ${classes.done}`}>{`${user.captured} de ${status.total}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function MissingTable({ status }: { status: PhaseStatus }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Pronósticos pendientes
        </Title>
        <Badge variant="light" color="orange">
          {status.missing.length}
        </Badge>
      </Group>
      <table className={`${T.table} ${classes.table}`} style={TABLE_STYLE} aria-label="Pronósticos pendientes">
        <thead className={T.thead}>
          <tr className={T.tr} data-with-row-border>
            <th className={T.th}>Usuario</th>
            <th className={`${T.th} ${classes.right}`}>Capturados</th>
            <th className={`${T.th} ${classes.right}`}>Faltan</th>
          </tr>
        </thead>
        <tbody className={T.tbody}>
          {status.missing.map((user) => (
            <tr key={user.userId} className={T.tr} data-with-row-border>
              <td className={T.td}>{user.name}</td>
              <td className={`${T.td} ${classes.right}`}>{`${user.captured} de ${status.total}`}</td>
              <td className={`${T.td} ${classes.right} ${classes.missing}`}>{user.missing}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

export default function PredictionStatusScreen({ loaderData }: Route.ComponentProps) {
  const { phases, phaseId, status } = loaderData;
  const phase = phases.find((candidate) => candidate.id === phaseId);
  const users = status ? status.complete.length + status.missing.length : 0;
  return (
    <Page title="Estado de Pronósticos por Jornada" description="Quién ha capturado todos sus pronósticos de la jornada.">
      <AdminSeasonSelect />
      <PhaseFilter phases={phases} phaseId={phaseId} />
      {status && phase && status.total === 0 && (
        <Alert color="gray" variant="light" title={phase.name}>
          Esta jornada no tiene partidos activos. Actívala en Gestionar Partidos para recibir pronósticos.
        </Alert>
      )}
      {status && phase && status.total > 0 && (
        <>
          <Card withBorder radius="lg" padding="md">
            <Group justify="space-between" mb={6}>
              <Text size="sm" fw={600}>
                {`${phase.name}: ${status.total === 1 ? "1 partido activo" : `${status.total} partidos activos`}`}
              </Text>
              <Text size="sm" c="dimmed">
                {`${status.complete.length} de ${users} usuarios completos`}
              </Text>
            </Group>
            <Progress value={users === 0 ? 0 : (status.complete.length / users) * 100} color="green" aria-hidden />
          </Card>
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
