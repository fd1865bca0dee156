import { Group, Text } from "@mantine/core";
import { useFetcher } from "react-router";

import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { useToast } from "#app/ui/feedback/Toasts";
import { Button } from "#app/ui/primitives/Button";

/** The last 'Recordar a los que faltan' of the phase within the hour, as the loader words it. */
export interface RemindState {
  /** Whether the install has a channel to remind on (SMTP_*); the line says what to set otherwise. */
  available: boolean;
  /** 'Último recordatorio hace 12 minutos, a 4 jugadores.', within the hour only. */
  last: string | null;
  noChannel: string;
}

/**
 * 'Recordar a los que faltan' under the players missing picks (routes/admin/estado-pronosticos.tsx):
 * reminds them now on every channel; the server keeps it to once an hour per phase.
 */
export function RemindMissingButton({ phaseId, remind }: { phaseId: number; remind: RemindState }) {
  const fetcher = useFetcher<ActionAnswer>();
  useToast(fetcher.data?.toast);
  if (!remind.available) {
    return (
      <Text size="sm" c="dimmed" mt="sm">
        {remind.noChannel}
      </Text>
    );
  }
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="remind" />
      <input type="hidden" name="phaseId" value={phaseId} />
      <Group gap="sm" mt="sm" wrap="wrap">
        <Button type="submit" variant="light" busy={fetcher.state !== "idle"}>
          Recordar a los que faltan
        </Button>
        {remind.last && (
          <Text size="sm" c="dimmed">
            {remind.last}
          </Text>
        )}
      </Group>
    </fetcher.Form>
  );
}
