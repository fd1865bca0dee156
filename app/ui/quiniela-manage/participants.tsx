import { Text } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "../primitives/Button";
import classes from "../QuinielaManage.module.css";
import { PeoplePicker, type PersonOption } from "../PeoplePicker";
import { useToast } from "../toasts";
import type { Reply } from "./parts";
import { confirm } from "../confirm";

/** Who is in the pool: the owner adds and removes people; a participant may leave. */

/** The × beside a participant, for the owner and admins (never beside the owner). */
export function RemoveParticipant({ person }: { person: PersonOption }) {
  const fetcher = useFetcher<Reply>();
  useToast(fetcher.data?.toast);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="remove-participant" />
      <input type="hidden" name="userId" value={person.id} />
      {/* A plain button (the title is its tooltip): one per participant on the pool's page. */}
      <Button type="submit" variant="remove" aria-label={`Quitar a ${person.name}`} title={`Quitar a ${person.name}`} busy={fetcher.state !== "idle"}>
        <span aria-hidden>×</span>
      </Button>
    </fetcher.Form>
  );
}

export function AddParticipants({ participantIds, people }: { participantIds: string[]; people: PersonOption[] }) {
  const fetcher = useFetcher<Reply>();
  const [chosen, setChosen] = useState<string[]>([]);
  const inPool = new Set(participantIds);
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
          <PeoplePicker
            label="Agregar participantes"
            people={people.filter((person) => !inPool.has(person.id))}
            value={chosen}
            onChange={setChosen}
          />
        </div>
        <Button type="submit" variant="light" disabled={chosen.length === 0} busy={fetcher.state !== "idle"}>
          Agregar
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** A participant who is not the owner may leave the pool. */
export function LeavePool({ name }: { name: string }) {
  const fetcher = useFetcher<Reply>();
  useToast(fetcher.data?.toast);
  const askFirst = () =>
    confirm({
      title: "Salir de la quiniela",
      centered: true,
      children: (
        <Text size="sm">
          Dejarás de aparecer en <b>{name}</b>. Tus pronósticos se conservan y podrás volver con un enlace de invitación.
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
