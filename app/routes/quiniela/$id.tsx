import { lazy, Suspense } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";

import { publicOrigin } from "#app/auth/links/password-reset.server";
import {
  addParticipants,
  deletePool,
  duplicatePool,
  removeParticipant,
  renamePool,
  renewInviteCode,
  setPoolMatches,
} from "#app/data/pools/pool-changes.server";
import { revealedPoolPredictions } from "#app/data/pools/pool-predictions.server";
import { findPoolForUser, poolMatchIds, poolParticipants, type PoolSummary } from "#app/data/pools/pools.server";
import { missingPicksOf } from "#app/data/predictions/missing-picks.server";
import { predictionMatches } from "#app/data/predictions/prediction-form.server";
import { currentSeason } from "#app/data/seasons/current-season.server";
import { listMatches } from "#app/data/seasons/matches.server";
import { formatKickoff } from "#app/domain/dates";
import { parseId } from "#app/domain/forms/input";
import { invitePath } from "#app/domain/forms/invite-link";
import { managePoolSchema, OWNER_INTENTS, parsePoolForm, type ManagePoolInput } from "#app/domain/forms/pool-forms";
import { POOL_MESSAGES } from "#app/domain/forms/pool-texts";
import { pickerPhases } from "#app/domain/game/match-picker";
import type { MissingPicks } from "#app/domain/game/missing-picks";
import { countOf } from "#app/domain/plural";
import { poolStandings, predictionsGrid } from "#app/domain/standings/pool-table";
import { answer, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { forbidden, requireUser, type SessionUser } from "#app/http/guards.server";
import { savePredictionForm } from "#app/http/save-predictions.server";
import { orReload } from "#app/ui/behaviour/load-on-use";
import { newerPage, reloadUnlessAnsweredWithPage } from "#app/ui/behaviour/page-answer";
import { errorToast, successToast, useToast } from "#app/ui/feedback/Toasts";
import { PoolPredictionsGrid } from "#app/ui/game/PoolPredictionsGrid";
import { PredictionForm } from "#app/ui/game/PredictionForm";
import { useMissingPicksReport } from "#app/ui/game/useMissingPicks";
import { errorCopy, ErrorPage } from "#app/ui/layout/ErrorPage";
import { Page } from "#app/ui/layout/Page";
import { UserAvatar } from "#app/ui/people/UserAvatar";
import { InviteBar } from "#app/ui/pools/InviteBar";
import { LeavePool, RemoveParticipant } from "#app/ui/pools/pool-manage/Membership";
import { PICKER_PARAM } from "#app/ui/pools/pool-manage/Parts";
import { Badge } from "#app/ui/primitives/Badge";
import { Button } from "#app/ui/primitives/Button";
import { playerHref } from "#app/ui/standings/player-link";
import { StandingsLegend, StandingsTable } from "#app/ui/standings/StandingsTable";
import typography from "#app/ui/theme/typography.module.css";

import type { Route } from "./+types/$id";
import classes from "./$id.module.css";

/**
 * 'Administrar quiniela' (the people picker, the match picker, the name's check): only its owner
 * and admins see it, so only they load its code; the server renders it for them as any part.
 */
const PoolManage = lazy(
  orReload(() => import("#app/ui/pools/PoolManage").then((module) => ({ default: module.PoolManage }))),
);

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.quiniela.name ?? "Quiniela"} · Quiniela` }];

/** Only the pool's participants and admins may open it (or post to it); everyone else gets 403. */
async function requirePool(
  args: Route.LoaderArgs | Route.ActionArgs,
): Promise<{ user: SessionUser; quiniela: PoolSummary }> {
  const user = requireUser(args);
  const id = parseId(args.params.id);
  const pool = id === undefined ? undefined : await findPoolForUser(servicesOf(args.context).db, id, user.id);
  if (!pool) throw data({ message: "Quiniela no encontrada" }, { status: 404 });
  if (!pool.isMember && user.role !== "admin") throw forbidden(user);
  return { user, quiniela: pool };
}

const canManage = (user: SessionUser, pool: PoolSummary) => user.role === "admin" || pool.ownerId === user.id;

export async function loader(args: Route.LoaderArgs) {
  const { user, quiniela: pool } = await requirePool(args);
  return poolPage(args, user, pool);
}

/** The pool's page for this user: its standings, matches, revealed picks, and the owner's tools. */
async function poolPage(args: Route.LoaderArgs | Route.ActionArgs, user: SessionUser, pool: PoolSummary) {
  const { db } = servicesOf(args.context);
  const { season } = pool;
  const manager = canManage(user, pool);
  const finished = season.finishedAt !== null;
  // The owner's tools while the season plays; the season for the match picker only when 'Cambiar
  // partidos' asks for it (?partidos).
  const managing = manager && !finished;
  const withPicker = managing && new URL(args.request.url).searchParams.has(PICKER_PARAM);
  const [matches, participants, seasonMatches] = await Promise.all([
    predictionMatches(db, user.id, { season, quinielaId: pool.id }),
    poolParticipants(db, pool),
    withPicker ? listMatches(db, { seasonId: season.id }) : null,
  ]);
  // Everyone's picks for the pool's revealed matches only: its standings count those with a
  // result, its grid shows them all, rows in table order.
  const { revealed, picks: revealedPredictions } = await revealedPoolPredictions(db, pool.id, { matches });
  const standings = poolStandings({ matches: revealed, picks: revealedPredictions, participants, rules: season.rules });
  const predictions = predictionsGrid(revealed, revealedPredictions, {
    participantIds: standings.map((row) => row.userId),
    rules: season.rules,
  });
  return {
    at: Date.now(),
    quiniela: {
      id: pool.id,
      name: pool.name,
      ownerName: pool.ownerName,
      isOwner: pool.ownerId === user.id,
      isMember: pool.isMember,
      canManage: manager,
      seasonName: season.name,
      season: { id: season.id, isCurrent: season.isCurrent },
      // A pool of a finished season is read-only; its owner may duplicate it for the current one.
      finished,
      canDuplicate: manager && !season.isCurrent,
    },
    viewerId: user.id,
    matches,
    // A saved pick is final (the original's rule): the form asks for a review before saving.
    picksFinal: !season.rules.editablePicks,
    participants,
    standings,
    picks: predictions,
    // The invite code and the pickers only for the owner and admins.
    manage: managing
      ? {
          inviteUrl: `${publicOrigin(servicesOf(args.context).config.BASE_URL, args.request)}${invitePath(pool.id, pool.inviteCode)}`,
          phases: seasonMatches
            ? pickerPhases(
                seasonMatches.map((match) => ({
                  ...match,
                  kickoffLabel: formatKickoff(match.kickoffAt, season.timeZone),
                })),
              )
            : null,
          matchIds: matches.map((match) => match.id),
        }
      : null,
  };
}

const FAILURE = "No se pudo actualizar la quiniela";

export async function action(args: Route.ActionArgs) {
  const { user, quiniela: pool } = await requirePool(args);
  const { db } = servicesOf(args.context);
  const form = await readForm(args.request);
  const intent = form.get("intent");

  // The prediction form (no intent): the home page's rules, for this pool's matches only. Saved
  // picks come back with the page as it now is (ui/behaviour/page-answer.ts): one request, not two.
  if (intent === null || intent === "predict") {
    return runAction("No se pudieron guardar tus predicciones", async () => {
      const saved = await savePredictionForm(db, user.id, form, {
        allowedMatchIds: async () => new Set(await poolMatchIds(db, pool.id)),
        // Picks go to the current season only: the pool's, already read, when it is the current one.
        season: pool.season.isCurrent ? pool.season : undefined,
      });
      const page = saved.ok ? await poolPage(args, user, pool) : null;
      // The navbar's badge too: this answer is all the browser asks for (ui/game/useMissingPicks.ts).
      const missing = saved.ok ? await missingPicksOf(db, user.id) : null;
      return answer<{ page: typeof page; missing: typeof missing }>(saved.status, {
        toast: saved.ok ? successToast(saved.message) : errorToast(saved.message),
        errors: saved.errors,
        page,
        missing,
      });
    });
  }

  // Every tool but 'leave' is the owner's or an admin's: checked before anything is read.
  if (OWNER_INTENTS.has(String(intent) as never) && !canManage(user, pool)) {
    return answer(403, { toast: errorToast(POOL_MESSAGES.forbidden) });
  }
  const parsed = parsePoolForm(managePoolSchema, form);
  if (!parsed.ok) return answer(400, { toast: errorToast(parsed.message) });

  return runAction(FAILURE, () => runTool(args, user, pool, parsed.data));
}

/** A pool tool's intent, parsed and allowed: the write and what the owner sees of it. */
async function runTool(args: Route.ActionArgs, user: SessionUser, pool: PoolSummary, input: ManagePoolInput) {
  const { db } = servicesOf(args.context);
  switch (input.intent) {
    case "rename": {
      const renamed = await renamePool(db, pool.id, input.name);
      if (!renamed.ok) return answer(400, { toast: errorToast(renamed.message) });
      return answer(200, { toast: successToast(`Ahora se llama «${input.name}»`, "Nombre actualizado") });
    }
    case "save-matches": {
      const saved = await setPoolMatches(db, pool.id, input);
      if (!saved.ok) return answer(400, { toast: errorToast(saved.message) });
      return answer(200, {
        toast: successToast(
          `${countOf(saved.added, "agregado", "agregados")}, ${countOf(saved.removed, "quitado", "quitados")}`,
          "Partidos actualizados",
        ),
      });
    }
    case "add-participants": {
      const added = await addParticipants(db, pool.id, input.userIds);
      if (!added.ok) return answer(400, { toast: errorToast(added.message) });
      return answer(200, {
        toast: successToast(
          added.added === 1 ? "Se agregó 1 participante" : `Se agregaron ${added.added} participantes`,
          "Participantes",
        ),
      });
    }
    case "remove-participant": {
      const removed = await removeParticipant(db, pool.id, input.userId);
      if (!removed.ok) return answer(400, { toast: errorToast(removed.message) });
      return answer(200, { toast: successToast("Ya no participa en la quiniela", "Participante quitado") });
    }
    case "renew-code": {
      const renewed = await renewInviteCode(db, pool.id);
      if (!renewed.ok) return answer(400, { toast: errorToast(renewed.message) });
      return answer(200, { toast: successToast("El enlace anterior ya no funciona", "Enlace renovado") });
    }
    case "delete":
      await deletePool(db, pool.id);
      return redirect("/quinielas", {
        headers: {
          "Set-Cookie": await servicesOf(args.context).toasts.flash(
            successToast(`Se eliminó «${pool.name}»`, "Quiniela eliminada"),
          ),
        },
      });
    case "duplicate": {
      const copy = await duplicatePool(db, pool.id, (await currentSeason(db)).id, user.id);
      if (!copy.ok) return answer(400, { toast: errorToast(copy.message) });
      return redirect(`/quiniela/${copy.id}`, {
        headers: {
          "Set-Cookie": await servicesOf(args.context).toasts.flash(
            successToast(`«${pool.name}» para la temporada actual`, "Quiniela duplicada"),
          ),
        },
      });
    }
    case "leave": {
      if (!pool.isMember) return answer(400, { toast: errorToast(POOL_MESSAGES.notParticipant) });
      const left = await removeParticipant(db, pool.id, user.id);
      if (!left.ok) return answer(400, { toast: errorToast(left.message) });
      return redirect(user.role === "admin" ? `/quiniela/${pool.id}` : "/quinielas", {
        headers: {
          "Set-Cookie": await servicesOf(args.context).toasts.flash(
            successToast(`Saliste de «${pool.name}»`, "Quiniela"),
          ),
        },
      });
    }
  }
}

export const shouldRevalidate = reloadUnlessAnsweredWithPage;

type LoaderData = Route.ComponentProps["loaderData"];

function Standings({
  rows,
  viewerId,
  season,
}: {
  rows: LoaderData["standings"];
  viewerId: string;
  season: LoaderData["quiniela"]["season"];
}) {
  return (
    <section className={classes.panel} aria-labelledby="posiciones">
      <h2 className={typography.sectionTitle} id="posiciones">
        Tabla de Posiciones
      </h2>
      <div className={classes.scroll}>
        <StandingsTable label="Posiciones de la quiniela" rows={rows} viewerId={viewerId} season={season} />
      </div>
      <StandingsLegend total={rows.length} />
    </section>
  );
}

function Participants({ data }: { data: LoaderData }) {
  const { participants, quiniela: pool } = data;
  return (
    <section className={classes.panel} aria-labelledby="participantes">
      <div className={classes.heading}>
        <h2 className={typography.sectionTitle} id="participantes">
          Participantes
        </h2>
        <span className={typography.dimmed}>{participants.length}</span>
      </div>
      <ul className={classes.people}>
        {participants.map((person) => (
          <li key={person.id} className={classes.person}>
            <UserAvatar name={person.name} image={person.image} color={person.avatarColor} size={32} />
            <Link
              to={playerHref(person.id, pool.season)}
              className={person.id === data.viewerId ? `${classes.personName} ${classes.me}` : classes.personName}
              title={person.name}
            >
              {person.name}
            </Link>
            {person.isOwner && (
              <>
                <Badge tone="teal" className="mantine-visible-from-sm">
                  Creador
                </Badge>
                <span className={`${classes.star} mantine-hidden-from-sm`} title="Creador" aria-label="Creador">
                  ★
                </span>
              </>
            )}
            {pool.canManage && !pool.finished && !person.isOwner && (
              <span className={classes.end}>
                <RemoveParticipant person={person} />
              </span>
            )}
          </li>
        ))}
      </ul>
      {pool.isMember && !pool.isOwner && !pool.finished && (
        <div className={classes.end}>
          <LeavePool name={pool.name} />
        </div>
      )}
    </section>
  );
}

/**
 * A pool of another season than the current one: 'Duplicar para la temporada actual' makes a new
 * one with the same name and members (its matches chosen by the server). A finished season's pool
 * is read-only.
 */
function DuplicatePool({ finished, seasonName }: { finished: boolean; seasonName: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "duplicate";
  return (
    <section className={classes.panel} aria-labelledby="otra-temporada">
      <h2 className={typography.sectionTitle} id="otra-temporada">
        {finished ? "Temporada terminada" : "Otra temporada"}
      </h2>
      <p className={typography.dimmed}>
        {finished
          ? `Esta quiniela es de «${seasonName}», que ya terminó: su tabla queda como estaba.`
          : `Esta quiniela es de «${seasonName}», que no es la temporada actual.`}{" "}
        Puedes jugarla de nuevo en la temporada actual con el mismo nombre y los mismos participantes.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="duplicate" />
        <Button type="submit" variant="filled" busy={busy}>
          Duplicar para la temporada actual
        </Button>
      </Form>
    </section>
  );
}

export default function PoolDetail({ loaderData: loaded, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  // The prediction form's answer carries the page (the action's other answers do not).
  const answered = actionData && "page" in actionData ? (actionData.page as LoaderData | null) : null;
  const loaderData = newerPage(loaded, answered);
  useMissingPicksReport(actionData && "missing" in actionData ? (actionData.missing as MissingPicks | null) : null);
  const { quiniela: pool, matches, participants } = loaderData;
  const summary = [
    pool.seasonName,
    `Creada por ${pool.ownerName}`,
    matches.length === 1 ? "1 partido" : `${matches.length} partidos`,
    participants.length === 1 ? "1 participante" : `${participants.length} participantes`,
  ].join(" · ");
  return (
    <Page title={pool.name} description={summary}>
      <div className={classes.back}>
        <Link to="/quinielas" className={classes.backLink}>
          ← Mis Quinielas
        </Link>
        {!pool.isMember && <Badge tone="gray">No participas (vista de administrador)</Badge>}
      </div>
      {loaderData.manage && <InviteBar url={loaderData.manage.inviteUrl} poolName={pool.name} />}
      <div className={classes.top}>
        <Standings rows={loaderData.standings} viewerId={loaderData.viewerId} season={loaderData.quiniela.season} />
        <Participants data={loaderData} />
      </div>
      <section className={classes.section} aria-labelledby="pronosticos">
        <h2 className={typography.largeSectionTitle} id="pronosticos">
          Partidos de la quiniela
        </h2>
        <p className={typography.dimmed}>
          Son los mismos pronósticos del inicio: un partido se pronostica una sola vez, en la página que sea.
        </p>
        <PredictionForm matches={matches} picksFinal={loaderData.picksFinal} errors={actionData?.errors} />
      </section>
      <PoolPredictionsGrid
        phases={loaderData.picks}
        people={participants.map((person) => ({ ...person, userId: person.id }))}
        viewerId={loaderData.viewerId}
        season={pool.season}
      />
      {loaderData.manage && (
        <Suspense fallback={null}>
          <PoolManage
            name={pool.name}
            participantIds={participants.map((person) => person.id)}
            manage={loaderData.manage}
          />
        </Suspense>
      )}
      {pool.canDuplicate && <DuplicatePool finished={pool.finished} seasonName={pool.seasonName} />}
    </Page>
  );
}

/** 403 and 404 of a pool, in the pool's words. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The pool's own words for who may see it and for a pool that is gone.
  const copy =
    status === 403
      ? {
          title: "No tienes acceso a esta página",
          message: "Esta quiniela es solo para sus participantes. Pide a quien la creó un enlace de invitación.",
        }
      : status === 404
        ? { title: "Quiniela no encontrada", message: "Esta quiniela no existe o ya fue eliminada." }
        : errorCopy(status);
  return <ErrorPage status={status} {...copy} back={{ to: "/quinielas", label: "Ir a Mis Quinielas" }} />;
}
