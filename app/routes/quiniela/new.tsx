import { Stack } from "@mantine/core";
import { useState } from "react";
import { Form, redirect, useNavigation } from "react-router";

import { createPool } from "#app/data/pools/pool-changes.server";
import { currentSeason } from "#app/data/seasons/current-season.server";
import { listMatches } from "#app/data/seasons/matches.server";
import { formatKickoff } from "#app/domain/dates";
import type { FieldErrors } from "#app/domain/forms/form";
import { createPoolSchema, parsePoolForm } from "#app/domain/forms/pool-forms";
import { POOL_MESSAGES, POOL_NAME_MAX } from "#app/domain/forms/pool-texts";
import { pickerPhases } from "#app/domain/game/match-picker";
import { answer, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { requireUser } from "#app/http/guards.server";
import { submitChecked } from "#app/ui/behaviour/load-on-use";
import { errorToast, successToast, useToast } from "#app/ui/feedback/Toasts";
import { Page } from "#app/ui/layout/Page";
import { PeoplePicker } from "#app/ui/people/PeoplePicker";
import { CreateBar, MatchesPanel } from "#app/ui/pools/NewPool";
import { poolNameCheck } from "#app/ui/pools/pool-schemas";
import { TextField } from "#app/ui/primitives/Field";
import { Panel } from "#app/ui/primitives/Panel";

import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = () => [{ title: "Crear Quiniela · Quiniela" }];

const FAILURE = "No se pudo crear la quiniela";

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { db } = servicesOf(args.context);
  // A pool is of the current season: its matches to choose from.
  const season = await currentSeason(db);
  const matches = await listMatches(db, { seasonId: season.id });
  return {
    seasonName: season.name,
    phases: pickerPhases(
      matches.map((match) => ({ ...match, kickoffLabel: formatKickoff(match.kickoffAt, season.timeZone) })),
    ),
    // The owner is always in; the others are chosen.
    ownerId: user.id,
  };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const parsed = parsePoolForm(createPoolSchema, await readForm(args.request));
  if (!parsed.ok) {
    const field = parsed.field === "matchIds" || parsed.field === "phaseIds" ? "matches" : parsed.field;
    return answer(400, { errors: { [field]: parsed.message }, toast: errorToast(parsed.message) });
  }
  return runAction(FAILURE, async () => {
    const { db } = servicesOf(args.context);
    const created = await createPool(db, { seasonId: (await currentSeason(db)).id, ownerId: user.id, ...parsed.data });
    if (!created.ok) {
      const field = created.message === POOL_MESSAGES.badUser ? "userIds" : "matches";
      return answer(400, { errors: { [field]: created.message }, toast: errorToast(created.message) });
    }
    return redirect(`/quiniela/${created.id}`, {
      headers: {
        "Set-Cookie": await servicesOf(args.context).toasts.flash(
          successToast(`La quiniela «${parsed.data.name}» está lista`, "Quiniela creada"),
        ),
      },
    });
  });
}

export default function NewPool({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [matchIds, setMatchIds] = useState<number[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  useToast(actionData?.toast);
  const errors = { ...actionData?.errors, ...clientErrors };

  // The same messages as the server, before a round trip.
  const check = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    submitChecked(event, poolNameCheck, ({ checkPoolName }) => {
      const name = checkPoolName(new FormData(form));
      const found: FieldErrors = name.ok ? {} : { ...name.errors };
      if (matchIds.length === 0) found.matches = POOL_MESSAGES.noMatches;
      setClientErrors(found);
      return Object.keys(found).length === 0;
    });
  };

  return (
    <Page
      title="Crear Quiniela"
      description={`${loaderData.seasonName} · Ponle nombre, elige los partidos e invita a tus amigos.`}
      size="md"
    >
      <Form method="post" noValidate onSubmit={check}>
        <Stack gap="lg">
          <Panel padding="sm" paddingFromSm="lg">
            <Stack gap="md">
              <TextField
                label="Nombre"
                name="name"
                placeholder="Quiniela de la oficina"
                description={`Hasta ${POOL_NAME_MAX} caracteres`}
                error={errors.name}
                onChange={() => clientErrors.name && setClientErrors({ ...clientErrors, name: undefined })}
                onFocus={poolNameCheck.prefetch}
                required
                autoComplete="off"
              />
              <PeoplePicker
                exclude={[loaderData.ownerId]}
                value={userIds}
                onChange={setUserIds}
                description="Tú participas siempre. También podrás invitar con un enlace."
                error={errors.userIds}
              />
            </Stack>
          </Panel>
          <MatchesPanel
            phases={loaderData.phases}
            value={matchIds}
            onChange={(ids) => {
              setMatchIds(ids);
              if (clientErrors.matches) setClientErrors({ ...clientErrors, matches: undefined });
            }}
            error={errors.matches}
          />
          <CreateBar matches={matchIds.length} people={userIds.length + 1} saving={saving} />
        </Stack>
      </Form>
    </Page>
  );
}
