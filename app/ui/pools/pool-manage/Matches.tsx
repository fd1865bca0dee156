import { lazy, Suspense, useState } from "react";
import { useFetcher, useLocation, type FetcherWithComponents } from "react-router";

import { POOL_MESSAGES } from "#app/domain/forms/pool-texts";
import type { PickerPhase } from "#app/domain/game/match-picker";
import { orReload } from "#app/ui/behaviour/load-on-use";
import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { useToast } from "#app/ui/feedback/Toasts";
import classes from "#app/ui/pools/PoolManage.module.css";
import { Button } from "#app/ui/primitives/Button";
import typography from "#app/ui/theme/typography.module.css";

import { PICKER_PARAM, type ManageData } from "./Parts";

/** The picker's code comes with the season's phases, when 'Cambiar partidos' asks for them. */
const MatchPicker = lazy(
  orReload(() => import("#app/ui/game/MatchPicker").then((module) => ({ default: module.MatchPicker }))),
);

/**
 * The pool's matches: a count and 'Cambiar partidos', which loads the season (the page's data
 * with PICKER_PARAM) and mounts the picker. The picker is a season of phases and checkboxes that
 * an owner opens now and then; the page is sent and rendered without it.
 */
export function Matches({ matchIds }: { matchIds: number[] }) {
  // The fetcher lives here, above the form that is remounted when the saved matches change, so
  // that its answer (the toast) is not lost with the old form.
  const fetcher = useFetcher<ActionAnswer>();
  useToast(fetcher.data?.toast);
  const season = useFetcher<{ manage: Pick<ManageData, "phases"> | null }>();
  const location = useLocation();
  const phases = season.data?.manage?.phases;
  if (!phases) {
    const loading = season.state !== "idle";
    return (
      <div className={classes.spread}>
        <p className={typography.dimmed} aria-live="polite">
          {loading
            ? "Cargando partidos..."
            : matchIds.length === 1
              ? "1 partido en la quiniela"
              : `${matchIds.length} partidos en la quiniela`}
        </p>
        <Button variant="light" busy={loading} onClick={() => void season.load(`${location.pathname}?${PICKER_PARAM}`)}>
          Cambiar partidos
        </Button>
      </div>
    );
  }
  return <MatchesForm key={matchIds.join(",")} fetcher={fetcher} phases={phases} matchIds={matchIds} />;
}

function MatchesForm({
  fetcher,
  phases,
  matchIds,
}: {
  fetcher: FetcherWithComponents<ActionAnswer>;
  phases: PickerPhase[];
  matchIds: number[];
}) {
  const [chosen, setChosen] = useState(matchIds);
  const [error, setError] = useState<string | undefined>();
  const saved = new Set(matchIds);
  const changed = chosen.length !== saved.size || chosen.some((id) => !saved.has(id));
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        const empty = chosen.length === 0;
        setError(empty ? POOL_MESSAGES.noMatches : undefined);
        if (empty) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="save-matches" />
      <div className={classes.stack}>
        <Suspense fallback={<p className={typography.dimmed}>Cargando partidos...</p>}>
          <MatchPicker phases={phases} value={chosen} onChange={setChosen} error={error} />
        </Suspense>
        <div className={classes.spread}>
          <p className={typography.dimmed}>
            {chosen.length === 1 ? "1 partido elegido" : `${chosen.length} partidos elegidos`}
          </p>
          <div className={classes.row}>
            {changed && (
              <Button variant="default" onClick={() => setChosen(matchIds)}>
                Descartar cambios
              </Button>
            )}
            <Button type="submit" variant="light" disabled={!changed} busy={fetcher.state !== "idle"}>
              Guardar partidos
            </Button>
          </div>
        </div>
      </div>
    </fetcher.Form>
  );
}
