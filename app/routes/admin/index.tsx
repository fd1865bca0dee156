import { countRoster } from "#app/data/people/roster.server";
import { countPlayers } from "#app/data/people/users.server";
import { currentSeason } from "#app/data/seasons/current-season.server";
import { listPhases } from "#app/data/seasons/phases.server";
import { seasonProgress } from "#app/data/seasons/season-progress.server";
import { adminChecklist, STATE_LABELS, type ChecklistStep, type StepState } from "#app/domain/admin-checklist";
import { servicesOf } from "#app/http/context";
import { Page } from "#app/ui/layout/Page";
import { Badge, type BadgeTone } from "#app/ui/primitives/Badge";
import { ButtonLink } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";

import type { Route } from "./+types/index";
import classes from "./index.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Administración · Quiniela" }];

/**
 * 'Administración': the current season's checklist (domain/admin-checklist.ts). Counts only: the
 * season and its phases' counts are kept reads, the rest three small queries.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const season = await currentSeason(db);
  const [phases, progress, players, roster] = await Promise.all([
    listPhases(db, season.id),
    seasonProgress(db, season.id, new Date()),
    countPlayers(db),
    countRoster(db),
  ]);
  const total = (count: (phase: (typeof phases)[number]) => number) =>
    phases.reduce((sum, phase) => sum + count(phase), 0);
  const items = adminChecklist({
    season: { name: season.name, finished: season.finishedAt !== null },
    players,
    roster,
    matches: total((phase) => phase.matches),
    activeMatches: total((phase) => phase.activeMatches),
    activeToPlay: total((phase) => phase.activeWithoutResult),
    openPhases: phases.filter((phase) => phase.activeWithoutResult > 0).length,
    withResult: total((phase) => phase.withResult),
    ...progress,
  });
  return { items };
}

const TONES: Record<StepState, BadgeTone> = { done: "green", todo: "orange", later: "gray" };

/** One step: its number (a tick once done), title, state in words, where things stand, and its screen. */
function Step({ step, number, next }: { step: ChecklistStep; number: number; next: boolean }) {
  return (
    <li className={classes.step} data-state={step.state}>
      <span className={classes.marker} aria-hidden>
        {step.state === "done" ? "✓" : number}
      </span>
      <div className={classes.body}>
        <div className={classes.heading}>
          <h2 className={classes.title}>{step.title}</h2>
          <Badge tone={TONES[step.state]}>{STATE_LABELS[step.state]}</Badge>
        </div>
        <p className={classes.detail}>{step.detail}</p>
        {step.hint && <p className={classes.hint}>{step.hint}</p>}
      </div>
      {/* The first step to do is the page's main action. */}
      <ButtonLink to={step.link.to} variant={next ? "filled" : "light"} className={classes.link}>
        {step.link.label}
      </ButtonLink>
    </li>
  );
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const done = items.filter((item) => item.state === "done").length;
  const next = items.findIndex((item) => item.state === "todo");
  return (
    <Page
      title="Administración"
      size="md"
      description={`Lo que necesita la temporada para jugarse: ${done} de ${items.length} pasos listos.`}
    >
      <Panel padding={0}>
        <ol className={classes.steps} aria-label="Pasos de la temporada">
          {items.map((step, index) => (
            <Step key={step.key} step={step} number={index + 1} next={index === next} />
          ))}
        </ol>
      </Panel>
    </Page>
  );
}
