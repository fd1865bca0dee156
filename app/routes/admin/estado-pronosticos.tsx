import { Alert, Group, Progress, SimpleGrid, Text, Title } from "@mantine/core";

import { predictionStatus } from "#app/data/predictions/admin-predictions.server";
import {
  lastManualReminder,
  remindPhaseNow,
  type ManualReminderResult,
} from "#app/data/reminders/manual-reminders.server";
import { listPhases } from "#app/data/seasons/phases.server";
import { phaseParam, remindFormSchema } from "#app/domain/forms/admin-forms";
import { parseForm } from "#app/domain/forms/form";
import { defaultPhaseId, type PhaseStatus } from "#app/domain/game/phase-status";
import { countOf } from "#app/domain/plural";
import { manualReminderWait } from "#app/domain/reminders/reminder-rules";
import { REMINDER_TEXTS } from "#app/domain/reminders/reminder-texts";
import { answer, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { requireAdmin } from "#app/http/guards.server";
import { shownSeason } from "#app/http/season.server";
import { AdminSeasonSelect } from "#app/ui/admin/AdminSeasonSelect";
import { RemindMissingButton, type RemindState } from "#app/ui/admin/RemindMissingButton";
import { errorToast, successToast, type Toast } from "#app/ui/feedback/Toasts";
import { PhaseFilter } from "#app/ui/game/PhaseSelect";
import { Page } from "#app/ui/layout/Page";
import { Badge } from "#app/ui/primitives/Badge";
import { Panel } from "#app/ui/primitives/Panel";
import { Table } from "#app/ui/primitives/Table";

import type { Route } from "./+types/estado-pronosticos";
import classes from "./estado-pronosticos.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Estado de Pronósticos por Jornada · Quiniela" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, reminders } = servicesOf(context);
  const season = await shownSeason(db, request);
  const phases = await listPhases(db, season.id);
  const phaseId = defaultPhaseId(phases, phaseParam(request.url));
  const status: PhaseStatus | null = phaseId === null ? null : await predictionStatus(db, phaseId);
  const last = phaseId === null ? null : await lastManualReminder(db, phaseId);
  const wait = last && manualReminderWait(last.createdAt, new Date());
  const remind: RemindState = {
    available: reminders.channels.length > 0,
    last: last && wait ? REMINDER_TEXTS.last(wait.minutesAgo, last.players) : null,
    noChannel: REMINDER_TEXTS.noChannel,
  };
  return { phases, phaseId, status, remind, current: season.isCurrent && season.finishedAt === null };
}

const REFUSALS: Record<Exclude<ManualReminderResult, { ok: true }>["reason"], string> = {
  "not-found": REMINDER_TEXTS.notFound,
  "not-current": REMINDER_TEXTS.notCurrent,
  finished: REMINDER_TEXTS.finished,
  "no-open-matches": REMINDER_TEXTS.noOpenMatches,
  nobody: REMINDER_TEXTS.nobody,
  "too-soon": "",
};

/** The answer to 'Recordar a los que faltan': how many it reached, or why not (429 within the hour). */
function remindAnswer(result: ManualReminderResult) {
  if (result.ok)
    return answer(200, { toast: successToast(REMINDER_TEXTS.sent(result.players), REMINDER_TEXTS.sentTitle) });
  if (result.reason === "too-soon") {
    const toast: Toast = { type: "warning", title: "Atención", message: REMINDER_TEXTS.tooSoon(result.minutesAgo) };
    return answer(429, { toast });
  }
  return answer(result.reason === "not-found" ? 404 : 400, { toast: errorToast(REFUSALS[result.reason]) });
}

/** 'Recordar a los que faltan': the chosen phase's players missing picks, on every channel, now. */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const form = await readForm(args.request);
  return runAction(REMINDER_TEXTS.failure, async () => {
    const parsed = parseForm(remindFormSchema, form);
    if (!parsed.ok) return answer(400, { toast: errorToast(parsed.message) });
    const { db, reminders } = servicesOf(args.context);
    if (reminders.channels.length === 0) return answer(400, { toast: errorToast(REMINDER_TEXTS.noChannel) });
    const result = await remindPhaseNow(db, {
      phaseId: parsed.data.phaseId,
      adminId: admin.id,
      channels: reminders.channels,
      now: new Date(),
    });
    return remindAnswer(result);
  });
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

function MissingTable({ status, children }: { status: PhaseStatus; children?: React.ReactNode }) {
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
      {children}
    </Panel>
  );
}

export default function PredictionStatusScreen({ loaderData }: Route.ComponentProps) {
  const { phases, phaseId, status, remind, current } = loaderData;
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
            {status.missing.length > 0 && (
              <MissingTable status={status}>
                {current && phaseId !== null && <RemindMissingButton phaseId={phaseId} remind={remind} />}
              </MissingTable>
            )}
          </SimpleGrid>
        </>
      )}
    </Page>
  );
}
