import { data } from "react-router";

import { predictionMatches } from "#app/data/predictions/prediction-form.server";
import { currentSeason, type SeasonView } from "#app/data/seasons/current-season.server";
import { listPhases } from "#app/data/seasons/phases.server";
import { homeStanding } from "#app/data/standings/home-standing.server";
import { phaseParam } from "#app/domain/forms/admin-forms";
import { phasesToShow } from "#app/domain/game/phase-status";
import { allowsExtraTime, legOfPhase } from "#app/domain/game/phases";
import { rulesText } from "#app/domain/game/season-rules";
import { openSummary } from "#app/domain/standings/home-summary";
import { answer } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { requireUser, type SessionUser } from "#app/http/guards.server";
import { savePredictionForm } from "#app/http/save-predictions.server";
import { newerPage, reloadUnlessAnsweredWithPage } from "#app/ui/behaviour/page-answer";
import { foldedNextTime, rulesFold } from "#app/ui/behaviour/remembered-fold";
import { useLiveUpdates } from "#app/ui/behaviour/useLiveUpdates";
import { errorToast, successToast, useToast } from "#app/ui/feedback/Toasts";
import { PhaseNav } from "#app/ui/game/PhaseNav";
import { PredictionForm } from "#app/ui/game/PredictionForm";
import { useMissingPicksReport } from "#app/ui/game/useMissingPicks";
import { HowToPlay } from "#app/ui/home/HowToPlay";
import { WeekendSummary } from "#app/ui/home/WeekendSummary";
import { Page } from "#app/ui/layout/Page";
import { ButtonLink } from "#app/ui/primitives/Button";

import type { Route } from "./+types/index";
import classes from "./index.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Inicio · Quiniela" }];

/** The active matches of the phases open for this user's picks (or of ?jornada=); the others as links. */
async function homePage(
  { context, request }: Pick<Route.LoaderArgs, "context" | "request">,
  user: SessionUser,
  current?: SeasonView,
) {
  const { db } = servicesOf(context);
  const requested = phaseParam(request.url);
  const season = current ?? (await currentSeason(db));
  const allPhases = await listPhases(db, season.id);
  const phases = allPhases.filter((phase) => phase.activeMatches > 0);
  // Only a phase with active matches still without result, not yet activated, can wait for this
  // user's picks: those are read, and the lock rules (kickoff, picks already saved) decide. A
  // whole season is 167 matches; a week in play, nine.
  const open = phases.filter((phase) => phase.activeWithoutResult > 0 && phase.activatedAt === null).map((p) => p.id);
  const openMatches = await predictionMatches(db, user.id, { season, phaseIds: open });
  const waiting = new Set(
    openMatches.filter((match) => match.lockedBecause === null && match.pick === null).map((match) => match.phaseId),
  );
  const shown = phasesToShow(
    phases.map((phase) => ({ id: phase.id, waiting: waiting.has(phase.id) })),
    requested,
  );
  const matches = shown.every((id) => open.includes(id))
    ? openMatches.filter((match) => shown.includes(match.phaseId))
    : await predictionMatches(db, user.id, { season, phaseIds: shown });
  const names = allPhases.map((phase) => phase.name);
  const now = new Date();
  return {
    at: now.getTime(),
    seasonName: season.name,
    rules: rulesText(season.rules, {
      hasTwoLegTies: names.some((name) => legOfPhase(name) !== null),
      hasSingleKnockouts: names.some(allowsExtraTime),
    }),
    phases: phases.map(({ id, name }) => ({ id, name })),
    shown,
    matches,
    // A saved pick is final (the original's rule): the form asks for a review before saving.
    picksFinal: !season.rules.editablePicks,
    // What is still open for the viewer, from the matches read above: a save changes it, and
    // its answer carries it at no cost.
    open: openSummary(openMatches, now, season.timeZone),
  };
}

type HomePage = Awaited<ReturnType<typeof homePage>>;

/**
 * The page, and what only a view needs: where the viewer stands (stored standings; a save of
 * picks does not move it, so the save's answer leaves it out) and whether '¿Cómo se juega?'
 * shows open (the first visit's answer sets the cookie that folds it next time).
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { db } = servicesOf(args.context);
  const season = await currentSeason(db);
  const page = await homePage(args, user, season);
  const standing = await homeStanding(db, season, await listPhases(db, season.id), user.id);
  const fold = rulesFold(args.request.headers.get("Cookie"));
  return data(
    { ...page, standing, rulesOpen: fold.open },
    fold.firstVisit ? { headers: { "Set-Cookie": foldedNextTime() } } : undefined,
  );
}

/** Saved picks come back with the page as it now is (ui/behaviour/page-answer.ts): one request, not two. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const { db } = servicesOf(args.context);
  // Read once for the save and for the page that answers it (the deadline rush's hot path).
  const season = await currentSeason(db);
  const saved = await savePredictionForm(db, user.id, await readForm(args.request), { season });
  const page = saved.ok ? await homePage(args, user, season) : null;
  return answer<{ page: typeof page }>(saved.status, {
    toast: saved.ok ? successToast(saved.message) : errorToast(saved.message),
    errors: saved.errors,
    page,
  });
}

export const shouldRevalidate = reloadUnlessAnsweredWithPage;

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  useLiveUpdates();
  useToast(actionData?.toast);
  const page = newerPage<HomePage>(loaderData, actionData?.page);
  // The navbar's badge follows what this page read last (a save's answer among them).
  useMissingPicksReport(page.open.missing);
  return (
    <Page title="Quiniela" description={page.seasonName}>
      <WeekendSummary standing={loaderData.standing} open={page.open} />
      <HowToPlay rules={page.rules} initiallyOpen={loaderData.rulesOpen} />
      <PhaseNav phases={page.phases} shown={page.shown} hrefFor={(id) => `/?jornada=${id}`} />
      <PredictionForm matches={page.matches} picksFinal={page.picksFinal} errors={actionData?.errors} />
      <ButtonLink to="/rankings" variant="light" size="lg" className={classes.toRankings}>
        Ver Tabla de Posiciones
      </ButtonLink>
    </Page>
  );
}
