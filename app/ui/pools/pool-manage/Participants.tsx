import { useState } from "react";
import { useFetcher } from "react-router";

import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { useToast } from "#app/ui/feedback/Toasts";
import { PeoplePicker } from "#app/ui/people/PeoplePicker";
import classes from "#app/ui/pools/PoolManage.module.css";
import { Button } from "#app/ui/primitives/Button";

/** The owner adds people to the pool (the rest of membership: ./membership.tsx). */

export function AddParticipants({ participantIds }: { participantIds: string[] }) {
  const fetcher = useFetcher<ActionAnswer>();
  const [chosen, setChosen] = useState<string[]>([]);
  useToast(fetcher.data?.toast);
  // After people are added, clear the picker for the next ones.
  const [handled, setHandled] = useState(fetcher.data);
  if (fetcher.data !== handled) {
    setHandled(fetcher.data);
    if (fetcher.data?.ok) setChosen([]);
  }
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="add-participants" />
      <div className={classes.add}>
        <div className={classes.grow}>
          <PeoplePicker label="Agregar participantes" exclude={participantIds} value={chosen} onChange={setChosen} />
        </div>
        <Button type="submit" variant="light" disabled={chosen.length === 0} busy={fetcher.state !== "idle"}>
          Agregar
        </Button>
      </div>
    </fetcher.Form>
  );
}
