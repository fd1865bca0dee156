import { Box, Group, Stack, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";

import type { FieldErrors } from "#app/domain/forms/form";
import {
  boxMessage,
  boxProblem,
  formProblems,
  headlineProblem,
  type TypedMatch,
} from "#app/domain/forms/prediction-check";
import { namedProblem, PREDICTION_MESSAGES } from "#app/domain/forms/prediction-texts";
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
import { askReview } from "./PredictionReview";
import { useKickoffLocks } from "./useKickoffLocks";

function ScoreInput({
  name,
  team,
  defaultValue,
  error,
}: {
  name: string;
  team: string;
  defaultValue?: number;
  /** The id of the match's message when this box is wrong. */
  error?: string;
}) {
  return (
    <BareInput
      name={name}
      defaultValue={defaultValue}
      aria-label={`Goles de ${team}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error}
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
 * pick when the season lets it change until the match locks) or the saved pick, and what is
 * wrong with a score under its boxes (`errors`, by field name; the wrong box points to it). Plain
 * markup styled by the CSS module: a phase has nine of these, on the page people open most.
 */
function MatchCard({ match, errors }: { match: PredictionMatch; errors: FieldErrors }) {
  const label = matchLabel(match);
  const open = isOpen(match);
  const [homeBox, awayBox] = [`home-${match.id}`, `away-${match.id}`];
  const error = open ? (errors[homeBox] ?? errors[awayBox]) : undefined;
  const errorId = `pronostico-${match.id}-error`;
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
            <ScoreInput
              name={homeBox}
              team={teamLabel(match.home)}
              defaultValue={match.pick?.home}
              error={errors[homeBox] && errorId}
            />
            <span className={classes.dash}>–</span>
            <ScoreInput
              name={awayBox}
              team={teamLabel(match.away)}
              defaultValue={match.pick?.away}
              error={errors[awayBox] && errorId}
            />
          </div>
        ) : (
          <span className={classes.pick} aria-label="Tu pronóstico">
            {match.pick ? `${match.pick.home} – ${match.pick.away}` : "–"}
          </span>
        )}
        <MatchTeam team={match.away} away stacked="phones" />
      </div>
      {error && (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      )}
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

const isScoreBox = (element: EventTarget): element is HTMLInputElement =>
  element instanceof HTMLInputElement && /^(home|away)-/.test(element.name);

/** The form's score boxes, in the page's order. */
function scoreBoxes(form: HTMLFormElement): HTMLInputElement[] {
  return [...form.querySelectorAll<HTMLInputElement>('input[name^="home-"], input[name^="away-"]')];
}

/** The open matches' boxes as typed (`unreadable`: what was typed is no number the browser can read). */
function typedMatches(form: HTMLFormElement, open: readonly PredictionMatch[]): TypedMatch[] {
  const box = (name: string) => {
    const input = form.elements.namedItem(name);
    return input instanceof HTMLInputElement
      ? { text: input.value, unreadable: input.validity.badInput }
      : { text: "" };
  };
  return open.map((match) => ({ matchId: match.id, home: box(`home-${match.id}`), away: box(`away-${match.id}`) }));
}

/** What the form says while it is typed: matches still missing a score, boxes out of range. */
interface Tally {
  left: number;
  wrong: number;
}

function tally(typed: readonly TypedMatch[]): Tally {
  let left = 0;
  let wrong = 0;
  for (const { home, away } of typed) {
    const problems = [boxProblem(home.text, home.unreadable), boxProblem(away.text, away.unreadable)];
    if (problems.includes("blank")) left++;
    wrong += problems.filter((problem) => problem === "range").length;
  }
  return { left, wrong };
}

function statusText({ left, wrong }: Tally, typed: boolean): string {
  if (wrong > 0) {
    // The box's own message says the range.
    return wrong === 1 ? "1 marcador fuera de rango" : `${wrong} marcadores fuera de rango`;
  }
  if (left === 0) return typed ? "Todo listo para guardar" : "Puedes cambiar tus pronósticos hasta el cierre";
  return left === 1 ? "1 partido por pronosticar" : `${left} partidos por pronosticar`;
}

/**
 * The boxes marked wrong and their messages: the server's (a refused answer, also without
 * JavaScript), replaced by the browser's own check on each submission, and a box's mark taken
 * off as soon as it holds a score (put on at once when what is typed is out of range).
 */
function useBoxErrors(answered: FieldErrors | undefined) {
  const [marks, setMarks] = useState({ answered, errors: answered ?? {} });
  // A new answer brings its own marks (an answer that saved brings none).
  if (marks.answered !== answered) setMarks({ answered, errors: answered ?? {} });
  const errors = marks.answered === answered ? marks.errors : (answered ?? {});
  const mark = (box: string, message: string | undefined) =>
    setMarks((current) => {
      if (current.errors[box] === message) return current;
      const next = { ...current.errors };
      if (message === undefined) delete next[box];
      else next[box] = message;
      return { ...current, errors: next };
    });
  const replace = (next: FieldErrors) => setMarks((current) => ({ ...current, errors: next }));
  return { errors, mark, replace };
}

/**
 * Checks the form as the server would before anything is sent (prediction-check.ts): when it
 * would be refused, the wrong boxes are marked, the one the toast names takes the focus, and the
 * toast says what the server would. True when the form may go.
 */
function checkBeforeSending(
  form: HTMLFormElement,
  open: readonly PredictionMatch[],
  partial: boolean,
  marks: ReturnType<typeof useBoxErrors>,
): boolean {
  const { problems, filled } = formProblems(typedMatches(form, open), partial);
  const headline = headlineProblem(problems, partial);
  if (!headline && filled > 0) return true;
  marks.replace(Object.fromEntries(problems.map(({ box, problem }) => [box, boxMessage(problem)])));
  const focus = form.elements.namedItem(headline?.problem.box ?? scoreBoxes(form)[0]?.name ?? "");
  if (focus instanceof HTMLInputElement) focus.focus();
  const named = headline?.named ? open.find((match) => match.id === headline.problem.matchId) : undefined;
  const message = !headline
    ? PREDICTION_MESSAGES.nothing
    : named
      ? namedProblem(matchLabel(named), headline.message)
      : headline.message;
  showToast(errorToast(message));
  return false;
}

/** The picks the form sends, for the review: every open match with its goals as they will be stored. */
function picksToReview(form: HTMLFormElement, open: readonly PredictionMatch[]) {
  return typedMatches(form, open).map(({ home, away }, index) => ({
    match: open[index]!,
    home: Number(home.text.trim()),
    away: Number(away.text.trim()),
  }));
}

/** Enter in a score box goes to the next box (the save button after the last), and sends nothing. */
function onEnterInBox(event: React.KeyboardEvent<HTMLFormElement>) {
  if (event.key !== "Enter" || !isScoreBox(event.target)) return;
  event.preventDefault();
  const boxes = scoreBoxes(event.currentTarget);
  const next = boxes[boxes.indexOf(event.target) + 1];
  (next ?? event.currentTarget.querySelector<HTMLButtonElement>('button[type="submit"]'))?.focus();
}

/**
 * The form's checks in the browser: the status line that follows what is typed, the boxes'
 * marks, and a submission checked first and, where picks are final, reviewed.
 */
function useFormChecks(matches: PredictionMatch[], picksFinal: boolean, answered: FieldErrors | undefined) {
  const open = matches.filter(isOpen);
  const marks = useBoxErrors(answered);
  // What is typed counts for these matches only: a new answer (the saved form, another phase)
  // starts from its own count.
  const [typed, setTyped] = useState<{ matches: PredictionMatch[]; tally: Tally } | null>(null);
  const typedTally = typed?.matches === matches ? typed.tally : null;
  // Set by 'Confirmar': the submission it makes goes to the server as it is.
  const reviewed = useRef(false);
  const onInput = (event: React.FormEvent<HTMLFormElement>) => {
    const input = event.target;
    if (isScoreBox(input)) {
      const wrong = boxProblem(input.value, input.validity.badInput) === "range";
      marks.mark(input.name, wrong ? PREDICTION_MESSAGES.range : undefined);
    }
    setTyped({ matches, tally: tally(typedMatches(event.currentTarget, open)) });
  };
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (reviewed.current) {
      reviewed.current = false;
      return;
    }
    const form = event.currentTarget;
    if (!checkBeforeSending(form, open, !picksFinal, marks)) return event.preventDefault();
    if (!picksFinal) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter ?? undefined;
    askReview(picksToReview(form, open), () => {
      reviewed.current = true;
      form.requestSubmit(submitter);
    });
  };
  return {
    takesPicks: open.length > 0,
    errors: marks.errors,
    status: statusText(
      typedTally ?? { left: open.filter((match) => match.pick === null).length, wrong: 0 },
      typedTally !== null,
    ),
    outOfRange: (typedTally?.wrong ?? 0) > 0,
    onInput,
    onSubmit,
  };
}

/**
 * Active matches by phase with two score inputs each; saved and closed ones read-only. In the
 * browser the count of matches left follows what is typed, a score out of 0–99 is marked as it
 * is typed, and a form the server would refuse stays here: the wrong boxes marked, the first
 * focused, and the server's own message as a toast. Where picks are final, 'Guardar Pronósticos'
 * first shows the picks ('Confirmar' sends them, 'Volver' goes back); where they are editable,
 * matches left blank wait for later. Enter in a box never sends the form. A match closes in
 * the browser at its kickoff (useKickoffLocks), as it does on the server.
 *
 * Without JavaScript the form posts at once, without the review (a dialog needs script): the
 * server checks it all the same, and its refusal marks the boxes on the page it answers with.
 */
export function PredictionForm({
  matches: sent,
  action,
  picksFinal,
  errors: answered,
}: {
  matches: PredictionMatch[];
  action?: string;
  /** The season's picks are final once saved (off: 'Pronósticos editables hasta el cierre'). */
  picksFinal: boolean;
  /** The boxes the server refused, by field name (the action's answer). */
  errors?: FieldErrors;
}) {
  const matches = useKickoffLocks(sent);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const form = useFormChecks(matches, picksFinal, answered);

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
    <Form
      method="post"
      action={action}
      noValidate
      onInput={form.onInput}
      onSubmit={form.onSubmit}
      onKeyDown={onEnterInBox}
    >
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
              <MatchCard key={match.id} match={match} errors={form.errors} />
            ))}
          </PhaseSection>
        ))}
        {form.takesPicks && (
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
              <Text size="sm" c={form.outOfRange ? "var(--mantine-color-error)" : "dimmed"}>
                {form.status}
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
