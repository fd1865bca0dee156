import { Button, Card, Divider, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { QUINIELA_MESSAGES, QUINIELA_NAME_MAX, quinielaName } from "#app/domain/quiniela-forms";
import buttons from "./buttons.module.css";
import { MatchPicker, type PickerPhase } from "./MatchPicker";
import { PeoplePicker, type PersonOption } from "./PeoplePicker";
import type { Toast } from "./toast";
import { useToast } from "./toasts";
import { CopyLinkButton } from "./CopyLinkButton";

/** What every intent of the pool page answers. */
type Reply = { ok: boolean; toast: Toast };

export interface ManageData {
  inviteUrl: string;
  phases: PickerPhase[];
  matchIds: number[];
  people: PersonOption[];
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs">
      <div>
        <Title order={3} fz="md">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

function Rename({ name }: { name: string }) {
  const fetcher = useFetcher<Reply>();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();
  useToast(fetcher.data?.toast);
  // A new saved name resets the field (in place: remounting would lose the fetcher's toast).
  const [saved, setSaved] = useState(name);
  if (saved !== name) {
    setSaved(name);
    setValue(name);
  }
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = quinielaName.safeParse(value);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) event.preventDefault();
  };
  return (
    <fetcher.Form method="post" noValidate onSubmit={submit}>
      <input type="hidden" name="intent" value="rename" />
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Nombre"
          name="name"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          description={`Hasta ${QUINIELA_NAME_MAX} caracteres`}
          inputWrapperOrder={["label", "input", "error", "description"]}
          autoComplete="off"
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" variant="light" mt={25} loading={fetcher.state !== "idle"} disabled={value.trim() === name}>
          Renombrar
        </Button>
      </Group>
    </fetcher.Form>
  );
}

function InviteLink({ url }: { url: string }) {
  const fetcher = useFetcher<Reply>();
  useToast(fetcher.data?.toast);
  const renew = () =>
    modals.openConfirmModal({
      title: "Renovar enlace de invitación",
      centered: true,
      children: <Text size="sm">Se creará un enlace nuevo y el actual dejará de funcionar para quien aún no se haya unido.</Text>,
      onConfirm: () => void fetcher.submit({ intent: "renew-code" }, { method: "post" }),
    });
  return (
    <Stack gap="xs">
      <TextInput
        label="Enlace de invitación"
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 13 } }}
      />
      <Group gap="xs">
        <CopyLinkButton value={url} />
        <Button variant="default" onClick={renew} loading={fetcher.state !== "idle"}>
          Renovar enlace
        </Button>
      </Group>
    </Stack>
  );
}

/** The × beside a participant, for the owner and admins (never beside the owner). */
export function RemoveParticipant({ person }: { person: PersonOption }) {
  const fetcher = useFetcher<Reply>();
  useToast(fetcher.data?.toast);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="remove-participant" />
      <input type="hidden" name="userId" value={person.id} />
      {/* A plain button (the title is its tooltip): one per participant on the pool's page. */}
      <button
        type="submit"
        className={buttons.remove}
        aria-label={`Quitar a ${person.name}`}
        title={`Quitar a ${person.name}`}
        disabled={fetcher.state !== "idle"}
        aria-busy={fetcher.state !== "idle"}
      >
        <span aria-hidden>×</span>
      </button>
    </fetcher.Form>
  );
}

function AddParticipants({ participantIds, people }: { participantIds: string[]; people: PersonOption[] }) {
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
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <PeoplePicker
            label="Agregar participantes"
            people={people.filter((person) => !inPool.has(person.id))}
            value={chosen}
            onChange={setChosen}
          />
        </div>
        <Button type="submit" variant="light" disabled={chosen.length === 0} loading={fetcher.state !== "idle"}>
          Agregar
        </Button>
      </Group>
    </fetcher.Form>
  );
}

/**
 * The pool's matches: a count and 'Cambiar partidos', which mounts the picker. The picker is a
 * season of phases and checkboxes (tens of milliseconds of server rendering and 90 KB of markup)
 * that an owner opens now and then; the page renders without it.
 */
