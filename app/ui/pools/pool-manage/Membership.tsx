import { Text } from "@mantine/core";
import { useFetcher } from "react-router";

import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { confirm } from "#app/ui/feedback/Confirm";
import { useToast } from "#app/ui/feedback/Toasts";
import type { PersonOption } from "#app/ui/people/PeoplePicker";
import { Button } from "#app/ui/primitives/Button";

/**
 * Membership on the pool's page itself (its participants' list): the owner removes someone, a
 * participant leaves. Apart from the owner's tools, which load only for the owner.
 */

/** The × beside a participant, for the owner and admins (never beside the owner). */
export function RemoveParticipant({ person }: { person: PersonOption }) {
  const fetcher = useFetcher<ActionAnswer>();
  useToast(fetcher.data?.toast);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="remove-participant" />
      <input type="hidden" name="userId" value={person.id} />
      {/* A plain button (the title is its tooltip): one per participant on the pool's page. */}
      <Button
        type="submit"
        variant="remove"
        aria-label={`Quitar a ${person.name}`}
        title={`Quitar a ${person.name}`}
        busy={fetcher.state !== "idle"}
      >
        <span aria-hidden>×</span>
      </Button>
    </fetcher.Form>
  );
}

/** A participant who is not the owner may leave the pool. */
export function LeavePool({ name }: { name: string }) {
  const fetcher = useFetcher<ActionAnswer>();
  useToast(fetcher.data?.toast);
  const askFirst = () =>
    confirm({
      title: "Salir de la quiniela",
      children: (
        <Text size="sm">
          Dejarás de aparecer en <b>{name}</b>. Tus pronósticos se conservan y podrás volver con un enlace de
          invitación.
        </Text>
      ),
      confirmProps: { color: "red" },
      onConfirm: () => void fetcher.submit({ intent: "leave" }, { method: "post" }),
    });
  return (
    <Button variant="subtleDanger" size="compact" onClick={askFirst} busy={fetcher.state !== "idle"}>
      Salir de la quiniela
    </Button>
  );
}
