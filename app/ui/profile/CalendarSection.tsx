import { Group, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { useFetcher } from "react-router";

import { CopyLinkButton } from "#app/ui/behaviour/CopyLinkButton";
import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { useToast } from "#app/ui/feedback/Toasts";
import { Button } from "#app/ui/primitives/Button";
import { TextField } from "#app/ui/primitives/Field";
import { Panel } from "#app/ui/primitives/Panel";

/**
 * 'Calendario' on 'Mi Perfil' (routes/profile.tsx answers it, intent `renew-calendar`): the
 * player's secret address of the season's matches for a calendar app, to copy, and 'Renovar
 * enlace', after which the page's data (and so the address shown) is the new one.
 */
export function CalendarSection({ url }: { url: string }) {
  const fetcher = useFetcher<ActionAnswer>();
  useToast(fetcher.data?.toast);
  const headingId = useId();
  return (
    <Panel as="section" padding="lg" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          Calendario
        </Title>
        <Text size="sm" c="dimmed">
          Suscríbete desde tu app de calendario (Google Calendar, Calendario de Apple, Outlook) con este enlace: verás
          los partidos de la temporada con su hora, el resultado cuando se juegan y un aviso una hora antes.
        </Text>
        <Group gap="xs" wrap="wrap" align="flex-end">
          <TextField label="Enlace del calendario" value={url} readOnly style={{ flex: "1 1 240px", minWidth: 0 }} />
          <CopyLinkButton value={url} label="Copiar enlace" />
        </Group>
        <Text size="sm" c="dimmed">
          El enlace es personal: quien lo tenga ve tu calendario. Si lo compartiste por error, renuévalo y el anterior
          deja de funcionar.
        </Text>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="renew-calendar" />
          <Button variant="light" type="submit" busy={fetcher.state !== "idle"}>
            Renovar enlace
          </Button>
        </fetcher.Form>
      </Stack>
    </Panel>
  );
}