function Matches({ phases, matchIds }: { phases: PickerPhase[]; matchIds: number[] }) {
  // The fetcher lives here, above the form that is remounted when the saved matches change, so
  // that its answer (the toast) is not lost with the old form.
  const fetcher = useFetcher<Reply>();
  useToast(fetcher.data?.toast);
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {matchIds.length === 1 ? "1 partido en la quiniela" : `${matchIds.length} partidos en la quiniela`}
        </Text>
        <Button variant="light" onClick={() => setEditing(true)}>
          Cambiar partidos
        </Button>
      </Group>
    );
  }
  return <MatchesForm key={matchIds.join(",")} fetcher={fetcher} phases={phases} matchIds={matchIds} />;
}

function MatchesForm({
  fetcher,
  phases,
  matchIds,
}: {
  fetcher: FetcherWithComponents<Reply>;
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
        setError(empty ? QUINIELA_MESSAGES.noMatches : undefined);
        if (empty) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="save-matches" />
      <Stack gap="sm">
        <MatchPicker phases={phases} value={chosen} onChange={setChosen} error={error} />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {chosen.length === 1 ? "1 partido elegido" : `${chosen.length} partidos elegidos`}
          </Text>
          <Group gap="xs">
            {changed && (
              <Button variant="default" onClick={() => setChosen(matchIds)}>
                Descartar cambios
              </Button>
            )}
            <Button type="submit" variant="light" disabled={!changed} loading={fetcher.state !== "idle"}>
              Guardar partidos
            </Button>
          </Group>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

function DeletePool({ name }: { name: string }) {
  const fetcher = useFetcher<Reply>();
  useToast(fetcher.data?.toast);
  const confirm = () =>
    modals.openConfirmModal({
      title: "Eliminar quiniela",
      centered: true,
      children: (
        <Text size="sm">
          Se eliminará <b>{name}</b> con su lista de partidos y participantes. Los pronósticos de cada quien se conservan.
          Esta acción no se puede deshacer.
        </Text>
      ),
      confirmProps: { color: "red" },
      onConfirm: () => void fetcher.submit({ intent: "delete" }, { method: "post" }),
    });
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" style={{ flex: "1 1 240px" }}>
        Borra la quiniela para todos sus participantes.
      </Text>
      <Button color="red" variant="light" onClick={confirm} loading={fetcher.state !== "idle"}>
        Eliminar quiniela
      </Button>
    </Group>
  );
}

/** 'Administrar quiniela': the owner's (and admins') tools. The server checks every intent again. */
export function QuinielaManage({
  name,
  participantIds,
  manage,
}: {
  name: string;
  participantIds: string[];
  manage: ManageData;
}) {
  return (
    <Card withBorder radius="lg" p={{ base: "sm", sm: "lg" }} component="section" aria-labelledby="administrar">
      <Stack gap="lg">
        <Title order={2} fz="lg" id="administrar">
          Administrar quiniela
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg">
          <Stack gap="lg">
            <Rename name={name} />
            <Section title="Invitar" description="Quien abra este enlace con su cuenta se une a la quiniela.">
              <InviteLink url={manage.inviteUrl} />
            </Section>
          </Stack>
          <Stack gap="lg">
            <Section title="Participantes" description="Quita a alguien con la × junto a su nombre.">
              <AddParticipants participantIds={participantIds} people={manage.people} />
            </Section>
            <Section title="Eliminar">
              <DeletePool name={name} />
            </Section>
          </Stack>
        </SimpleGrid>
        <Divider />
        <Section title="Partidos" description="Marca una jornada completa o ábrela para elegir partidos sueltos.">
          <Matches phases={manage.phases} matchIds={manage.matchIds} />
        </Section>
      </Stack>
    </Card>
  );
}

/** A participant who is not the owner may leave the pool. */
export function LeavePool({ name }: { name: string }) {
  const fetcher = useFetcher<Reply>();
  useToast(fetcher.data?.toast);
  const confirm = () =>
    modals.openConfirmModal({
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
    <Button variant="subtle" color="red" size="compact-sm" onClick={confirm} loading={fetcher.state !== "idle"}>
      Salir de la quiniela
    </Button>
  );
}
