import { Stack, Switch, Title } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";

import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { useToast } from "#app/ui/feedback/Toasts";
import { Button } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";

/** 'Te escribimos … 24 y 2 horas antes de su primer partido' from REMINDER_HOURS (largest first). */
export function hoursBefore(hours: readonly number[]): string {
  const listed = hours.length <= 1 ? String(hours[0] ?? "") : `${hours.slice(0, -1).join(", ")} y ${hours.at(-1)}`;
  return `${listed} ${hours.length === 1 && hours[0] === 1 ? "hora" : "horas"} antes`;
}

/**
 * 'Recordatorios por correo' on /profile (routes/profile.tsx): a switch that saves as soon as it
 * changes; without JavaScript, the form's 'Guardar' button saves it. Shown where e-mail is set up.
 */
export function EmailRemindersSection(props: { on: boolean | null; email: string; hours: readonly number[] }) {
  // Without e-mail (no SMTP_*) there is nothing to switch.
  return props.on === null ? null : <EmailRemindersSwitch {...props} on={props.on} />;
}

function EmailRemindersSwitch({ on, email, hours }: { on: boolean; email: string; hours: readonly number[] }) {
  const fetcher = useFetcher<ActionAnswer>();
  useToast(fetcher.data?.toast);
  // Shown as asked at once, while the answer and the page's new data are on their way.
  const [asked, setAsked] = useState<boolean | null>(null);
  // Back to what is stored once the fetcher is done (the answer and the page's new data in).
  const [seen, setSeen] = useState(fetcher.state);
  if (seen !== fetcher.state) {
    setSeen(fetcher.state);
    if (fetcher.state === "idle") setAsked(null);
  }
  const shown = asked ?? on;
  return (
    <Panel padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Recordatorios
        </Title>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="email-reminders" />
          <Switch
            name="emailReminders"
            value="on"
            checked={shown}
            onChange={(event) => {
              setAsked(event.currentTarget.checked);
              void fetcher.submit(event.currentTarget.form);
            }}
            label="Recordatorios por correo"
            description={`Te escribimos a ${email} cuando te falten pronósticos de una jornada, ${hoursBefore(hours)} de su primer partido.`}
            size="md"
          />
          <noscript>
            <Button type="submit" variant="default" style={{ marginTop: "var(--mantine-spacing-sm)" }}>
              Guardar
            </Button>
          </noscript>
        </fetcher.Form>
      </Stack>
    </Panel>
  );
}
