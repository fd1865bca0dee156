import { Box, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Form, useNavigation } from "react-router";

import { PREDICTION_MESSAGES } from "#app/domain/forms/prediction-texts";
import { groupByPhase, matchLabel, teamLabel, type PredictionMatch } from "#app/domain/game/match";
import { PREDICTION_MAX_GOALS } from "#app/domain/game/score";
import { errorToast, showToast } from "#app/ui/feedback/Toasts";
import { Badge, type BadgeTone } from "#app/ui/primitives/Badge";
import { Button } from "#app/ui/primitives/Button";
import { BareInput } from "#app/ui/primitives/Field";
import { Panel } from "#app/ui/primitives/Panel";
import typography from "#app/ui/theme/typography.module.css";

import { MatchTeam } from "./MatchTeam";
import { PhaseSection } from "./PhaseSection";
import classes from "./PredictionForm.module.css";
import { useKickoffLocks } from "./useKickoffLocks";

function ScoreInput({ name, team, defaultValue }: { name: string; team: string; defaultValue?: number }) {
  return (
    <BareInput
      name={name}
      defaultValue={defaultValue}
      aria-label={`Goles de ${team}`}
      type="number"
      inputMode="numeric"
      min={0}
      max={PREDICTION_MAX_GOALS}
      step={1}
      className={classes.score}
    />
  );
}

const POINTS_TONE: Record<"exact" | "hit" | "miss", BadgeTone> = { exact: "teal", hit: "blue", miss: "gray" };

function pointsBadge(prediction: PredictionMatch["pick"]) {
  if (!prediction || prediction.points === null) return null;
  const total = prediction.points + prediction.bonus;
  const tone = prediction.exact ? POINTS_TONE.exact : prediction.points > 0 ? POINTS_TONE.hit : POINTS_TONE.miss;
  return <Badge tone={tone}>{total === 1 ? "1 punto" : `${total} puntos`}</Badge>;
}

/**
 * One match: kickoff and state, the teams, and either two score inputs (empty, or with the saved
 * pick when the season lets it change until the match locks) or the saved pick. Plain markup
 * styled by the CSS module: a phase has nine of these, on the page people open most.
 */
function MatchCard({ match }: { match: PredictionMatch }) {
  const label = matchLabel(match);
  const open = isOpen(match);
  const state = match.pick ? (
    (pointsBadge(match.pick) ?? <Badge tone="teal">Pronóstico guardado</Badge>)
  ) : match.lockedBecause ? (
    <Badge tone="gray">Cerrado</Badge>
  ) : null;
  return (
    <div className={classes.card} role="group" aria-label={label}>
      <div className={classes.head}>
        <span className={typography.dimmedXs}>
          {[match.group, match.kickoffLabel ?? "Fecha por confirmar"].filter(Boolean).join(" · ")}
        </span>
        {state}
      </div>
      <div className={classes.row}>
        <MatchTeam team={match.home} stacked="phones" />
        {open ? (
          <div className={classes.inputs}>
            <input type="hidden" name="matchId" value={match.id} />
            <ScoreInput name={`home-${match.id}`} team={teamLabel(match.home)} defaultValue={match.pick?.home} />
            <span className={classes.dash}>–</span>
            <ScoreInput name={`away-${match.id}`} team={teamLabel(match.away)} defaultValue={match.pick?.away} />
          </div>
        ) : (
          <span className={classes.pick} aria-label="Tu pronóstico">
            {match.pick ? `${match.pick.home} – ${match.pick.away}` : "–"}
          </span>
        )}
        <MatchTeam team={match.away} away stacked="phones" />
      </div>
      {(match.scoreLabel || (!open && !match.pick && match.lockedBecause)) && (
        <p className={`${typography.dimmedXs} ${classes.foot}`}>
          {match.scoreLabel ? `Resultado oficial: ${match.scoreLabel}` : match.lockedBecause}
        </p>
      )}
    </div>
  );
}

/** Takes a pick now: nothing saved yet, or a saved pick the season lets change until it locks. */
function isOpen(match: PredictionMatch): boolean {
  return match.lockedBecause === null && (match.pick === null || match.editable);
}

/** The score boxes of the form still empty (a score typed as spaces is empty too). */
function blankScores(form: HTMLFormElement): HTMLInputElement[] {
  return [...form.querySelectorAll<HTMLInputElement>('input[name^="home-"], input[name^="away-"]')].filter(
    (input) => input.value.trim() === "",
  );
}

/** How many matches of the form still lack a score (either box empty). */
function matchesLeft(form: HTMLFormElement): number {
  return new Set(blankScores(form).map((input) => input.name.slice(input.name.indexOf("-") + 1))).size;
}

/**
 * Active matches by phase with two score inputs each; saved and closed ones read-only. In the
 * browser the count of matches left follows what is typed, and a form sent with a blank score
 * stays here: the blank boxes marked, the first focused, and the server's own message as a toast
 * (SPEC: every pending match at once). Without JavaScript the server says the same. A match
 * closes in the browser at its kickoff (useKickoffLocks), as it does on the server.
 */
export function PredictionForm({ matches: sent, action }: { matches: PredictionMatch[]; action?: string }) {
  const matches = useKickoffLocks(sent);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const openCount = matches.filter(isOpen).length;
  // What is typed counts for these matches only: a new answer (the saved form, another phase)
  // starts from its own count.
  const [typed, setTyped] = useState<{ matches: PredictionMatch[]; left: number } | null>(null);
  const typedLeft = typed?.matches === matches ? typed.left : null;
  const pendingCount = typedLeft ?? matches.filter((match) => isOpen(match) && match.pick === null).length;
  const onInput = (event: React.FormEvent<HTMLFormElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.value.trim() !== "") input.removeAttribute("aria-invalid");
    setTyped({ matches, left: matchesLeft(event.currentTarget) });
  };
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const blank = blankScores(event.currentTarget);
    if (blank.length === 0) return;
    event.preventDefault();
    for (const input of blank) input.setAttribute("aria-invalid", "true");
    blank[0]!.focus();
    showToast(errorToast(PREDICTION_MESSAGES.pending));
  };

  if (matches.length === 0) {
    return (
      <Panel flat padding="xl">
        <Text c="dimmed" ta="center">
          No hay partidos disponibles en este momento.
        </Text>
      </Panel>
    );
  }

  return (
    <Form method="post" action={action} noValidate onInput={onInput} onSubmit={onSubmit}>
      <Stack gap="lg">
        {groupByPhase(matches).map((phase) => (
          <PhaseSection
            key={phase.phaseId}
            headingId={`pronosticos-${phase.phaseId}`}
            title={phase.phaseName}
            tileMin="26rem"
            boxed
          >
            {phase.matches.map((match) => (
              <MatchCard key={match.id} match={match} />
            ))}
          </PhaseSection>
        ))}
        {openCount > 0 && (
          <Box
            pos="sticky"
            bottom={0}
            py="sm"
            style={{
              background: "var(--mantine-color-body)",
              borderTop: "1px solid var(--mantine-color-default-border)",
            }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {pendingCount === 0
                  ? typedLeft !== null
                    ? "Todo listo para guardar"
                    : "Puedes cambiar tus pronósticos hasta el cierre"
                  : pendingCount === 1
                    ? "1 partido por pronosticar"
                    : `${pendingCount} partidos por pronosticar`}
              </Text>
              <Button type="submit" size="lg" busy={saving} className={classes.save}>
                Guardar Pronósticos
              </Button>
            </Group>
          </Box>
        )}
      </Stack>
    </Form>
  );
}
