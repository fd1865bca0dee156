import { Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useState } from "react";
import { type FetcherWithComponents, useFetcher, useLocation } from "react-router";
import { QUINIELA_MESSAGES, QUINIELA_NAME_MAX, quinielaName } from "#app/domain/quiniela-forms";
import buttons from "./buttons.module.css";
import { TextField } from "./fields";
import type { PickerPhase } from "#app/domain/match-picker";
import { MatchPicker } from "./MatchPicker";
import { PeoplePicker, type PersonOption } from "./PeoplePicker";
import type { Toast } from "./toast";
import { useToast } from "./toasts";
import { CopyLinkButton } from "./CopyLinkButton";
import classes from "./QuinielaManage.module.css";
import typography from "./typography.module.css";

/** What every intent of the pool page answers. */
type Reply = { ok: boolean; toast: Toast };

/** The pool page's query parameter that adds the season's phases (`phases`) to its data. */
export const PICKER_PARAM = "partidos";

export interface ManageData {
  inviteUrl: string;
  /** Only when the page was asked for them with PICKER_PARAM. */
  phases: PickerPhase[] | null;
  matchIds: number[];
  people: PersonOption[];
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <div className={classes.section}>
      <div>
        <h3 className={typography.subsectionTitle}>{title}</h3>
        {description && <p className={typography.dimmed}>{description}</p>}
      </div>
      {children}
    </div>
  );
}

/** A plain button with Mantine's look; busy while its request runs. */
function ActionButton({
  busy = false,
  tone,
  compact = false,
  ...button
}: { busy?: boolean; tone: "light" | "default" | "danger" | "subtleDanger"; compact?: boolean } & React.ComponentProps<"button">) {
  return (
    <button
      type="button"
      {...button}
      className={`${buttons.button} ${buttons[tone]}${compact ? ` ${buttons.compact}` : ""}`}
      disabled={busy || button.disabled}
      aria-busy={busy || undefined}
    />
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
      <div className={classes.rename}>
        <TextInput
          label="Nombre"
          name="name"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          description={`Hasta ${QUINIELA_NAME_MAX} caracteres`}
          inputWrapperOrder={["label", "input", "error", "description"]}
          autoComplete="off"
          className={classes.grow}
        />
        <ActionButton type="submit" tone="light" busy={fetcher.state !== "idle"} disabled={value.trim() === name}>
          Renombrar
        </ActionButton>
      </div>
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
    <div className={classes.stack}>
      <TextField
        label="Enlace de invitación"
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        className={classes.link}
      />
      <div className={classes.row}>
        <CopyLinkButton value={url} />
        <ActionButton tone="default" onClick={renew} busy={fetcher.state !== "idle"}>
          Renovar enlace
        </ActionButton>
      </div>
    </div>
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
      <div className={classes.add}>
        <div className={classes.grow}>
          <PeoplePicker
            label="Agregar participantes"
            people={people.filter((person) => !inPool.has(person.id))}
            value={chosen}
            onChange={setChosen}
          />
        </div>
        <ActionButton type="submit" tone="light" disabled={chosen.length === 0} busy={fetcher.state !== "idle"}>
          Agregar
        </ActionButton>
      </div>
    </fetcher.Form>
  );
}

/**
 * The pool's matches: a count and 'Cambiar partidos', which loads the season (the page's data
 * with PICKER_PARAM) and mounts the picker. The picker is a season of phases and checkboxes that
 * an owner opens now and then; the page is sent and rendered without it.
 */
function Matches({ matchIds }: { matchIds: number[] }) {
  // The fetcher lives here, above the form that is remounted when the saved matches change, so
  // that its answer (the toast) is not lost with the old form.
  const fetcher = useFetcher<Reply>();
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
        <ActionButton tone="light" busy={loading} onClick={() => void season.load(`${location.pathname}?${PICKER_PARAM}`)}>
          Cambiar partidos
        </ActionButton>
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
      <div className={classes.stack}>
        <MatchPicker phases={phases} value={chosen} onChange={setChosen} error={error} />
        <div className={classes.spread}>
          <p className={typography.dimmed}>{chosen.length === 1 ? "1 partido elegido" : `${chosen.length} partidos elegidos`}</p>
          <div className={classes.row}>
            {changed && (
              <ActionButton tone="default" onClick={() => setChosen(matchIds)}>
                Descartar cambios
              </ActionButton>
            )}
            <ActionButton type="submit" tone="light" disabled={!changed} busy={fetcher.state !== "idle"}>
              Guardar partidos
            </ActionButton>
          </div>
        </div>
      </div>
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
    <div className={classes.spread}>
      <p className={`${typography.dimmed} ${classes.deleteText}`}>Borra la quiniela para todos sus participantes.</p>
      <ActionButton tone="danger" onClick={confirm} busy={fetcher.state !== "idle"}>
        Eliminar quiniela
      </ActionButton>
    </div>
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
    <section className={classes.panel} aria-labelledby="administrar">
      <h2 className={typography.sectionTitle} id="administrar">
        Administrar quiniela
      </h2>
      <div className={classes.columns}>
        <div className={classes.column}>
          <Rename name={name} />
          <Section title="Invitar" description="Quien abra este enlace con su cuenta se une a la quiniela.">
            <InviteLink url={manage.inviteUrl} />
          </Section>
        </div>
        <div className={classes.column}>
          <Section title="Participantes" description="Quita a alguien con la × junto a su nombre.">
            <AddParticipants participantIds={participantIds} people={manage.people} />
          </Section>
          <Section title="Eliminar">
            <DeletePool name={name} />
          </Section>
        </div>
      </div>
      <hr className={classes.divider} />
      <Section title="Partidos" description="Marca una jornada completa o ábrela para elegir partidos sueltos.">
        <Matches matchIds={manage.matchIds} />
      </Section>
    </section>
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
    <ActionButton tone="subtleDanger" compact onClick={confirm} busy={fetcher.state !== "idle"}>
      Salir de la quiniela
    </ActionButton>
  );
}
