import { Text } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";

import { POOL_NAME_MAX } from "#app/domain/forms/pool-texts";
import { submitChecked } from "#app/ui/behaviour/load-on-use";
import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { confirm } from "#app/ui/feedback/Confirm";
import { useToast } from "#app/ui/feedback/Toasts";
import { poolNameCheck } from "#app/ui/pools/pool-schemas";
import classes from "#app/ui/pools/PoolManage.module.css";
import { Button } from "#app/ui/primitives/Button";
import { TextField } from "#app/ui/primitives/Field";
import typography from "#app/ui/theme/typography.module.css";

/** The pool's name, a new invite link and its deletion. */

export function Rename({ name }: { name: string }) {
  const fetcher = useFetcher<ActionAnswer>();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();
  useToast(fetcher.data?.toast);
  // A new saved name resets the field (in place: remounting would lose the fetcher's toast).
  const [saved, setSaved] = useState(name);
  if (saved !== name) {
    setSaved(name);
    setValue(name);
  }
  const submit = (event: React.FormEvent<HTMLFormElement>) =>
    submitChecked(event, poolNameCheck, ({ checkPoolName }) => {
      const parsed = checkPoolName({ name: value });
      setError(parsed.ok ? undefined : parsed.message);
      return parsed.ok;
    });
  return (
    <fetcher.Form method="post" noValidate onSubmit={submit}>
      <input type="hidden" name="intent" value="rename" />
      <div className={classes.rename}>
        <TextField
          label="Nombre"
          name="name"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          description={`Hasta ${POOL_NAME_MAX} caracteres`}
          onFocus={poolNameCheck.prefetch}
          autoComplete="off"
          className={classes.grow}
        />
        <Button type="submit" variant="light" busy={fetcher.state !== "idle"} disabled={value.trim() === name}>
          Renombrar
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** 'Renovar enlace': a new invite link (the one at the top of the page) for a leaked one. */
export function RenewInviteLink() {
  const fetcher = useFetcher<ActionAnswer>();
  useToast(fetcher.data?.toast);
  const renew = () =>
    confirm({
      title: "Renovar enlace de invitación",
      children: (
        <Text size="sm">
          Se creará un enlace nuevo y el actual dejará de funcionar para quien aún no se haya unido.
        </Text>
      ),
      onConfirm: () => void fetcher.submit({ intent: "renew-code" }, { method: "post" }),
    });
  return (
    <div className={classes.row}>
      <Button variant="default" onClick={renew} busy={fetcher.state !== "idle"}>
        Renovar enlace
      </Button>
    </div>
  );
}

export function DeletePool({ name }: { name: string }) {
  const fetcher = useFetcher<ActionAnswer>();
  useToast(fetcher.data?.toast);
  const askFirst = () =>
    confirm({
      title: "Eliminar quiniela",
      children: (
        <Text size="sm">
          Se eliminará <b>{name}</b> con su lista de partidos y participantes. Los pronósticos de cada quien se
          conservan. Esta acción no se puede deshacer.
        </Text>
      ),
      confirmProps: { color: "red" },
      onConfirm: () => void fetcher.submit({ intent: "delete" }, { method: "post" }),
    });
  return (
    <div className={classes.spread}>
      <p className={`${typography.dimmed} ${classes.deleteText}`}>Borra la quiniela para todos sus participantes.</p>
      <Button variant="danger" onClick={askFirst} busy={fetcher.state !== "idle"}>
        Eliminar quiniela
      </Button>
    </div>
  );
}
